/** Contract: Authentication, CORS, Endpoints (retrieve, meta, premium, send) and Versioning, in both profiles. */
import { describe, expect, it } from 'vitest';
import { FEATURES } from '$lib/protocol';
import { OK, PROFILES, TOKEN, expectLint, structured, useSim } from './harness';

const UNAUTHORIZED = {
	status: 401,
	code: 'unauthorized',
	message: 'The token is missing or wrong, or the API is switched off in the application.'
};

const TYPES = [
	'alert',
	'chat-command',
	'chatbot-command',
	'studio-animation',
	'studio-scene',
	'studio-theme',
	'alpha-extension',
	'alpha-points',
	'gamma-points',
	'chatbot-message',
	'hex-color',
	'rgb-color',
	'clear-queue',
	'clear-cooldowns',
	'set-fuze',
	'set-app',
	'start-app',
	'stop-app',
	'to-default',
	'toggle-fuze',
	'tts'
];
const SLIM_KEYS = ['overlays', 'overlayLayers', 'overlayAssets', 'indistinctLayers'];

describe.each(PROFILES)('authentication and CORS (%s)', (profile) => {
	const sim = useSim(profile);

	it('accepts the token as ?token=', async () => {
		expect((await sim.api.get('/api/retrieve')).status).toBe(200);
	});

	it('accepts the token as Authorization: Bearer', async () => {
		const answer = await sim.api.get('/api/retrieve', {
			token: null,
			headers: { Authorization: `Bearer ${TOKEN}` }
		});
		expect(answer.status).toBe(200);
	});

	it.each([
		['missing', null],
		['wrong', 'not-the-token'],
		['one character short', TOKEN.slice(0, -1)]
	])('answers 401 for a %s token', async (_what, token) => {
		for (const [path, init] of [
			['/api/retrieve', {}],
			['/api/send', { method: 'POST', body: JSON.stringify({ type: 'to-default' }) }]
		] as const) {
			const answer = await sim.api.request(path, { ...init, token });
			expect(answer.status).toBe(401);
			expect(answer.json).toEqual(UNAUTHORIZED);
		}
	});

	it('answers 401 while the API is stopped, and serves again once started', async () => {
		expect((await sim.api.control('stop', {})).status).toBe(200);
		const stopped = await sim.api.get('/api/retrieve');
		expect([stopped.status, stopped.json]).toEqual([401, UNAUTHORIZED]);
		await sim.api.control('start', {});
		expect((await sim.api.get('/api/retrieve')).status).toBe(200);
	});

	it('sends CORS headers on every /api answer, echoing the origin', async () => {
		const ok = await sim.api.get('/api/retrieve', {
			headers: { Origin: 'https://remote.example' }
		});
		expect(ok.headers.get('access-control-allow-origin')).toBe('https://remote.example');
		expect(ok.headers.get('vary')).toBe('Origin');
		const denied = await sim.api.get('/api/retrieve', {
			token: 'bad',
			headers: { Origin: 'null' }
		});
		expect(denied.status).toBe(401);
		expect(denied.headers.get('access-control-allow-origin')).toBe('null');
		const noOrigin = await sim.api.get('/api/retrieve');
		expect(noOrigin.headers.get('access-control-allow-origin')).toBe('*');
	});

	it('answers the preflight without a token, private network included when asked', async () => {
		const preflight = await sim.api.request('/api/send', {
			method: 'OPTIONS',
			token: null,
			headers: {
				Origin: 'https://remote.example',
				'Access-Control-Request-Method': 'POST',
				'Access-Control-Request-Headers': 'content-type,authorization',
				'Access-Control-Request-Private-Network': 'true'
			}
		});
		expect(preflight.status).toBe(204);
		expect(preflight.text).toBe('');
		expect(preflight.headers.get('access-control-allow-origin')).toBe('https://remote.example');
		expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
		expect(preflight.headers.get('access-control-allow-headers')).toBe(
			'Content-Type, Authorization'
		);
		expect(preflight.headers.get('access-control-allow-private-network')).toBe('true');
		const plain = await sim.api.request('/api/send', {
			method: 'OPTIONS',
			token: null,
			headers: { Origin: 'https://remote.example' }
		});
		expect(plain.status).toBe(204);
		expect(plain.headers.get('access-control-allow-private-network')).toBeNull();
	});
});

