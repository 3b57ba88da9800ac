/**
 * SvelteKit's keys in `history.state` (its runtime/client/constants.js). SvelteKit reloads the page on
 * a back or forward to a history entry it did not make; the deck opens before SvelteKit starts, so it
 * marks its own entry the way SvelteKit would, and back from the first other page stays in the page.
 * tests/unit/kit-history.test.ts checks the keys against SvelteKit's file.
 */
export const HISTORY_INDEX = 'sveltekit:history';
export const NAVIGATION_INDEX = 'sveltekit:navigation';

/** Marks the current history entry as SvelteKit's, unless it already is (a reload of one). */
export function markDeckEntry(): void {
	if (history.state?.[HISTORY_INDEX]) return;
	// Older than anything SvelteKit numbers once started (it counts from Date.now()).
	const index = Date.now() - 1;
	history.replaceState({ ...history.state, [HISTORY_INDEX]: index, [NAVIGATION_INDEX]: index }, '');
}
