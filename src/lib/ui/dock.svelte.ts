/**
 * Dock mode: the dashboard inside a narrow panel (a browser dock of the broadcasting software) drops
 * its chrome and packs tiles densely. On with `?dock=1` in the address (`dock=0` turns it off for
 * that load), else as the streamer last answered the offer or the switch; nothing stored means off.
 *
 * Pages read it with `useDock().on`; the root element also carries `data-dock` for CSS.
 */
import { createContext } from 'svelte';
import * as v from 'valibot';
import { Persisted, deviceStorage, type KeyValueStorage } from '$lib/client/persisted';
import { queryOf } from './nav';

type Answer = 'on' | 'off';

/** `dock` from the real query or from the hash route's query; undefined when absent. */
export function dockParam(loc: Pick<Location, 'hash' | 'search'>): boolean | undefined {
	const query = queryOf(loc.hash).slice(1);
	const value = new URLSearchParams(query).get('dock') ?? new URLSearchParams(loc.search).get('dock');
	return value === null ? undefined : value === '1' || value === 'true';
}

export class Dock {
	readonly #answer: Persisted<Answer>;
	on = $state(false);
	/** The streamer said yes or no once (the offer is not made again). */
	answered = $state(false);

	constructor(loc: Pick<Location, 'hash' | 'search'> = location, storage: KeyValueStorage | undefined = deviceStorage()) {
		this.#answer = new Persisted('stream-control:dock', v.picklist(['on', 'off']), storage);
		const stored = this.#answer.load();
		const asked = dockParam(loc);
		this.answered = stored !== undefined || asked !== undefined;
		this.on = asked ?? stored === 'on';
	}

	set(on: boolean): void {
		this.on = on;
		this.answered = true;
		this.#answer.save(on ? 'on' : 'off');
	}
}

export const [useDock, provideDock] = createContext<Dock>();