describe.each(PROFILES)('GET /api/retrieve (%s)', (profile) => {
	const sim = useSim(profile);

	it('answers the settings payload: types, option forms, lights, tts, states, premium', async () => {
		const answer = await sim.api.get('/api/retrieve');
		expect(answer.status).toBe(200);
		const body = answer.json as {
			status: number;
			data: Record<string, unknown> & { options: Record<string, unknown> };
		};
		expect(body.status).toBe(200);
		expect(body.data.premium).toBe(false);
		expect(body.data.types).toEqual(TYPES);
		const o = body.data.options;
		expect(o['chat-command']).toEqual({
			values: ['lurk', 'hype', 'party', 'discord', 'snow', 'rave']
		});
		expect(o['studio-scene']).toEqual({
			values: ['Starting Soon', 'Just Chatting', 'Gameplay', 'Be Right Back', 'Ending']
		});
		expect(o['studio-theme']).toEqual({ values: ['Cozy Evening', 'Neon Night', 'Sunrise'] });
		expect(o['studio-animation']).toEqual({
			values: ['Police Lights', 'Rainbow Wave', 'Strobe', 'Candle Flicker']
		});
		expect(o['alpha-points']).toEqual({
			values: ['Hydrate', 'Choose the next song', 'Lights disco', 'Snowball', 'Timeout a mod']
		});
		expect(o['alpha-extension']).toEqual({ values: ['Confetti', 'Spin the wheel'] });
		expect(o['gamma-points']).toEqual({ values: ['Say hi', 'Spotlight'] });
		expect(o['chatbot-command']).toEqual({
			values: ['so', 'uptime', 'command', 'socials', 'deaths', 'spoilers']
		});
		expect((o.alert as { values: string[] }).values).toContain('alpha-follower');
		for (const key of ['chat', 'chatbot-message', 'hex-color', 'rgb-color'])
			expect(o[key]).toEqual({});
		for (const key of [
			'clear-queue',
			'clear-cooldowns',
			'set-fuze',
			'set-app',
			'start-app',
			'stop-app',
			'to-default',
			'toggle-fuze'
		])
			expect(o[key]).toBeNull();
		expect(o.tts).toEqual({
			values: {
				devices: [
					{ id: 'default', label: 'System default' },
					{ id: 'hdmi-1', label: 'Monitor speakers' },
					{ id: 'usb-headset', label: 'USB Headset' }
				],
				currentDevice: { id: 'default', label: 'System default' },
				voices: [
					{ id: 'en-US-Standard-A', label: 'Ava (US)', language: 'en_US', source: 'cloud' },
					{ id: 'en-GB-Standard-B', label: 'Oliver (UK)', language: 'en_GB', source: 'cloud' },
					{ id: 'es-ES-Standard-A', label: 'Lucía', language: 'es_ES', source: 'cloud' },
					{ id: 'de-DE-Standard-C', label: 'Klara', language: 'de_DE', source: 'marketplace' }
				]
			}
		});
		expect(body.data.lights).toEqual([
			{ id: 'a1f0c2d4', name: 'Desk Strip', type: 'brand_a' },
			{ id: 'a1f0c2d5', name: 'Key Light', type: 'brand_a' },
			{ id: 'b7-living-2', name: 'Shelf Bulb', type: 'brand_b' },
			{ id: 'ov-9d21', name: 'Virtual Light', type: 'overlay' },
			{ id: 'ov-unnamed-7', type: 'overlay' }
		]);
		expect(body.data.states).toEqual({ on: 1, streamMode: 1, fuze: 0, listenId: 'alpha-1000001' });
		for (const key of SLIM_KEYS) expect(Array.isArray(o[key])).toBe(true);
	});

	it(
		profile === 'current'
			? 'slim=true replaces the four overlay keys with {count} and nothing else'
			: 'ignores slim=true',
		async () => {
			const full = (await sim.api.get('/api/retrieve')).json as {
				data: { options: Record<string, unknown> };
			};
			const slim = (await sim.api.get('/api/retrieve?slim=true')).json as {
				data: { options: Record<string, unknown> };
			};
			if (profile === 'legacy') {
				expect(slim).toEqual(full);
				return;
			}
			expect(slim.data.options.overlays).toEqual({ count: 2 });
			expect(slim.data.options.overlayLayers).toEqual({ count: 4 });
			expect(slim.data.options.overlayAssets).toEqual({ count: 3 });
			expect(slim.data.options.indistinctLayers).toEqual({ count: 1 });
			for (const key of SLIM_KEYS) {
				delete full.data.options[key];
				delete slim.data.options[key];
			}
			expect(slim).toEqual(full);
		}
	);
});

