import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
	CATALOG,
	SettingsDataSchema,
	optionValues,
	ttsOptions,
	SEND_TYPES,
	checkSend,
	needsConfirmation,
	parseServerFrame,
	validateActions,
	LIMITS
} from '$lib/protocol';

const SPEC_VALID = `chat-command, chatbot-command, alpha-points, alpha-extension, alert, chatbot-message, rgb-color, hex-color, studio-scene, studio-theme, studio-animation, start-fuze, stop-fuze, toggle-fuze, fuze-audio-sensitivity, to-default, set-app, start-app, stop-app, toggle-stream-mode, resume-queue, pause-queue, clear-queue, clear-cooldowns, set-command-state, set-folder-state, tts, update-variable-value, get-variable-value, create-chatbot-command, update-chatbot-command, delete-chatbot-command, overlay-set-visibility, overlay-set-layer-visibility, overlay-set-layer-position, overlay-set-content, change-stream-title, change-current-category, create-stream-marker, clip, send-announcement, run-commercial, set-slow-mode, set-subscriber-mode, set-follow-mode, set-emotes-mode, create-poll, end-poll, create-prediction, end-prediction, clear-chat, pin-message, unpin-message, add-moderator, remove-moderator, song-request, set-counter-value, get-loyalty-points`;
const SPEC_ALSO = `run-actions, get-action-catalog, translate-message, shoutout, add-vip, remove-vip, ban-user, unban-user, timeout-user, delete-message, add-loyalty-points, gamma-points`;

describe('catalog', () => {
	it('holds exactly the send types the spec names', () => {
		// set-fuze: listed in data.types but undocumented (protocol facts §5.4), served like the fuze types;
		// overlay-set-layer-size: undocumented in the REST docs, present in the application (facts §5.11).
		const named = [
			...SPEC_VALID.split(', '),
			...SPEC_ALSO.split(', '),
			'set-fuze',
			'overlay-set-layer-size'
		].sort();
		expect([...SEND_TYPES].sort()).toEqual(named);
	});

	it('applies the spec defaults', () => {
		const r = checkSend('rgb-color', { value: { r: 1, g: 2, b: 3 } });
		expect(r.ok && r.params).toMatchObject({ brightness: 100, transition: 0, duration: 4000 });
		const slow = checkSend('set-slow-mode', { value: true, platform: 'alpha' });
		expect(slow.ok && slow.params.duration).toBe(30);
		const follow = checkSend('set-follow-mode', { value: true, platform: 'alpha' });
		expect(follow.ok && follow.params.duration).toBe(0);
		const t = checkSend('timeout-user', { value: 'x', platform: 'beta' });
		expect(t.ok && t.params.duration).toBe(10);
		expect(checkSend('end-poll', { platform: 'alpha' })).toMatchObject({
			ok: true,
			params: { name: 'ARCHIVED' }
		});
	});

	it.each([
		['rgb-color', { value: { ct: 2899 } }, 'params.value.ct'],
		['rgb-color', { value: { ct: 7001 } }, 'params.value.ct'],
		['run-commercial', { duration: 29, platform: 'alpha' }, 'params.duration'],
		['run-commercial', { duration: 181, platform: 'alpha' }, 'params.duration'],
		['set-slow-mode', { value: true, duration: 2, platform: 'alpha' }, 'params.duration'],
		['set-follow-mode', { value: true, duration: 129601, platform: 'alpha' }, 'params.duration'],
		[
			'create-poll',
			{ name: 'q', value: 'a,b', duration: 14, platform: 'alpha' },
			'params.duration'
		],
		[
			'create-prediction',
			{ name: 'q', value: 'a,b', duration: 1801, platform: 'alpha' },
			'params.duration'
		],
		['end-prediction', { name: 'RESOLVED', platform: 'alpha' }, 'params.value'],
		['change-current-category', { value: 'x', platform: 'beta' }, 'params.platform'],
		['hex-color', { value: 'red' }, 'params.value'],
		['chat-command', { value: 'x', bogus: 1 }, 'params.bogus']
	])('%s refuses %j naming %s', (type, params, field) => {
		const r = checkSend(type, params);
		expect(r.ok).toBe(false);
		if (!r.ok) expect(r.issues.map((i) => i.field)).toContain(field);
	});

	it('accepts the range edges', () => {
		expect(checkSend('rgb-color', { value: { ct: 2900 } }).ok).toBe(true);
		expect(checkSend('rgb-color', { value: { ct: 7000 } }).ok).toBe(true);
		expect(checkSend('run-commercial', { duration: 30, platform: 'alpha' }).ok).toBe(true);
		expect(checkSend('run-commercial', { duration: 180, platform: 'alpha' }).ok).toBe(true);
		// value is the fallback when duration is absent (spec): the client may send it.
		expect(checkSend('run-commercial', { value: 90, platform: 'alpha' })).toEqual({
			ok: true,
			type: 'run-commercial',
			params: { value: 90, platform: 'alpha' }
		});
		expect(checkSend('run-commercial', { value: 29, platform: 'alpha' })).toMatchObject({
			ok: false,
			issues: [{ field: 'params.value', rule: 'must be between 30 and 180 s' }]
		});
		expect(checkSend('run-commercial', { platform: 'alpha' })).toMatchObject({
			ok: false,
			issues: [{ field: 'params.duration', rule: 'is required (30 to 180 s; or value)' }]
		});
		expect(checkSend('create-chatbot-command', { name: 'hi', message: 'hello' })).toEqual({
			ok: true,
			type: 'create-chatbot-command',
			params: {
				name: 'hi',
				message: 'hello',
				showInCommandsList: false,
				on: true,
				cooldownDuration: LIMITS.chatbotCooldownDefault
			}
		});
		expect(checkSend('update-chatbot-command', { name: 'hi', message: 'x' })).toEqual({
			ok: true,
			type: 'update-chatbot-command',
			params: { name: 'hi', message: 'x' }
		});
	});

	it('names an unknown type', () => {
		expect(checkSend('nope', {})).toMatchObject({ ok: false, status: 400, code: 'unknown_type' });
	});

	it('marks what needs confirmation', () => {
		expect(needsConfirmation('ban-user')).toBe(true);
		expect(needsConfirmation('clear-chat')).toBe(true);
		expect(needsConfirmation('song-request', { action: 'clear' })).toBe(true);
		expect(needsConfirmation('song-request', { action: 'add' })).toBe(false);
		expect(needsConfirmation('studio-scene')).toBe(false);
		expect(CATALOG['create-chatbot-command'].feature).toBe('name-validation');
	});
});

