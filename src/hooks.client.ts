import type { ClientInit } from '@sveltejs/kit';

/**
 * Widgets live in widget.html only. An address from before (`index.html#/widget/counter?…`, or the
 * standalone page's from file://) goes there with the same query and fragment, so a browser source
 * set up then keeps working.
 */
export const init: ClientInit = () => {
	if (location.hash.startsWith('#/widget/'))
		location.replace(`./widget.html${location.search}${location.hash}`);
};
