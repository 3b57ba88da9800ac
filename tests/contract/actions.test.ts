/** Contract: Running actions (run-actions, get-action-catalog), the action_not_allowed row and the action Limits. */
import { describe, expect, it } from 'vitest';
import { actionCatalogText } from '$lib/protocol';
import { OK, structured, useSim } from './harness';

const say = (message: string) => ({ base: 'app', type: 'chatbot', value: { message } });
const nest = (depth: number, inner: object): object =>
	depth <= 1 ? inner : { type: 'conditional', then: [nest(depth - 1, inner)] };
const blocked = (field: string, reason: string) =>
	structured(
		403,
		'action_not_allowed',
		`${field} ${reason}; put it in a command and trigger that command instead`
	);

describe('run-actions and get-action-catalog (current)', () => {
	const sim = useSim('current');

	it('runs the actions in order and answers success', async () => {
		const answer = await sim.api.send('run-actions', {
			actions: [
				{
					base: 'app',
					type: 'updateCounter',
					value: { value: 'deaths', message: '2', operator: '+' }
				},
				{ type: 'delay', delay: 10 },
				{ base: 'app', type: 'updateVariable', value: { value: 'mood', message: 'cozy' } },
				{ type: 'stop' },
				{ base: 'app', type: 'updateVariable', value: { value: 'mood', message: 'never reached' } }
			],
			extraSettings: { username: 'moss_moth' }
		});
		expect([answer.status, answer.json]).toEqual([200, OK]);
		expect(await sim.api.variable('deaths')).toBe(9);
		expect(await sim.api.variable('mood')).toBe('cozy');
	});

	it.each([
		[
			[{ base: 'app', type: 'code', value: {} }],
			'params.actions[0]',
			'action type "code" is blocked'
		],
		[
			[say('hi'), { base: 'app', type: 'writeToFile', value: {} }],
			'params.actions[1]',
			'action type "writeToFile" is blocked'
		],
		[
			[{ base: 'commandRunner', type: 'run', value: {} }],
			'params.actions[0]',
			'actions under base "commandRunner" are blocked'
		],
		[
			[{ base: 'inputEvents', type: 'keyPress', value: {} }],
			'params.actions[0]',
			'actions under base "inputEvents" are blocked'
		],
		[
			[{ type: 'conditional', then: [say('ok'), { base: 'app', type: 'code' }] }],
			'params.actions[0].then[1]',
			'action type "code" is blocked'
		],
		[
			[{ type: 'loop', actions: [{ base: 'inputEvents', type: 'x' }] }],
			'params.actions[0].actions[0]',
			'actions under base "inputEvents" are blocked'
		],
		[
			[{ type: 'randomGroup', groups: [[say('a')], [{ base: 'commandRunner', type: 'x' }]] }],
			'params.actions[0].groups[1][0]',
			'actions under base "commandRunner" are blocked'
		],
		[
			[{ type: 'conditional', value: { a: { b: { c: { d: { then: [{ type: 'code' }] } } } } } }],
			'params.actions[0].value.a.b.c.d.then[0]',
			'action type "code" is blocked'
		],
		[
			[
				{
					type: 'loop',
					value: {
						a: {
							b: {
								c: { d: { e: { f: { g: [[say('x'), { base: 'inputEvents', type: 'press' }]] } } } }
							}
						}
					}
				}
			],
			'params.actions[0].value.a.b.c.d.e.f.g[0][1]',
			'actions under base "inputEvents" are blocked'
		],
		[
			[
				{
					type: 'randomGroup',
					value: { a: { b: { c: { d: { e: { base: 'commandRunner', type: 'run' } } } } } }
				}
			],
			'params.actions[0].value.a.b.c.d.e',
			'actions under base "commandRunner" are blocked'
		],
		[
			[
				{
					type: 'loop',
					actions: [
						{
							type: 'conditional',
							value: { x: { y: { z: { w: { else: [{ base: 'app', type: 'writeToFile' }] } } } } }
						}
					]
				}
			],
			'params.actions[0].actions[0].value.x.y.z.w.else[0]',
			'action type "writeToFile" is blocked'
		]
	])('refuses %j with 403 action_not_allowed', async (actions, field, reason) => {
		const answer = await sim.api.send('run-actions', { actions });
		expect([answer.status, answer.json]).toEqual([403, blocked(field, reason)]);
	});

	it('refuses a blocked action before running anything', async () => {
		await sim.api.send('run-actions', {
			actions: [
				{ base: 'app', type: 'updateVariable', value: { value: 'mood', message: 'x' } },
				{ base: 'app', type: 'code' }
			]
		});
		expect((await sim.api.send('get-variable-value', { name: 'mood' })).json).toEqual({
			status: 200
		});
	});

	it('accepts 50 actions and refuses 51 with a plain 400', async () => {
		expect(
			(await sim.api.send('run-actions', { actions: Array.from({ length: 50 }, () => say('x')) }))
				.json
		).toEqual(OK);
		const answer = await sim.api.send('run-actions', {
			actions: Array.from({ length: 51 }, () => say('x'))
		});
		expect([answer.status, answer.text]).toEqual([
			400,
			'params.actions holds more than 50 actions'
		]);
	});

	it('accepts 5 levels of nesting and refuses 6', async () => {
		expect((await sim.api.send('run-actions', { actions: [nest(5, say('deep'))] })).json).toEqual(
			OK
		);
		const answer = await sim.api.send('run-actions', { actions: [nest(6, say('too deep'))] });
		expect(answer.status).toBe(400);
		expect(answer.text).toBe(
			'params.actions[0].then[0].then[0].then[0].then[0].then is nested deeper than 5 levels'
		);
	});

	it('answers a clear 400 for an action list nested 100 deep and keeps serving', async () => {
		const answer = await sim.api.send('run-actions', { actions: [nest(100, say('abyss'))] });
		expect([answer.status, answer.isJson, answer.text]).toEqual([
			400,
			false,
			`params.actions[0]${'.then[0]'.repeat(4)}.then is nested deeper than 5 levels`
		]);
		expect((await sim.api.send('to-default')).json).toEqual(OK);
	});

	it('finds a blocked action 400,000 lists deep inside a branch, and keeps serving', async () => {
		const body = `{"type":"run-actions","params":{"actions":[{"type":"conditional","value":${'['.repeat(400_000)}{"type":"code"}${']'.repeat(400_000)}}]}}`;
		const answer = await sim.api.post('/api/send', body);
		const field = `params.actions[0].value${'[0]'.repeat(400_000)}`;
		expect([answer.status, answer.json]).toEqual([
			403,
			blocked(field, 'action type "code" is blocked')
		]);
		expect((await sim.api.send('to-default')).json).toEqual(OK);
	});

	it.each([
		[{ actions: [] }, 'params.actions must hold at least one action'],
		[{ actions: 'say hi' }, 'params.actions must be a list of actions'],
		[{ actions: [{ base: 'app' }] }, 'params.actions[0] must be an action {base, type, value}'],
		[{}, 'params.actions is required']
	])('refuses %j with a plain 400', async (params, text) => {
		const answer = await sim.api.send('run-actions', params);
		expect([answer.status, answer.isJson, answer.text]).toEqual([400, false, text]);
	});

	describe('delay steps: the answer comes when the whole list has finished (facts §5.12)', () => {
		const setMood = (message: string) => ({
			base: 'app',
			type: 'updateVariable',
			value: { value: 'mood', message }
		});
		const nested = (inner: object[]) => ({
			type: 'conditional',
			then: [{ type: 'loop', actions: inner }]
		});
		it.each([
			['delay', [{ type: 'delay', delay: 1500 }, setMood('after the wait')]],
			[
				'duration in place of delay',
				[{ type: 'delay', duration: 1500 }, setMood('after the wait')]
			],
			[
				'a delay nested in branches',
				[nested([{ type: 'delay', delay: 1500 }, setMood('after the wait')])]
			]
		])('REST, %s: the step after the wait has run when the answer arrives', async (_, actions) => {
			const answer = await sim.api.send('run-actions', { actions });
			expect([answer.status, answer.json]).toEqual([200, OK]);
			expect(await sim.api.variable('mood')).toBe('after the wait');
		});

		it('websocket: the reply (context echoed) comes when the list has finished', async () => {
			const socket = await sim.api.socket();
			const reply = await socket.command(
				'run-actions',
				{ actions: [{ type: 'delay', delay: 1500 }, setMood('after the wait')] },
				'routine-1'
			);
			expect(reply).toEqual({
				event: 'socketapi:response',
				context: 'routine-1',
				status: 200,
				message: true
			});
			expect((await socket.command('get-variable-value', { name: 'mood' })).message).toBe(
				'after the wait'
			);
		});

		it('an inline delay on a non-delay action is not applied', async () => {
			const answer = await sim.api.send('run-actions', {
				actions: [{ ...setMood('at once'), delay: 600_000 }]
			});
			expect([answer.status, answer.json]).toEqual([200, OK]);
			expect(await sim.api.variable('mood')).toBe('at once');
		});
	});

	it('get-action-catalog answers the plain-text catalog', async () => {
		const answer = await sim.api.send('get-action-catalog');
		expect([answer.status, answer.json]).toEqual([
			200,
			{ message: actionCatalogText(), status: 200 }
		]);
	});
});

describe('run-actions and get-action-catalog (legacy)', () => {
	const sim = useSim('legacy');
	it.each([
		['run-actions', { actions: [{ base: 'app', type: 'code' }] }],
		['get-action-catalog', undefined]
	])('%s answers 400 unknown_type as plain text', async (type, params) => {
		const answer = await sim.api.send(type, params);
		expect([answer.status, answer.isJson, answer.text]).toEqual([
			400,
			false,
			`unknown_type: type "${type}" is not a valid send type. Call GET /api/retrieve to list valid types.`
		]);
	});
});
