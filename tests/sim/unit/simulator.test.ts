/** The Simulator class driven directly: fake peers, an injected clock, fake timers for the demo. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOG_CAPACITY, ManualClock, Simulator, featuresFor, type SimPeer } from '$lib/sim';
import { LIMITS } from '$lib/protocol/limits';
import { FEATURES } from '$lib/protocol';

const TOKEN = 'unit-token-123';

class FakePeer implements SimPeer {
	readonly sent: Record<string, unknown>[] = [];
	closedWith?: { code: number; reason?: string };
	send(text: string) {
		this.sent.push(JSON.parse(text) as Record<string, unknown>);
	}
	close(code: number, reason?: string) {
		this.closedWith = { code, reason };
	}
	ofType(type: string) {
		return this.sent.filter((f) => f.type === type);
	}
}

function setup(
	opts: { profile?: 'current' | 'legacy'; now?: () => number; clock?: ManualClock } = {}
) {
	const sim = new Simulator({ token: TOKEN, random: () => 0.42, ...opts });
	const query = (extra = '') => new URLSearchParams(`token=${TOKEN}${extra}`);
	const http = (method: string, path: string, body = '', q = query()) =>
		sim.handleHttp({ method, path, query: q, headers: {}, body });
	const send = async (type: string, params?: unknown) => {
		const res = await http(
			'POST',
			'/api/send',
			JSON.stringify(params === undefined ? { type } : { type, params })
		);
		return {
			status: res.status,
			body: res.headers['Content-Type']?.startsWith('application/json')
				? (JSON.parse(res.body) as Record<string, unknown>)
				: res.body
		};
	};
	const variable = async (name: string) =>
		((await send('get-variable-value', { name })).body as { message?: unknown }).message;
	const connect = (q = query()) => {
		const peer = new FakePeer();
		const conn = sim.connect(q, peer);
		if ('refused' in conn) throw new Error('refused');
		return { peer, conn };
	};
	return { sim, http, send, variable, connect, query };
}

describe('features and profiles', () => {
	it('current has every feature, legacy none, and single features can be switched off', async () => {
		expect(featuresFor('current')).toEqual([...FEATURES]);
		expect(featuresFor('legacy')).toEqual([]);
		expect(featuresFor('current', ['mcp', 'premium'])).toEqual(
			FEATURES.filter((f) => f !== 'mcp' && f !== 'premium')
		);
		expect(new Simulator({ token: 't', profile: 'legacy' }).features).toEqual([]);
	});

	it('refuses to start without a token', async () => {
		expect(() => new Simulator({ token: '' })).toThrow('the simulator needs a token');
	});
});

describe('authentication', () => {
	it('takes the token from the query or a Bearer header, in any header case', async () => {
		const { sim } = setup();
		const ask = async (query: string, headers: Record<string, string>) =>
			(
				await sim.handleHttp({
					method: 'GET',
					path: '/api/retrieve',
					query: new URLSearchParams(query),
					headers,
					body: ''
				})
			).status;
		expect(await ask(`token=${TOKEN}`, {})).toBe(200);
		expect(await ask('', { authorization: `Bearer ${TOKEN}` })).toBe(200);
		expect(await ask('', { Authorization: `bearer ${TOKEN}` })).toBe(200);
		expect(await ask('', { authorization: `Basic ${TOKEN}` })).toBe(401);
		expect(await ask('token=nope', {})).toBe(401);
	});

	it('refuses a socket with a wrong token and logs the refusal', async () => {
		const { sim } = setup();
		expect(sim.connect(new URLSearchParams('token=nope'), new FakePeer())).toEqual({
			refused: 401
		});
		expect(sim.requestLog.at(-1)).toMatchObject({
			transport: 'ws',
			status: 401,
			note: 'upgrade refused: bad token'
		});
	});

	it('never writes the token into the request log', async () => {
		const { sim, send, connect } = setup();
		await send('chat-command', { value: 'lurk' });
		connect().conn.receive(JSON.stringify({ type: 'to-default' }));
		expect(JSON.stringify(sim.requestLog)).not.toContain(TOKEN);
	});
});

describe('sockets', () => {
	it('pushes envelopes to every socket, honouring each subscription', async () => {
		const { sim, connect } = setup();
		const all = connect();
		const alerts = connect();
		alerts.conn.receive(JSON.stringify({ subscribe: ['alert'] }));
		sim.emit({ type: 'chat', data: { message: 'hi' } });
		sim.emit({ type: 'alert', event: 'alpha-follower' });
		expect(all.peer.sent.map((f) => f.type)).toEqual(['chat', 'alert']);
		expect(alerts.peer.sent.filter((f) => f.type).map((f) => f.type)).toEqual(['alert']);
	});

	it('stops pushing to a closed connection', async () => {
		const { sim, connect } = setup();
		const { peer, conn } = connect();
		conn.close();
		sim.emit({ type: 'chat' });
		expect(peer.sent).toEqual([]);
		expect(sim.clients).toEqual([]);
	});

	it('restart closes with 1012; stopApi with 1000 and refuses HTTP and sockets until startApi', async () => {
		const { sim, http, connect, query } = setup();
		const a = connect();
		sim.restart();
		expect(a.peer.closedWith).toEqual({ code: 1012, reason: 'API restarting' });
		const b = connect();
		sim.stopApi();
		expect(b.peer.closedWith).toEqual({ code: 1000, reason: 'API stopped' });
		expect((await http('GET', '/api/retrieve')).status).toBe(401);
		expect(sim.connect(query(), new FakePeer())).toEqual({ refused: 401 });
		sim.startApi();
		expect((await http('GET', '/api/retrieve')).status).toBe(200);
	});

	it('setPremium and recheckPremium push the premium event; legacy pushes none', async () => {
		const { sim, connect } = setup();
		const { peer } = connect();
		sim.setPremium(true);
		sim.recheckPremium();
		expect(peer.ofType('premium')).toEqual([
			{ origin: 'appstream', type: 'premium', data: { premium: true } },
			{ origin: 'appstream', type: 'premium', data: { premium: true } }
		]);
		const legacy = setup({ profile: 'legacy' });
		const quiet = legacy.connect();
		legacy.sim.setPremium(true);
		expect(quiet.peer.ofType('premium')).toEqual([]);
	});
});

describe('request log', () => {
	it('keeps the last 5,000 requests with increasing sequence numbers', async () => {
		const { sim, send } = setup();
		for (let i = 0; i < LOG_CAPACITY + 50; i++) await send('clear-cooldowns');
		expect(sim.requestLog).toHaveLength(LOG_CAPACITY);
		expect(sim.requestLog[0]!.seq).toBe(51);
		expect(sim.requestsSince(LOG_CAPACITY + 45).map((r) => r.seq)).toEqual([
			5046, 5047, 5048, 5049, 5050
		]);
		sim.clearLog();
		expect(sim.requestLog).toEqual([]);
	});

	it('stores big params as a short preview', async () => {
		const { sim, send } = setup();
		await send('tts', { value: 'x'.repeat(50_000) });
		expect(sim.requestLog.at(-1)!.params).toMatchObject({ truncated: true, chars: 50_012 });
	});

	it('records the platform outcome of acknowledged-only types', async () => {
		const { sim, send } = setup();
		expect(await send('run-commercial', { duration: 5, platform: 'alpha' })).toEqual({
			status: 200,
			body: { message: true, status: 200 }
		});
		expect(sim.requestLog.at(-1)).toMatchObject({
			type: 'run-commercial',
			status: 200,
			platformOutcome: 'refused by the platform: params.duration must be between 30 and 180 s'
		});
	});
});

describe('time-driven state (injected clock)', () => {
	it('advances to the next song when the one playing ends, and interpolates progress', async () => {
		let now = 1_000_000;
		const { send, variable } = setup({ now: () => now });
		expect(await variable('songrequest_now_playing_title')).toBe('Midnight Arcade');
		now += 100_000;
		await send('song-request', { action: 'pause' });
		expect(await variable('music_player_now_playing_progress')).toBe(100);
		expect(await variable('music_player_now_playing_progress_ts')).toBe(now);
		await send('song-request', { action: 'play' });
		now += 114_000 + 10_000;
		expect(await variable('songrequest_now_playing_title')).toBe('Paper Boats');
		expect(await variable('music_player_now_playing_progress_ts')).toBe(now - 10_000);
	});

	it('a poll past its duration is COMPLETED and can no longer be ended', async () => {
		let now = 5_000;
		const { sim, send } = setup({ now: () => now });
		await send('create-poll', { name: 'Q', value: 'a,b', duration: 15, platform: 'alpha' });
		now += 15_000;
		await send('end-poll', { platform: 'alpha' });
		expect(sim.requestLog.at(-1)!.platformOutcome).toBe(
			'refused by alpha: no active poll created through the service'
		);
		expect(sim.snapshot().poll).toMatchObject({ status: 'COMPLETED' });
	});

	it('a prediction past its duration is LOCKED and can still be resolved', async () => {
		let now = 5_000;
		const { sim, send } = setup({ now: () => now });
		await send('create-prediction', { name: 'Q', value: 'a,b', duration: 30, platform: 'alpha' });
		now += 31_000;
		expect(sim.snapshot().prediction).toMatchObject({ status: 'LOCKED' });
		await send('end-prediction', { value: 'B', platform: 'alpha' });
		expect(sim.snapshot().prediction).toMatchObject({ status: 'RESOLVED', winner: 'b' });
	});
});

describe('run-actions waits on the injected clock', () => {
	const say = (message: string) => ({
		base: 'app',
		type: 'chatbot',
		value: { message, platform: 'alpha' }
	});
	const lines = (peer: FakePeer) =>
		peer.ofType('chat').map((f) => (f.data as { message: string }).message);
	/** Starts a send without awaiting it, and tells whether it has answered yet. */
	function start(
		send: (type: string, params?: unknown) => Promise<unknown>,
		type: string,
		params: unknown
	) {
		const state: { answer?: unknown } = {};
		const promise = send(type, params).then((answer) => (state.answer = answer));
		return {
			promise,
			get answered() {
				return state.answer !== undefined;
			},
			get answer() {
				return state.answer;
			}
		};
	}

	it('answers over REST only when the list has finished, the steps after a delay running after it', async () => {
		const clock = new ManualClock();
		const { sim, send, connect } = setup({ clock });
		const { peer } = connect();
		const run = start(send, 'run-actions', {
			actions: [say('one'), { type: 'delay', delay: 5000 }, say('two')]
		});
		await clock.advance(4999);
		expect(run.answered).toBe(false);
		expect(lines(peer)).toEqual(['one']);
		expect(sim.requestLog.some((r) => r.type === 'run-actions')).toBe(false);
		await clock.advance(1);
		await run.promise;
		expect(run.answer).toEqual({ status: 200, body: { message: true, status: 200 } });
		expect(lines(peer)).toEqual(['one', 'two']);
		expect(sim.requestLog.at(-1)).toMatchObject({
			type: 'run-actions',
			status: 200,
			note: expect.stringContaining('delay 5000 ms')
		});
	});

	it('takes duration in place of delay, and numeric strings; an inline delay on another action is not applied', async () => {
		const clock = new ManualClock();
		const { send } = setup({ clock });
		const byDuration = start(send, 'run-actions', { actions: [{ type: 'delay', duration: 3000 }] });
		const byString = start(send, 'run-actions', { actions: [{ type: 'delay', delay: '2000' }] });
		const inline = await send('run-actions', { actions: [{ ...say('now'), delay: 9000 }] });
		expect(inline).toEqual({ status: 200, body: { message: true, status: 200 } });
		await clock.advance(1999);
		expect([byDuration.answered, byString.answered]).toEqual([false, false]);
		await clock.advance(1);
		await byString.promise;
		expect(byDuration.answered).toBe(false);
		await clock.advance(1000);
		await byDuration.promise;
		expect(clock.pending).toBe(0);
	});

	it('waits on delays nested inside control-flow branches, and stop ends the whole list', async () => {
		const clock = new ManualClock();
		const { send, connect } = setup({ clock });
		const { peer } = connect();
		const nested = {
			type: 'conditional',
			then: [{ type: 'loop', body: [{ type: 'delay', delay: 4000 }, say('inner')] }]
		};
		const run = start(send, 'run-actions', {
			actions: [nested, say('after'), { type: 'stop' }, say('never')]
		});
		await clock.advance(3999);
		expect(run.answered).toBe(false);
		expect(lines(peer)).toEqual([]);
		await clock.advance(1);
		await run.promise;
		expect(lines(peer)).toEqual(['inner', 'after']);
	});

	it(`cuts the waits of one list at ${LIMITS.runActionsMaxWaitMs} ms in all, and says so in the log`, async () => {
		const clock = new ManualClock();
		const { sim, send } = setup({ clock });
		const run = start(send, 'run-actions', {
			actions: [
				{ type: 'delay', delay: 40_000 },
				{ type: 'delay', delay: 40_000 },
				{ type: 'delay', delay: 40_000 }
			]
		});
		await clock.advance(LIMITS.runActionsMaxWaitMs - 1);
		expect(run.answered).toBe(false);
		await clock.advance(1);
		await run.promise;
		expect(sim.requestLog.at(-1)!.note).toContain(
			`delay 40000 ms cut to 20000 ms (the ${LIMITS.runActionsMaxWaitMs} ms cap on waits); delay 40000 ms cut to 0 ms`
		);
	});

	it('replies on the websocket when the list has finished; a list without waits replies at once', async () => {
		const clock = new ManualClock();
		const { connect } = setup({ clock });
		const { peer, conn } = connect();
		const replies = () => peer.sent.filter((f) => f.event === 'socketapi:response');
		conn.receive(
			JSON.stringify({
				type: 'run-actions',
				params: { actions: [{ type: 'delay', delay: 1000 }] },
				context: 'slow'
			})
		);
		conn.receive(
			JSON.stringify({ type: 'run-actions', params: { actions: [say('quick')] }, context: 'quick' })
		);
		expect(replies()).toEqual([
			{ event: 'socketapi:response', context: 'quick', status: 200, message: true }
		]);
		await clock.advance(1000);
		expect(replies().map((r) => r.context)).toEqual(['quick', 'slow']);
	});
});

