/**
 * A short list of names kept on this device (folders, watched counters): things the application
 * cannot list, so the streamer types them once and finds them again. Validated with valibot on load;
 * a damaged entry starts an empty list.
 */
import * as v from 'valibot';
import { Persisted, deviceStorage, type KeyValueStorage } from '$lib/client/persisted';

const MAX_NAMES = 50;
const MAX_NAME_CHARS = 200;
const ListSchema = v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(MAX_NAME_CHARS)));

export class NameList {
	names = $state<string[]>([]);
	readonly #stored: Persisted<string[]>;

	constructor(key: string, initial: readonly string[] = [], storage: KeyValueStorage | undefined = deviceStorage()) {
		this.#stored = new Persisted(key, ListSchema, storage);
		const saved = this.#stored.load();
		// Each name once: the pages key their lists by name, and trimming can make two entries equal.
		this.names = saved ? [...new Set(saved)].slice(0, MAX_NAMES) : [...initial];
	}

	has(name: string): boolean {
		return this.names.includes(name.trim());
	}
	/** Adds a name (most recent first); false when it is empty or too long. */
	add(name: string): boolean {
		const clean = name.trim();
		if (!clean || clean.length > MAX_NAME_CHARS) return false;
		this.names = [clean, ...this.names.filter((n) => n !== clean)].slice(0, MAX_NAMES);
		this.#save();
		return true;
	}
	remove(name: string): void {
		this.names = this.names.filter((n) => n !== name);
		this.#save();
	}
	/** Storage full or unavailable: the list still works for this visit. */
	#save(): void {
		this.#stored.save(this.names);
	}
}
