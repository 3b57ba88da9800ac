/**
 * Contract: the websocket (Events; protocol facts §3) over a real `ws` client: connect and refused
 * upgrades, command responses, retrieve, subscriptions and the filter, pushed events, close codes
 * and keepalive, in both profiles.
 */
import { describe, expect, it } from 'vitest';
import { OK, PROFILES, TOKEN, useSim, type Api } from './harness';

const isEvent = (type: string) => (f: Record<string, unknown>) => f.type === type;

async function badRequests(
	api: Api
): Promise<{ frame?: unknown; status: number; note?: string }[]> {
	const log = (await api.control('requests')).json as {
		requests: { transport: string; frame?: unknown; status: number; note?: string }[];
	};
	return log.requests.filter((r) => r.transport === 'ws' && r.note?.startsWith('bad API request'));
}

/** Reads a variable over the socket where commands are answered (current), else over REST (legacy). */
async function readOverSocketOrRest(
	api: Api,
	s: Awaited<ReturnType<Api['socket']>>,
	legacy: boolean
): Promise<unknown> {
	if (legacy) {
		expect(
			await s.repliesAfter({
				type: 'get-variable-value',
				params: { name: 'deaths' },
				context: 'read'
			})
		).toEqual([]);
		return api.variable('deaths');
	}
	return (await s.command('get-variable-value', { name: 'deaths' })).message;
}

describe.each(PROFILES)('websocket connection (%s)', (profile) => {
	const sim = useSim(profile);
	const legacy = profile === 'legacy';

	it('connects with ?token= and an optional name, or with a Bearer header', async () => {
		const plain = await sim.api.socket();
		const named = await sim.api.socket(`token=${TOKEN}&name=Deck`);
		const bearer = await sim.api.socket('', { headers: { Authorization: `Bearer ${TOKEN}` } });
		const clients = ((await sim.api.control('state')).json as { clients: { name?: string }[] })
			.clients;
		expect(clients.map((c) => c.name ?? null)).toEqual([null, 'Deck', null]);
		for (const s of [plain, named, bearer]) s.close();
	});

	it.each([
		['a wrong token', 'token=wrong'],
		['no token', ''],
		['an empty token', 'token=']
	])('refuses the upgrade with 401 for %s', async (_what, query) => {
		await expect(sim.api.socket(query)).rejects.toEqual(
			Object.assign(new Error('upgrade refused with 401'), { status: 401 })
		);
		expect((await sim.api.get('/api/retrieve')).status).toBe(200);
	});

	it('closes every socket with 1012 on restart; a client may reconnect at once', async () => {
		const a = await sim.api.socket();
		const b = await sim.api.socket();
		await sim.api.control('restart', {});
		expect(await a.closed).toEqual({ code: 1012, reason: 'API restarting' });
		expect(await b.closed).toEqual({ code: 1012, reason: 'API restarting' });
		const again = await sim.api.socket();
		expect(await readOverSocketOrRest(sim.api, again, legacy)).toBe(7);
	});

	it('closes every socket with 1000 on an API stop; upgrades are refused until started', async () => {
		const s = await sim.api.socket();
		await sim.api.control('stop', {});
		expect(await s.closed).toEqual({ code: 1000, reason: 'API stopped' });
		await expect(sim.api.socket()).rejects.toEqual(
			Object.assign(new Error('upgrade refused with 401'), { status: 401 })
		);
		await sim.api.control('start', {});
		expect(await readOverSocketOrRest(sim.api, await sim.api.socket(), legacy)).toBe(7);
	});
});

