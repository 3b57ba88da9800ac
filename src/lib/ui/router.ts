/**
 * What the dashboard's layout needs of a router: the address's hash, and a way to go elsewhere.
 * SvelteKit's router gives it on every page (src/routes/+layout.svelte); the deck's first load,
 * which runs without SvelteKit, gives its own (src/deck-entry) until the first other page starts it.
 */
import { createContext } from 'svelte';

export interface Router {
	/** The address's hash (`#/songs?x=1`), reactive. */
	readonly hash: string;
	/** Goes to a hash route (`#/songs`), in place of the current history entry when `replace`. */
	go(hash: string, options?: { replace?: boolean }): void;
}

export const [useRouter, provideRouter] = createContext<Router>();