describe('run-actions validator', () => {
	const say = { base: 'app', type: 'chatbot', value: { message: 'hi' } };
	it('accepts 50 actions and refuses 51', () => {
		expect(validateActions(Array(LIMITS.actionsPerRequest).fill(say))).toMatchObject({
			ok: true,
			count: 50
		});
		expect(validateActions(Array(51).fill(say))).toMatchObject({ ok: false, status: 400 });
	});
	it('refuses blocked actions at any depth', () => {
		expect(validateActions([{ base: 'app', type: 'code' }])).toMatchObject({
			ok: false,
			code: 'action_not_allowed'
		});
		expect(validateActions([{ base: 'commandRunner', type: 'run' }])).toMatchObject({
			ok: false,
			status: 403
		});
		const nested = {
			type: 'loop',
			value: {
				count: 2,
				actions: [
					{ type: 'randomGroup', value: { actions: [{ base: 'inputEvents', type: 'press' }] } }
				]
			}
		};
		expect(validateActions([nested])).toMatchObject({
			ok: false,
			status: 403,
			code: 'action_not_allowed'
		});
		const cond = {
			type: 'conditional',
			value: { then: [say], else: [{ base: 'app', type: 'writeToFile' }] }
		};
		expect(validateActions([cond])).toMatchObject({ ok: false, status: 403 });
	});
	it('finds a blocked action however deep it hides inside a branch', () => {
		const hidden = {
			type: 'conditional',
			value: { a: { b: { c: { d: { then: [{ type: 'code' }] } } } } }
		};
		expect(validateActions([hidden])).toEqual({
			ok: false,
			status: 403,
			code: 'action_not_allowed',
			field: 'params.actions[0].value.a.b.c.d.then[0]',
			message:
				'params.actions[0].value.a.b.c.d.then[0]: action type "code" is blocked; put it in a command and trigger that command instead'
		});
		// 1,000 objects deep, then a list of lists, then a lone action object: still found.
		let deep: unknown = { wrap: [[{ base: 'inputEvents', type: 'press' }]] };
		for (let i = 0; i < 1000; i++) deep = { k: deep };
		const verdict = validateActions([{ type: 'randomGroup', value: deep }]);
		expect(verdict).toMatchObject({
			ok: false,
			status: 403,
			code: 'action_not_allowed',
			field: `params.actions[0].value${'.k'.repeat(1000)}.wrap[0][0]`
		});
		const lone = {
			type: 'loop',
			value: { x: { y: { z: { w: { v: { base: 'commandRunner', type: 'run' } } } } } }
		};
		expect(validateActions([lone])).toMatchObject({
			ok: false,
			status: 403,
			field: 'params.actions[0].value.x.y.z.w.v'
		});
		const safe = { type: 'loop', value: { x: { y: { z: { w: { v: { then: [say] } } } } } } };
		expect(validateActions([safe])).toEqual({ ok: true, count: 2 });
	});
	it('walks a branch nested 400,000 objects deep without overflowing the stack', () => {
		let deep: unknown = [{ type: 'writeToFile' }];
		for (let i = 0; i < 400_000; i++) deep = i % 2 ? { n: deep } : [deep];
		const verdict = validateActions([{ type: 'conditional', value: deep }]);
		expect(verdict).toMatchObject({ ok: false, status: 403, code: 'action_not_allowed' });
		let plain: unknown = 'end';
		for (let i = 0; i < 400_000; i++) plain = { n: plain };
		expect(validateActions([{ type: 'conditional', value: plain }])).toEqual({
			ok: true,
			count: 1
		});
	});
	it('counts hidden actions towards the 50-action limit', () => {
		const many = { type: 'loop', value: { a: { b: { c: { d: { e: Array(50).fill(say) } } } } } };
		expect(validateActions([many])).toEqual({
			ok: false,
			status: 400,
			message: 'params.actions holds more than 50 actions',
			field: 'params.actions'
		});
	});
	it('bounds nesting at 5 levels, even 100 deep', () => {
		const nest = (n: number): unknown =>
			n === 1 ? say : { type: 'loop', value: { actions: [nest(n - 1)] } };
		expect(validateActions([nest(5)]).ok).toBe(true);
		expect(validateActions([nest(6)])).toMatchObject({ ok: false, status: 400 });
		expect(validateActions([nest(100)])).toMatchObject({ ok: false, status: 400 });
	});
});

