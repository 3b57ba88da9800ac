/**
 * A refusal is data below the pages (lib/protocol's rule kind and numbers, lib/client's error id and
 * values), said in English by one formatter for the simulator, the companion and the widgets, and in
 * the dashboard's language by lib/app/reason-words.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { checkSend } from '$lib/protocol/send';
import { ruleOf, ruleText, said } from '$lib/protocol/rule-text';
import { describeIssues } from '$lib/protocol/issues';
import {
	invalidParamsError,
	socketFailureError,
	stoppedError,
	timeoutError
} from '$lib/client/errors';
import { errorWords, issueLine, issueRule } from '$lib/app/reason-words';
import { language } from '$lib/app/language.svelte';

describe('a rule as data', () => {
	it('keeps the English sentence and gives back the rule it states', () => {
		const text = said('between_unit', { min: 30, max: 180, unit: 's' });
		expect(text).toBe('must be between 30 and 180 s');
		expect(ruleOf(text)).toEqual({
			kind: 'between_unit',
			values: { min: 30, max: 180, unit: 's' }
		});
		expect(ruleText({ kind: 'required', values: {} })).toBe('is required');
		expect(ruleOf('a sentence written by hand')).toBeUndefined();
	});

	it('a refused send names the field, the rule kind and its numbers', () => {
		const check = checkSend('run-commercial', { value: 29, platform: 'alpha' });
		expect(check).toMatchObject({
			ok: false,
			issues: [
				{
					field: 'params.value',
					rule: 'must be between 30 and 180 s',
					says: { kind: 'between_unit', values: { min: 30, max: 180, unit: 's' } }
				}
			]
		});
		const unknown = checkSend('to-default', { colour: 'red' });
		expect(unknown).toMatchObject({
			ok: false,
			issues: [{ field: 'params.colour', says: { kind: 'unknown_field' } }]
		});
		// The companion's and the simulator's English stay as they were.
		if (!unknown.ok)
			expect(describeIssues(unknown.issues)).toBe('params.colour is not a known field');
	});

	it('an error says which sentence it is, with its values; an application body has none', () => {
		expect(timeoutError(4_600).said).toEqual({ id: 'timeout', values: { seconds: 5 } });
		expect(stoppedError().said).toEqual({ id: 'stopped' });
		expect(socketFailureError(500, undefined, undefined).said).toEqual({
			id: 'status',
			values: { status: 500 }
		});
		expect(socketFailureError(409, 'Command "x" is disabled', 'command_disabled').said).toBe(
			undefined
		);
	});
});

describe('the dashboard says it', () => {
	afterEach(() => language.choose('en'));

	it('in German, naming the field and the rule', async () => {
		await language.choose('de');
		const check = checkSend('run-commercial', { value: 29, platform: 'alpha' });
		if (check.ok) throw new Error('accepted');
		const [issue] = check.issues;
		expect(issueRule(issue!)).toBe('muss zwischen 30 und 180 s liegen');
		expect(issueLine(issue!)).toBe('value muss zwischen 30 und 180 s liegen');
		expect(errorWords(invalidParamsError(check.issues))).toBe(
			'Nicht gesendet: value muss zwischen 30 und 180 s liegen.'
		);
		expect(errorWords(timeoutError(5000))).toBe(
			'Keine Antwort von der Anwendung innerhalb von 5 s.'
		);
		// The application's own sentence is shown as it sent it.
		expect(errorWords(socketFailureError(409, 'Command "x" is disabled', undefined))).toBe(
			'Command "x" is disabled'
		);
	});

	it('in English, a rule reads as the protocol writes it', () => {
		const check = checkSend('run-commercial', { value: 29, platform: 'alpha' });
		if (check.ok) throw new Error('accepted');
		expect(issueLine(check.issues[0]!)).toBe('value must be between 30 and 180 s');
	});
});