describe('GET /api/meta and /api/premium (current)', () => {
	const sim = useSim('current');

	it('answers the meta payload with apiVersion 2 and every feature', async () => {
		const answer = await sim.api.get('/api/meta');
		expect(answer.status).toBe(200);
		const meta = answer.json as Record<string, unknown>;
		expect(typeof meta.startedAt).toBe('number');
		expect({ ...meta, startedAt: 0 }).toEqual({
			status: 200,
			name: 'app-stream',
			version: '9.1.0',
			apiVersion: 2,
			startedAt: 0,
			features: [...FEATURES]
		});
	});

	it('answers the premium payload and follows a premium flip', async () => {
		expect((await sim.api.get('/api/premium')).json).toEqual({
			status: 200,
			data: { premium: false }
		});
		await sim.api.control('premium', { premium: true });
		expect((await sim.api.get('/api/premium')).json).toEqual({
			status: 200,
			data: { premium: true }
		});
		expect(
			((await sim.api.get('/api/retrieve')).json as { data: { premium: boolean } }).data.premium
		).toBe(true);
	});

	it('never rejects a command because of the premium value', async () => {
		await sim.api.control('premium', { premium: false });
		expect((await sim.api.send('chat-command', { value: 'lurk' })).json).toEqual(OK);
	});
});

describe('GET /api/meta and /api/premium (legacy)', () => {
	const sim = useSim('legacy');
	it.each(['/api/meta', '/api/premium'])('%s answers 404', async (path) => {
		const answer = await sim.api.get(path);
		expect([answer.status, answer.text]).toEqual([404, 'Not found']);
	});
});

