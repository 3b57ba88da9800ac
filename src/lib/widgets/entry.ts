/**
 * Where widgets live: widget.html, the widget-only page that loads no dashboard code (src/widget-entry),
 * at a hash route per widget, `#/widget/<id>`. index.html sends old `#/widget/…` addresses there
 * (src/hooks.client.ts).
 */
import { widgetById } from './definitions';

/** The widget-only page, next to index.html in the build. */
const WIDGET_PAGE_FILE = 'widget.html';

/** The hash route of a widget. */
export const widgetRoute = (id: string): string => `/widget/${id}`;

/** The route of a fragment (`#/widget/chat?limit=3` → `/widget/chat`); empty when it holds only params. */
export function routeOf(hash: string): string {
	const fragment = hash.replace(/^#/, '');
	const query = fragment.indexOf('?');
	const route = query >= 0 ? fragment.slice(0, query) : fragment;
	return route.startsWith('/') ? route : '';
}

/** The widget a fragment names, if it names one (a trailing slash is allowed). */
export function widgetIdOf(hash: string): string | undefined {
	const match = /^\/widget\/([a-z-]+)\/?$/.exec(routeOf(hash));
	return match && widgetById(match[1]!) ? match[1] : undefined;
}

/**
 * The address of widget.html beside the page at `href` (http, a subpath or file://), without query or
 * fragment: the folder of index.html, or of the page's directory URL.
 */
export function widgetPageUrl(href: string): string {
	return new URL(WIDGET_PAGE_FILE, href.split('#')[0]).href;
}
