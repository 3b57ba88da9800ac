/** The simulator's own control surface under /__sim/ (not part of the interface): token, routes, bad input. */
import { describe, expect, it } from 'vitest';
import { useSim } from './harness';

describe('control surface /__sim/', () => {
	const sim = useSim('current');

	it('requires the token', async () => {
		const answer = await sim.api.request('/__sim/requests', { token: 'wrong' });
		expect([answer.status, answer.json]).toEqual([
			401,
			{ status: 401, code: 'unauthorized', message: 'token required' }
		]);
	});

	it('reads the request log since a sequence number, and clears it', async () => {
		await sim.api.send('chat-command', { value: 'lurk' });
		await sim.api.send('get-variable-value', { name: 'deaths' });
		const all = (await sim.api.control('requests')).json as {
			requests: { seq: number; type?: string; status: number; path?: string }[];
		};
		expect(all.requests.map((r) => [r.type, r.status, r.path])).toEqual([
			['chat-command', 200, '/api/send'],
			['get-variable-value', 200, '/api/send']
		]);
		const since = (await sim.api.get(`/__sim/requests?since=${all.requests[0]!.seq}`)).json as {
			requests: { type?: string }[];
		};
		expect(since.requests.map((r) => r.type)).toEqual(['get-variable-value']);
		expect((await sim.api.control('clear-log', {})).json).toEqual({ ok: true });
		expect(((await sim.api.control('requests')).json as { requests: unknown[] }).requests).toEqual(
			[]
		);
	});

	it('switches demo traffic on and off', async () => {
		expect((await sim.api.control('demo', { on: true })).json).toEqual({ ok: true, demo: true });
		expect(((await sim.api.control('state')).json as { demo: boolean }).demo).toBe(true);
		expect((await sim.api.control('demo', { on: false })).json).toEqual({ ok: true, demo: false });
	});

	it.each([
		['premium', '{"premium":"yes"}', 'body must be {"premium": true|false}'],
		['demo', '{"on":1}', 'body must be {"on": true|false}'],
		['emit', '[]', 'body must be an event envelope {type, origin?, event?, data?}'],
		['emit', '{not json', 'body is not valid JSON'],
		['emit-raw', '{"frames":"x"}', 'body must be {"frames": ["<text frame>", ...]}'],
		[
			'fail-next',
			'{"type":"tts","status":200,"message":"x"}',
			'body must be {"type": "<send type>", "status": 400-599, "message": "<text>", "code"?: "<error code>"}'
		]
	])('POST /__sim/%s with %s answers a clear 400', async (route, body, message) => {
		const answer = await sim.api.post(`/__sim/${route}`, body);
		expect([answer.status, answer.json]).toEqual([400, { status: 400, message }]);
	});

	it('pushes raw frames as given to every socket, whatever it subscribed to', async () => {
		const subscribed = await sim.api.socket();
		subscribed.send({ subscribe: ['alert'] });
		await subscribed.next((f) => f.event === 'socketapi:subscribed');
		const frames = [
			'{"type":"chat","data":{"message":5}}',
			'{"event":"socketapi:response","context":"nobody","status":"bad"}'
		];
		expect((await sim.api.control('emit-raw', { frames })).json).toEqual({
			ok: true,
			delivered: [1, 1]
		});
		expect(await subscribed.next((f) => f.type === 'chat')).toEqual(JSON.parse(frames[0]!));
		expect(await subscribed.next((f) => f.context === 'nobody')).toEqual(JSON.parse(frames[1]!));
	});

	it('makes the next send of a type fail with the chosen message, once, over REST and the websocket', async () => {
		expect(
			(
				await sim.api.control('fail-next', {
					type: 'chat-command',
					status: 409,
					code: 'command_disabled',
					message: 'chosen <b>text</b>'
				})
			).json
		).toEqual({ ok: true });
		await sim.api.control('fail-next', {
			type: 'tts',
			status: 500,
			message: 'socket failure text'
		});
		const rest = await sim.api.send('chat-command', { value: 'lurk' });
		expect([rest.status, rest.json]).toEqual([
			409,
			{ status: 409, code: 'command_disabled', message: 'chosen <b>text</b>' }
		]);
		expect((await sim.api.send('chat-command', { value: 'lurk' })).status).toBe(200);
		const s = await sim.api.socket();
		expect(await s.command('tts', { value: 'hello' }, 'f1')).toEqual({
			event: 'socketapi:response',
			context: 'f1',
			status: 500,
			error: 'socket failure text'
		});
		expect(await s.command('tts', { value: 'hello' }, 'f2')).toEqual({
			event: 'socketapi:response',
			context: 'f2',
			status: 200,
			message: true
		});
	});

	it('answers 404 for an unknown route', async () => {
		const answer = await sim.api.control('nothing', {});
		expect([answer.status, answer.json]).toEqual([
			404,
			{ status: 404, message: 'no control route POST /__sim/nothing' }
		]);
	});
});

describe('malformed upgrades', () => {
	const sim = useSim('current');

	it('a handshake ws rejects leaves no connection behind, and the server keeps serving', async () => {
		const { request } = await import('node:http');
		const url = new URL(sim.api.url);
		const status = await new Promise<number>((resolve) => {
			const req = request({
				host: url.hostname,
				port: url.port,
				path: '/api?token=contract-token-7f3a',
				headers: {
					Connection: 'Upgrade',
					Upgrade: 'websocket',
					'Sec-WebSocket-Version': '13',
					'Sec-WebSocket-Key': 'not-a-valid-key'
				}
			});
			req.on('response', (res) => resolve(res.statusCode ?? 0));
			req.on('error', () => resolve(-1));
			req.end();
		});
		expect(status).toBe(400);
		const clients = async () =>
			((await sim.api.control('state')).json as { clients: unknown[] }).clients;
		for (let i = 0; i < 100 && (await clients()).length > 0; i++)
			await new Promise((r) => setTimeout(r, 20));
		expect(await clients()).toEqual([]);
		expect((await sim.api.get('/api/retrieve')).status).toBe(200);
	});
});
