import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { ApiSocket } from '$lib/client/socket';
import { ClientMessageSchema } from '$lib/protocol/messages';
import {
	browserWakeSignals,
	pageVisible,
	ReconnectPolicy,
	type ReconnectPolicyOptions
} from '$lib/client/reconnect-policy';
import type { ProbeResult } from '$lib/client/rest';
import { fakeWebSocketClass } from './support/fakes';

function setup(
	probeResult: ProbeResult = 'reachable',
	policy: ReconnectPolicyOptions = {},
	wakeSignals: (wake: () => void) => () => void = () => () => {}
) {
	const ws = fakeWebSocketClass();
	const probe = vi.fn(async () => probeResult);
	const socket = new ApiSocket({
		frame: (message) => v.is(ClientMessageSchema, message),
		url: 'ws://127.0.0.1:39231/api?token=T',
		address: '127.0.0.1:39231',
		WebSocket: ws.Ctor,
		probe,
		// Jitter centred: delays are exactly the nominal ones.
		policy: { random: () => 0.5, ...policy },
		wakeSignals,
		connectionTimeoutMs: 60_000,
		requestTimeoutMs: 3000
	});
	const statuses: string[] = [];
	socket.onStatus((s) => statuses.push(s));
	return { ws, probe, socket, statuses };
}

