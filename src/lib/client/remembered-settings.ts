/**
 * Remembers the last connection settings on this device. The token is stored (the streamer asked to be
 * remembered) but nothing here ever logs; storage failures (file://, private mode) are silent misses.
 */
import * as v from 'valibot';
import type { ConnectionSettings } from './settings';

const StoredSchema = v.object({
	token: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)),
	host: v.pipe(v.string(), v.minLength(1), v.maxLength(253)),
	port: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535)),
	secure: v.boolean(),
	demo: v.optional(v.boolean(), false)
});

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const SETTINGS_STORAGE_KEY = 'stream-control:last-connection';

function defaultStorage(): KeyValueStorage | undefined {
	try {
		return globalThis.localStorage ?? undefined;
	} catch {
		return undefined;
	}
}

export class RememberedSettings {
	#storage: KeyValueStorage | undefined;
	#key: string;

	constructor(storage: KeyValueStorage | undefined = defaultStorage(), key = SETTINGS_STORAGE_KEY) {
		this.#storage = storage;
		this.#key = key;
	}

	load(): ConnectionSettings | undefined {
		try {
			const raw = this.#storage?.getItem(this.#key);
			if (!raw) return undefined;
			const parsed = v.safeParse(StoredSchema, JSON.parse(raw));
			return parsed.success ? parsed.output : undefined;
		} catch {
			return undefined;
		}
	}

	save(settings: ConnectionSettings): boolean {
		try {
			const { token, host, port, secure, demo } = settings;
			this.#storage?.setItem(this.#key, JSON.stringify({ token, host, port, secure, demo }));
			return this.#storage !== undefined;
		} catch {
			return false;
		}
	}

	clear(): void {
		try {
			this.#storage?.removeItem(this.#key);
		} catch {
			// Nothing to forget when storage is unavailable.
		}
	}
}