describe('websocket messages (current)', () => {
	const sim = useSim('current');

	it('answers a command carrying a context with socketapi:response', async () => {
		const s = await sim.api.socket();
		expect(await s.command('chat-command', { value: 'lurk' }, 42)).toEqual({
			event: 'socketapi:response',
			context: 42,
			status: 200,
			message: true
		});
		expect(await s.command('get-variable-value', { name: 'deaths' }, 'ctx-a')).toEqual({
			event: 'socketapi:response',
			context: 'ctx-a',
			status: 200,
			message: 7
		});
		expect(await s.command('get-variable-value', { name: 'unknown_var' }, 'ctx-b')).toEqual({
			event: 'socketapi:response',
			context: 'ctx-b',
			status: 200
		});
		s.send({
			type: 'get-loyalty-points',
			params: { username: 'moss_moth', platform: 'alpha' },
			context: { any: ['json'] }
		});
		expect(
			await s.next((f) => f.event === 'socketapi:response' && typeof f.context === 'object')
		).toEqual({
			event: 'socketapi:response',
			context: { any: ['json'] },
			status: 200,
			message: 1520
		});
	});

	it('answers failures with status, error and the structured code', async () => {
		const s = await sim.api.socket();
		expect(await s.command('chat-command', { value: 'nope' }, 1)).toEqual({
			event: 'socketapi:response',
			context: 1,
			status: 404,
			error: 'No chat-command named "nope" exists. Call GET /api/retrieve to list valid values.',
			code: 'not_found'
		});
		expect(await s.command('chat-command', { value: 'rave' }, 2)).toEqual({
			event: 'socketapi:response',
			context: 2,
			status: 409,
			error: 'The chat-command "rave" is disabled.',
			code: 'command_disabled'
		});
		expect(await s.command('brew-tea', {}, 3)).toEqual({
			event: 'socketapi:response',
			context: 3,
			status: 400,
			error:
				'type "brew-tea" is not a valid send type. Call GET /api/retrieve to list valid types.',
			code: 'unknown_type'
		});
		expect(await s.command('chat-command', {}, 4)).toEqual({
			event: 'socketapi:response',
			context: 4,
			status: 400,
			error: 'params.value is required'
		});
		expect(await s.command('run-actions', { actions: [{ base: 'app', type: 'code' }] }, 5)).toEqual(
			{
				event: 'socketapi:response',
				context: 5,
				status: 403,
				error:
					'params.actions[0] action type "code" is blocked; put it in a command and trigger that command instead',
				code: 'action_not_allowed'
			}
		);
	});

	it('answers a command without context with one reply that has no context (facts §3.3: one reply per command)', async () => {
		const s = await sim.api.socket();
		expect(
			await s.repliesAfter({ type: 'set-counter-value', params: { name: 'wins', value: 11 } })
		).toEqual([{ event: 'socketapi:response', status: 200, message: true }]);
		expect(await sim.api.variable('wins')).toBe(11);
		expect(await s.repliesAfter({ type: 'get-variable-value', params: { name: 'nope' } })).toEqual([
			{ event: 'socketapi:response', status: 200 }
		]);
		expect(await s.repliesAfter({ type: 'set-counter-value', params: { name: 'wins' } })).toEqual([
			{ event: 'socketapi:response', status: 400, error: 'params.value is required' }
		]);
	});

	it('answers {retrieve: true} with socketapi:retrieve, states included, slim honoured', async () => {
		const s = await sim.api.socket();
		s.send({ retrieve: true, context: 'r1' });
		const full = await s.next((f) => f.context === 'r1');
		const rest = ((await sim.api.get('/api/retrieve')).json as { data: unknown }).data;
		expect(full).toEqual({ event: 'socketapi:retrieve', context: 'r1', data: rest });
		s.send({ retrieve: true, slim: true, context: 'r2' });
		const slim = (await s.next((f) => f.context === 'r2')) as {
			data: { options: Record<string, unknown>; states: unknown };
		};
		expect(slim.data.options.overlays).toEqual({ count: 2 });
		expect(slim.data.states).toEqual({ on: 1, streamMode: 1, fuze: 0, listenId: 'alpha-1000001' });
		s.send({ retrieve: true });
		const bare = await s.next((f) => f.event === 'socketapi:retrieve');
		expect('context' in bare).toBe(false);
	});

	it('acknowledges a subscription, filters pushed envelopes by type, and never filters replies', async () => {
		const s = await sim.api.socket();
		s.send({ subscribe: ['alert', 'states'], context: 'sub' });
		expect(await s.next((f) => f.event === 'socketapi:subscribed')).toEqual({
			event: 'socketapi:subscribed',
			channels: ['alert', 'states'],
			context: 'sub'
		});
		await sim.api.control('emit', {
			type: 'chat',
			origin: 'alpha',
			data: { message: 'filtered out' }
		});
		await sim.api.control('emit', {
			type: 'alert',
			origin: 'alpha',
			event: 'alpha-follower',
			data: { dynamic: { value: 'x' } }
		});
		const delivered = await s.next(isEvent('alert'));
		expect(delivered).toEqual({
			type: 'alert',
			origin: 'alpha',
			event: 'alpha-follower',
			data: { dynamic: { value: 'x' } }
		});
		expect(s.frames.some((f) => f.type === 'chat')).toBe(false);
		expect(await s.command('get-variable-value', { name: 'deaths' }, 'reply')).toEqual({
			event: 'socketapi:response',
			context: 'reply',
			status: 200,
			message: 7
		});
		s.send({ subscribe: [], context: 'all' });
		expect(await s.next((f) => f.event === 'socketapi:subscribed')).toEqual({
			event: 'socketapi:subscribed',
			channels: 'all',
			context: 'all'
		});
		await sim.api.control('emit', {
			type: 'chat',
			origin: 'alpha',
			data: { message: 'now delivered' }
		});
		expect((await s.next(isEvent('chat'))).data).toEqual({ message: 'now delivered' });
	});

	it('treats any other frame as a bad API request: logged, never answered', async () => {
		const s = await sim.api.socket();
		for (const frame of [
			'not json',
			'[1,2]',
			'42',
			'{"hello":"there"}',
			'{"type":5}',
			'{"subscribe":"alert"}',
			'{"retrieve":"yes"}'
		])
			expect(await s.repliesAfter(frame)).toEqual([]);
		const bad = await badRequests(sim.api);
		expect(bad.map((b) => [b.status, b.frame, b.note])).toEqual([
			[400, 'not json', 'bad API request: not JSON'],
			[400, [1, 2], 'bad API request: not a JSON object'],
			[400, 42, 'bad API request: not a JSON object'],
			[400, { hello: 'there' }, 'bad API request: neither a command, a retrieve nor a subscribe'],
			[400, { type: 5 }, 'bad API request: neither a command, a retrieve nor a subscribe'],
			[400, { subscribe: 'alert' }, 'bad API request: subscribe must be a list of event types'],
			[400, { retrieve: 'yes' }, 'bad API request: neither a command, a retrieve nor a subscribe']
		]);
	});
});

