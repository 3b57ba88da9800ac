import type { ClientInit } from '@sveltejs/kit';
import { startHost } from '$lib/app/app-host.svelte';

/**
 * The dashboard connects as the app starts (`startHost`), before SvelteKit fetches and renders the
 * first page. Widgets live in widget.html only. An address from before (`index.html#/widget/counter?…`, or the
 * standalone page's from file://) goes there with the same query and fragment, so a browser source
 * set up then keeps working.
 */
export const init: ClientInit = async () => {
	if (!location.hash.startsWith('#/widget/')) return startHost();
	location.replace(`./widget.html${location.search}${location.hash}`);
	// SvelteKit waits for init: never resolving keeps it from routing a page that no longer exists
	// (it would log "Not found") while the browser leaves for widget.html.
	await new Promise<never>(() => {});
};