describe('lint notes and strict mode', () => {
	it('a lenient request is answered and logged with its lint note; onLog sees it; strict answers 400', async () => {
		const seen: string[][] = [];
		const sim = new Simulator({ token: TOKEN, onLog: (e) => e.lint && seen.push(e.lint) });
		const body = JSON.stringify({
			type: 'set-counter-value',
			params: { name: 'wins', value: '4' }
		});
		const post = (s: Simulator) =>
			s.handleHttp({
				method: 'POST',
				path: '/api/send',
				query: new URLSearchParams(`token=${TOKEN}`),
				headers: {},
				body
			});
		expect((await post(sim)).status).toBe(200);
		const note =
			'params.value is a numeric string; the application reads it as a number (send a JSON number)';
		expect(sim.requestLog.at(-1)).toMatchObject({
			type: 'set-counter-value',
			status: 200,
			lint: [note]
		});
		expect(seen).toEqual([[note]]);
		const strict = new Simulator({ token: TOKEN, strict: true });
		const refused = await post(strict);
		expect([refused.status, refused.body]).toEqual([
			400,
			`${note} (refused: the simulator runs in strict mode)`
		]);
		expect(strict.requestLog.at(-1)).toMatchObject({ status: 400, lint: [note] });
	});

	it('strict mode refuses an undocumented type and a missing coordinate with 400 naming the field', async () => {
		const strict = new Simulator({ token: TOKEN, strict: true });
		const post = (type: string, params: unknown) =>
			strict.handleHttp({
				method: 'POST',
				path: '/api/send',
				query: new URLSearchParams(`token=${TOKEN}`),
				headers: {},
				body: JSON.stringify({ type, params })
			});
		const hud = await post('hud-toggle', {});
		expect([hud.status, hud.body]).toEqual([
			400,
			'type "hud-toggle" is not in the spec; the application accepts it (protocol facts §5.11) (refused: the simulator runs in strict mode)'
		]);
		const layer = await post('overlay-set-layer-position', { layer: 'layer-chat', x: 1 });
		expect([layer.status, layer.body]).toEqual([
			400,
			'params.y is missing; the application answers success and stores the literal string "undefined" (send a number) (refused: the simulator runs in strict mode)'
		]);
		expect(strict.snapshot().hud).toEqual({ visible: false });
	});

	it('a websocket command relying on leniency is logged with its lint note too', () => {
		const sim = new Simulator({ token: TOKEN });
		const peer = new FakePeer();
		const conn = sim.connect(new URLSearchParams(`token=${TOKEN}`), peer);
		if ('refused' in conn) throw new Error('refused');
		conn.receive(
			JSON.stringify({ type: 'chat-command', params: { value: 'lurk', colour: 'red' }, context: 1 })
		);
		expect(peer.sent.at(-1)).toEqual({
			event: 'socketapi:response',
			context: 1,
			status: 200,
			message: true
		});
		expect(sim.requestLog.at(-1)!.lint).toEqual([
			'params.colour is not a documented field of this type; the application ignores it'
		]);
	});
});