describe.each(PROFILES)('pushed events (%s)', (profile) => {
	const sim = useSim(profile);

	it('pushes a states event when on, streamMode or fuze change (and only then)', async () => {
		const s = await sim.api.socket();
		await sim.api.send('toggle-stream-mode', { value: false });
		expect(await s.next(isEvent('states'))).toEqual({
			type: 'states',
			data: { on: 1, streamMode: 0, fuze: 0, listenId: 'alpha-1000001' }
		});
		await sim.api.send('stop-app');
		const states = (on: number, streamMode: number, fuze: number) => ({
			type: 'states',
			data: { on, streamMode, fuze, listenId: 'alpha-1000001' }
		});
		expect(await s.next(isEvent('states'))).toEqual(states(0, 0, 0));
		await sim.api.send('start-app', { value: true });
		expect(await s.next(isEvent('states'))).toEqual(states(1, 0, 0));
		await sim.api.send('stop-fuze');
		expect(await s.next(isEvent('states'))).toEqual(states(1, 0, 1));
		await sim.api.send('start-fuze', { value: false });
		expect(await s.next(isEvent('states'))).toEqual(states(1, 0, 0));
		expect(await s.repliesAfter({ type: 'set-app', params: { value: true } })).toEqual(
			profile === 'current' ? [{ event: 'socketapi:response', status: 200, message: true }] : []
		);
		expect(s.frames.filter(isEvent('states'))).toHaveLength(5);
	});

	it('pushes an alert sent while stream mode is on, with its origin from the key', async () => {
		const s = await sim.api.socket();
		await sim.api.send('alert', {
			value: 'alpha-bits',
			extraSettings: { username: 'moss_moth', amount: 500 }
		});
		const alert = (await s.next(isEvent('alert'))) as {
			origin: string;
			event: string;
			data: { dynamic: unknown; replay: boolean; extraSettings: Record<string, unknown> };
		};
		expect([alert.origin, alert.event, alert.data.replay, alert.data.dynamic]).toEqual([
			'alpha',
			'alpha-bits',
			false,
			{ value: 500, username: 'moss_moth' }
		]);
		// Exactly what the request sent (plus the time stamps): no other person's name mixed in.
		expect(alert.data.extraSettings).toEqual({
			username: 'moss_moth',
			amount: 500,
			time: expect.stringMatching(/^\d\d:\d\d:\d\d$/),
			timestamp: expect.any(Number)
		});
		await sim.api.send('alert', {
			value: 'music_player-switchSong',
			extraSettings: { username: 'x' }
		});
		expect((await s.next(isEvent('alert'))).origin).toBe('music_player');
	});

	it("an alert sent without extraSettings is the streamer's; with a name, only that name", async () => {
		const s = await sim.api.socket();
		await sim.api.send('alert', { value: 'alpha-follower' });
		const own = (await s.next(isEvent('alert'))) as {
			data: { extraSettings: Record<string, unknown> };
		};
		expect(own.data.extraSettings).toMatchObject({
			username: 'pixelpanda',
			displayname: 'PixelPanda'
		});
		await sim.api.send('alert', {
			value: 'alpha-follower',
			extraSettings: { displayname: 'Moss_Moth' }
		});
		const theirs = (await s.next(isEvent('alert'))) as {
			data: { extraSettings: Record<string, unknown> };
		};
		expect(theirs.data.extraSettings).toEqual({
			displayname: 'Moss_Moth',
			time: expect.any(String),
			timestamp: expect.any(Number)
		});
	});

	it('translate-message posts the translation: for the named user by the bot, else as the streamer', async () => {
		const s = await sim.api.socket();
		const line = async () =>
			(await s.next(isEvent('chat'))) as {
				data: { message: string; extraSettings: { username: string } };
			};
		expect(
			(
				await sim.api.send('translate-message', {
					value: 'hola',
					username: 'moss_moth',
					language: 'en',
					platform: 'alpha'
				})
			).json
		).toEqual(OK);
		expect((await line()).data).toMatchObject({
			message: '[en] moss_moth: hola',
			extraSettings: { username: 'pandabot', displayname: 'PandaBot' }
		});
		expect(
			(
				await sim.api.send('translate-message', {
					value: 'bonjour',
					language: 'en',
					platform: 'alpha'
				})
			).json
		).toEqual(OK);
		expect((await line()).data).toMatchObject({
			message: '[en] bonjour',
			extraSettings: {
				username: 'pixelpanda',
				displayname: 'PixelPanda',
				userLevels: expect.objectContaining({ broadcaster: true })
			}
		});
	});

	it('pushes no alert while stream mode is off, nor for an alert the setup does not enable', async () => {
		const s = await sim.api.socket();
		expect((await sim.api.send('alert', { value: 'beta-superchat' })).json).toEqual(OK);
		await sim.api.send('toggle-stream-mode', { value: false });
		await s.next(isEvent('states'));
		await s.repliesAfter({ type: 'alert', params: { value: 'alpha-follower' } });
		expect(s.frames.some((f) => f.type === 'alert')).toBe(false);
	});

	it('pushes a command event when a command is triggered, and the bot reply of a chatbot command', async () => {
		const s = await sim.api.socket();
		await sim.api.send('chat-command', { value: 'lurk', extraSettings: { username: 'moss_moth' } });
		const command = (await s.next(isEvent('command'))) as {
			data: { username: string; command: string };
		};
		expect([command.data.username, command.data.command]).toEqual(['moss_moth', 'lurk']);
		await sim.api.send('chatbot-command', { value: 'deaths' });
		const reply = (await s.next(isEvent('chat'))) as {
			origin: string;
			data: { message: string; extraSettings: { username: string } };
		};
		expect([reply.origin, reply.data.message, reply.data.extraSettings.username]).toEqual([
			'alpha',
			'The streamer has died 7 times.',
			'pandabot'
		]);
	});

	it('pushes a chat event from the bot for chatbot-message, on each connected chat when no platform is given', async () => {
		const s = await sim.api.socket();
		await sim.api.send('chatbot-message', { value: 'Hello {{streamer}}', platform: 'gamma' });
		const one = (await s.next(isEvent('chat'))) as { origin: string; data: { message: string } };
		expect([one.origin, one.data.message]).toEqual(['gamma', 'Hello PixelPanda']);
		await sim.api.send('chatbot-message', { value: 'everyone' });
		const origins = [
			(await s.next(isEvent('chat'))).origin,
			(await s.next(isEvent('chat'))).origin
		];
		expect(origins).toEqual(['alpha', 'gamma']);
	});

	it('pushes appstream-variableChanged when a variable changes while stream mode is on', async () => {
		const s = await sim.api.socket();
		await sim.api.send('update-variable-value', { name: 'deaths', value: '+1' });
		const alert = (await s.next((f) => f.event === 'appstream-variableChanged')) as {
			origin: string;
			data: { extraSettings: Record<string, unknown> };
		};
		expect(alert.origin).toBe('appstream');
		expect(alert.data.extraSettings).toEqual(
			expect.objectContaining({
				variable_name: 'deaths',
				variable_value: 8,
				variable_previous_value: 7
			})
		);
	});

	it('pushes any envelope injected through /__sim/emit as is', async () => {
		const s = await sim.api.socket();
		const envelope = {
			origin: 'alpha',
			type: 'chat',
			data: { shouldRemove: 'm-1', extraSettings: { time: '12:00:00', timestamp: 1 } }
		};
		expect((await sim.api.control('emit', envelope)).json).toEqual({ ok: true });
		expect(await s.next(isEvent('chat'))).toEqual(envelope);
		const bad = await sim.api.control('emit', { data: 1 });
		expect([bad.status, bad.json]).toEqual([
			400,
			{ status: 400, message: 'body must be an event envelope {type, origin?, event?, data?}' }
		]);
	});
});

