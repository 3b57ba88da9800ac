/**
 * Remembers the last connection settings on this device. The token is stored (the streamer asked to be
 * remembered) but nothing here ever logs; storage failures (file://, private mode) are silent misses
 * (StoredValue, the framework-free core of PersistedState: the client stays free of Svelte).
 */
import * as v from 'valibot';
import { StoredValue, deviceStorage, type KeyValueStorage } from './persisted';
import type { ConnectionSettings } from './settings';

const StoredSchema = v.object({
	token: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)),
	host: v.pipe(v.string(), v.minLength(1), v.maxLength(253)),
	port: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535)),
	secure: v.boolean(),
	demo: v.optional(v.boolean(), false)
});

export const SETTINGS_STORAGE_KEY = 'stream-control:last-connection';

export class RememberedSettings {
	readonly #stored: StoredValue<ConnectionSettings>;

	constructor(storage: KeyValueStorage | undefined = deviceStorage(), key = SETTINGS_STORAGE_KEY) {
		this.#stored = new StoredValue(key, StoredSchema, storage);
	}

	load(): ConnectionSettings | undefined {
		return this.#stored.load();
	}

	save(settings: ConnectionSettings): boolean {
		const { token, host, port, secure, demo } = settings;
		return this.#stored.save({ token, host, port, secure, demo });
	}

	clear(): void {
		this.#stored.clear();
	}
}
