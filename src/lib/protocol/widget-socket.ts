/**
 * What a widget tells the companion on its socket's address, for the scene check and rehearsals:
 * query parameters only (its frames stay commands, `{retrieve}` and `{subscribe}`). The companion takes
 * them off before it connects to the application; connected straight to the application, they are
 * query parameters it does not read.
 */

export const WIDGET_SOCKET_PARAMS = {
	/** The widget's id, e.g. `alert-box`. */
	kind: 'w',
	/** The alert kinds an alert box hides (its `off` option), comma-separated: the scene check skips them. */
	off: 'off',
	/** The builder preview's rehearsal target: a rehearsal to `preview:<it>` reaches this socket only. */
	preview: 'preview'
} as const;

/** A preview's target id: random letters the builder picks for its visit. */
export const PREVIEW_ID = /^[A-Za-z0-9_-]{6,40}$/;
/** The rehearsal target that names a builder preview. */
export const PREVIEW_TARGET_PREFIX = 'preview:';

/** The socket's query parameters for a widget with these options, on a page with these params. */
export function widgetSocketParams(
	kind: string,
	options: Readonly<Record<string, unknown>>,
	page: URLSearchParams
): Record<string, string> {
	const out: Record<string, string> = { [WIDGET_SOCKET_PARAMS.kind]: kind };
	const off = options.off;
	if (Array.isArray(off) && off.length) out[WIDGET_SOCKET_PARAMS.off] = off.join(',');
	const preview = page.get(WIDGET_SOCKET_PARAMS.preview);
	if (preview !== null && PREVIEW_ID.test(preview)) out[WIDGET_SOCKET_PARAMS.preview] = preview;
	return out;
}