describe('activity queue', () => {
	it('holds queued activities while paused, runs them on resume, drops them on clear', async () => {
		const { send, connect } = setup();
		const { peer } = connect();
		await send('pause-queue');
		await send('chat-command', { value: 'lurk' });
		await send('chat-command', { value: 'hype', skipQueue: true });
		expect(peer.ofType('command').map((f) => (f.data as { command: string }).command)).toEqual([
			'hype'
		]);
		await send('resume-queue');
		expect(peer.ofType('command').map((f) => (f.data as { command: string }).command)).toEqual([
			'hype',
			'lurk'
		]);
		await send('pause-queue');
		await send('chat-command', { value: 'party' });
		await send('clear-queue');
		await send('resume-queue');
		expect(peer.ofType('command')).toHaveLength(2);
	});
});

describe('demo traffic', () => {
	afterEach(() => {
		vi.useRealTimers();
	});

	it('pushes chat, alerts and song changes until stopped', async () => {
		vi.useFakeTimers();
		const { sim, connect } = setup();
		const { peer } = connect();
		const stop = sim.startDemo();
		vi.advanceTimersByTime(120_000);
		expect(peer.ofType('chat').length).toBeGreaterThan(20);
		expect(peer.ofType('alert').length).toBeGreaterThan(5);
		expect(peer.sent.some((f) => f.event === 'music_player-switchSong')).toBe(true);
		stop();
		const count = peer.sent.length;
		vi.advanceTimersByTime(120_000);
		expect(peer.sent.length).toBe(count);
	});
});

