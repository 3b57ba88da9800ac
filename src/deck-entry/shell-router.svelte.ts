/**
 * The deck's router while SvelteKit has not started (src/deck-entry/main.ts): the hash, followed, and
 * a way out. Any address that names another page than the deck calls `leave`, which starts SvelteKit.
 */
import { on } from 'svelte/events';
import { pathOf, queryOf } from '$lib/ui/nav';
import type { Router } from '$lib/ui/router';

/** The deck's own address, with the query of `hash` (`#/songs?x=1` → `#/?x=1`). */
const deckHash = (hash: string) => `#/${queryOf(hash)}`;

export class ShellRouter implements Router {
	readonly #leave: () => void;
	// The address as this router last saw it: SvelteKit, once it starts, may write another one.
	#hash = $state(location.hash);

	constructor(leave: () => void) {
		this.#leave = leave;
	}

	get hash(): string {
		return this.#hash;
	}

	go(hash: string, options: { replace?: boolean } = {}): void {
		// A new entry starts without state: SvelteKit numbers it when it starts (kit-history.ts).
		if (options.replace) history.replaceState(history.state, '', hash);
		else history.pushState(null, '', hash);
		this.#changed();
	}

	/** Back at the deck's own address, in place of the page it could not leave for. */
	stay(): void {
		history.replaceState(history.state, '', deckHash(location.hash));
		this.#hash = location.hash;
	}

	/** Follows hash links and the back button until the returned function is called (the shell's effect). */
	listen(): () => void {
		const changed = () => this.#changed();
		const offs = [on(window, 'hashchange', changed), on(window, 'popstate', changed)];
		return () => offs.forEach((off) => off());
	}

	/**
	 * A new address: shown, and left for SvelteKit when it names another page than the deck. It reads
	 * no state, so an effect that calls `go` (the layout's reopen) does not run again on every address.
	 */
	#changed(): void {
		this.#hash = location.hash;
		if (pathOf(location.hash) !== '/') this.#leave();
	}
}
