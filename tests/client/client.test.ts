import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOG, SEND_TYPES } from '$lib/protocol';
import { checkRead } from '$lib/protocol/read-params';
import { ReadClient } from '$lib/client/read-client';
import { READ_RULES } from '$lib/client/read-rules';
import { readOnlyGate } from '$lib/client/read-only-view';
import { fakeApp } from './support/fake-app';

const destroyers: (() => void)[] = [];
afterEach(() => {
	for (const d of destroyers.splice(0)) d();
});

function setup(profile: 'current' | 'legacy' = 'current', extra = {}) {
	const app = fakeApp({ profile, variables: { deaths: 3 } });
	const client = app.client(extra);
	destroyers.push(() => client.destroy());
	return { app, client };
}

describe('StreamClient', () => {
	it('reads meta, settings and premium after open, and subscribes where it can', async () => {
		const { app, client } = setup('current', { subscribe: ['chat', 'alert'] });
		await app.connect(client);
		expect(client.status).toBe('open');
		expect(client.meta?.apiVersion).toBe(2);
		expect(client.capabilities.known).toBe(true);
		expect(client.setup?.types).toContain('chat-command');
		expect(client.premium).toBe(false);
		expect(client.states).toMatchObject({ on: 1 });
		const frames = app.ws.latest().sentJson();
		// premium and states are always kept, so Connection's premium and flags stay live.
		expect(frames[0]).toEqual({ subscribe: ['chat', 'alert', 'premium', 'states'] });
		expect(frames[1]).toMatchObject({ retrieve: true, slim: true });
	});

	it('asks for meta beside the first attempt, not again at its open, and reads settings and premium side by side', async () => {
		const app = fakeApp({ profile: 'current' });
		let setupWhenPremiumAsked: unknown = 'not asked';
		const client = app.client({
			fetch: (input: RequestInfo | URL, init?: RequestInit) => {
				if (String(input).includes('/api/premium')) setupWhenPremiumAsked = client.setup;
				return app.http.fetch(input, init);
			}
		});
		destroyers.push(() => client.destroy());
		const paths = () => app.http.requests.map((r) => r.path);
		// Ready (what a variable read waits for) as soon as meta is in: not after settings and premium.
		const atReady: unknown[] = [];
		client.onReady(() =>
			atReady.push({
				apiVersion: client.meta?.apiVersion,
				setup: client.setup,
				premium: client.premium
			})
		);
		client.start();
		await vi.waitFor(() => expect(paths()).toEqual(['/api/meta']));
		expect(client.status).toBe('connecting');
		await app.connect(client);
		expect(paths().filter((p) => p === '/api/meta')).toHaveLength(1);
		// Premium was asked for before retrieve's answer came back over the socket.
		expect(setupWhenPremiumAsked).toBeUndefined();
		expect(client.setup?.types).toContain('chat-command');
		expect(client.premium).toBe(false);
		expect(atReady).toEqual([{ apiVersion: 2, setup: undefined, premium: undefined }]);
	});

	it('sends nothing and names the field when params are invalid', async () => {
		const { app, client } = setup();
		await app.connect(client);
		const before = app.ws.latest().sent.length;
		const receipt = await client.send('run-commercial', { duration: 10, platform: 'alpha' });
		expect(receipt).toMatchObject({
			state: 'failed',
			transport: 'none',
			error: { kind: 'invalid-params', field: 'params.duration' }
		});
		expect(app.ws.latest().sent.length).toBe(before);
		expect(app.sendRequests()).toHaveLength(0);
	});

	it('confirms over the socket with ws-command-responses, and labels stream types "sent"', async () => {
		const { app, client } = setup();
		await app.connect(client);
		const updates: string[] = [];
		const receipt = await client.send('clear-queue', undefined, {
			onUpdate: (r) => updates.push(r.state)
		});
		expect(receipt).toMatchObject({ state: 'confirmed', transport: 'socket', label: 'done' });
		expect(updates).toEqual(['sending', 'confirmed']);
		expect((await client.send('clip', { platform: 'alpha' })).label).toBe('sent');
		expect(await client.readVariable('deaths')).toEqual({ ok: true, value: 3 });
		expect(app.sendRequests()).toHaveLength(0);
	});

	it('uses REST on a legacy application and refuses what it does not offer', async () => {
		const { app, client } = setup('legacy');
		await app.connect(client);
		expect(client.meta?.apiVersion).toBe(1);
		expect(await client.send('clear-queue')).toMatchObject({
			state: 'confirmed',
			transport: 'rest'
		});
		const refused = await client.send('create-chatbot-command', { name: 'hi', message: 'hello' });
		expect(refused).toMatchObject({ state: 'failed', error: { kind: 'not-offered' } });
		expect(refused.error?.message).toContain('needs an up-to-date application');
		const kind = await client.send('set-command-state', {
			name: 'x',
			value: false,
			kind: 'alpha-points'
		});
		expect(kind).toMatchObject({ state: 'failed', error: { kind: 'not-offered' } });
		expect(await client.send('set-command-state', { name: 'x', value: false })).toMatchObject({
			state: 'confirmed'
		});
		expect(app.sendRequests().map((r) => (r.body as { type: string }).type)).toEqual([
			'clear-queue',
			'set-command-state'
		]);
		// No subscribe and no command frames on a socket that cannot answer them.
		expect(
			app.ws
				.latest()
				.sentJson()
				.every((f) => (f as object) && 'retrieve' in (f as object))
		).toBe(true);
	});

	it('reports a REST send whose request fails at the network level as unknown, and does not send it again', async () => {
		const app = fakeApp({ profile: 'legacy' });
		const reset = (async (input: RequestInfo | URL, init?: RequestInit) => {
			const answer = await app.http.fetch(input, init);
			// A send reaches the application, then the connection is reset before the answer arrives.
			if (new URL(String(input)).pathname === '/api/send') throw new TypeError('Failed to fetch');
			return answer;
		}) as typeof fetch;
		const client = app.client({ fetch: reset });
		destroyers.push(() => client.destroy());
		await app.connect(client);
		const receipt = await client.send('clear-queue');
		expect(receipt).toMatchObject({
			state: 'unknown',
			label: 'outcome unknown',
			transport: 'rest',
			error: { kind: 'unreachable' }
		});
		expect(receipt.error?.message).toContain('may or may not have run');
		expect(app.sendRequests()).toHaveLength(1);
	});

	it('reads settings over REST where there is no retrieve-slim (a full payload may exceed the frame cap)', async () => {
		const { app, client } = setup('legacy');
		await app.connect(client);
		expect(client.setup?.types).toContain('chat-command');
		await client.retrieve();
		expect(app.ws.latest().sent).toEqual([]);
		expect(app.http.requests.filter((r) => r.path === '/api/retrieve')).toHaveLength(2);
	});

	it('refuses trigger types that are not in this setup', async () => {
		const { app, client } = setup();
		await app.connect(client);
		expect(await client.send('studio-scene', { value: 'Any' })).toMatchObject({
			state: 'failed',
			error: { kind: 'not-offered', message: 'Scene is not available: not in this setup.' }
		});
	});

	it('follows premium and states events live', async () => {
		const { app, client } = setup();
		await app.connect(client);
		const changes: (boolean | undefined)[] = [];
		client.onChange((s) => changes.push(s.premium));
		app.ws
			.latest()
			.receive(JSON.stringify({ type: 'premium', origin: 'appstream', data: { premium: true } }));
		expect(client.premium).toBe(true);
		app.ws
			.latest()
			.receive(JSON.stringify({ type: 'states', data: { on: 0, streamMode: 1, fuze: 0 } }));
		expect(client.states).toMatchObject({ on: 0, streamMode: 1 });
		expect(changes).toContain(true);
	});

	it('keeps premium and states in every narrowed subscription, and an empty one empty', async () => {
		const { app, client } = setup('current', { subscribe: ['alert'] });
		await app.connect(client);
		client.setSubscriptions(['chat']);
		client.setSubscriptions([]);
		const subscribes = app.ws
			.latest()
			.sentJson()
			.filter((f) => 'subscribe' in (f as object));
		expect(subscribes).toEqual([
			{ subscribe: ['alert', 'premium', 'states'] },
			{ subscribe: ['chat', 'premium', 'states'] },
			{ subscribe: [] }
		]);
		app.ws.latest().receive(JSON.stringify({ type: 'states', data: { on: 1, streamMode: 1 } }));
		expect(client.states).toMatchObject({ streamMode: 1 });
	});

	it('takes premium from /api/premium and its event where the feature exists, not from retrieve', async () => {
		const { app, client } = setup();
		await app.connect(client);
		expect(client.premium).toBe(false);
		app.ws
			.latest()
			.receive(JSON.stringify({ type: 'premium', origin: 'appstream', data: { premium: true } }));
		expect(client.premium).toBe(true);
		// The settings payload still says false: it must not undo the event.
		const settings = await client.retrieve();
		expect(settings.premium).toBe(false);
		expect(client.premium).toBe(true);
	});

	it('takes premium from retrieve where there is no premium feature', async () => {
		const { app, client } = setup('legacy');
		await app.connect(client);
		expect(client.premium).toBe(false);
		app.ws
			.latest()
			.receive(JSON.stringify({ type: 'premium', origin: 'appstream', data: { premium: true } }));
		expect(client.premium).toBe(true);
		await client.retrieve();
		expect(client.premium).toBe(false);
	});

	it('passes events to type and wildcard handlers, and disposers detach them', async () => {
		const { app, client } = setup();
		await app.connect(client);
		const chat = vi.fn();
		const all = vi.fn();
		const off = client.on('chat', chat);
		client.on('*', all);
		app.ws.latest().receive(JSON.stringify({ origin: 'alpha', type: 'chat', data: {} }));
		off();
		app.ws.latest().receive(JSON.stringify({ origin: 'alpha', type: 'chat', data: {} }));
		expect(chat).toHaveBeenCalledTimes(1);
		expect(all).toHaveBeenCalledTimes(2);
		const unknown = vi.fn();
		client.on('surprise', unknown);
		app.ws.latest().receive(JSON.stringify({ origin: 'alpha', type: 'surprise', data: {} }));
		expect(all).toHaveBeenCalledTimes(2);
		expect(unknown).not.toHaveBeenCalled();
		expect(client.socketStats.unknownEvents).toBe(1);
	});
});

