/**
 * The deck's first load over http (build/index.html opened at `#/`), without SvelteKit's router: the
 * dashboard's layout and the deck page, as SvelteKit would show them, for a smaller first load. The
 * first other page (a menu link, the back button, a redirect) starts SvelteKit, which takes the open
 * connection over; the deck leaves once SvelteKit shows that page. index.html's script calls `start`
 * (kit-pages.js); the one-file page (file://) and every other route start SvelteKit directly.
 */
import { mount, unmount } from 'svelte';
import DeckShell from './DeckShell.svelte';
import { markDeckEntry } from './kit-history';

export function start(target: HTMLElement, startKit: () => Promise<unknown>): void {
	markDeckEntry();
	const leave = async (): Promise<void> => {
		await startKit();
		await unmount(shell);
	};
	const shell: ReturnType<typeof mount> = mount(DeckShell, { target, props: { leave } });
}
