/** An "alerts" share link presses the alert box's four buttons and nothing else: only control values, only to alert box control variables. */
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
	await rig?.close();
});

const NOT_ALLOWED = { status: 403, json: { code: 'not_allowed_by_share' } };
const writes = () =>
	rig.sim.sim.requestLog.filter((e) => e.type === 'update-variable-value').length;

describe('an alerts link', () => {
	it.each(CONTROL_ACTIONS)(
		'presses the deck’s %s button: it reaches the application',
		async (action) => {
			const request = requestFor({ kind: 'alerts', action, variable: 'alertbox_main' })!;
			rig.sim.sim.clearLog();
			const answer = await rig.send(key, request.type, request.params);
			expect(answer.status).toBe(200);
			expect(writes()).toBe(1);
		}
	);

	it.each([
		['another variable', { name: 'deaths', value: { action: 'skip', at: 1 } }],
		['a counter step', { name: 'alertbox_main', value: '+1' }],
		['any other value', { name: 'alertbox_main', value: { action: 'explode', at: 1 } }],
		['an empty value', { name: 'alertbox_main', value: '' }]
	])('refuses %s with a 403, and sends nothing', async (_, params) => {
		rig.sim.sim.clearLog();
		expect(await rig.send(key, 'update-variable-value', params)).toMatchObject(NOT_ALLOWED);
		expect(writes()).toBe(0);
	});

	it('refuses every other writing type', async () => {
		for (const type of ['set-counter-value', 'alert', 'chatbot-message', 'run-actions'])
			expect(await rig.send(key, type, { name: 'x', value: 1 }), type).toMatchObject(NOT_ALLOWED);
	});
});
