/**
 * Dock mode: the dashboard inside a narrow panel (a browser dock of the broadcasting software) drops
 * its chrome and packs tiles densely. On with `?dock=1` in the address (`dock=0` turns it off for
 * that load), else as the streamer last answered the offer or the switch; nothing stored means off.
 *
 * Pages read it with `useDock().on`; the root element also carries `data-dock` for CSS.
 */
import { createContext } from 'svelte';
import * as v from 'valibot';
import { deviceStorage, type KeyValueStorage } from '$lib/client/persisted';
import { PersistedState } from '$lib/client/state/persisted-state';
import { queryOf } from './nav';

type Answer = 'on' | 'off';

/** `dock` from the real query or from the hash route's query; undefined when absent. */
export function dockParam(loc: Pick<Location, 'hash' | 'search'>): boolean | undefined {
	const query = queryOf(loc.hash).slice(1);
	const value =
		new URLSearchParams(query).get('dock') ?? new URLSearchParams(loc.search).get('dock');
	return value === null ? undefined : value === '1' || value === 'true';
}

export class Dock {
	readonly #answer: PersistedState<Answer | undefined>;
	/** What the address asked for this load; the streamer's switch replaces it. */
	#asked = $state<boolean | undefined>();

	constructor(
		loc: Pick<Location, 'hash' | 'search'> = location,
		storage: KeyValueStorage | undefined = deviceStorage()
	) {
		this.#answer = new PersistedState<Answer | undefined>(
			'stream-control:dock',
			v.picklist(['on', 'off']),
			undefined,
			{ storage }
		);
		this.#asked = dockParam(loc);
	}

	get on(): boolean {
		return this.#asked ?? this.#answer.current === 'on';
	}

	/** The streamer said yes or no once (the offer is not made again), or the address said. */
	get answered(): boolean {
		return this.#asked !== undefined || this.#answer.current !== undefined;
	}

	set(on: boolean): void {
		this.#asked = undefined;
		this.#answer.current = on ? 'on' : 'off';
	}
}

export const [useDock, provideDock] = createContext<Dock>();
