/**
 * The dashboard's state classes as the browser compiles them: the Dashboard over a demo connection (the
 * in-page simulator), Press, and what the pages keep on the device. Each is created inside an effect
 * root, as a component's script creates it, and read by an effect, as the template reads it.
 */
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { Dashboard } from '$lib/app/dashboard.svelte';
import { NameList } from '$lib/app/name-list.svelte';
import { Press } from '$lib/app/press.svelte';
import { Theme } from '$lib/app/theme.svelte';
import type { Receipt } from '$lib/client/receipts';
import { SHARE_REASONS } from '$lib/app/share-scope.svelte';
import { provideDemo } from '$lib/client/demo';
import { startDemoTransport } from '$lib/demo/start';
import { mounted } from './watch.svelte';

// Demo mode is loaded on demand in the app; these tests run it from the start.
provideDemo(startDemoTransport);

const demo = { token: 'demo', host: 'localhost', port: 39231, secure: false, demo: true };

/** A Map-backed Storage. */
function memory() {
	const items = new Map<string, string>();
	return {
		getItem: (k: string) => items.get(k) ?? null,
		setItem: (k: string, v: string) => void items.set(k, v),
		removeItem: (k: string) => void items.delete(k),
		items
	};
}

async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
	const end = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 20));
	}
}

let dashboard: Dashboard | undefined;
afterEach(() => {
	dashboard?.close();
	dashboard = undefined;
});

describe('Dashboard', () => {
	it('shows the connection as it changes, answers reasonFor in one place, and keeps its feed while nothing reads it', async () => {
		const d = (dashboard = new Dashboard(demo));
		const statuses: string[] = [];
		const { stop } = mounted(
			() => d,
			(x) => statuses.push(x.connection.status)
		);
		await until(
			() => d.connection.status === 'open' && d.connection.setup !== undefined,
			'the demo to open'
		);
		flushSync();
		expect(statuses.at(-1)).toBe('open');
		expect(statuses.length).toBeGreaterThan(1);
		expect(d.reasonFor('set-counter-value')).toBeUndefined();
		expect(d.sectionReason(['set-counter-value'])).toBeUndefined();
		// Nothing reads the feed, and it still collects (the chat page may be closed).
		await stop();
		await until(() => d.feed.items.length > 0, 'a demo event in the feed');
		// Closed: the connection says so, and every control gets the reason.
		d.close();
		dashboard = undefined;
		expect(d.connection.status).toBe('stopped');
		expect(d.reasonFor('set-counter-value')).toBeTruthy();
	});
});

describe('Press', () => {
	it('sends once, shows the receipt to its reader and hands (receipt, sent) to its callback', async () => {
		const d = (dashboard = new Dashboard(demo));
		await until(() => d.connection.status === 'open', 'the demo to open');
		const calls: [Receipt['state'], unknown][] = [];
		const states: (string | undefined)[] = [];
		const { value: press, stop } = mounted(
			() => new Press(d, (receipt, sent) => calls.push([receipt.state, sent])),
			(p) => states.push(p.receipt?.state)
		);
		press.request('set-counter-value', { name: 'deaths', value: 'x' });
		// The first press waits for the send validators, a chunk of their own (src/lib/app/send-check.ts).
		await until(() => press.issueFor('value') !== undefined, 'the first press checked');
		expect(press.issueFor('value')).toBe('must be a number');
		expect(calls).toHaveLength(0);
		press.request('set-counter-value', { name: 'deaths', value: 3 });
		await until(() => calls.length === 1, 'the receipt');
		flushSync();
		expect(calls[0]).toEqual([
			'confirmed',
			{ type: 'set-counter-value', params: { name: 'deaths', value: 3 } }
		]);
		expect(states.at(-1)).toBe('confirmed');
		expect(press.busy).toBe(false);
		await stop();
	});

	it('says a share link refusal before sending', async () => {
		const d = (dashboard = new Dashboard(demo));
		// What a share link that is still being checked answers, without a companion server.
		Object.defineProperty(d.share, 'reasonFor', { value: () => SHARE_REASONS.checking });
		const { value: press, stop } = mounted(() => new Press(d));
		press.request('set-counter-value', { name: 'deaths', value: 3 });
		expect(press.issues).toEqual([{ field: '', rule: SHARE_REASONS.checking }]);
		expect(press.receipt).toBeUndefined();
		expect(d.reasonFor('set-counter-value')).toBe(SHARE_REASONS.checking);
		await stop();
	});
});

describe('kept on the device', () => {
	it('NameList: adds most recent first, keeps it, and a reader sees each change', async () => {
		const storage = memory();
		const { value: list, stop } = mounted(() => new NameList('names', [], storage));
		const seen: string[][] = [];
		const stopReading = mounted(
			() => list,
			(l) => seen.push([...l.names])
		).stop;
		list.add('deaths');
		list.add(' wins ');
		flushSync();
		expect(seen.at(-1)).toEqual(['wins', 'deaths']);
		expect(new NameList('names', [], storage).names).toEqual(['wins', 'deaths']);
		list.remove('wins');
		expect(new NameList('names', [], storage).names).toEqual(['deaths']);
		await stopReading();
		await stop();
	});

	it('Theme: toggles, is remembered, and reads the plain-text value older versions stored', async () => {
		const storage = memory();
		const { value: theme, stop } = mounted(() => new Theme(storage));
		expect(theme.current).toBe('dark');
		theme.toggle();
		expect(new Theme(storage).current).toBe('light');
		storage.setItem('stream-control:theme', 'light');
		expect(new Theme(storage).current).toBe('light');
		storage.setItem('stream-control:theme', '"purple"');
		expect(new Theme(storage).current).toBe('dark');
		await stop();
	});
});