describe('frame parser', () => {
	it('tells replies from events', () => {
		expect(
			parseServerFrame('{"event":"socketapi:response","context":1,"status":200,"message":true}')
		).toMatchObject({ kind: 'response', context: 1 });
		expect(parseServerFrame('{"event":"socketapi:subscribed","channels":"all"}')).toMatchObject({
			kind: 'subscribed',
			channels: 'all'
		});
		expect(
			parseServerFrame('{"origin":"alpha","type":"alert","event":"alpha-follower","data":{}}')
		).toMatchObject({ kind: 'event' });
		expect(parseServerFrame('nope')).toMatchObject({ kind: 'invalid' });
		expect(parseServerFrame('[1]')).toMatchObject({ kind: 'invalid' });
	});
});

describe('lists from the application, each key once', () => {
	// Pages key these lists by name or id: a repeated one made a keyed list throw (each_key_duplicate).
	it('option names, lights and voices keep the first of each', () => {
		expect(
			optionValues(
				{ 'studio-scene': { values: ['Same', 'Same', 'same', 3, 'Other', 'Other'] } },
				'studio-scene'
			)
		).toEqual(['Same', 'same', 'Other']);
		const settings = v.parse(SettingsDataSchema, {
			lights: [
				{ id: 'l', name: 'first', type: 'brand_a' },
				{ id: 'l', name: 'second', type: 'brand_a' },
				{ id: 'm', type: 'overlay' }
			]
		});
		expect(settings.lights.map((l) => l.name ?? l.id)).toEqual(['first', 'm']);
		const tts = ttsOptions({
			tts: {
				values: {
					voices: [
						{ id: 'v', label: 'A' },
						{ id: 'v', label: 'B' }
					],
					devices: [
						{ id: 'd', label: 'X' },
						{ id: 'd', label: 'Y' }
					]
				}
			}
		});
		expect([tts.voices.map((x) => x.label), tts.devices.map((x) => x.label)]).toEqual([
			['A'],
			['X']
		]);
	});
});

describe('a sent type as text', () => {
	it('never throws, whatever the type is (an object whose toString is not a function included)', async () => {
		const { typeText, unknownType } = await import('../../src/lib/protocol/check-params');
		expect(typeText({ toString: '' })).toBe('{"toString":""}');
		expect(typeText('x'.repeat(100))).toHaveLength(60);
		expect(typeText(undefined)).toBe('undefined');
		expect(unknownType({ toString: '' })).toMatchObject({
			ok: false,
			issues: [{ field: 'type', rule: 'is not a valid send type ({"toString":""})' }]
		});
	});
});
