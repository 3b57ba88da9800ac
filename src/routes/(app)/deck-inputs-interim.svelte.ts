/**
 * Until the arranged deck's tiles (h-deck, issue 13) reach this page: each listed item's press safety
 * and input bindings, kept on the device by item key, so the press component and DeckInputs run here.
 * The arranged deck keeps these on its buttons (`press`, `inputs`) and replaces this file.
 */
import * as v from 'valibot';
import { Persisted } from '$lib/client/persisted';
import { InputBindingsSchema, PressModeSchema, type InputBindings, type PressMode } from '$lib/app/deck/bindings';

const Schema = v.record(v.string(), v.object({ press: PressModeSchema, inputs: InputBindingsSchema }));
type Entry = { press: PressMode; inputs: InputBindings };

export class ItemBindings {
	readonly #stored = new Persisted('stream-control:deck-inputs-interim', Schema);
	#all = $state.raw<Record<string, Entry>>(this.#stored.load() ?? {});

	get(key: string): Entry {
		return this.#all[key] ?? { press: 'tap', inputs: {} };
	}

	set(key: string, change: Partial<Entry>): void {
		this.#all = { ...this.#all, [key]: { ...this.get(key), ...change } };
		this.#stored.save(this.#all);
	}
}