describe.each(PROFILES)('POST /api/send framing (%s)', (profile) => {
	const sim = useSim(profile);
	const legacy = profile === 'legacy';

	it('answers {message: true, status: 200} on success', async () => {
		const answer = await sim.api.send('to-default', {});
		expect([answer.status, answer.json]).toEqual([200, OK]);
	});

	it('lets params be omitted for a type that needs none', async () => {
		expect((await sim.api.send('clear-cooldowns')).json).toEqual(OK);
	});

	// Was unknown_type; facts §4.4 say the application answers this plain text instead.
	it('rejects the enum spelling of a type with the plain-text 400 "Api has different type" (facts §4.4)', async () => {
		const answer = await sim.api.send('CHAT_COMMAND', { value: 'lurk' });
		expect([answer.status, answer.isJson, answer.text]).toEqual([
			400,
			false,
			'Api has different type'
		]);
	});

	it('answers 400 unknown_type for an unknown type', async () => {
		const answer = await sim.api.send('make-coffee', {});
		const message =
			'type "make-coffee" is not a valid send type. Call GET /api/retrieve to list valid types.';
		expect(answer.status).toBe(400);
		if (legacy) expect([answer.isJson, answer.text]).toEqual([false, `unknown_type: ${message}`]);
		else expect(answer.json).toEqual(structured(400, 'unknown_type', message));
	});

	it.each([
		[
			'invalid JSON',
			'{"type": "to-default",',
			'Request body is not valid JSON; send {"type": "...", "params": {...}}'
		],
		['an empty body', '', 'Request body is not valid JSON; send {"type": "...", "params": {...}}'],
		['an array', '[1,2]', 'Request body must be a JSON object {"type": "...", "params": {...}}'],
		[
			'a string',
			'"to-default"',
			'Request body must be a JSON object {"type": "...", "params": {...}}'
		],
		['null', 'null', 'Request body must be a JSON object {"type": "...", "params": {...}}']
	])('answers 400 plain text for %s', async (_what, body, message) => {
		const answer = await sim.api.post('/api/send', body);
		expect([answer.status, answer.isJson, answer.text]).toEqual([400, false, message]);
	});

	it('answers 400 naming the field when params is not an object', async () => {
		const answer = await sim.api.send('chat-command', ['lurk']);
		expect([answer.status, answer.text]).toEqual([400, 'params must be an object']);
	});

	it('ignores an unknown params field as the application does, with a lint note naming it', async () => {
		expectLint('params.colour is not a documented field of this type; the application ignores it');
		const answer = await sim.api.send('chat-command', { value: 'lurk', colour: 'red' });
		expect([answer.status, answer.json]).toEqual([200, OK]);
		const logged = (await sim.api.control('requests')).json as {
			requests: { type?: string; lint?: string[] }[];
		};
		expect(logged.requests.at(-1)).toMatchObject({
			type: 'chat-command',
			lint: ['params.colour is not a documented field of this type; the application ignores it']
		});
	});

	it('answers a plain-text 400 naming the limit for a body over the bound, and keeps serving', async () => {
		const answer = await sim.api.post(
			'/api/send',
			JSON.stringify({ type: 'tts', params: { value: 'x'.repeat(1024 * 1024 + 10) } })
		);
		expect([answer.status, answer.isJson, answer.text]).toEqual([
			400,
			false,
			'Request body is too large: the limit is 1,048,576 bytes (1 MiB)'
		]);
		expect((await sim.api.send('to-default', {})).json).toEqual(OK);
	});

	it('serves the legacy query form GET /api/send?type=&params= (params encoded twice)', async () => {
		const params = encodeURIComponent(JSON.stringify(JSON.stringify({ name: 'deaths' })));
		const answer = await sim.api.get(`/api/send?type=get-variable-value&params=${params}`);
		expect(answer.json).toEqual({ message: 7, status: 200 });
	});

	it('the legacy query form loses extraSettings, skipQueue and bypassQueue (each a lint note) and keeps hold (facts §4.1)', async () => {
		expectLint(
			'params.skipQueue is lost in the legacy GET query form',
			'params.extraSettings is lost in the legacy GET query form'
		);
		const get = (type: string, params: unknown) =>
			sim.api.get(`/api/send?type=${type}&params=${encodeURIComponent(JSON.stringify(params))}`);
		expect((await sim.api.send('pause-queue')).json).toEqual(OK);
		expect(
			(
				await get('chat-command', {
					value: 'lurk',
					skipQueue: true,
					extraSettings: { username: 'x' }
				})
			).json
		).toEqual(OK);
		const queued = (await sim.api.control('state')).json as {
			activityQueue: { pending: string[] };
		};
		expect(queued.activityQueue.pending).toHaveLength(1);
		expect((await get('rgb-color', { value: { r: 1, g: 2, b: 3 }, hold: true })).json).toEqual(OK);
		const lights = ((await sim.api.control('state')).json as { lights: { default: unknown } })
			.lights;
		expect(lights.default).toMatchObject({ value: { r: 1, g: 2, b: 3 } });
		expect((await sim.api.send('clear-queue')).json).toEqual(OK);
	});

	it('answers 404 for an unknown path and 405 for a wrong method', async () => {
		const missing = await sim.api.get('/api/nothing-here');
		expect([missing.status, missing.text]).toEqual([404, 'Not found']);
		const wrong = await sim.api.post('/api/retrieve', {});
		expect([wrong.status, wrong.text, wrong.headers.get('allow')]).toEqual([
			405,
			'Method not allowed; use GET',
			'GET'
		]);
	});
});

