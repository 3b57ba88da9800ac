/**
 * The builder's check of the alert box's control name (routes/(app)/widgets/control-name.ts, issue 26):
 * a name an Alerts share link could never press is said beside the field, with the protocol's rule,
 * in the dashboard's language; a fitting name says nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { controlNameProblem, optionWarnings } from '../../src/routes/(app)/widgets/control-name';
import {
	ALERT_CONTROL_PREFIX,
	CONTROL_NAME_MAX,
	ControlPressSchema,
	DEFAULT_CONTROL_VARIABLE,
	controlValue
} from '$lib/protocol/alert-control';
import { language } from '$lib/app/language.svelte';

/** What an Alerts share link accepts: the protocol's own press schema. */
const pressable = (name: string) =>
	v.safeParse(ControlPressSchema, { name, value: controlValue('skip', 1) }).success;

describe("the builder's control name check", () => {
	afterEach(() => language.choose('en'));

	it('agrees with what an Alerts share link accepts, name by name', () => {
		const names = [
			DEFAULT_CONTROL_VARIABLE,
			`${ALERT_CONTROL_PREFIX}brb-scene_2`,
			`${ALERT_CONTROL_PREFIX}`,
			'alerts_main',
			'alertbox main',
			'ALERTBOX_main',
			`${ALERT_CONTROL_PREFIX}ü`,
			`${ALERT_CONTROL_PREFIX}${'x'.repeat(CONTROL_NAME_MAX - ALERT_CONTROL_PREFIX.length)}`,
			`${ALERT_CONTROL_PREFIX}${'x'.repeat(CONTROL_NAME_MAX)}`
		];
		for (const name of names)
			expect([name, controlNameProblem(name) === undefined]).toEqual([name, pressable(name)]);
		expect(controlNameProblem(`${ALERT_CONTROL_PREFIX}${'x'.repeat(CONTROL_NAME_MAX)}`)).toBe(
			'too-long'
		);
		expect(controlNameProblem('alerts_main')).toBe('pattern');
		// Empty turns control off: nothing to press, nothing to say.
		expect(controlNameProblem('  ')).toBeUndefined();
		// The widget trims the name before it watches it, so spaces around a good one are fine.
		expect(controlNameProblem(`  ${DEFAULT_CONTROL_VARIABLE} `)).toBeUndefined();
	});

	it('warns beside the control field of the alert box only, naming the rule', () => {
		expect(optionWarnings('alert-box', { control: DEFAULT_CONTROL_VARIABLE })).toEqual({});
		expect(optionWarnings('counter', { control: 'alerts_main' })).toEqual({});
		const { control } = optionWarnings('alert-box', { control: 'alerts_main' });
		expect(control).toContain(ALERT_CONTROL_PREFIX);
		expect(control).toContain(String(CONTROL_NAME_MAX));
		expect(control).toMatch(/Alerts share link/);
	});

	it('says it in the dashboard’s language', async () => {
		await language.choose('de');
		const { control } = optionWarnings('alert-box', { control: 'alerts main' });
		expect(control).toMatch(/Teilen-Link/);
		expect(control).toContain(ALERT_CONTROL_PREFIX);
		expect(control).toContain(String(CONTROL_NAME_MAX));
	});
});
