/**
 * Contract: Stream commands (acknowledged without the platform's verdict), chat modes, chat
 * moderation, polls and predictions (States table) and the Limits table, in both profiles.
 */
import { describe, expect, it } from 'vitest';
import { OK, PROFILES, expectLint, useSim, type Api } from './harness';
import { LIMITS } from '$lib/protocol';

const FALSE = { message: false, status: 200 };

async function lastOutcome(api: Api): Promise<string | undefined> {
	const log = (await api.control('requests')).json as { requests: { platformOutcome?: string }[] };
	return log.requests.at(-1)?.platformOutcome;
}

async function state<T = Record<string, unknown>>(api: Api): Promise<T> {
	return (await api.control('state')).json as T;
}

const STREAM_TYPES: [string, Record<string, unknown>][] = [
	['change-stream-title', { value: 'New title' }],
	['change-current-category', { value: 'Just Chatting' }],
	['create-stream-marker', { value: 'cool moment' }],
	['clip', {}],
	['send-announcement', { value: 'Hello!' }],
	['run-commercial', { duration: 60 }],
	['set-slow-mode', { value: true }],
	['set-subscriber-mode', { value: true }],
	['set-follow-mode', { value: true }],
	['set-emotes-mode', { value: true }],
	['create-poll', { name: 'Q', value: 'a,b', duration: 60 }],
	['end-poll', {}],
	['create-prediction', { name: 'Q', value: 'a,b', duration: 60 }],
	['end-prediction', { name: 'CANCELED' }],
	['clear-chat', {}],
	['add-moderator', { value: 'moss_moth' }],
	['remove-moderator', { value: 'moss_moth' }],
	['add-vip', { value: 'moss_moth' }],
	['remove-vip', { value: 'moss_moth' }],
	['ban-user', { value: 'troll' }],
	['unban-user', { value: 'troll' }],
	['timeout-user', { value: 'troll' }],
	['delete-message', { value: 'msg-1' }],
	['shoutout', { value: 'northwind_tv' }],
	['translate-message', { value: 'hola', username: 'x', language: 'en' }]
];

describe.each(PROFILES)('Stream commands without a platform (%s)', (profile) => {
	const sim = useSim(profile, {}, { shared: true });

	it.each(STREAM_TYPES)(
		'%s answers success without a platform and changes nothing',
		async (type, params) => {
			const before = await state(sim.api);
			const answer = await sim.api.send(type, params);
			expect([answer.status, answer.json]).toEqual([200, OK]);
			expect(await lastOutcome(sim.api)).toBe(
				'refused by the platform: params.platform is required'
			);
			const after = await state(sim.api);
			for (const key of [
				'poll',
				'prediction',
				'chatModes',
				'stream',
				'moderators',
				'vips',
				'banned'
			])
				expect(after[key]).toEqual(before[key]);
		}
	);

	it.each(STREAM_TYPES)(
		'%s answers success for an unknown params field (ignored by the application), with a lint note',
		async (type, params) => {
			expectLint('params.bogus is not a documented field of this type; the application ignores it');
			const answer = await sim.api.send(type, { ...params, platform: 'alpha', bogus: 1 });
			expect([answer.status, answer.json]).toEqual([200, OK]);
		}
	);
});