describe('premium event (current)', () => {
	const sim = useSim('current');

	it('pushes a premium event on every re-check', async () => {
		const s = await sim.api.socket();
		await sim.api.control('premium', { premium: true });
		expect(await s.next(isEvent('premium'))).toEqual({
			origin: 'appstream',
			type: 'premium',
			data: { premium: true }
		});
		await sim.api.control('premium', { premium: true });
		expect(await s.next(isEvent('premium'))).toEqual({
			origin: 'appstream',
			type: 'premium',
			data: { premium: true }
		});
	});
});

describe('keepalive (current)', () => {
	// Client and server share this process: a 40 ms interval would drop the client whenever a loaded
	// machine stalls the process for one interval, so the answering case uses 500 ms (the app uses 30 s).
	const sim = useSim('current', { pingIntervalMs: 500 });

	it('pings at the protocol level; a client that answers stays connected', async () => {
		const s = await sim.api.socket();
		let closed: { code: number } | undefined;
		void s.closed.then((c) => (closed = c));
		while (s.pings < 3 && !closed) await new Promise((r) => setTimeout(r, 20));
		expect(closed).toBeUndefined();
		expect((await s.command('get-variable-value', { name: 'deaths' })).message).toBe(7);
	});
});

describe('keepalive (current), silent client', () => {
	const sim = useSim('current', { pingIntervalMs: 40 });

	it('drops a client that stops answering pings', async () => {
		const silent = await sim.api.socket(`token=${TOKEN}`, { autoPong: false });
		expect((await silent.closed).code).toBe(1006);
	});
});

