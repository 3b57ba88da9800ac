/**
 * The deck's router while SvelteKit has not started (src/deck-entry/main.ts): the hash, followed, and
 * a way out. Any address that names another page than the deck calls `leave`, which starts SvelteKit.
 */
import { createSubscriber } from 'svelte/reactivity';
import { on } from 'svelte/events';
import { pathOf, queryOf } from '$lib/ui/nav';
import type { Router } from '$lib/ui/router';

/** The deck's own address, with the query of `hash` (`#/songs?x=1` → `#/?x=1`). */
const deckHash = (hash: string) => `#/${queryOf(hash)}`;

export class ShellRouter implements Router {
	readonly #leave: () => void;
	// Followed while something reads it: hash links, the back button, and `go` below.
	readonly #subscribe = createSubscriber((update) => {
		const offs = [on(window, 'hashchange', update), on(window, 'popstate', update)];
		return () => offs.forEach((off) => off());
	});
	#version = $state(0);

	constructor(leave: () => void) {
		this.#leave = leave;
	}

	get hash(): string {
		this.#subscribe();
		void this.#version;
		return location.hash;
	}

	go(hash: string, options: { replace?: boolean } = {}): void {
		// A new entry starts without state: SvelteKit numbers it when it starts (kit-history.ts).
		if (options.replace) history.replaceState(history.state, '', hash);
		else history.pushState(null, '', hash);
		this.#version++;
		this.follow();
	}

	/** Back at the deck's own address, in place of the page it could not leave for. */
	stay(): void {
		history.replaceState(history.state, '', deckHash(location.hash));
		this.#version++;
	}

	/** Leaves for SvelteKit when the address names another page; call it when the address changes. */
	follow(): void {
		if (pathOf(location.hash) !== '/') this.#leave();
	}
}
