/**
 * A short list of names kept on this device (folders, watched counters): things the application
 * cannot list, so the streamer types them once and finds them again. Validated with valibot on load;
 * a damaged entry starts from the initial names.
 */
import * as v from 'valibot';
import { deviceStorage, type KeyValueStorage } from '$lib/client/persisted';
import { PersistedState } from '$lib/client/state/persisted-state';

const MAX_NAMES = 50;
const MAX_NAME_CHARS = 200;
const ListSchema = v.pipe(
	v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(MAX_NAME_CHARS))),
	// Each name once: the pages key their lists by name, and trimming can make two entries equal.
	v.transform((names): readonly string[] => [...new Set(names)].slice(0, MAX_NAMES))
);

export class NameList {
	readonly #names: PersistedState<readonly string[]>;

	constructor(
		key: string,
		initial: readonly string[] = [],
		storage: KeyValueStorage | undefined = deviceStorage()
	) {
		this.#names = new PersistedState(key, ListSchema, [...initial], { storage });
	}

	get names(): readonly string[] {
		return this.#names.current;
	}

	has(name: string): boolean {
		return this.names.includes(name.trim());
	}
	/** Adds a name (most recent first); false when it is empty or too long. Storage full or unavailable: it lasts this visit. */
	add(name: string): boolean {
		const clean = name.trim();
		if (!clean || clean.length > MAX_NAME_CHARS) return false;
		this.#names.current = [clean, ...this.names.filter((n) => n !== clean)].slice(0, MAX_NAMES);
		return true;
	}
	remove(name: string): void {
		this.#names.current = this.names.filter((n) => n !== name);
	}
}
