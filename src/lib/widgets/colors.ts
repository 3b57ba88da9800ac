/** `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`. */
export const isHexColor = (text: string): boolean =>
	/^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(text);

/** Words CSS takes where a colour goes that are not colours of their own. */
const NOT_A_COLOR = /^(inherit|initial|unset|revert|currentcolor)$/i;

/**
 * A hex colour, or a colour name (any case) the engine that draws it knows: the page asks it
 * (CSS.supports) instead of carrying the 148 CSS names (0.7 kB of widget.html, gzipped). A name is
 * letters only, so functions such as `rgb(…)` stay refused everywhere, and Chromium 103 and 127 know
 * the same names. With no engine to ask (Node), a name is refused.
 */
export function isColor(text: string): boolean {
	return (
		isHexColor(text) ||
		(/^[a-z]+$/i.test(text) &&
			!NOT_A_COLOR.test(text) &&
			globalThis.CSS?.supports('color', text) === true)
	);
}