describe('Versioning: single features switched off', () => {
	describe('without meta', () => {
		const sim = useSim('current', { disabledFeatures: ['meta'] });
		it('answers 404 on /api/meta', async () => {
			expect((await sim.api.get('/api/meta')).status).toBe(404);
		});
	});

	describe('without retrieve-slim', () => {
		const sim = useSim('current', { disabledFeatures: ['retrieve-slim'] });
		it('ignores slim', async () => {
			const slim = (await sim.api.get('/api/retrieve?slim=true')).json as {
				data: { options: Record<string, unknown> };
			};
			expect(Array.isArray(slim.data.options.overlays)).toBe(true);
		});
	});

	describe('without structured-errors', () => {
		const sim = useSim('current', { disabledFeatures: ['structured-errors'] });
		it('answers plain text with status 400 where a code would be, and success for a disabled command', async () => {
			const missing = await sim.api.send('chat-command', { value: 'nope' });
			expect([missing.status, missing.isJson, missing.text]).toEqual([
				400,
				false,
				'not_found: No chat-command named "nope" exists. Call GET /api/retrieve to list valid values.'
			]);
			expect((await sim.api.send('chat-command', { value: 'rave' })).json).toEqual(OK);
		});
	});

	describe('without name-validation', () => {
		const sim = useSim('current', { disabledFeatures: ['name-validation'] });
		it('answers success for unknown names and unknown_type for the newer types', async () => {
			expect((await sim.api.send('studio-scene', { value: 'Nowhere' })).json).toEqual(OK);
			const create = await sim.api.send('create-chatbot-command', { name: 'x', message: 'y' });
			expect(create.json).toEqual(
				structured(
					400,
					'unknown_type',
					'type "create-chatbot-command" is not a valid send type. Call GET /api/retrieve to list valid types.'
				)
			);
		});
	});

	describe('without premium', () => {
		const sim = useSim('current', { disabledFeatures: ['premium'] });
		it('answers 404 on /api/premium and lists the remaining features', async () => {
			expect((await sim.api.get('/api/premium')).status).toBe(404);
			const meta = (await sim.api.get('/api/meta')).json as { features: unknown };
			expect(meta.features).toEqual(FEATURES.filter((f) => f !== 'premium'));
		});
	});
});