describe('websocket (legacy)', () => {
	const sim = useSim('legacy', { pingIntervalMs: 20 });

	it('runs commands fire-and-forget: no reply even with a context', async () => {
		const s = await sim.api.socket();
		expect(
			await s.repliesAfter({
				type: 'set-counter-value',
				params: { name: 'wins', value: 5 },
				context: 9
			})
		).toEqual([]);
		expect(
			await s.repliesAfter({ type: 'chat-command', params: { value: 'nope' }, context: 10 })
		).toEqual([]);
		expect(await sim.api.variable('wins')).toBe(5);
	});

	it('answers retrieve with the full payload, slim ignored', async () => {
		const s = await sim.api.socket();
		s.send({ retrieve: true, slim: true, context: 'r' });
		const reply = (await s.next((f) => f.context === 'r')) as {
			data: { options: Record<string, unknown> };
		};
		expect(Array.isArray(reply.data.options.overlays)).toBe(true);
	});

	it('treats subscribe as a bad request and keeps pushing everything', async () => {
		const s = await sim.api.socket();
		expect(await s.repliesAfter({ subscribe: ['alert'], context: 's' })).toEqual([]);
		expect((await badRequests(sim.api)).at(-1)).toMatchObject({
			status: 400,
			note: 'bad API request: subscribe is not supported by this version'
		});
		await sim.api.control('emit', {
			type: 'chat',
			origin: 'alpha',
			data: { message: 'still here' }
		});
		expect((await s.next(isEvent('chat'))).data).toEqual({ message: 'still here' });
	});

	it('sends no pings and keeps a silent client', async () => {
		const silent = await sim.api.socket(`token=${TOKEN}`, { autoPong: false });
		await new Promise((r) => setTimeout(r, 150));
		silent.send({ retrieve: true, context: 'still-open' });
		expect((await silent.next((f) => f.context === 'still-open')).event).toBe('socketapi:retrieve');
		expect(silent.pings).toBe(0);
	});

	it('does not push the premium event (no premium feature)', async () => {
		const s = await sim.api.socket();
		await sim.api.control('premium', { premium: true });
		s.send({ retrieve: true, context: 'after-premium' });
		await s.next((f) => f.context === 'after-premium');
		expect(s.frames.some((f) => f.type === 'premium')).toBe(false);
	});
});

