/**
 * The client's state classes as the browser compiles them: each watches only while an effect reads it
 * (`watching`), and ending that effect's root is what stops its listeners and timers.
 */
import { flushSync } from 'svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Connection } from '$lib/client/state/connection.svelte';
import { EventFeed } from '$lib/client/state/event-feed.svelte';
import { DashboardFeed } from '$lib/app/dashboard-feed.svelte';
import * as eventLines from '$lib/protocol/event-lines';
import { VariableWatcher } from '$lib/client/state/variable-watcher.svelte';
import { Listeners } from '$lib/client/listeners';
import type { Envelope } from '$lib/protocol';
import type { Receipt } from '$lib/client/receipts';
import type { ConnectionStatus } from '$lib/client/socket';
import type { VariableRead } from '$lib/client/read-only-view';
import { fakeApp } from '../client/support/fake-app';
import { watching } from './watch.svelte';

/** A hand-driven source with the listener surface of a read-only view. */
function fakeSource(
	read: (name: string) => Promise<VariableRead> = async () => ({ ok: true, value: 1 })
) {
	const events = new Map<string, Listeners<[Envelope]>>();
	const synced = new Listeners<[]>();
	const receipts = new Listeners<[Receipt]>();
	const statuses = new Listeners<[ConnectionStatus, undefined]>();
	const on = (type: string, handler: (e: Envelope) => void) => {
		if (!events.has(type)) events.set(type, new Listeners());
		return events.get(type)!.add(handler);
	};
	const emit = (envelope: Envelope) => {
		events.get(envelope.type)?.emit(envelope);
		events.get('*')?.emit(envelope);
	};
	const readVariable = vi.fn(read);
	const listenerCount = () =>
		[...events.values()].reduce((n, l) => n + l.size, 0) +
		synced.size +
		receipts.size +
		statuses.size;
	const source = {
		status: 'open' as ConnectionStatus,
		on,
		emit,
		readVariable,
		onReady: (h: () => void) => synced.add(h),
		onReceipt: (h: (r: Receipt) => void) => receipts.add(h),
		onStatus: (h: (s: ConnectionStatus, e: undefined) => void) => statuses.add(h),
		setStatus: (status: ConnectionStatus) => {
			source.status = status;
			statuses.emit(status, undefined);
		},
		synced,
		receipts,
		listenerCount
	};
	return source;
}

/** A source whose reads wait until the test answers them, oldest first. */
function manualSource() {
	const waiting: ((r: VariableRead) => void)[] = [];
	const source = fakeSource(() => new Promise((r) => waiting.push(r)));
	return { source, waiting, answer: (value: unknown) => waiting.shift()!({ ok: true, value }) };
}

const variableChanged = (name: string): Envelope => ({
	origin: 'appstream',
	type: 'alert',
	event: 'appstream-variableChanged',
	data: { extraSettings: { variable_name: name } }
});

const chat = (messageId: string, message = 'hi'): Envelope => ({
	origin: 'alpha',
	type: 'chat',
	data: { id: `x${messageId}`, message, extraSettings: { username: 'u', messageId, timestamp: 1 } }
});

