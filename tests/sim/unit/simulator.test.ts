/** The Simulator class driven directly: fake peers, an injected clock, fake timers for the demo. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOG_CAPACITY, Simulator, featuresFor, type SimPeer } from '$lib/sim';
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

function setup(opts: { profile?: 'current' | 'legacy'; now?: () => number } = {}) {
	const sim = new Simulator({ token: TOKEN, random: () => 0.42, ...opts });
	const query = (extra = '') => new URLSearchParams(`token=${TOKEN}${extra}`);
	const http = (method: string, path: string, body = '', q = query()) => sim.handleHttp({ method, path, query: q, headers: {}, body });
	const send = (type: string, params?: unknown) => {
		const res = http('POST', '/api/send', JSON.stringify(params === undefined ? { type } : { type, params }));
		return { status: res.status, body: res.headers['Content-Type']?.startsWith('application/json') ? (JSON.parse(res.body) as Record<string, unknown>) : res.body };
	};
	const variable = (name: string) => (send('get-variable-value', { name }).body as { message?: unknown }).message;
	const connect = (q = query()) => {
		const peer = new FakePeer();
		const conn = sim.connect(q, peer);
		if ('refused' in conn) throw new Error('refused');
		return { peer, conn };
	};
	return { sim, http, send, variable, connect, query };
}

describe('features and profiles', () => {
	it('current has every feature, legacy none, and single features can be switched off', () => {
		expect(featuresFor('current')).toEqual([...FEATURES]);
		expect(featuresFor('legacy')).toEqual([]);
		expect(featuresFor('current', ['mcp', 'premium'])).toEqual(FEATURES.filter((f) => f !== 'mcp' && f !== 'premium'));
		expect(new Simulator({ token: 't', profile: 'legacy' }).features).toEqual([]);
	});

	it('refuses to start without a token', () => {
		expect(() => new Simulator({ token: '' })).toThrow('the simulator needs a token');
	});
});

describe('authentication', () => {
	it('takes the token from the query or a Bearer header, in any header case', () => {
		const { sim } = setup();
		const ask = (query: string, headers: Record<string, string>) =>
			sim.handleHttp({ method: 'GET', path: '/api/retrieve', query: new URLSearchParams(query), headers, body: '' }).status;
		expect(ask(`token=${TOKEN}`, {})).toBe(200);
		expect(ask('', { authorization: `Bearer ${TOKEN}` })).toBe(200);
		expect(ask('', { Authorization: `bearer ${TOKEN}` })).toBe(200);
		expect(ask('', { authorization: `Basic ${TOKEN}` })).toBe(401);
		expect(ask('token=nope', {})).toBe(401);
	});

	it('refuses a socket with a wrong token and logs the refusal', () => {
		const { sim } = setup();
		expect(sim.connect(new URLSearchParams('token=nope'), new FakePeer())).toEqual({ refused: 401 });
		expect(sim.requestLog.at(-1)).toMatchObject({ transport: 'ws', status: 401, note: 'upgrade refused: bad token' });
	});

	it('never writes the token into the request log', () => {
		const { sim, send, connect } = setup();
		send('chat-command', { value: 'lurk' });
		connect().conn.receive(JSON.stringify({ type: 'to-default' }));
		expect(JSON.stringify(sim.requestLog)).not.toContain(TOKEN);
	});
});

describe('sockets', () => {
	it('pushes envelopes to every socket, honouring each subscription', () => {
		const { sim, connect } = setup();
		const all = connect();
		const alerts = connect();
		alerts.conn.receive(JSON.stringify({ subscribe: ['alert'] }));
		sim.emit({ type: 'chat', data: { message: 'hi' } });
		sim.emit({ type: 'alert', event: 'alpha-follower' });
		expect(all.peer.sent.map((f) => f.type)).toEqual(['chat', 'alert']);
		expect(alerts.peer.sent.filter((f) => f.type).map((f) => f.type)).toEqual(['alert']);
	});

	it('stops pushing to a closed connection', () => {
		const { sim, connect } = setup();
		const { peer, conn } = connect();
		conn.close();
		sim.emit({ type: 'chat' });
		expect(peer.sent).toEqual([]);
		expect(sim.clients).toEqual([]);
	});

	it('restart closes with 1012; stopApi with 1000 and refuses HTTP and sockets until startApi', () => {
		const { sim, http, connect, query } = setup();
		const a = connect();
		sim.restart();
		expect(a.peer.closedWith).toEqual({ code: 1012, reason: 'API restarting' });
		const b = connect();
		sim.stopApi();
		expect(b.peer.closedWith).toEqual({ code: 1000, reason: 'API stopped' });
		expect(http('GET', '/api/retrieve').status).toBe(401);
		expect(sim.connect(query(), new FakePeer())).toEqual({ refused: 401 });
		sim.startApi();
		expect(http('GET', '/api/retrieve').status).toBe(200);
	});

	it('setPremium and recheckPremium push the premium event; legacy pushes none', () => {
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
	it('keeps the last 5,000 requests with increasing sequence numbers', () => {
		const { sim, send } = setup();
		for (let i = 0; i < LOG_CAPACITY + 50; i++) send('clear-cooldowns');
		expect(sim.requestLog).toHaveLength(LOG_CAPACITY);
		expect(sim.requestLog[0]!.seq).toBe(51);
		expect(sim.requestsSince(LOG_CAPACITY + 45).map((r) => r.seq)).toEqual([5046, 5047, 5048, 5049, 5050]);
		sim.clearLog();
		expect(sim.requestLog).toEqual([]);
	});

	it('stores big params as a short preview', () => {
		const { sim, send } = setup();
		send('tts', { value: 'x'.repeat(50_000) });
		expect(sim.requestLog.at(-1)!.params).toMatchObject({ truncated: true, chars: 50_012 });
	});

	it('records the platform outcome of acknowledged-only types', () => {
		const { sim, send } = setup();
		expect(send('run-commercial', { duration: 5, platform: 'alpha' })).toEqual({ status: 200, body: { message: true, status: 200 } });
		expect(sim.requestLog.at(-1)).toMatchObject({ type: 'run-commercial', status: 200, platformOutcome: 'refused by the platform: params.duration must be between 30 and 180 s' });
	});
});

describe('time-driven state (injected clock)', () => {
	it('advances to the next song when the one playing ends, and interpolates progress', () => {
		let now = 1_000_000;
		const { send, variable } = setup({ now: () => now });
		expect(variable('songrequest_now_playing_title')).toBe('Midnight Arcade');
		now += 100_000;
		send('song-request', { action: 'pause' });
		expect(variable('music_player_now_playing_progress')).toBe(100);
		expect(variable('music_player_now_playing_progress_ts')).toBe(now);
		send('song-request', { action: 'play' });
		now += 114_000 + 10_000;
		expect(variable('songrequest_now_playing_title')).toBe('Paper Boats');
		expect(variable('music_player_now_playing_progress_ts')).toBe(now - 10_000);
	});

	it('a poll past its duration is COMPLETED and can no longer be ended', () => {
		let now = 5_000;
		const { sim, send } = setup({ now: () => now });
		send('create-poll', { name: 'Q', value: 'a,b', duration: 15, platform: 'alpha' });
		now += 15_000;
		send('end-poll', { platform: 'alpha' });
		expect(sim.requestLog.at(-1)!.platformOutcome).toBe('refused by alpha: no active poll created through the service');
		expect(sim.snapshot().poll).toMatchObject({ status: 'COMPLETED' });
	});

	it('a prediction past its duration is LOCKED and can still be resolved', () => {
		let now = 5_000;
		const { sim, send } = setup({ now: () => now });
		send('create-prediction', { name: 'Q', value: 'a,b', duration: 30, platform: 'alpha' });
		now += 31_000;
		expect(sim.snapshot().prediction).toMatchObject({ status: 'LOCKED' });
		send('end-prediction', { value: 'B', platform: 'alpha' });
		expect(sim.snapshot().prediction).toMatchObject({ status: 'RESOLVED', winner: 'b' });
	});
});

describe('activity queue', () => {
	it('holds queued activities while paused, runs them on resume, drops them on clear', () => {
		const { send, connect } = setup();
		const { peer } = connect();
		send('pause-queue');
		send('chat-command', { value: 'lurk' });
		send('chat-command', { value: 'hype', skipQueue: true });
		expect(peer.ofType('command').map((f) => (f.data as { command: string }).command)).toEqual(['hype']);
		send('resume-queue');
		expect(peer.ofType('command').map((f) => (f.data as { command: string }).command)).toEqual(['hype', 'lurk']);
		send('pause-queue');
		send('chat-command', { value: 'party' });
		send('clear-queue');
		send('resume-queue');
		expect(peer.ofType('command')).toHaveLength(2);
	});
});

describe('demo traffic', () => {
	afterEach(() => {
		vi.useRealTimers();
	});

	it('pushes chat, alerts and song changes until stopped', () => {
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

describe('setup option', () => {
	it('serves a hand-built setup with its defaults filled in, and refuses an invalid one by field', () => {
		const sim = new Simulator({ token: 't', setup: { scenes: ['Only Scene'] } as never });
		const res = sim.handleHttp({ method: 'GET', path: '/api/retrieve', query: new URLSearchParams('token=t'), headers: {}, body: '' });
		const data = (JSON.parse(res.body) as { data: { options: Record<string, { values: string[] }> } }).data;
		expect(data.options['studio-scene']!.values).toEqual(['Only Scene']);
		expect(data.options['chatbot-command']!.values).toEqual(['so', 'uptime', 'command']);
		expect(() => new Simulator({ token: 't', setup: { lights: 'none' } as never })).toThrow('invalid setup: setup.lights must be a list of lights');
	});
});