describe.each(PROFILES)('Stream commands (%s)', (profile) => {
	const sim = useSim(profile);

	it.each([
		[
			'change-current-category',
			{ value: 'Art', platform: 'beta' },
			'refused by the platform: params.platform must be alpha or gamma for change-current-category'
		],
		[
			'clip',
			{ platform: 'gamma' },
			'refused by the platform: params.platform must be alpha for clip'
		],
		[
			'add-vip',
			{ value: 'x', platform: 'beta' },
			'refused by the platform: params.platform must be alpha for add-vip'
		],
		[
			'ban-user',
			{ value: 'x', platform: 'gamma' },
			'refused by the platform: params.platform must be alpha or beta for ban-user'
		],
		[
			'set-slow-mode',
			{ value: true, platform: 'facebook' },
			'refused by the platform: params.platform must be one of alpha, beta, gamma'
		]
	])(
		'%s on an unsupported platform answers success; the platform refuses',
		async (type, params, outcome) => {
			expect((await sim.api.send(type, params)).json).toEqual(OK);
			expect(await lastOutcome(sim.api)).toBe(outcome);
		}
	);

	it.each([
		[
			'change-stream-title',
			{ value: 'Title A', platform: 'alpha' },
			'title on alpha is now "Title A"'
		],
		[
			'change-stream-title',
			{ value: 'Title B', platform: 'beta' },
			'title on beta is now "Title B" (broadcast title only)'
		],
		[
			'change-stream-title',
			{ value: 'Live with {{streamer}}', platform: 'gamma' },
			'title on gamma is now "Live with PixelPanda"'
		],
		[
			'change-current-category',
			{ value: 'Art', platform: 'gamma' },
			'category on gamma is now "Art"'
		],
		['create-stream-marker', { value: 'here', platform: 'alpha' }, 'stream marker created'],
		[
			'send-announcement',
			{ value: 'Hi', platform: 'alpha' },
			'announcement posted in the primary colour'
		],
		['clear-chat', { platform: 'alpha' }, 'every chat message deleted'],
		[
			'add-moderator',
			{ value: '@Moss_Moth', platform: 'alpha' },
			'moss_moth is now a moderator on alpha'
		],
		['timeout-user', { value: 'troll', platform: 'alpha' }, 'troll timed out for 10 s on alpha'],
		[
			'timeout-user',
			{ value: 'troll', platform: 'gamma', duration: 5 },
			'troll timed out for 5 min on gamma'
		],
		['delete-message', { value: 'm-9', platform: 'alpha' }, 'message m-9 deleted'],
		['shoutout', { value: 'northwind_tv', platform: 'alpha' }, 'shoutout for northwind_tv posted'],
		[
			'translate-message',
			{ value: 'hola', username: 'x', language: 'en', platform: 'alpha' },
			'translation to en posted'
		]
	])('%s %j is carried out: %s', async (type, params, outcome) => {
		expect((await sim.api.send(type, params)).json).toEqual(OK);
		expect(await lastOutcome(sim.api)).toBe(outcome);
	});

	it('timeout-user with duration 0 times out for the default 10 (facts §11: parseInt(duration) || 10), with a lint note', async () => {
		expectLint('params.duration is 0');
		expect(
			(await sim.api.send('timeout-user', { value: 'troll', platform: 'alpha', duration: 0 })).json
		).toEqual(OK);
		expect(await lastOutcome(sim.api)).toBe('troll timed out for 10 s on alpha');
	});

	it('create-stream-marker is refused by the platform while the channel is offline', async () => {
		await sim.api.send('update-variable-value', { name: 'alpha_live', value: false });
		expect(
			(await sim.api.send('create-stream-marker', { value: 'x', platform: 'alpha' })).json
		).toEqual(OK);
		expect(await lastOutcome(sim.api)).toBe('refused by alpha: the channel is offline');
	});

	it.each([
		[29, 'refused by the platform: params.duration must be between 30 and 180 s'],
		[30, 'commercial of 30 s started'],
		[180, 'commercial of 180 s started'],
		[181, 'refused by the platform: params.duration must be between 30 and 180 s']
	])('run-commercial with duration %d: %s', async (duration, outcome) => {
		expect((await sim.api.send('run-commercial', { duration, platform: 'alpha' })).json).toEqual(
			OK
		);
		expect(await lastOutcome(sim.api)).toBe(outcome);
	});

	it('run-commercial uses value when duration is absent; with neither the platform rejects the ad', async () => {
		expect((await sim.api.send('run-commercial', { value: 90, platform: 'alpha' })).json).toEqual(
			OK
		);
		expect(await lastOutcome(sim.api)).toBe('commercial of 90 s started');
		expect((await sim.api.send('run-commercial', { platform: 'alpha' })).json).toEqual(OK);
		expect(await lastOutcome(sim.api)).toBe(
			'refused by the platform: params.duration is required (30 to 180 s; or value)'
		);
		expect((await sim.api.send('run-commercial', { value: 200, platform: 'alpha' })).json).toEqual(
			OK
		);
		expect(await lastOutcome(sim.api)).toBe(
			'refused by the platform: params.value must be between 30 and 180 s'
		);
	});

	it.each(['pin-message', 'unpin-message'])(
		'%s answers false with HTTP 200 off alpha',
		async (type) => {
			for (const platform of ['beta', 'gamma', undefined]) {
				const answer = await sim.api.send(type, {
					value: 'm-1',
					...(platform ? { platform } : {})
				});
				expect([answer.status, answer.json]).toEqual([200, FALSE]);
			}
		}
	);

	it('pin-message pins on alpha; a missing id does nothing while answering success; unpin unpins', async () => {
		expect((await sim.api.send('pin-message', { platform: 'alpha' })).json).toEqual(OK);
		expect((await state(sim.api)).pinnedMessage).toBeNull();
		expect((await sim.api.send('pin-message', { value: 'm-1', platform: 'alpha' })).json).toEqual(
			OK
		);
		expect((await state(sim.api)).pinnedMessage).toBe('m-1');
		expect((await sim.api.send('unpin-message', { platform: 'alpha' })).json).toEqual(OK);
		expect((await state(sim.api)).pinnedMessage).toBeNull();
	});
});