describe('websocket features switched off one by one (current)', () => {
	describe('without ws-command-responses and ws-subscriptions', () => {
		const sim = useSim('current', {
			disabledFeatures: ['ws-command-responses', 'ws-subscriptions']
		});

		it('runs commands without replying, and treats subscribe as a bad request', async () => {
			const s = await sim.api.socket();
			expect(
				await s.repliesAfter({
					type: 'set-counter-value',
					params: { name: 'wins', value: 8 },
					context: 1
				})
			).toEqual([]);
			expect(await sim.api.variable('wins')).toBe(8);
			expect(await s.repliesAfter({ subscribe: ['alert'], context: 2 })).toEqual([]);
			expect((await badRequests(sim.api)).at(-1)).toMatchObject({
				status: 400,
				note: 'bad API request: subscribe is not supported by this version'
			});
		});
	});

	describe('without ws-keepalive', () => {
		const sim = useSim('current', { disabledFeatures: ['ws-keepalive'], pingIntervalMs: 20 });

		it('sends no pings and keeps a silent client', async () => {
			const silent = await sim.api.socket(`token=${TOKEN}`, { autoPong: false });
			await new Promise((r) => setTimeout(r, 150));
			expect((await silent.command('get-variable-value', { name: 'deaths' })).message).toBe(7);
			expect(silent.pings).toBe(0);
		});
	});
});
