/**
 * Restarts, stops, refused upgrades and drops, against the real simulator over real sockets. In the
 * browser-compiled project because a VariableWatcher only watches while an effect reads it.
 */
import { checkSend } from '$lib/protocol/send';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { VariableWatcher } from '$lib/client/state/variable-watcher.svelte';
import type { WebSocketConstructor } from '$lib/client/socket';
import { StreamClient } from '$lib/client/client';
import { watching } from './watch.svelte';
import {
	closedPort,
	nextSync,
	simRig,
	waitFor,
	NodeWebSocket,
	type Profile
} from '../client/support/sim-rig';

describe.each<Profile>(['current', 'legacy'])('reconnecting to the %s simulator', (profile) => {
	let rig: Awaited<ReturnType<typeof simRig>>;
	beforeAll(async () => {
		rig = await simRig(profile);
	});
	afterAll(() => rig.close());

	it('comes back in under 1.5 s after a restart (1012) and reads state again', async () => {
		const client = rig.makeClient({ subscribe: ['alert'] });
		await rig.connect(client);
		const watcher = new VariableWatcher(client.readOnlyView(), ['deaths'], { intervalMs: 60_000 });
		// Shown on screen: an effect reads it, so it watches until the effect root is destroyed.
		const unwatch = watching(() => watcher.values);
		await waitFor(() => watcher.values.deaths !== undefined, 'the first read');
		const statuses: string[] = [];
		let reopenedAt = 0;
		client.onStatus((s) => {
			statuses.push(s);
			if (s === 'open') reopenedAt = performance.now();
		});
		rig.sim.clearLog();
		const resynced = nextSync(client);
		const restartedAt = performance.now();
		rig.sim.restart();
		await resynced;
		expect(statuses).toEqual(['reconnecting', 'open']);
		expect(reopenedAt - restartedAt).toBeLessThan(1500);
		await waitFor(
			() => rig.log().some((e) => e.type === 'get-variable-value'),
			'the watched variable to be read again'
		);
		const log = rig.log();
		expect(log.some((e) => e.path === '/api' && e.status === 101)).toBe(true);
		expect(log.some((e) => e.transport === 'http' && e.path === '/api/meta')).toBe(true);
		// Settings over the socket where slim exists, over REST elsewhere (a full payload may exceed the frame cap).
		if (profile === 'current')
			expect(log.some((e) => e.transport === 'ws' && e.note?.startsWith('retrieve'))).toBe(true);
		else expect(log.some((e) => e.transport === 'http' && e.path === '/api/retrieve')).toBe(true);
		if (profile === 'current') {
			expect(log.some((e) => e.path === '/api/premium')).toBe(true);
			expect(log.some((e) => e.note === 'subscribe')).toBe(true);
		}
		await unwatch();
		client.destroy();
	});

	it('on 1000 says the interface is off and does not hurry back, and connects again at once on retry()', async () => {
		const client = await rig.connect(rig.makeClient());
		rig.sim.clearLog();
		rig.sim.stopApi();
		await waitFor(() => client.status === 'stopped', 'the stopped state');
		expect(client.lastError).toMatchObject({ kind: 'stopped' });
		expect(client.lastError?.message).toContain('turned its interface off');
		// Longer than the first backoff step (at most 1.25 s), shorter than the switched-off pace (6–10 s): no upgrade may be attempted.
		await new Promise((r) => setTimeout(r, 2000));
		expect(rig.log().filter((e) => e.path === '/api')).toEqual([]);
		rig.sim.startApi();
		const synced = nextSync(client);
		client.retry();
		await synced;
		expect(client.status).toBe('open');
		expect(client.lastError).toBeUndefined();
		client.destroy();
	});

	it('after 1000 comes back by itself once the interface is switched on again (slowly: seconds, not minutes)', async () => {
		const client = await rig.connect(
			rig.makeClient({ policy: { switchedOffDelayMs: { visible: 400, hidden: 400 } } })
		);
		rig.sim.stopApi();
		await waitFor(() => client.status === 'stopped', 'the stopped state');
		const synced = nextSync(client);
		rig.sim.startApi();
		await synced;
		expect(client.status).toBe('open');
		client.destroy();
	});

	it('tells a rejected token from an unreachable application', async () => {
		const wrong = new StreamClient({
			check: checkSend,
			connection: { token: 'wrong-token', host: '127.0.0.1', port: rig.server.port, secure: false },
			WebSocket: NodeWebSocket
		});
		wrong.start();
		await waitFor(() => wrong.status === 'unauthorized', 'the unauthorized state');
		expect(wrong.lastError?.message).toContain('(401)');
		wrong.destroy();
		const port = await closedPort();
		const nobody = new StreamClient({
			check: checkSend,
			connection: { token: rig.token, host: '127.0.0.1', port, secure: false },
			WebSocket: NodeWebSocket
		});
		nobody.start();
		await waitFor(() => nobody.status === 'unreachable', 'the unreachable state');
		expect(nobody.lastError?.message).toBe(
			`The application did not answer at 127.0.0.1:${port}. Is it running?`
		);
		// fetch cannot tell a refused connection from one reset after the request went out: never "failed".
		const receipt = await nobody.send('clear-queue');
		expect(receipt).toMatchObject({ state: 'unknown', error: { kind: 'unreachable' } });
		nobody.destroy();
	});
});