describe.each(PROFILES)('Chat modes (%s)', (profile) => {
	const sim = useSim(profile);
	type Modes = {
		chatModes: {
			slow: { on: boolean; duration: number };
			subscriber: boolean;
			follow: { on: boolean; duration: number };
			emotes: boolean;
		};
	};

	it.each([[false], ['false'], ['off'], ['OFF'], ['0'], [0], [''], [undefined]])(
		'reads %j as off',
		async (value) => {
			for (const type of [
				'set-subscriber-mode',
				'set-emotes-mode',
				'set-slow-mode',
				'set-follow-mode'
			]) {
				await sim.api.send(type, { value: true, platform: 'alpha' });
				expect(
					(
						await sim.api.send(type, {
							...(value === undefined ? {} : { value }),
							platform: 'alpha'
						})
					).json
				).toEqual(OK);
			}
			const { chatModes } = await state<Modes>(sim.api);
			expect([
				chatModes.subscriber,
				chatModes.emotes,
				chatModes.slow.on,
				chatModes.follow.on
			]).toEqual([false, false, false, false]);
		}
	);

	it.each([[true], ['true'], ['on'], [1]])(
		'reads %j as on, with the default durations',
		async (value) => {
			for (const type of [
				'set-subscriber-mode',
				'set-emotes-mode',
				'set-slow-mode',
				'set-follow-mode'
			])
				expect((await sim.api.send(type, { value, platform: 'alpha' })).json).toEqual(OK);
			const { chatModes } = await state<Modes>(sim.api);
			expect(chatModes).toEqual({
				slow: { on: true, duration: 30 },
				subscriber: true,
				follow: { on: true, duration: 0 },
				emotes: true
			});
		}
	);

	it.each([
		['set-slow-mode', 2, false],
		['set-slow-mode', 3, true],
		['set-slow-mode', 120, true],
		['set-slow-mode', 121, false],
		['set-follow-mode', -1, false],
		['set-follow-mode', 0, true],
		['set-follow-mode', 129600, true],
		['set-follow-mode', 129601, false]
	])('%s duration %d is %s by the platform', async (type, duration, accepted) => {
		expect((await sim.api.send(type, { value: true, duration, platform: 'alpha' })).json).toEqual(
			OK
		);
		const outcome = await lastOutcome(sim.api);
		const { min, max } = type === 'set-slow-mode' ? LIMITS.slowMode : LIMITS.followMode;
		const unit = type === 'set-slow-mode' ? 's' : 'min';
		if (accepted) expect(outcome).not.toMatch(/^refused/);
		else
			expect(outcome).toBe(
				`refused by the platform: params.duration must be between ${min} and ${max} ${unit}`
			);
	});
});