describe('demo traffic for the alert box', () => {
	afterEach(() => {
		vi.useRealTimers();
	});

	it('mixes the kinds a streamer expects, with tier, months and messages, at a pace the box can show', () => {
		vi.useFakeTimers();
		// A seeded generator, so the mix is varied and the same on every run.
		let seed = 7;
		const random = () => {
			seed = (seed * 1103515245 + 12345) % 2 ** 31;
			return seed / 2 ** 31;
		};
		const sim = new Simulator({ token: TOKEN, random });
		const peer = new FakePeer();
		const conn = sim.connect(new URLSearchParams(`token=${TOKEN}`), peer);
		if ('refused' in conn) throw new Error('refused');
		const stop = sim.startDemo();
		const minutes = 10;
		vi.advanceTimersByTime(minutes * 60_000);
		stop();
		const popping = peer
			.ofType('alert')
			.map((f) => ({
				event: String(f.event),
				extra: (f.data as { extraSettings: Record<string, unknown> }).extraSettings
			}))
			.filter((a) => /-(follower|subscriber|bits|raid|donation)$/.test(a.event));
		const events = new Set(popping.map((a) => a.event));
		for (const key of [
			'alpha-follower',
			'alpha-subscriber',
			'alpha-bits',
			'alpha-raid',
			'appstream-donation'
		])
			expect(events, key).toContain(key);
		const subs = popping.filter((a) => a.event === 'alpha-subscriber');
		expect(subs.some((a) => a.extra.subPlan && a.extra.months && a.extra.message)).toBe(true);
		for (const kind of ['alpha-bits', 'appstream-donation'])
			expect(popping.some((a) => a.event === kind && a.extra.message)).toBe(true);
		// An alert lasts 5 s and the gap 1 s by default: under ten a minute leaves the box idle at times.
		expect(popping.length / minutes).toBeGreaterThanOrEqual(4);
		expect(popping.length / minutes).toBeLessThanOrEqual(10);
	});
});

