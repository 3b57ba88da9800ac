/**
 * Which sections of a long page are open, remembered on this device per page and section (the
 * streamer's own choice wins). Without one: the first section open on a phone, every section on a
 * wide screen, where the page lays them out in columns.
 */
import * as v from 'valibot';
import { MediaQuery } from 'svelte/reactivity';
import { deviceStorage, type KeyValueStorage } from '$lib/client/persisted';
import { PersistedState } from '$lib/client/state/persisted-state';

const Schema = v.record(v.pipe(v.string(), v.maxLength(80)), v.boolean());

export class SectionState {
	readonly #chosen: PersistedState<Record<string, boolean>>;
	readonly #wide = new MediaQuery('min-width: 1024px');

	constructor(storage: KeyValueStorage | undefined = deviceStorage()) {
		this.#chosen = new PersistedState<Record<string, boolean>>(
			'stream-control:sections',
			Schema,
			{},
			{ storage }
		);
	}

	isOpen(key: string, first: boolean): boolean {
		return this.#chosen.current[key] ?? (first || this.#wide.current);
	}

	set(key: string, open: boolean): void {
		this.#chosen.current = { ...this.#chosen.current, [key]: open };
	}
}

let shared: SectionState | undefined;
/** One state for the page's sections (created on first use, in the browser). */
export const sectionState = (): SectionState => (shared ??= new SectionState());