/** Asserts the next connection attempt happens exactly `ms` after now. */
async function expectAttemptAfter(ws: ReturnType<typeof fakeWebSocketClass>, ms: number) {
	const before = ws.instances.length;
	await vi.advanceTimersByTimeAsync(ms - 1);
	expect(ws.instances.length, `no attempt before ${ms} ms`).toBe(before);
	await vi.advanceTimersByTimeAsync(1);
	expect(ws.instances.length, `an attempt at ${ms} ms`).toBe(before + 1);
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('reconnect policy', () => {
	it('retries slowly on 1000 after open, restarts quickly on 1012, backs off otherwise, capped at 3 s while visible', () => {
		const policy = new ReconnectPolicy({ random: () => 0.5 });
		expect(policy.decide({ code: 1012, opened: true })).toEqual({ kind: 'restart', delayMs: 500 });
		const delays = Array.from({ length: 8 }, () => policy.decide({ code: 1006, opened: false }));
		// Centred jitter: 1 s, 2 s, then the middle of the range just under the 3 s cap (1.8–3 s).
		expect(delays.map((d) => (d.kind === 'backoff' ? d.delayMs : -1))).toEqual([
			1000, 2000, 2400, 2400, 2400, 2400, 2400, 2400
		]);
		policy.opened();
		expect(policy.decide({ code: 1006, opened: true })).toEqual({
			kind: 'backoff',
			delayMs: 1000,
			refused: false
		});
		// A 1000 before open is a failed attempt (some fakes close a connecting socket with 1000), not a switch-off.
		expect(policy.decide({ code: 1000, opened: false }).kind).toBe('backoff');
		// 1000 after open: the interface was switched off. Seconds between attempts, not minutes, and it stays so until an open.
		expect(policy.decide({ code: 1000, opened: true })).toEqual({
			kind: 'switched-off',
			delayMs: 8000
		});
		expect(policy.switchedOff).toBe(true);
		expect(policy.decide({ code: 1006, opened: false })).toEqual({
			kind: 'switched-off',
			delayMs: 8000
		});
		policy.opened();
		expect(policy.switchedOff).toBe(false);
		expect(policy.decide({ code: 1006, opened: false }).kind).toBe('backoff');
	});

	it('spreads delays with jitter, within ±25 % and never above the cap of the moment (3 s visible, 30 s hidden)', () => {
		for (const r of [0, 0.999]) {
			let visible = true;
			const policy = new ReconnectPolicy({ random: () => r, visible: () => visible });
			const delays = Array.from({ length: 10 }, () => policy.decide({ code: 1006, opened: false }));
			for (const d of delays) if (d.kind === 'backoff') expect(d.delayMs).toBeLessThanOrEqual(3000);
			// At the cap the range slides under it instead of piling every client on 3 s.
			expect(new Set(delays.slice(4).map((d) => d.delayMs)).size).toBe(1);
			expect(delays.at(-1)!.delayMs).toBeGreaterThanOrEqual(r === 0 ? 1800 : 2990);
			const first = delays[0]!;
			expect(first.kind === 'backoff' && first.delayMs).toBeGreaterThanOrEqual(750);
			expect(first.kind === 'backoff' && first.delayMs).toBeLessThanOrEqual(1250);
			const restart = policy.decide({ code: 1012, opened: true });
			expect(restart.kind === 'restart' && restart.delayMs).toBeLessThan(1000);
			// Hidden: it may back off further, up to 30 s.
			visible = false;
			const hidden = Array.from(
				{ length: 12 },
				() => policy.decide({ code: 1006, opened: false }).delayMs
			);
			expect(Math.max(...hidden)).toBeLessThanOrEqual(30_000);
			expect(Math.max(...hidden)).toBeGreaterThan(3000);
			// Switched off: 10 s visible, 30 s hidden at most.
			expect(policy.decide({ code: 1000, opened: true }).delayMs).toBeLessThanOrEqual(30_000);
			visible = true;
			const off = policy.decide({ code: 1006, opened: false }).delayMs;
			expect(off).toBeLessThanOrEqual(10_000);
			expect(off).toBeGreaterThanOrEqual(6000);
		}
	});
});

describe('socket close codes', () => {
	it('opens, and on 1000 says the interface was switched off and retries slowly until it opens again', async () => {
		const { ws, socket, statuses } = setup();
		socket.start();
		await vi.advanceTimersByTimeAsync(0);
		ws.latest().open();
		expect(socket.status).toBe('open');
		ws.latest().serverClose(1000);
		expect(socket.status).toBe('stopped');
		expect(socket.lastError?.kind).toBe('stopped');
		expect(socket.lastError?.message).toContain('turned its interface off');
		// Slowly: 8 s (centred jitter of 10 s) between attempts, and still said as switched off after a refused one.
		await expectAttemptAfter(ws, 8000);
		ws.latest().refuse();
		await vi.advanceTimersByTimeAsync(0);
		expect(socket.status).toBe('stopped');
		await expectAttemptAfter(ws, 8000);
		ws.latest().open();
		expect(socket.status).toBe('open');
		expect(statuses).toEqual(['connecting', 'open', 'stopped', 'open']);
		// retry() connects again at once, as "Retry now" does.
		ws.latest().serverClose(1000);
		socket.retry();
		expect(socket.status).toBe('connecting');
		await vi.advanceTimersByTimeAsync(0);
		expect(ws.instances).toHaveLength(4);
		ws.latest().open();
		expect(socket.status).toBe('open');
		socket.stop();
	});

	it('reconnects within a second after 1012', async () => {
		const { ws, socket } = setup();
		socket.start();
		await vi.advanceTimersByTimeAsync(0);
		ws.latest().open();
		ws.latest().serverClose(1012);
		expect(socket.status).toBe('reconnecting');
		await expectAttemptAfter(ws, 500);
		ws.latest().open();
		expect(socket.status).toBe('open');
	});

	it('backs off 1, 2 s then under 3 s on refused attempts while visible, further while hidden, and resets on open', async () => {
		let visible = true;
		const { ws, socket } = setup('reachable', { visible: () => visible });
		socket.start();
		await vi.advanceTimersByTimeAsync(0);
		ws.latest().open();
		ws.latest().serverClose(1006);
		expect(socket.lastError?.message).toBe(
			'The connection to 127.0.0.1:39231 closed (code 1006): reconnecting.'
		);
		for (const delay of [1000, 2000, 2400]) {
			await expectAttemptAfter(ws, delay);
			ws.latest().refuse();
		}
		await expectAttemptAfter(ws, 2400);
		// Hidden (a background tab, a source not on air): the next waits grow past 3 s, up to 30 s.
		visible = false;
		ws.latest().refuse();
		for (const delay of [16_000, 24_000, 24_000]) {
			await expectAttemptAfter(ws, delay);
			ws.latest().refuse();
		}
		await expectAttemptAfter(ws, 24_000);
		visible = true;
		ws.latest().open();
		ws.latest().serverClose(1006);
		await expectAttemptAfter(ws, 1000);
		socket.stop();
	});

	it('tries at once when woken (page visible again, back online), with the backoff reset, and not while open', async () => {
		let wake: () => void = () => {};
		const stopWaking = vi.fn();
		const { ws, socket } = setup('reachable', {}, (w) => {
			wake = w;
			return stopWaking;
		});
		socket.start();
		await vi.advanceTimersByTimeAsync(0);
		ws.latest().open();
		wake();
		await vi.advanceTimersByTimeAsync(0);
		expect(ws.instances).toHaveLength(1);
		ws.latest().serverClose(1006);
		await expectAttemptAfter(ws, 1000);
		ws.latest().refuse();
		await vi.advanceTimersByTimeAsync(500);
		const before = ws.instances.length;
		wake();
		await vi.advanceTimersByTimeAsync(0);
		expect(ws.instances).toHaveLength(before + 1);
		// The backoff starts again from 1 s.
		ws.latest().refuse();
		await expectAttemptAfter(ws, 1000);
		socket.stop();
		expect(stopWaking).toHaveBeenCalled();
	});

	it('tells a rejected token from an unreachable application by probing meta', async () => {
		for (const [probeResult, status] of [
			['unauthorized', 'unauthorized'],
			['unreachable', 'unreachable'],
			['reachable', 'reconnecting']
		] as const) {
			const { ws, socket, probe } = setup(probeResult);
			socket.start();
			await vi.advanceTimersByTimeAsync(0);
			ws.latest().refuse();
			await vi.advanceTimersByTimeAsync(0);
			expect(probe).toHaveBeenCalledTimes(1);
			expect(socket.status).toBe(status);
			if (status === 'unauthorized') expect(socket.lastError?.message).toContain('(401)');
			if (status === 'unreachable')
				expect(socket.lastError?.message).toBe(
					'The application did not answer at 127.0.0.1:39231. Is it running?'
				);
			// It keeps trying: the streamer may fix the token or start the application.
			await expectAttemptAfter(ws, 1000);
			ws.latest().open();
			expect(socket.status).toBe('open');
			expect(socket.lastError).toBeUndefined();
			socket.stop();
		}
	});

	it('a 502 from a server in front (the companion) says the application behind it does not answer', async () => {
		const { ws, socket } = setup('gateway');
		socket.start();
		await vi.advanceTimersByTimeAsync(0);
		ws.latest().refuse();
		await vi.advanceTimersByTimeAsync(0);
		expect(socket.status).toBe('unreachable');
		expect(socket.lastError).toMatchObject({ kind: 'unreachable', status: 502 });
		expect(socket.lastError?.message).toBe(
			'The server at 127.0.0.1:39231 answered, but the application behind it did not. Is the application running?'
		);
		expect(socket.everOpened).toBe(false);
		socket.stop();
	});

	it('keeps reconnecting when a failed socket never reports its close', async () => {
		const { ws, socket, probe } = setup();
		socket.start();
		await vi.advanceTimersByTimeAsync(0);
		const stuck = ws.latest();
		stuck.close = () => {}; // closing it does nothing and no close event ever comes
		// The library gives up on the attempt after its connection timeout (60 s here, +1 ms for its own wait)…
		await vi.advanceTimersByTimeAsync(60_001);
		expect(ws.instances).toHaveLength(1);
		// …and after a 3 s grace for the close event, the policy's first backoff step applies.
		await expectAttemptAfter(ws, 3000 + 1000);
		expect(probe).toHaveBeenCalledTimes(1);
		socket.stop();
	});

	it('reports a command in flight during a drop as lost and never sends it again', async () => {
		const { ws, socket } = setup();
		socket.start();
		await vi.advanceTimersByTimeAsync(0);
		const first = ws.latest();
		first.open();
		const pending = socket.command('clear-queue', {}, true);
		expect(first.sentJson()).toEqual([
			{ type: 'clear-queue', params: {}, context: expect.any(String) }
		]);
		first.serverClose(1012);
		expect(await pending).toEqual({ kind: 'lost' });
		expect(socket.pendingCount).toBe(0);
		await vi.advanceTimersByTimeAsync(1000);
		ws.latest().open();
		await vi.advanceTimersByTimeAsync(60_000);
		expect(ws.latest().sent).toEqual([]);
	});

	it('queues nothing while disconnected', async () => {
		const { ws, socket } = setup();
		socket.start();
		expect(await socket.command('clear-queue', {}, false)).toEqual({ kind: 'not-sent' });
		expect(socket.subscribe(['chat'])).toBe(false);
		await vi.advanceTimersByTimeAsync(0);
		ws.latest().open();
		await vi.advanceTimersByTimeAsync(1000);
		expect(ws.latest().sent).toEqual([]);
	});

	it('settles a command on its reply, by context, and times out otherwise', async () => {
		const { ws, socket } = setup();
		socket.start();
		await vi.advanceTimersByTimeAsync(0);
		const peer = ws.latest();
		peer.open();
		const answered = socket.command('get-variable-value', { name: 'x' }, true);
		const silent = socket.command('get-variable-value', { name: 'y' }, true);
		const [a, b] = peer.sentJson() as { context: string }[];
		peer.receive(
			JSON.stringify({
				event: 'socketapi:response',
				context: b!.context,
				status: 404,
				error: 'nope'
			})
		);
		peer.receive(
			JSON.stringify({ event: 'socketapi:response', context: a!.context, status: 200, message: 3 })
		);
		expect(await answered).toEqual({
			kind: 'response',
			status: 200,
			message: 3,
			error: undefined,
			code: undefined
		});
		expect(await silent).toMatchObject({ kind: 'response', status: 404, error: 'nope' });
		const late = socket.command('clear-queue', {}, true);
		await vi.advanceTimersByTimeAsync(3000);
		expect(await late).toEqual({ kind: 'timeout', afterMs: 3000 });
		peer.receive(JSON.stringify({ event: 'socketapi:response', context: 'unknown', status: 200 }));
		expect(socket.stats.strayReplies).toBe(1);
	});

	it('sends only the three allowed shapes', async () => {
		const { ws, socket } = setup();
		socket.start();
		await vi.advanceTimersByTimeAsync(0);
		const peer = ws.latest();
		peer.open();
		expect(await socket.command('', {}, false)).toEqual({ kind: 'not-sent' });
		expect(await socket.command('x', [] as never, false)).toEqual({ kind: 'not-sent' });
		expect(socket.stats.refusedMessages).toBe(2);
		expect(socket.subscribe(['alert', 'chat'])).toBe(true);
		const retrieved = socket.retrieve(true);
		const frames = peer.sentJson() as Record<string, unknown>[];
		expect(frames[0]).toEqual({ subscribe: ['alert', 'chat'] });
		expect(frames[1]).toEqual({ retrieve: true, slim: true, context: expect.any(String) });
		peer.receive(
			JSON.stringify({
				event: 'socketapi:retrieve',
				context: frames[1]!.context,
				data: { types: [], options: {}, lights: [], premium: true }
			})
		);
		expect((await retrieved).premium).toBe(true);
		peer.receive(JSON.stringify({ event: 'socketapi:subscribed', channels: ['alert', 'chat'] }));
		expect(socket.channels).toEqual(['alert', 'chat']);
	});

	it('counts and drops frames it does not understand', async () => {
		const { ws, socket } = setup();
		const events: unknown[] = [];
		socket.onEvent((e) => events.push(e));
		socket.start();
		await vi.advanceTimersByTimeAsync(0);
		const peer = ws.latest();
		peer.open();
		for (const bad of [
			'not json',
			'[]',
			'{"type":5}',
			new Uint8Array([1]),
			'{"event":"socketapi:nope"}'
		])
			peer.receive(bad);
		peer.receive(JSON.stringify({ origin: 'alpha', type: 'chat', data: {} }));
		expect(socket.stats.invalidFrames).toBe(5);
		expect(events).toHaveLength(1);
	});

	it('counts and drops events of types it does not know, before any listener', async () => {
		const { ws, socket } = setup();
		const events: string[] = [];
		socket.onEvent((e) => events.push(e.type));
		socket.start();
		await vi.advanceTimersByTimeAsync(0);
		const peer = ws.latest();
		peer.open();
		for (const type of ['chat', 'surprise', 'states', '__proto__', 'toString', 'alert', 'Chat'])
			peer.receive(JSON.stringify({ origin: 'alpha', type, data: {} }));
		expect(events).toEqual(['chat', 'states', 'alert']);
		expect(socket.stats.unknownEvents).toBe(4);
		expect(socket.stats.invalidFrames).toBe(0);
	});
});

describe('browserWakeSignals', () => {
	it('wakes when the page becomes visible or the network comes back, and not once stopped', () => {
		const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
		const win = new EventTarget();
		vi.stubGlobal('document', doc);
		vi.stubGlobal('window', win);
		try {
			const wake = vi.fn();
			const stop = browserWakeSignals(wake);
			doc.dispatchEvent(new Event('visibilitychange'));
			expect(wake).not.toHaveBeenCalled();
			doc.visibilityState = 'visible';
			doc.dispatchEvent(new Event('visibilitychange'));
			expect(wake).toHaveBeenCalledTimes(1);
			win.dispatchEvent(new Event('online'));
			expect(wake).toHaveBeenCalledTimes(2);
			// The policy reads the same visibility for its cap.
			expect(pageVisible()).toBe(true);
			stop();
			win.dispatchEvent(new Event('online'));
			doc.dispatchEvent(new Event('visibilitychange'));
			expect(wake).toHaveBeenCalledTimes(2);
		} finally {
			vi.unstubAllGlobals();
		}
	});
});