describe('read-only view', () => {
	it('has no way to send, and is frozen', async () => {
		const { app, client } = setup();
		await app.connect(client);
		const view = client.readOnlyView();
		expect(Object.isFrozen(view)).toBe(true);
		const keys = Object.keys(view);
		for (const forbidden of ['send', 'client', 'socket', 'rest', 'command', 'setSubscriptions'])
			expect(keys).not.toContain(forbidden);
		expect((view as unknown as Record<string, unknown>).send).toBeUndefined();
		expect(() => Object.assign(view, { send: () => 0 })).toThrow();
		expect(await view.readVariable('deaths')).toEqual({ ok: true, value: 3 });
		expect(view.status).toBe('open');
	});

	it('gates every send type the catalog does not mark read-only', async () => {
		const sender = vi.fn(async () => ({ ok: true as const, value: 1 }));
		const gate = readOnlyGate(sender);
		const writers = SEND_TYPES.filter((t) => !CATALOG[t].readOnly);
		expect(writers.length).toBeGreaterThan(60);
		for (const type of [...writers, 'no-such-type', '__proto__']) {
			const result = await gate(type, {});
			expect(result).toMatchObject({ ok: false, error: { kind: 'not-offered' } });
		}
		expect(sender).not.toHaveBeenCalled();
		await gate('get-variable-value', { name: 'x' });
		expect(sender).toHaveBeenCalledTimes(1);
	});

	it('a read-only client refuses every changing type before the wire', async () => {
		const { app, client } = setup('current', { readOnly: true });
		await app.connect(client);
		const framesBefore = app.ws.latest().sent.length;
		for (const type of SEND_TYPES.filter((t) => !CATALOG[t].readOnly)) {
			const receipt = await client.send(type, { value: 'x', name: 'x', platform: 'alpha' });
			expect(receipt.state).toBe('failed');
		}
		expect(app.ws.latest().sent.length).toBe(framesBefore);
		expect(app.sendRequests()).toHaveLength(0);
		expect(await client.readVariable('deaths')).toEqual({ ok: true, value: 3 });
	});

	it('a widget’s ReadClient, knowing the reads alone, reads and narrows like the full client and refuses the rest before the wire', async () => {
		for (const profile of ['current', 'legacy'] as const) {
			const app = fakeApp({ profile, variables: { deaths: 3 } });
			const client = new ReadClient({
				connection: { token: 'T', host: '127.0.0.1', port: 39231, secure: false },
				fetch: app.http.fetch,
				WebSocket: app.ws.Ctor,
				subscribe: ['alert'],
				check: checkRead
			});
			destroyers.push(() => client.destroy());
			await app.connect(client);
			expect(client.capabilities.known).toBe(true);
			expect(client.capabilities.has('ws-subscriptions')).toBe(profile === 'current');
			// Its own types only: premium and the states flags are the dashboard's client's.
			if (profile === 'current')
				expect(app.ws.latest().sentJson()[0]).toEqual({ subscribe: ['alert'] });
			expect(await client.readVariable('deaths')).toEqual({ ok: true, value: 3 });
			const framesBefore = app.ws.latest().sent.length;
			const requestsBefore = app.sendRequests().length;
			// A ReadClient has no `send` (no receipts): its one way out is `read`.
			expect('send' in client).toBe(false);
			for (const type of [...SEND_TYPES.filter((t) => !CATALOG[t].readOnly), 'no-such-type']) {
				const result = await client.read(type, { value: 'x', name: 'x', platform: 'alpha' });
				expect(result).toMatchObject({ ok: false });
			}
			expect(app.ws.latest().sent.length).toBe(framesBefore);
			expect(app.sendRequests()).toHaveLength(requestsBefore);
			// The action catalog needs name-validation, which the legacy application lacks.
			const catalog = await client.read('get-action-catalog');
			if (profile === 'legacy')
				expect(catalog).toMatchObject({
					ok: false,
					error: { kind: 'not-offered', message: expect.stringContaining('up-to-date') }
				});
			else expect(catalog.ok || catalog.error.kind !== 'not-offered').toBe(true);
		}
	});

	it('a ReadClient’s socket lets out only reads, retrieve and subscribe', () => {
		expect(
			READ_RULES.frame({ type: 'get-variable-value', params: { name: 'x' }, context: 1 })
		).toBe(true);
		expect(READ_RULES.frame({ retrieve: true, slim: true, context: 'c' })).toBe(true);
		expect(READ_RULES.frame({ subscribe: ['alert'] })).toBe(true);
		for (const type of ['clear-queue', 'update-variable-value', '', 'no-such-type'])
			expect(READ_RULES.frame({ type, params: { name: 'x' } })).toBe(false);
	});
});