describe('EventFeed', () => {
	it('keeps a bounded list of chat, commands and alerts, and removes deleted chat lines', () => {
		const source = fakeSource();
		const feed = new EventFeed(source, { limit: 3, parsers: eventLines });
		source.emit(chat('m1'));
		source.emit({ type: 'command', data: { username: 'v', command: '!lurk' } });
		source.emit({
			origin: 'alpha',
			type: 'alert',
			event: 'alpha-follower',
			data: { dynamic: { value: 'newbie' } }
		});
		expect(feed.items.map((i) => i.kind)).toEqual(['chat', 'command', 'alert']);
		source.emit(chat('m2'));
		expect(feed.items.map((i) => i.kind)).toEqual(['command', 'alert', 'chat']);
		source.emit({ origin: 'alpha', type: 'chat', data: { shouldRemove: 'm2' } });
		expect(feed.items.map((i) => i.kind)).toEqual(['command', 'alert']);
		source.emit({ type: 'chat', data: 'garbage' });
		expect(feed.items).toHaveLength(2);
		expect(new Set(feed.items.map((i) => i.key)).size).toBe(2);
		feed.destroy();
		expect(source.listenerCount()).toBe(0);
	});

	describe('coalesced per frame', () => {
		const frames: FrameRequestCallback[] = [];

		beforeEach(() => {
			vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
			vi.stubGlobal('cancelAnimationFrame', () => {});
		});
		afterEach(() => {
			frames.length = 0;
			vi.unstubAllGlobals();
		});
		const nextFrame = () => frames.splice(0).forEach((cb) => cb(0));
		const texts = (feed: EventFeed) =>
			feed.items.map((i) => (i.kind === 'chat' ? i.line.text : ''));

		it("takes a frame's lines in at once, in order, each shown for at least a frame, deletions in place", () => {
			const source = fakeSource();
			const feed = new EventFeed(source, {
				kinds: ['chat'],
				limit: 3,
				parsers: eventLines,
				coalesce: 'frame'
			});
			for (const n of [1, 2]) source.emit(chat(`m${n}`, `line ${n}`));
			expect(feed.items).toEqual([]);
			expect(frames).toHaveLength(1);
			nextFrame();
			expect(texts(feed)).toEqual(['line 1', 'line 2']);
			// Five lines in one frame, one of them deleted within it: all four others shown, above the limit for that frame.
			for (const n of [3, 4, 5, 6, 7]) source.emit(chat(`m${n}`, `line ${n}`));
			source.emit({ origin: 'alpha', type: 'chat', data: { shouldRemove: 'm5' } });
			source.emit({ origin: 'alpha', type: 'chat', data: { shouldRemove: 'm2' } });
			nextFrame();
			expect(texts(feed)).toEqual(['line 3', 'line 4', 'line 6', 'line 7']);
			// The next frame brings the list back to its limit, with or without new lines.
			nextFrame();
			expect(texts(feed)).toEqual(['line 4', 'line 6', 'line 7']);
			expect(frames).toHaveLength(0);
			source.emit(chat('m8', 'line 8'));
			nextFrame();
			expect(texts(feed)).toEqual(['line 6', 'line 7', 'line 8']);
			feed.destroy();
			expect(source.listenerCount()).toBe(0);
		});

		it('without frames (a hidden page) the queue is still taken in', () => {
			vi.useFakeTimers();
			try {
				const source = fakeSource();
				const feed = new EventFeed(source, {
					kinds: ['chat'],
					limit: 5,
					parsers: eventLines,
					coalesce: 'frame'
				});
				source.emit(chat('h1', 'hidden'));
				vi.advanceTimersByTime(1000);
				expect(texts(feed)).toEqual(['hidden']);
				feed.destroy();
			} finally {
				vi.useRealTimers();
			}
		});
	});
});

