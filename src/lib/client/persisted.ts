/**
 * The framework-free core of `PersistedState` (lib/client/state): one value kept on this device
 * (localStorage), validated with a valibot schema on every load, so a damaged, foreign or outdated
 * entry reads as missing instead of breaking the page. Storage that is unavailable (file://, private
 * mode, full) is a silent miss: the page still works for this visit. It stays free of Svelte because
 * the client's remembered settings and setup cache use it directly. Nothing here logs, so a stored
 * token never reaches a console.
 */
import * as v from 'valibot';

/** What is needed of a Storage (removeItem only to forget). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'> &
	Partial<Pick<Storage, 'removeItem'>>;

/**
 * The page's localStorage (or, for what lasts only as long as the tab, its sessionStorage), or
 * undefined where reading it throws or it does not exist.
 */
export function deviceStorage(
	kind: 'localStorage' | 'sessionStorage' = 'localStorage'
): KeyValueStorage | undefined {
	try {
		return globalThis[kind] ?? undefined;
	} catch {
		return undefined;
	}
}

export class StoredValue<T> {
	readonly key: string;
	readonly #schema: v.GenericSchema<unknown, T>;
	readonly #storage: KeyValueStorage | undefined;

	constructor(
		key: string,
		schema: v.GenericSchema<unknown, T>,
		storage: KeyValueStorage | undefined = deviceStorage()
	) {
		this.key = key;
		this.#schema = schema;
		this.#storage = storage;
	}

	/** The text stored under the key; null when there is none or storage cannot be read. */
	text(): string | null {
		try {
			return this.#storage?.getItem(this.key) ?? null;
		} catch {
			return null;
		}
	}

	/** The value a stored text holds, if it passes the schema. */
	parse(text: string | null): T | undefined {
		if (text == null) return undefined;
		try {
			const parsed = v.safeParse(this.#schema, parseStored(text));
			return parsed.success ? parsed.output : undefined;
		} catch {
			return undefined;
		}
	}

	/** The stored value if there is one and it passes the schema. */
	load(): T | undefined {
		return this.parse(this.text());
	}

	/** Stores the value (undefined forgets it); false when it could not be kept (no storage, or storage refused it). */
	save(value: T): boolean {
		if (value === undefined) return this.clear();
		return this.#write(this.key, JSON.stringify(value));
	}

	clear(): boolean {
		try {
			if (!this.#storage?.removeItem) return false;
			this.#storage.removeItem(this.key);
			return true;
		} catch {
			return false;
		}
	}

	/** Copies what is stored under the key to `key:unreadable`, so a later save does not lose it. */
	keepAside(text: string): void {
		this.#write(`${this.key}:unreadable`, text);
	}

	#write(key: string, text: string): boolean {
		try {
			if (!this.#storage) return false;
			this.#storage.setItem(key, text);
			return true;
		} catch {
			return false;
		}
	}
}

/** JSON, or the text itself for values stored as plain text before (the theme was). */
function parseStored(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}