describe('a command in flight when the socket drops', () => {
	let rig: Awaited<ReturnType<typeof simRig>>;
	beforeAll(async () => {
		rig = await simRig('current');
	});
	afterAll(() => rig.close());

	it('is reported unknown and reaches the application once only', async () => {
		// The network loses the reply: the command runs on the application, the answer never arrives.
		let loseReplies = false;
		type Listener = (event: { data?: unknown }) => void;
		const LossyWebSocket = function (url: string) {
			const ws = new WebSocket(url);
			const add = ws.addEventListener.bind(ws) as unknown as (
				type: string,
				listener: Listener
			) => void;
			const lossy =
				(listener: Listener): Listener =>
				(event) => {
					if (!(loseReplies && String(event.data).includes('socketapi:response'))) listener(event);
				};
			return Object.assign(ws, {
				addEventListener: (type: string, listener: Listener) =>
					add(type, type === 'message' ? lossy(listener) : listener)
			});
		} as unknown as WebSocketConstructor;
		const client = await rig.connect(
			rig.makeClient({ WebSocket: LossyWebSocket, requestTimeoutMs: 15_000 })
		);
		rig.sim.clearLog();
		loseReplies = true;
		const pending = client.send('set-counter-value', { name: 'inflight', value: 5 });
		await waitFor(
			() => rig.log().some((e) => e.type === 'set-counter-value'),
			'the command to arrive'
		);
		const resynced = nextSync(client);
		rig.sim.restart();
		const receipt = await pending;
		expect(receipt).toMatchObject({
			state: 'unknown',
			label: 'outcome unknown',
			transport: 'socket'
		});
		expect(receipt.error?.message).toContain('may or may not have run');
		loseReplies = false;
		await resynced;
		// After the reconnect the client reads state; it must not send the command again by itself.
		expect(await client.readVariable('inflight')).toEqual({ ok: true, value: 5 });
		expect(rig.log().filter((e) => e.type === 'set-counter-value')).toHaveLength(1);
		client.destroy();
	});
});

describe('a REST send in flight when the legacy application restarts', () => {
	let rig: Awaited<ReturnType<typeof simRig>>;
	beforeAll(async () => {
		rig = await simRig('legacy');
	});
	afterAll(() => rig.close());

	it('is reported unknown and reaches the application once only', async () => {
		// The application gets the request and runs it, then restarts: the connection is reset before the answer.
		let resetSends = false;
		const resetting = (async (input: RequestInfo | URL, init?: RequestInit) => {
			const answer = await fetch(input, init);
			if (resetSends && new URL(String(input)).pathname === '/api/send') {
				await answer.body?.cancel();
				rig.sim.restart();
				throw new TypeError('fetch failed');
			}
			return answer;
		}) as typeof fetch;
		const client = await rig.connect(rig.makeClient({ fetch: resetting }));
		expect(client.capabilities.has('ws-command-responses')).toBe(false);
		rig.sim.clearLog();
		resetSends = true;
		const resynced = nextSync(client);
		const receipt = await client.send('set-counter-value', { name: 'inflight-rest', value: 7 });
		expect(receipt).toMatchObject({
			state: 'unknown',
			label: 'outcome unknown',
			transport: 'rest',
			error: { kind: 'unreachable' }
		});
		expect(receipt.error?.message).toContain('may or may not have run');
		resetSends = false;
		await resynced;
		// After the reconnect the client reads state; it must not send the command again by itself.
		expect(await client.readVariable('inflight-rest')).toEqual({ ok: true, value: 7 });
		expect(rig.log().filter((e) => e.type === 'set-counter-value')).toHaveLength(1);
		client.destroy();
	});
});