describe('DashboardFeed', () => {
	it('keeps the events that came before the feed was fetched, in order, once the list is read', async () => {
		const source = fakeSource();
		const feed = new DashboardFeed(source, 3);
		source.emit(chat('m1', 'first'));
		source.emit({ type: 'command', data: { username: 'v', command: '!lurk' } });
		source.emit(chat('m2', 'second'));
		source.emit({ origin: 'alpha', type: 'chat', data: { shouldRemove: 'm1' } });
		expect(feed.items).toEqual([]);
		await vi.waitFor(() => expect(feed.items.map((i) => i.kind)).toEqual(['command', 'chat']));
		source.emit(chat('m3', 'third'));
		expect(feed.items.map((i) => (i.kind === 'chat' ? i.line.text : i.kind))).toEqual([
			'command',
			'second',
			'third'
		]);
		feed.destroy();
		expect(source.listenerCount()).toBe(0);
	});
	it('takes earlier chat lines (the companion’s history) before the feed comes, and puts them first', async () => {
		const source = fakeSource();
		const feed = new DashboardFeed(source, 5);
		feed.addEarlier([chat('e1', 'said before')]);
		source.emit(chat('m1', 'live'));
		await vi.waitFor(() => expect(feed.items).toHaveLength(2));
		expect(feed.items.map((i) => [i.kind === 'chat' && i.line.text, Boolean(i.earlier)])).toEqual([
			['said before', true],
			['live', false]
		]);
		// Once the feed is in: a line already shown live is not repeated, and keys stay unique.
		feed.addEarlier([
			chat('e0', 'said long ago'),
			chat('m1', 'live'),
			'garbage' as unknown as Envelope
		]);
		expect(feed.items.map((i) => i.kind === 'chat' && i.line.text)).toEqual([
			'said long ago',
			'said before',
			'live'
		]);
		expect(new Set(feed.items.map((i) => i.key)).size).toBe(3);
		feed.destroy();
	});
});