describe.each(PROFILES)('Polls and predictions (%s)', (profile) => {
	const sim = useSim(profile);
	type Snap = {
		poll: { id: string; status: string; choices: string[] } | null;
		prediction: { id: string; status: string; outcomes: string[]; winner?: string } | null;
	};
	const createPoll = (extra: Record<string, unknown> = {}) =>
		sim.api.send('create-poll', {
			name: 'Best snack?',
			value: 'chips, nuts,fruit',
			duration: 60,
			platform: 'alpha',
			...extra
		});
	const createPrediction = () =>
		sim.api.send('create-prediction', {
			name: 'Win?',
			value: ' Yes , No ',
			duration: 120,
			platform: 'alpha'
		});

	it('none → active: create-poll stores the id in alpha_current_poll_id; choices split without trimming', async () => {
		expect((await createPoll()).json).toEqual(OK);
		const { poll } = await state<Snap>(sim.api);
		expect(poll).toMatchObject({ status: 'ACTIVE', choices: ['chips', ' nuts', 'fruit'] });
		expect(await sim.api.variable('alpha_current_poll_id')).toBe(poll!.id);
	});

	it.each([
		[{ name: undefined }, 'params.name is required'],
		[{ value: undefined }, 'params.value is required'],
		[{ duration: undefined }, 'params.duration is required'],
		[{ duration: 14 }, 'params.duration must be between 15 and 1800 s'],
		[{ duration: 1801 }, 'params.duration must be between 15 and 1800 s']
	])('create-poll %j stays none: success, the platform refuses (%s)', async (extra, rule) => {
		const params: Record<string, unknown> = {
			name: 'Q',
			value: 'a,b',
			duration: 60,
			platform: 'alpha',
			...extra
		};
		for (const k of Object.keys(params)) if (params[k] === undefined) delete params[k];
		expect((await sim.api.send('create-poll', params)).json).toEqual(OK);
		expect(await lastOutcome(sim.api)).toBe(`refused by the platform: ${rule}`);
		expect((await state<Snap>(sim.api)).poll).toBeNull();
		expect(
			(await sim.api.send('get-variable-value', { name: 'alpha_current_poll_id' })).json
		).toEqual({ status: 200 });
	});

	it.each([15, 1800])('create-poll accepts duration %d', async (duration) => {
		await createPoll({ duration });
		expect((await state<Snap>(sim.api)).poll?.status).toBe('ACTIVE');
	});

	it.each([
		[{}, 'ARCHIVED'],
		[{ name: 'ARCHIVED' }, 'ARCHIVED'],
		[{ name: 'TERMINATED' }, 'TERMINATED']
	])('active → ended: end-poll %j ends it with status %s', async (extra, status) => {
		await createPoll();
		expect((await sim.api.send('end-poll', { platform: 'alpha', ...extra })).json).toEqual(OK);
		expect((await state<Snap>(sim.api)).poll?.status).toBe(status);
	});

	it('end-poll acts on the last poll created; with none active the platform refuses', async () => {
		expect((await sim.api.send('end-poll', { platform: 'alpha' })).json).toEqual(OK);
		expect(await lastOutcome(sim.api)).toBe(
			'refused by alpha: no active poll created through the service'
		);
		await createPoll();
		await sim.api.send('end-poll', { platform: 'alpha', name: 'FINISHED' });
		expect((await state<Snap>(sim.api)).poll?.status).toBe('ACTIVE');
	});

	it('none → active: create-prediction stores the id; outcomes are trimmed', async () => {
		expect((await createPrediction()).json).toEqual(OK);
		const { prediction } = await state<Snap>(sim.api);
		expect(prediction).toMatchObject({ status: 'ACTIVE', outcomes: ['Yes', 'No'] });
		expect(await sim.api.variable('alpha_current_prediction_id')).toBe(prediction!.id);
	});

	it.each([30, 1800])('create-prediction accepts duration %d', async (duration) => {
		expect(
			(
				await sim.api.send('create-prediction', {
					name: 'Q',
					value: 'a,b',
					duration,
					platform: 'alpha'
				})
			).json
		).toEqual(OK);
		expect((await state<Snap>(sim.api)).prediction).toEqual(
			expect.objectContaining({ status: 'ACTIVE', outcomes: ['a', 'b'], id: expect.any(String) })
		);
	});

	it.each([
		[{ duration: 29 }, 'params.duration must be between 30 and 1800 s'],
		[{ duration: 1801 }, 'params.duration must be between 30 and 1800 s'],
		[{ value: 'only one' }, 'params.value needs at least two comma-separated outcomes']
	])('create-prediction %j stays none (%s)', async (extra, rule) => {
		expect(
			(
				await sim.api.send('create-prediction', {
					name: 'Q',
					value: 'a,b',
					duration: 60,
					platform: 'alpha',
					...extra
				})
			).json
		).toEqual(OK);
		expect(await lastOutcome(sim.api)).toBe(`refused by the platform: ${rule}`);
		expect((await state<Snap>(sim.api)).prediction).toBeNull();
	});

	it.each([
		[{ value: 'yes' }, 'RESOLVED', 'Yes'],
		[{ name: 'RESOLVED', value: 'NO' }, 'RESOLVED', 'No'],
		[{ name: 'CANCELED' }, 'CANCELED', undefined],
		[{ name: 'CANCELED', value: 'whatever' }, 'CANCELED', undefined]
	])('active → end-prediction %j → %s', async (extra, status, winner) => {
		await createPrediction();
		expect((await sim.api.send('end-prediction', { platform: 'alpha', ...extra })).json).toEqual(
			OK
		);
		const { prediction } = await state<Snap>(sim.api);
		expect([prediction?.status, prediction?.winner]).toEqual([status, winner]);
	});

	it('RESOLVED with a value matching no outcome leaves the prediction unchanged', async () => {
		await createPrediction();
		expect(
			(
				await sim.api.send('end-prediction', {
					name: 'RESOLVED',
					value: 'Maybe',
					platform: 'alpha'
				})
			).json
		).toEqual(OK);
		expect(await lastOutcome(sim.api)).toBe('nothing done: no outcome titled "Maybe"');
		expect((await state<Snap>(sim.api)).prediction?.status).toBe('ACTIVE');
	});

	it('RESOLVED without a value is refused by the platform', async () => {
		await createPrediction();
		expect((await sim.api.send('end-prediction', { platform: 'alpha' })).json).toEqual(OK);
		expect(await lastOutcome(sim.api)).toBe(
			'refused by the platform: params.value is required when resolving (the winning outcome)'
		);
		expect((await state<Snap>(sim.api)).prediction?.status).toBe('ACTIVE');
	});
});

