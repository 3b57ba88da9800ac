/**
 * The last setup read from one application, kept on this device so a reload during an outage still
 * shows the deck and the pages (greyed, with the reason) instead of "Reading the setup…". Keyed by
 * address (scheme, host, port) only: never by the token, and an entry that would carry the token is
 * not kept at all.
 */
import * as v from 'valibot';
import { MetaSchema, SettingsDataSchema, type Meta, type SettingsData } from '../protocol/payloads';
import { StoredValue, deviceStorage, type KeyValueStorage } from './persisted';
import type { ConnectionSettings } from './settings';

const CachedSetupSchema = v.object({
	/** When it was read (ms since epoch). */
	savedAt: v.number(),
	meta: v.optional(MetaSchema),
	setup: SettingsDataSchema
});
export type CachedSetup = v.InferOutput<typeof CachedSetupSchema>;

export const SETUP_CACHE_PREFIX = 'stream-control:setup:';

export function setupCacheKey(
	settings: Pick<ConnectionSettings, 'host' | 'port' | 'secure'>
): string {
	return `${SETUP_CACHE_PREFIX}${settings.secure ? 'https' : 'http'}://${settings.host}:${settings.port}`;
}

export class SetupCache {
	readonly #stored: StoredValue<CachedSetup>;
	readonly #token: string;

	constructor(
		settings: Pick<ConnectionSettings, 'host' | 'port' | 'secure' | 'token'>,
		storage: KeyValueStorage | undefined = deviceStorage()
	) {
		this.#stored = new StoredValue(setupCacheKey(settings), CachedSetupSchema, storage);
		this.#token = settings.token;
	}

	load(): CachedSetup | undefined {
		return this.#stored.load();
	}

	/** Keeps this read; false when it was not kept (no storage, too big, or it carried the token). */
	save(setup: SettingsData, meta: Meta | undefined, now = Date.now()): boolean {
		const entry: CachedSetup = meta ? { savedAt: now, meta, setup } : { savedAt: now, setup };
		const text = JSON.stringify(entry);
		if (
			this.#token &&
			[this.#token, encodeURIComponent(this.#token)].some((form) => text.includes(form))
		)
			return false;
		return this.#stored.save(entry);
	}
}
