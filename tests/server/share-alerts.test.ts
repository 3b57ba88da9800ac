/**
 * An "alerts" share link presses the alert box's four buttons and nothing else: only control values
 * ({action, at}, as the deck writes them), only to alert box control variables (alertbox_<box>), over
 * REST and the websocket. Every other write is refused with the field and the rule, and never forwarded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestFor } from '../../src/lib/app/deck/actions';
import { allowedSendTypes } from '../../src/lib/share/profiles';
import { CONTROL_ACTIONS } from '../../src/lib/protocol/alert-control';
import { startShareRig, type ShareRig } from './share-rig';

let rig: ShareRig;
let key: string;
beforeAll(async () => {
	rig = await startShareRig();
	const link = await rig.createLink({ label: 'alerts test', profile: 'alerts' });
	key = link.key;
	expect(link.allowed).toEqual(allowedSendTypes('alerts'));
});
afterAll(async () => {
	rig?.assertNoLeak();
	await rig?.close();
});

const NOT_ALLOWED = { status: 403, json: { code: 'not_allowed_by_share' } };
const writes = () => rig.sim.sim.requestLog.filter((e) => e.type === 'update-variable-value');
const press = (action: (typeof CONTROL_ACTIONS)[number], variable = 'alertbox_main') =>
	requestFor({ kind: 'alerts', action, variable })!;

/** Another alert box variable or another value, each with the field and rule the refusal must name. */
const REFUSED: [string, Record<string, unknown>, RegExp][] = [
	[
		'another variable',
		{ name: 'deaths', value: { action: 'skip', at: 1 } },
		/params\.name must be an alert box control variable: alertbox_ then/
	],
	['the bare prefix', { name: 'alertbox_', value: { action: 'skip', at: 1 } }, /params\.name/],
	[
		'an alertbox_ name with other characters',
		{ name: 'alertbox_main.volume', value: { action: 'skip', at: 1 } },
		/params\.name must be an alert box control variable/
	],
	[
		'an alertbox_ name with a space',
		{ name: 'alertbox_main box', value: { action: 'pause', at: 1 } },
		/params\.name/
	],
	[
		'another case of the prefix',
		{ name: 'AlertBox_main', value: { action: 'pause', at: 1 } },
		/params\.name/
	],
	[
		'an alertbox_ name too long',
		{ name: `alertbox_${'x'.repeat(120)}`, value: { action: 'pause', at: 1 } },
		/params\.name must be at most 120 characters/
	],
	['a counter step', { name: 'alertbox_main', value: '+1' }, /params\.value must be an object/],
	['an empty value', { name: 'alertbox_main', value: '' }, /params\.value must be an object/],
	['a number', { name: 'alertbox_main', value: 3 }, /params\.value must be an object/],
	[
		'the control as JSON text',
		{ name: 'alertbox_main', value: '{"action":"skip","at":1}' },
		/params\.value must be an object/
	],
	[
		'an unknown action',
		{ name: 'alertbox_main', value: { action: 'explode', at: 1 } },
		/params\.value\.action must be one of pause, resume, skip, replay/
	],
	[
		'a control without its time',
		{ name: 'alertbox_main', value: { action: 'skip' } },
		/params\.value\.at is required/
	],
	[
		'a time that is not one',
		{ name: 'alertbox_main', value: { action: 'skip', at: -5 } },
		/params\.value\.at must be a time in ms/
	],
	[
		'a control with a field riding along',
		{ name: 'alertbox_main', value: { action: 'skip', at: 1, note: 'x'.repeat(5000) } },
		/params\.value\.note is not a known field/
	],
	[
		'envelope params besides the press',
		{ name: 'alertbox_main', value: { action: 'skip', at: 1 }, extraSettings: { a: 1 } },
		/params\.extraSettings is not a known field/
	]
];

describe('an alerts link', () => {
	it.each(CONTROL_ACTIONS)(
		'presses the deck’s %s button over REST: the application gets exactly that write',
		async (action) => {
			const request = press(action);
			rig.sim.sim.clearLog();
			const answer = await rig.send(key, request.type, request.params);
			expect(answer.status).toBe(200);
			expect(writes().map((w) => w.params)).toEqual([request.params]);
		}
	);

	it('presses every button of a second alert box (its own variable) over the websocket', async () => {
		const socket = await rig.openShareSocket(key);
		rig.sim.sim.clearLog();
		const sent = CONTROL_ACTIONS.map((action) => press(action, 'alertbox_stage-2'));
		for (const [i, request] of sent.entries())
			socket.send({ type: request.type, params: request.params, context: `press-${i}` });
		for (const i of sent.keys())
			expect(await socket.reply(`press-${i}`), `press ${i}`).toMatchObject({ status: 200 });
		socket.close();
		expect(writes().map((w) => [w.transport, w.params])).toEqual(sent.map((r) => ['ws', r.params]));
	});

	it.each(REFUSED)(
		'refuses %s over REST with a 403 naming the field and the rule, and sends nothing',
		async (_, params, rule) => {
			rig.sim.sim.clearLog();
			const answer = await rig.send(key, 'update-variable-value', params);
			expect(answer).toMatchObject(NOT_ALLOWED);
			expect(answer.json.message).toMatch(rule);
			expect(answer.json.message).toMatch(/this Alerts share link may only press pause, resume/);
			expect(writes()).toEqual([]);
		}
	);

	it('refuses each of those writes on the websocket too, and forwards none', async () => {
		const socket = await rig.openShareSocket(key);
		rig.sim.sim.clearLog();
		for (const [i, [, params]] of REFUSED.entries())
			socket.send({ type: 'update-variable-value', params, context: `bad-${i}` });
		for (const [i, [what, , rule]] of REFUSED.entries()) {
			const reply = await socket.reply(`bad-${i}`);
			expect(reply, what).toMatchObject({ status: 403, code: 'not_allowed_by_share' });
			expect(reply.error, what).toMatch(rule);
		}
		// A press after them all is the only write the application saw.
		const after = press('resume');
		socket.send({ type: after.type, params: after.params, context: 'after' });
		expect(await socket.reply('after')).toMatchObject({ status: 200 });
		socket.close();
		expect(writes().map((w) => w.params)).toEqual([after.params]);
	});

	it('refuses every other writing type', async () => {
		for (const type of ['set-counter-value', 'alert', 'chatbot-message', 'run-actions'])
			expect(await rig.send(key, type, { name: 'x', value: 1 }), type).toMatchObject(NOT_ALLOWED);
	});
});
