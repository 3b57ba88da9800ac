/**
 * One value kept on this device (localStorage), validated with a valibot schema on every load: a
 * damaged, foreign or outdated entry reads as missing instead of breaking the page. Storage that is
 * unavailable (file://, private mode, full) is a silent miss: the page still works for this visit.
 * Nothing here logs, so a stored token never reaches a console.
 */
import * as v from 'valibot';

/** What is needed of a Storage (removeItem only to forget). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'> & Partial<Pick<Storage, 'removeItem'>>;

/** The page's localStorage, or undefined where reading it throws or it does not exist. */
export function deviceStorage(): KeyValueStorage | undefined {
	try {
		return globalThis.localStorage ?? undefined;
	} catch {
		return undefined;
	}
}

export class Persisted<T> {
	readonly key: string;
	readonly #schema: v.GenericSchema<unknown, T>;
	readonly #storage: KeyValueStorage | undefined;

	constructor(key: string, schema: v.GenericSchema<unknown, T>, storage: KeyValueStorage | undefined = deviceStorage()) {
		this.key = key;
		this.#schema = schema;
		this.#storage = storage;
	}

	/** The stored value if there is one and it passes the schema. */
	load(): T | undefined {
		try {
			const text = this.#storage?.getItem(this.key);
			if (text == null) return undefined;
			const parsed = v.safeParse(this.#schema, parseStored(text));
			return parsed.success ? parsed.output : undefined;
		} catch {
			return undefined;
		}
	}

	/** Stores the value; false when it could not be kept (no storage, or storage refused it). */
	save(value: T): boolean {
		try {
			if (!this.#storage) return false;
			this.#storage.setItem(this.key, JSON.stringify(value));
			return true;
		} catch {
			return false;
		}
	}

	clear(): void {
		try {
			this.#storage?.removeItem?.(this.key);
		} catch {
			// Nothing to forget when storage is unavailable.
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
