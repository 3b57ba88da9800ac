/** PersistedState as the browser compiles it: a reactive value kept on the device, checked by its schema, followed across tabs. */
import { flushSync } from 'svelte';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PersistedState, type StorageEvents } from '$lib/client/state/persisted-state';
import { mounted, watching } from './watch.svelte';

function memory(initial: Record<string, string> = {}) {
	const items = new Map(Object.entries(initial));
	return {
		items,
		getItem: (k: string) => items.get(k) ?? null,
		setItem: (k: string, v: string) => void items.set(k, v),
		removeItem: (k: string) => void items.delete(k)
	};
}

/** A window stand-in: counts its storage listeners and announces another tab's write. */
function otherTabs() {
	const listeners = new Set<(event: { key: string | null }) => void>();
	const events: StorageEvents = {
		addEventListener: (_type, listener) => void listeners.add(listener),
		removeEventListener: (_type, listener) => void listeners.delete(listener)
	};
	return { events, listeners, wrote: (key: string | null) => listeners.forEach((l) => l({ key })) };
}

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

describe('PersistedState', () => {
	it('reads the stored value, and a reader sees each write, which is stored', async () => {
		const storage = memory({ count: '3' });
		const { events } = otherTabs();
		const seen: number[] = [];
		const { value: count, stop } = mounted(
			() => new PersistedState('count', Count, 0, { storage, events }),
			(c) => seen.push(c.current)
		);
		expect(seen).toEqual([3]);
		count.current = 4;
		flushSync();
		expect(seen).toEqual([3, 4]);
		expect(storage.items.get('count')).toBe('4');
		expect(count.saved).toBe(true);
		expect(new PersistedState('count', Count, 0, { storage, events }).current).toBe(4);
		await stop();
	});

	it('an invalid or damaged stored value reads as the fallback, without throwing', () => {
		for (const stored of ['-1', '"three"', '{"broken', 'null']) {
			expect(
				new PersistedState('count', Count, 7, {
					storage: memory({ count: stored }),
					events: undefined
				}).current
			).toBe(7);
		}
		const throwing = {
			getItem: () => {
				throw new Error('denied');
			},
			setItem: () => {
				throw new Error('full');
			}
		};
		const count = new PersistedState('count', Count, 1, { storage: throwing, events: undefined });
		expect(count.current).toBe(1);
		count.current = 2;
		expect([count.current, count.saved]).toEqual([2, false]);
	});

	it('keeps an unreadable entry aside when asked, and undefined forgets the value', () => {
		const storage = memory({ doc: '{"pages":5}' });
		const doc = new PersistedState<string[] | undefined>('doc', v.array(v.string()), undefined, {
			storage,
			events: undefined,
			keepUnreadable: true
		});
		expect(doc.current).toBeUndefined();
		expect(storage.items.get('doc:unreadable')).toBe('{"pages":5}');
		doc.current = ['a'];
		expect(storage.items.get('doc')).toBe('["a"]');
		doc.current = undefined;
		expect(storage.items.has('doc')).toBe(false);
	});

	it("follows another tab's write while shown, and reads it afresh when not", async () => {
		const storage = memory({ count: '1' });
		const tabs = otherTabs();
		const seen: number[] = [];
		const { value: count, stop } = mounted(
			() => new PersistedState('count', Count, 0, { storage, events: tabs.events }),
			(c) => seen.push(c.current)
		);
		storage.items.set('count', '5');
		tabs.wrote('count');
		flushSync();
		storage.items.set('count', '"bad"');
		tabs.wrote(null);
		flushSync();
		expect(seen).toEqual([1, 5, 0]);
		await stop();
		storage.items.set('count', '9');
		expect(count.current).toBe(9);
	});

	it('another instance for the same key in this tab sees a write at once', async () => {
		const storage = memory();
		const a = new PersistedState('count', Count, 0, { storage, events: undefined });
		const b = new PersistedState('count', Count, 0, { storage, events: undefined });
		const seen: number[] = [];
		const stop = watching(() => seen.push(b.current));
		a.current = 2;
		flushSync();
		expect(seen).toEqual([0, 2]);
		await stop();
	});

	it('listens to storage events only while something reads it: none after teardown', async () => {
		const tabs = otherTabs();
		const count = new PersistedState('count', Count, 0, { storage: memory(), events: tabs.events });
		expect(count.current).toBe(0);
		expect(tabs.listeners.size).toBe(0);
		const stopA = watching(() => count.current);
		const stopB = watching(() => count.current);
		expect(tabs.listeners.size).toBe(1);
		await stopA();
		expect(tabs.listeners.size).toBe(1);
		await stopB();
		expect(tabs.listeners.size).toBe(0);
	});
});