describe('VariableWatcher', () => {
	beforeEach(() => vi.useFakeTimers());
	afterEach(() => vi.useRealTimers());

	it('reads at once, then on the interval', async () => {
		const source = fakeSource();
		const watcher = new VariableWatcher(source, ['deaths', 'wins'], { intervalMs: 1000 });
		const stop = watching(() => watcher.values);
		await vi.advanceTimersByTimeAsync(0);
		expect(source.readVariable).toHaveBeenCalledTimes(2);
		expect(watcher.values).toEqual({ deaths: 1, wins: 1 });
		await vi.advanceTimersByTimeAsync(1000);
		expect(source.readVariable).toHaveBeenCalledTimes(4);
		source.status = 'reconnecting';
		await vi.advanceTimersByTimeAsync(3000);
		expect(source.readVariable).toHaveBeenCalledTimes(4);
		await stop();
		await vi.advanceTimersByTimeAsync(5000);
		expect(source.readVariable).toHaveBeenCalledTimes(4);
		expect(source.listenerCount()).toBe(0);
	});

	it('a poll that finds nothing new leaves its values as they were (nothing redraws), a change replaces them', async () => {
		let goal = { current: 3, target: 10 };
		const source = fakeSource(async () => ({ ok: true, value: structuredClone(goal) }));
		const watcher = new VariableWatcher(source, ['goal'], { intervalMs: 1000 });
		const stop = watching(() => watcher.values);
		await vi.advanceTimersByTimeAsync(0);
		const first = watcher.values;
		await vi.advanceTimersByTimeAsync(1000);
		expect(source.readVariable).toHaveBeenCalledTimes(2);
		expect(watcher.values).toBe(first);
		goal = { current: 4, target: 10 };
		await vi.advanceTimersByTimeAsync(1000);
		expect(watcher.values).not.toBe(first);
		expect(watcher.values).toEqual({ goal: { current: 4, target: 10 } });
		await stop();
	});

	it('re-reads at once on a variable-changed alert naming it, song alerts, own sends and reconnects', async () => {
		const source = fakeSource();
		const watcher = new VariableWatcher(source, ['deaths', 'songrequest_queue'], {
			intervalMs: 60_000
		});
		const stop = watching(() => watcher.values);
		await vi.advanceTimersByTimeAsync(0);
		source.readVariable.mockClear();
		source.emit({
			origin: 'appstream',
			type: 'alert',
			event: 'appstream-variableChanged',
			data: { extraSettings: { variable_name: 'deaths' } }
		});
		await vi.advanceTimersByTimeAsync(0);
		expect(source.readVariable.mock.calls.map((c) => c[0])).toEqual(['deaths']);
		source.emit({
			origin: 'appstream',
			type: 'alert',
			event: 'appstream-variableChanged',
			data: { extraSettings: { variable_name: 'other' } }
		});
		await vi.advanceTimersByTimeAsync(0);
		expect(source.readVariable).toHaveBeenCalledTimes(1);
		source.emit({
			origin: 'music_player',
			type: 'alert',
			event: 'music_player-switchSong',
			data: { dynamic: { value: 'x' } }
		});
		await vi.advanceTimersByTimeAsync(0);
		expect(source.readVariable).toHaveBeenCalledTimes(3);
		const receipt = (type: string, changesValues?: true) =>
			({
				id: 1,
				type,
				transport: 'socket',
				state: 'confirmed',
				label: 'done',
				startedAt: 0,
				changesValues
			}) as Receipt;
		source.receipts.emit(receipt('set-counter-value', true));
		await vi.advanceTimersByTimeAsync(0);
		expect(source.readVariable).toHaveBeenCalledTimes(5);
		source.receipts.emit(receipt('get-variable-value'));
		source.receipts.emit(receipt('clear-chat'));
		await vi.advanceTimersByTimeAsync(0);
		expect(source.readVariable).toHaveBeenCalledTimes(5);
		source.synced.emit();
		await vi.advanceTimersByTimeAsync(0);
		expect(source.readVariable).toHaveBeenCalledTimes(7);
		await stop();
	});

	it('reads once more when a change is announced while that variable is being read', async () => {
		const { source, waiting, answer } = manualSource();
		const watcher = new VariableWatcher(source, ['deaths'], { intervalMs: 60_000 });
		const stop = watching(() => watcher.values);
		await vi.advanceTimersByTimeAsync(0);
		expect(source.readVariable).toHaveBeenCalledTimes(1);
		// The application changes it after it answered the read in flight: two cues, one owed read.
		source.emit(variableChanged('deaths'));
		source.synced.emit();
		await vi.advanceTimersByTimeAsync(0);
		expect(source.readVariable).toHaveBeenCalledTimes(1);
		answer(3);
		await vi.advanceTimersByTimeAsync(0);
		expect(watcher.values.deaths).toBe(3);
		expect(source.readVariable).toHaveBeenCalledTimes(2);
		answer(4);
		await vi.advanceTimersByTimeAsync(0);
		expect(watcher.values.deaths).toBe(4);
		expect(source.readVariable).toHaveBeenCalledTimes(2);
		expect(waiting).toHaveLength(0);
		await stop();
	});

	it('does not owe a read for an interval tick that comes while one is in flight', async () => {
		const { source, answer } = manualSource();
		const watcher = new VariableWatcher(source, ['deaths'], { intervalMs: 100 });
		const stop = watching(() => watcher.values);
		await vi.advanceTimersByTimeAsync(350);
		expect(source.readVariable).toHaveBeenCalledTimes(1);
		answer(1);
		await vi.advanceTimersByTimeAsync(0);
		expect(source.readVariable).toHaveBeenCalledTimes(1);
		await stop();
	});

	it('waits for the sync after open instead of reading while the socket connects', async () => {
		const source = fakeSource();
		source.status = 'connecting';
		const watcher = new VariableWatcher(source, ['deaths', 'wins'], { intervalMs: 1000 });
		const stop = watching(() => watcher.values);
		await vi.advanceTimersByTimeAsync(0);
		expect(source.readVariable).not.toHaveBeenCalled();
		source.setStatus('open');
		await vi.advanceTimersByTimeAsync(0);
		expect(source.readVariable).not.toHaveBeenCalled();
		source.synced.emit();
		await vi.advanceTimersByTimeAsync(0);
		expect(source.readVariable).toHaveBeenCalledTimes(2);
		expect(watcher.values).toEqual({ deaths: 1, wins: 1 });
		await stop();
	});

	it('still reads, over REST, when the socket fails to open', async () => {
		const source = fakeSource();
		source.status = 'connecting';
		const watcher = new VariableWatcher(source, ['deaths'], { intervalMs: 1000 });
		const stop = watching(() => watcher.values);
		source.setStatus('reconnecting');
		await vi.advanceTimersByTimeAsync(0);
		expect(source.readVariable).toHaveBeenCalledTimes(1);
		expect(watcher.values).toEqual({ deaths: 1 });
		// Only the first read is owed to a failed open; polling waits for an open socket.
		source.setStatus('unreachable');
		await vi.advanceTimersByTimeAsync(5000);
		expect(source.readVariable).toHaveBeenCalledTimes(1);
		await stop();
		expect(source.listenerCount()).toBe(0);
	});

	it('keeps errors per variable and does not double a read in flight', async () => {
		let release: (r: VariableRead) => void = () => {};
		const source = fakeSource(() => new Promise((r) => (release = r)));
		const watcher = new VariableWatcher(source, ['x'], { intervalMs: 100 });
		const stop = watching(() => watcher.values);
		await vi.advanceTimersByTimeAsync(350);
		expect(source.readVariable).toHaveBeenCalledTimes(1);
		const { ClientError } = await import('$lib/client/errors');
		release({ ok: false, error: new ClientError({ kind: 'timeout', message: 'late' }) });
		await vi.advanceTimersByTimeAsync(0);
		expect(watcher.errors.x?.kind).toBe('timeout');
		await vi.advanceTimersByTimeAsync(100);
		release({ ok: true, value: 5 });
		await vi.advanceTimersByTimeAsync(0);
		expect(watcher.values.x).toBe(5);
		expect(watcher.errors.x).toBeUndefined();
		await stop();
	});
});

