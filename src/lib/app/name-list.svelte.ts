/**
 * A short list of names kept on this device (folders, watched counters): things the application
 * cannot list, so the streamer types them once and finds them again. Validated with valibot on load;
 * a damaged entry starts an empty list.
 */
import * as v from 'valibot';

const MAX_NAMES = 50;
const MAX_NAME_CHARS = 200;
const ListSchema = v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(MAX_NAME_CHARS)));

type Storage_ = Pick<Storage, 'getItem' | 'setItem'>;

export class NameList {
	names = $state<string[]>([]);
	readonly #key: string;
	readonly #storage: Storage_ | undefined;

	constructor(key: string, initial: readonly string[] = [], storage: Storage_ | undefined = safeStorage()) {
		this.#key = key;
		this.#storage = storage;
		const raw = read(storage, key);
		const parsed = raw === undefined ? undefined : v.safeParse(ListSchema, raw);
		// Each name once: the pages key their lists by name, and trimming can make two entries equal.
		this.names = parsed?.success ? [...new Set(parsed.output)].slice(0, MAX_NAMES) : [...initial];
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
	#save(): void {
		try {
			this.#storage?.setItem(this.#key, JSON.stringify(this.names));
		} catch {
			// Storage full or unavailable: the list still works for this visit.
		}
	}
}

function read(storage: Storage_ | undefined, key: string): unknown {
	try {
		const text = storage?.getItem(key);
		return text == null ? undefined : JSON.parse(text);
	} catch {
		return undefined;
	}
}

function safeStorage(): Storage_ | undefined {
	try {
		return globalThis.localStorage ?? undefined;
	} catch {
		return undefined;
	}
}