describe('demo traffic for the goal and stats widgets', () => {
	afterEach(() => {
		vi.useRealTimers();
	});

	it('moves followers to the goal with goal alerts, runs a hype train, and takes the second platform live', async () => {
		vi.useFakeTimers();
		const { sim, connect, send } = setup();
		const { peer } = connect();
		const read = async (name: string) =>
			(await send('get-variable-value', { name })).body as Record<string, unknown>;
		expect((await read('follower_goal')).message).toBe(12290);
		const stop = sim.startDemo();
		vi.advanceTimersByTime(200_000);
		stop();
		const events = new Set(peer.ofType('alert').map((f) => f.event));
		for (const key of [
			'alpha-goalProgressed',
			'alpha-goalEnded',
			'alpha-goalStarted',
			'alpha-hypetrainStarted',
			'alpha-hypetrainProgressed',
			'gamma-streamLive'
		])
			expect(events, key).toContain(key);
		const followers = Number((await read('total_follower_count')).message);
		expect(followers).toBeGreaterThanOrEqual(12290);
		expect(Number((await read('follower_goal')).message)).toBeGreaterThan(12290);
		expect((await read('gamma_live')).message).toBe(true);
		expect(Date.parse(String((await read('gamma_uptime_timestamp')).message))).not.toBeNaN();
	});
});

describe('setup option', () => {
	it('serves a hand-built setup with its defaults filled in, and refuses an invalid one by field', async () => {
		const sim = new Simulator({ token: 't', setup: { scenes: ['Only Scene'] } as never });
		const res = await sim.handleHttp({
			method: 'GET',
			path: '/api/retrieve',
			query: new URLSearchParams('token=t'),
			headers: {},
			body: ''
		});
		const data = (
			JSON.parse(res.body) as { data: { options: Record<string, { values: string[] }> } }
		).data;
		expect(data.options['studio-scene']!.values).toEqual(['Only Scene']);
		expect(data.options['chatbot-command']!.values).toEqual(['so', 'uptime', 'command']);
		expect(() => new Simulator({ token: 't', setup: { lights: 'none' } as never })).toThrow(
			'invalid setup: setup.lights must be a list of lights'
		);
	});
});