describe('Connection', () => {
	it('reads the client, with premium and states updated live by events, while something watches', async () => {
		const app = fakeApp();
		const client = app.client();
		// The view, with the client's premium and states (the dashboard's: a widget's view has neither)
		// and its change listeners counted, so the test sees them end with the root.
		const view = client.readOnlyView();
		let listening = 0;
		const counted = Object.create(view, {
			premium: { get: () => client.premium },
			states: { get: () => client.states },
			onChange: {
				value: (handler: () => void) => {
					listening++;
					const dispose = view.onChange(handler);
					return () => {
						listening--;
						dispose();
					};
				}
			}
		});
		const state = new Connection(counted);
		const seen: (boolean | undefined)[] = [];
		const stop = watching(() => seen.push(state.premium));
		expect(listening).toBe(1);
		expect(state.status).toBe('stopped');
		await app.connect(client);
		expect(state.status).toBe('open');
		expect(state.meta?.apiVersion).toBe(2);
		expect(state.capabilities?.offered('clear-queue')).toBe(true);
		expect(state.premium).toBe(false);
		expect(state.lightsOn).toBe(true);
		app.ws
			.latest()
			.receive(JSON.stringify({ type: 'premium', origin: 'appstream', data: { premium: true } }));
		expect(state.premium).toBe(true);
		app.ws
			.latest()
			.receive(JSON.stringify({ type: 'states', data: { on: 0, streamMode: 1, fuze: 1 } }));
		expect(state.lightsOn).toBe(false);
		expect(state.streamMode).toBe(true);
		expect(state.fuze).toBe(true);
		app.ws.latest().serverClose(1000);
		expect(state.status).toBe('stopped');
		expect(state.lastError?.kind).toBe('stopped');
		// An effect reading premium re-ran with each change.
		flushSync();
		expect(seen).toContain(true);
		expect(seen.at(-1)).toBe(true);
		// Ending the root ends the subscription: nothing is left listening, and no effect runs again.
		await stop();
		expect(listening).toBe(0);
		const runs = seen.length;
		app.ws
			.latest()
			.receive(JSON.stringify({ type: 'premium', origin: 'appstream', data: { premium: false } }));
		flushSync();
		expect(seen).toHaveLength(runs);
		client.destroy();
	});
});