describe.each(PROFILES)('Limits: colours (%s)', (profile) => {
	const sim = useSim(profile);
	const CT_RULE = 'params.value.ct must be between 2900 and 7000 K';

	it.each([2900, 7000])('accepts colour temperature %d K', async (ct) => {
		expect((await sim.api.send('rgb-color', { value: { ct } })).json).toEqual(OK);
	});

	it.each([2899, 7001])('refuses colour temperature %d K with a plain 400', async (ct) => {
		const answer = await sim.api.send('rgb-color', { value: { ct } });
		expect([answer.status, answer.isJson, answer.text]).toEqual([400, false, CT_RULE]);
	});

	it('applies the defaults brightness 100, transition 0, duration 4000 ms, and targets only the listed lights', async () => {
		expect(
			(
				await sim.api.send('rgb-color', {
					value: [255, 0, 0],
					lights: [
						{ type: 'brand_a', value: 'a1f0c2d4' },
						{ type: 'brand_b', value: 'ghost' }
					]
				})
			).json
		).toEqual(OK);
		const { lights } = await state<{ lights: { current: unknown } }>(sim.api);
		expect(lights.current).toEqual({
			value: [255, 0, 0],
			brightness: 100,
			transition: 0,
			duration: 4000,
			lights: ['a1f0c2d4']
		});
		await sim.api.send('rgb-color', {
			value: { r: 1, g: 2, b: 3 },
			brightness: 40,
			transition: 250,
			duration: 1000
		});
		expect((await state<{ lights: { current: unknown } }>(sim.api)).lights.current).toEqual({
			value: { r: 1, g: 2, b: 3 },
			brightness: 40,
			transition: 250,
			duration: 1000,
			lights: 'all'
		});
	});

	it('targets a light listed by id instead of value (protocol facts §5.15); one with neither is a plain 400', async () => {
		expect(
			(
				await sim.api.send('hex-color', {
					value: '#00ff00',
					lights: [{ type: 'brand_a', id: 'a1f0c2d4' }]
				})
			).json
		).toEqual(OK);
		expect(
			(await state<{ lights: { current: { lights: unknown } } }>(sim.api)).lights.current.lights
		).toEqual(['a1f0c2d4']);
		const answer = await sim.api.send('hex-color', {
			value: '#00ff00',
			lights: [{ type: 'brand_a' }]
		});
		expect([answer.status, answer.isJson, answer.text]).toEqual([
			400,
			false,
			'params.lights[0] needs the light id in value (or id)'
		]);
	});

	it('drops a lights entry without a type, with a lint note (facts §5.15); left empty, the colour goes to every light', async () => {
		expectLint('params.lights[0] has no type', 'params.lights[1] has no type');
		expect(
			(
				await sim.api.send('hex-color', {
					value: '#00ff00',
					lights: [{ value: 'a1f0c2d4' }, { type: 'brand_a', value: 'a1f0c2d4' }]
				})
			).json
		).toEqual(OK);
		expect(
			(await state<{ lights: { current: { lights: unknown } } }>(sim.api)).lights.current.lights
		).toEqual(['a1f0c2d4']);
		const log = (await sim.api.control('requests')).json as { requests: { lint?: string[] }[] };
		expect(log.requests.at(-1)!.lint).toEqual([
			'params.lights[0] has no type; the application drops the entry (send {type, value})'
		]);
		expect(
			(
				await sim.api.send('rgb-color', {
					value: [1, 2, 3],
					lights: [{ value: 'a1f0c2d4' }, { id: 'x' }]
				})
			).json
		).toEqual(OK);
		expect(
			(await state<{ lights: { current: { lights: unknown } } }>(sim.api)).lights.current.lights
		).toBe('all');
	});

	it('rgb-color with value null changes only the brightness (facts §5.15, the legacy SDK form), with a lint note', async () => {
		expectLint('params.value is null');
		await sim.api.send('rgb-color', { value: [10, 20, 30] });
		expect((await sim.api.send('rgb-color', { value: null, brightness: 30 })).json).toEqual(OK);
		expect((await state<{ lights: { current: unknown } }>(sim.api)).lights.current).toMatchObject({
			value: [10, 20, 30],
			brightness: 30
		});
		const log = (await sim.api.control('requests')).json as { requests: { lint?: string[] }[] };
		expect(log.requests.at(-1)!.lint).toEqual([
			'params.value is null; the application changes only the brightness and keeps the colour (the legacy SDK form; send a colour)'
		]);
		const hex = await sim.api.send('hex-color', { value: null });
		expect(hex.status).toBe(400);
	});

	it('leaves the lights alone while light control is off', async () => {
		await sim.api.send('set-app', { value: false });
		expect((await sim.api.send('hex-color', { value: '#00ff00' })).json).toEqual(OK);
		expect((await state<{ lights: { current: unknown } }>(sim.api)).lights.current).toBeNull();
	});

	it('hex-color needs a leading #', async () => {
		expect((await sim.api.send('hex-color', { value: '#ff8800', brightness: 50 })).json).toEqual(
			OK
		);
		const answer = await sim.api.send('hex-color', { value: 'ff8800' });
		expect([answer.status, answer.text]).toEqual([
			400,
			'params.value must be a hex colour like #ff8800'
		]);
	});

	it('hold makes the colour the new default state, restored by to-default', async () => {
		await sim.api.send('hex-color', { value: '#112233', hold: true });
		await sim.api.send('hex-color', { value: '#ffffff' });
		await sim.api.send('to-default');
		const { lights } = await state<{ lights: { current: { value: unknown } } }>(sim.api);
		expect(lights.current.value).toBe('#112233');
	});
});