/** Leniency of the application (facts §4.4, §4.5): answered as it answers, each use a lint note; --strict refuses. */
describe.each(PROFILES)('lenient reading and lint notes (%s)', (profile) => {
	const sim = useSim(profile);
	const lastLint = async () =>
		((await sim.api.control('requests')).json as { requests: { lint?: string[] }[] }).requests.at(
			-1
		)?.lint;

	it.each([
		[
			'a numeric string for a number',
			'set-counter-value',
			{ name: 'wins', value: '5' },
			'params.value is a numeric string',
			async () => expect(await sim.api.variable('wins')).toBe(5)
		],
		[
			'a fraction where a whole number is expected',
			'rgb-color',
			{ value: { r: 1, g: 2, b: 3 }, duration: 1500.7 },
			'params.duration is a fraction',
			async () => {
				expect(
					((await sim.api.control('state')).json as { lights: { current: { duration: number } } })
						.lights.current.duration
				).toBe(1500);
			}
		],
		[
			'a truthy string for a boolean ("false" counts as true)',
			'set-command-state',
			{ name: 'rave', value: 'false' },
			'params.value is not a JSON boolean',
			async () => {
				if (profile === 'current')
					expect((await sim.api.send('chat-command', { value: 'rave' })).json).toEqual(OK);
			}
		],
		[
			'skipQueue on a type that is not queue-executed',
			'tts',
			{ value: 'hi', skipQueue: true },
			'params.skipQueue does nothing on tts',
			async () => {}
		]
	])("%s: the application's answer and a lint note", async (_what, type, params, note, after) => {
		expectLint(note);
		const answer = await sim.api.send(type, params);
		expect([answer.status, answer.json]).toEqual([200, OK]);
		expect((await lastLint())?.some((n) => n.startsWith(note))).toBe(true);
		await after();
	});

	it('hold, skipQueue, bypassQueue and extraSettings are accepted on queue-executed types without a note (facts §4.5)', async () => {
		for (const params of [
			{ value: 'lurk', hold: true },
			{ value: 'lurk', skipQueue: true },
			{ value: 'lurk', bypassQueue: true },
			{ value: 'lurk', extraSettings: { username: 'x' } }
		])
			expect((await sim.api.send('chat-command', params)).json).toEqual(OK);
		expect(await lastLint()).toBeUndefined();
	});

	it('[number, number, number] means exactly three numbers', async () => {
		expect((await sim.api.send('rgb-color', { value: [1, 2, 3] })).json).toEqual(OK);
		const four = await sim.api.send('rgb-color', { value: [1, 2, 3, 4] });
		expect(four.status).toBe(400);
		expect(four.text).toContain('params.value');
	});

	it('a range with no "integer" in it accepts fractions without a note (brightness, ct, slow mode, poll duration)', async () => {
		expect(
			(await sim.api.send('rgb-color', { value: { r: 1, g: 2, b: 3 }, brightness: 55.5 })).json
		).toEqual(OK);
		expect((await sim.api.send('rgb-color', { value: { ct: 3200.5 } })).json).toEqual(OK);
		expect(await lastLint()).toBeUndefined();
		expect(
			(await sim.api.send('set-slow-mode', { value: true, duration: 10.5, platform: 'alpha' })).json
		).toEqual(OK);
		expect((await sim.api.control('state')).json).toMatchObject({
			chatModes: { slow: { on: true, duration: 10.5 } }
		});
		expect(
			(
				await sim.api.send('create-poll', {
					name: 'Q',
					value: 'a,b',
					duration: 20.5,
					platform: 'alpha'
				})
			).json
		).toEqual(OK);
		expect((await sim.api.control('state')).json).toMatchObject({
			poll: { duration: 20.5, status: 'ACTIVE' }
		});
		expect(await lastLint()).toBeUndefined();
	});
});

describe('strict mode (npm run sim -- --strict): lint notes become 400 answers', () => {
	const sim = useSim('current', { strict: true });
	it.each([
		[
			'set-counter-value',
			{ name: 'wins', value: '5' },
			'params.value is a numeric string; the application reads it as a number (send a JSON number) (refused: the simulator runs in strict mode)'
		],
		[
			'chat-command',
			{ value: 'lurk', colour: 'red' },
			'params.colour is not a documented field of this type; the application ignores it (refused: the simulator runs in strict mode)'
		],
		[
			'set-command-state',
			{ name: 'lurk', value: 'false' },
			'params.value is not a JSON boolean; the application reads it by truthiness, so "false" counts as true (send true or false) (refused: the simulator runs in strict mode)'
		]
	])('%s %j answers a plain 400 naming the field and the rule', async (type, params, text) => {
		expectLint(text.split(' (refused')[0]!);
		const answer = await sim.api.send(type, params);
		expect([answer.status, answer.isJson, answer.text]).toEqual([400, false, text]);
	});

	it('a strict request is still served', async () => {
		expect((await sim.api.send('set-counter-value', { name: 'wins', value: 5 })).json).toEqual(OK);
	});
});
