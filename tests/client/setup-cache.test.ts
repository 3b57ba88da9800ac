/**
 * The setup kept per address: a reload during an outage shows the last setup read (and the deck's
 * buttons it implies) until the first live read, which replaces and re-saves it. Keyed by address,
 * never by the token, and never holding it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SetupCache, setupCacheKey, SETUP_CACHE_PREFIX } from '$lib/client/setup-cache';
import type { KeyValueStorage } from '$lib/client/persisted';
import { fakeApp } from './support/fake-app';
import { CURRENT_META, SETTINGS_DATA } from './support/fakes';

const TOKEN = 'cache-secret-token-5d1e';
const ADDRESS = { host: '127.0.0.1', port: 39231, secure: false, token: TOKEN };

function memoryStorage(): KeyValueStorage & { items: Map<string, string> } {
	const items = new Map<string, string>();
	return {
		items,
		getItem: (k) => items.get(k) ?? null,
		setItem: (k, v) => void items.set(k, v),
		removeItem: (k) => void items.delete(k)
	};
}

const destroyers: (() => void)[] = [];
afterEach(() => {
	for (const d of destroyers.splice(0)) d();
});

describe('SetupCache', () => {
	it('is keyed by scheme, host and port only, and round-trips a setup with its meta', () => {
		const storage = memoryStorage();
		const cache = new SetupCache(ADDRESS, storage);
		expect(setupCacheKey(ADDRESS)).toBe(`${SETUP_CACHE_PREFIX}http://127.0.0.1:39231`);
		expect(
			cache.save(
				{ ...SETTINGS_DATA, premium: false, lights: [] } as never,
				CURRENT_META as never,
				1234
			)
		).toBe(true);
		expect([...storage.items.keys()]).toEqual([`${SETUP_CACHE_PREFIX}http://127.0.0.1:39231`]);
		expect(cache.load()).toMatchObject({
			savedAt: 1234,
			meta: { apiVersion: 2 },
			setup: { types: SETTINGS_DATA.types }
		});
		// Another port is another application; the same address with another token shares the entry.
		expect(new SetupCache({ ...ADDRESS, port: 39232 }, storage).load()).toBeUndefined();
		expect(new SetupCache({ ...ADDRESS, token: 'other' }, storage).load()?.savedAt).toBe(1234);
	});

	it('never keeps an entry that carries the token, and reads a damaged entry as missing', () => {
		const storage = memoryStorage();
		const cache = new SetupCache(ADDRESS, storage);
		expect(
			cache.save(
				{ types: [], options: { note: `x ${TOKEN} y` }, lights: [], premium: false },
				undefined
			)
		).toBe(false);
		expect(
			cache.save(
				{ types: [], options: { note: encodeURIComponent(TOKEN) }, lights: [], premium: false },
				undefined
			)
		).toBe(false);
		expect(storage.items.size).toBe(0);
		storage.items.set(setupCacheKey(ADDRESS), '{"savedAt":"yesterday"}');
		expect(cache.load()).toBeUndefined();
	});
});

describe('StreamClient with a setup cache', () => {
	it('shows the cached setup (and its capabilities) before any open, then the live one, which it saves', async () => {
		const storage = memoryStorage();
		const app = fakeApp({ token: TOKEN });
		const stale = {
			types: ['chat-command'],
			options: { 'chat-command': { values: ['!old'] } },
			lights: [],
			premium: false
		};
		new SetupCache(ADDRESS, storage).save(stale, CURRENT_META as never, 1000);
		const client = app.client({ setupCache: new SetupCache(ADDRESS, storage) });
		destroyers.push(() => client.destroy());
		expect(client.setup).toEqual(stale);
		expect(client.setupCachedAt).toBe(1000);
		expect(client.capabilities.known).toBe(true);
		expect(client.status).toBe('stopped');
		await app.connect(client);
		expect(client.setupCachedAt).toBeUndefined();
		expect(client.setup?.types).toEqual(SETTINGS_DATA.types);
		const saved = new SetupCache(ADDRESS, storage).load();
		expect(saved?.setup.types).toEqual(SETTINGS_DATA.types);
		expect(saved?.meta?.apiVersion).toBe(2);
		expect([...storage.items.values()].join('')).not.toContain(TOKEN);
	});
});
