/**
 * run-actions is answered only when the whole list has finished (spec; facts §5.12), so its request
 * timeout is the usual one plus the list's waits: a routine still inside its waits is never reported
 * as timed out, over the websocket or over REST.
 */
import { checkSend } from '$lib/protocol/send';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StreamClient } from '$lib/client/client';
import type { Receipt } from '$lib/client/receipts';
import { CURRENT_META, SETTINGS_DATA, fakeWebSocketClass, type FakeSocket } from './support/fakes';

const say = { base: 'app', type: 'chatbot', value: { message: 'hi' } };
const TIMEOUT = 8000;

/** An application that answers everything at once except run-actions, which it answers when told. */
function slowApp() {
	const held: (() => void)[] = [];
	const reply = (socket: FakeSocket, frame: object) =>
		setTimeout(() => socket.readyState === 1 && socket.receive(JSON.stringify(frame)), 0);
	const ws = fakeWebSocketClass((data, socket) => {
		const m = JSON.parse(data) as {
			type?: string;
			context?: string;
			retrieve?: boolean;
			subscribe?: string[];
		};
		if (m.retrieve)
			reply(socket, { event: 'socketapi:retrieve', context: m.context, data: SETTINGS_DATA });
		else if (m.subscribe)
			reply(socket, { event: 'socketapi:subscribed', channels: m.subscribe, context: m.context });
		else if (m.type === 'run-actions')
			held.push(() =>
				reply(socket, {
					event: 'socketapi:response',
					context: m.context,
					status: 200,
					message: true
				})
			);
		else if (m.type)
			reply(socket, {
				event: 'socketapi:response',
				context: m.context,
				status: 200,
				message: true
			});
	});
	const json = (body: object) => new Response(JSON.stringify(body), { status: 200 });
	const restSends: unknown[] = [];
	const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
		const path = new URL(String(input)).pathname;
		if (path === '/api/meta') return json(CURRENT_META);
		if (path === '/api/premium') return json({ status: 200, data: { premium: false } });
		if (path === '/api/retrieve') return json({ status: 200, data: SETTINGS_DATA });
		const body = JSON.parse(String(init?.body)) as { type: string };
		restSends.push(body);
		if (body.type !== 'run-actions') return json({ status: 200, message: true });
		return new Promise<Response>((resolve, reject) => {
			held.push(() => resolve(json({ status: 200, message: true })));
			init?.signal?.addEventListener('abort', () =>
				reject(new DOMException('aborted', 'AbortError'))
			);
		});
	}) as typeof fetch;
	const connect = async (commands: 'socket' | 'rest') => {
		const client = new StreamClient({
			check: checkSend,
			connection: { token: 'T', host: '127.0.0.1', port: 39231, secure: false },
			fetch: fetchFn,
			WebSocket: ws.Ctor,
			commands,
			requestTimeoutMs: TIMEOUT
		});
		let synced = false;
		client.onSynced(() => (synced = true));
		client.start();
		await vi.advanceTimersByTimeAsync(0);
		ws.latest().open();
		for (let i = 0; i < 20 && !synced; i++) await vi.advanceTimersByTimeAsync(1);
		expect(synced).toBe(true);
		return client;
	};
	/** Answers the oldest held run-actions request. */
	const finish = () => held.shift()!();
	return { connect, finish, held, restSends, ws };
}

/** Sends and follows the receipt without awaiting it. */
function follow(client: StreamClient, actions: unknown[]) {
	let receipt: Receipt | undefined;
	const done = client.send('run-actions', { actions }).then((r) => (receipt = r));
	return {
		done,
		get receipt() {
			return receipt;
		}
	};
}

let clients: StreamClient[] = [];
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
	for (const c of clients) c.destroy();
	clients = [];
	vi.useRealTimers();
});

describe.each(['socket', 'rest'] as const)('run-actions timeout over %s', (transport) => {
	it('waits out a 12 s delay and reports done when the list finishes', async () => {
		const app = slowApp();
		const client = await app.connect(transport);
		clients.push(client);
		const run = follow(client, [say, { type: 'delay', delay: 12_000 }, say]);
		await vi.advanceTimersByTimeAsync(TIMEOUT + 12_000 - 1);
		expect(run.receipt, 'still running inside its waits plus the margin').toBeUndefined();
		expect(app.held).toHaveLength(1);
		app.finish();
		await vi.advanceTimersByTimeAsync(1);
		await run.done;
		expect(run.receipt).toMatchObject({ state: 'confirmed', transport, label: 'done' });
	});

	it('counts `duration` in place of `delay` and waits inside branches', async () => {
		const app = slowApp();
		const client = await app.connect(transport);
		clients.push(client);
		const branch = { type: 'conditional', value: { then: [{ type: 'delay', delay: 5000 }] } };
		const run = follow(client, [{ type: 'delay', duration: 4000 }, branch]);
		await vi.advanceTimersByTimeAsync(TIMEOUT + 9000 - 1);
		expect(run.receipt).toBeUndefined();
		await vi.advanceTimersByTimeAsync(1);
		await run.done;
		expect(run.receipt).toMatchObject({
			state: 'unknown',
			error: { kind: 'timeout', message: 'The application did not answer within 17 s.' }
		});
	});

	it('still times out after the usual time when the list has no waits, and an inline delay is not a wait', async () => {
		const app = slowApp();
		const client = await app.connect(transport);
		clients.push(client);
		const run = follow(client, [{ ...say, delay: 30_000 }]);
		await vi.advanceTimersByTimeAsync(TIMEOUT);
		await run.done;
		expect(run.receipt).toMatchObject({
			state: 'unknown',
			error: { kind: 'timeout', message: 'The application did not answer within 8 s.' }
		});
	});

	it('sends exactly the list it was given', async () => {
		const app = slowApp();
		const client = await app.connect(transport);
		clients.push(client);
		const actions = [say, { type: 'delay', delay: 12_000 }];
		const run = follow(client, actions);
		await vi.advanceTimersByTimeAsync(0);
		app.finish();
		await vi.advanceTimersByTimeAsync(1);
		await run.done;
		const sent =
			transport === 'rest'
				? app.restSends
				: app.ws
						.latest()
						.sentJson()
						.filter((f) => (f as { type?: string }).type === 'run-actions');
		expect(sent).toEqual([expect.objectContaining({ type: 'run-actions', params: { actions } })]);
	});
});
