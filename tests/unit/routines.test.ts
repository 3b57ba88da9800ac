import { describe, expect, it } from 'vitest';
import { KNOWN_ACTIONS } from '$lib/protocol';
import { PRESETS } from '../../src/routes/(app)/routines/presets';
import {
	blankStep,
	checkRoutine,
	fromAction,
	keyOf,
	toAction
} from '../../src/routes/(app)/routines/steps';

describe('routine steps', () => {
	it('presets use known actions only and pass the shared validator', () => {
		const known = new Set(KNOWN_ACTIONS.map(keyOf));
		for (const preset of PRESETS) {
			for (const action of preset.actions)
				expect(known.has(keyOf(action)), `${preset.name}: ${keyOf(action)}`).toBe(true);
			expect(checkRoutine(preset.actions)).toEqual({ ok: true });
		}
	});

	it('round-trips every preset action through the editable step form', () => {
		for (const action of PRESETS.flatMap((p) => p.actions))
			expect(toAction(fromAction(action))).toEqual({ ok: true, action });
	});

	it('puts the delay on the step and names missing or malformed fields', () => {
		const wait = blankStep('delay');
		expect(toAction(wait)).toEqual({ ok: false, message: 'Milliseconds is required' });
		if (wait.kind === 'known') wait.text.delay = 'soon';
		expect(toAction(wait)).toEqual({ ok: false, message: 'Milliseconds must be a number' });
		if (wait.kind === 'known') wait.text.delay = '250';
		expect(toAction(wait)).toEqual({ ok: true, action: { type: 'delay', delay: 250 } });
		const custom = blankStep('custom');
		if (custom.kind === 'custom') Object.assign(custom, { type: 'x', value: '[1]' });
		expect(toAction(custom)).toEqual({ ok: false, message: 'Value must be a JSON object' });
	});

	it('points the validator verdict at the step it names', () => {
		const verdict = checkRoutine([
			{ type: 'delay', delay: 1 },
			{ base: 'inputEvents', type: 'keyPress', value: {} }
		]);
		expect(verdict).toMatchObject({ ok: false, step: 1 });
		expect(!verdict.ok && verdict.message).toMatch(
			/^Step 2: actions under base "inputEvents" are blocked/
		);
		expect(checkRoutine([])).toMatchObject({ ok: false, step: undefined });
	});
});
