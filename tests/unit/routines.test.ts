import { afterEach, describe, expect, it, vi } from 'vitest';
import { language } from '$lib/app/language.svelte';
import { rehearsalWords, sendRehearsal } from '$lib/app/rehearse';
import { KNOWN_ACTIONS } from '$lib/protocol';
import { presets } from '../../src/routes/(app)/routines/presets';
import {
	blankStep,
	checkRoutine,
	describeAction,
	fromAction,
	keyOf,
	toAction
} from '../../src/routes/(app)/routines/steps';

describe('routine steps', () => {
	it('presets use known actions only and pass the shared validator', () => {
		const known = new Set(KNOWN_ACTIONS.map(keyOf));
		for (const preset of presets()) {
			for (const action of preset.actions)
				expect(known.has(keyOf(action)), `${preset.name}: ${keyOf(action)}`).toBe(true);
			expect(checkRoutine(preset.actions)).toEqual({ ok: true });
		}
	});

	it('round-trips every preset action through the editable step form', () => {
		for (const action of presets().flatMap((p) => p.actions))
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

describe('routines in the dashboard’s language', () => {
	afterEach(() => language.choose('en'));

	it('says a step as the catalogue names it, in English by default', () => {
		expect(presets().map((p) => p.name)).toEqual([
			'Start of stream',
			'Be right back',
			'Hype',
			'Wind down'
		]);
		expect(describeAction({ type: 'delay', delay: 5000 })).toBe('Wait 5000 ms');
		expect(describeAction({ type: 'delay', delay: 50000 })).toBe('Wait 50,000 ms');
		expect(describeAction({ base: 'app', type: 'setStreamMode', value: { on: false } })).toBe(
			'Set stream mode: off'
		);
		expect(
			describeAction({
				base: 'overlay',
				type: 'setLayerVisibility',
				value: { value: 'Cam', on: true }
			})
		).toBe('Overlay layer visibility: Cam, on');
		expect(describeAction({ base: 'app', type: 'nope', value: { a: 1 } })).toBe('app.nope {"a":1}');
	});

	it('says steps, ready routines, step problems and a rehearsal’s answer in German', async () => {
		await language.choose('de');
		expect(describeAction({ type: 'delay', delay: 5000 })).toBe('5000 ms warten');
		expect(describeAction({ type: 'delay', delay: 50000 })).toBe('50.000 ms warten');
		expect(describeAction({ base: 'app', type: 'chatbot', value: { message: 'Hallo' } })).toBe(
			'Chatbot-Nachricht: Hallo'
		);
		const hype = presets().find((p) => p.id === 'preset-hype')!;
		expect(hype.actions.map(describeAction)).toEqual([
			'Chatbot-Nachricht: HYPE! Los geht’s, Chat!',
			'Text vorlesen: Los geht’s!',
			'5000 ms warten',
			'Licht auf Standard'
		]);
		expect(presets()[0]!.name).toBe('Stream-Start');
		expect(toAction(blankStep('delay'))).toEqual({ ok: false, message: 'Millisekunden fehlt' });
		expect(rehearsalWords({ kind: 'sent', reached: 2 })).toBe(
			'An 2 Widgets gesendet; die Anwendung hat nichts erhalten.'
		);
		expect(rehearsalWords({ kind: 'sent', reached: 0 })).toMatch(/^Gesendet, aber kein/);
		expect(rehearsalWords({ kind: 'refused', status: 503 })).toBe(
			'Nicht gesendet: Der Companion antwortete mit HTTP 503.'
		);
		// The companion's reason in German, from its kind, naming the field by the rehearsal form's label;
		// its English words only for a kind it does not know.
		expect(
			rehearsalWords({
				kind: 'refused',
				status: 400,
				message: 'amount: must be a number',
				refusal: { kind: 'invalid_rehearsal', params: { fields: 'amount' } }
			})
		).toBe('Nicht gesendet: diese Felder sind ungültig: Betrag');
		expect(
			rehearsalWords({
				kind: 'refused',
				status: 403,
				refusal: { kind: 'scene_share_key', params: {} }
			})
		).toMatch(/^Nicht gesendet: /);
		expect(
			rehearsalWords({
				kind: 'refused',
				status: 418,
				message: 'new words',
				refusal: { kind: 'from_a_newer_companion', params: {} }
			})
		).toBe('Nicht gesendet: new words');
		// A kind it does not know and no words of the companion's: the status, in German too.
		expect(
			rehearsalWords({
				kind: 'refused',
				status: 418,
				refusal: { kind: 'from_a_newer_companion', params: {} }
			})
		).toBe('Nicht gesendet: Der Companion antwortete mit HTTP 418.');
	});

	it('says a rehearsal’s answer in English as before', () => {
		expect(rehearsalWords({ kind: 'sent', reached: 1 })).toBe(
			'Sent to 1 widget; the application got nothing.'
		);
		expect(rehearsalWords({ kind: 'refused', status: 403, message: 'Wrong token' })).toBe(
			'Not sent: Wrong token'
		);
		expect(rehearsalWords({ kind: 'no-answer' })).toBe('Not sent: the companion did not answer.');
	});

	it('reads a rehearsal’s answer once: the widgets reached, or the refusal’s kind, values and words', async () => {
		const answers = [
			new Response(JSON.stringify({ reached: ['a', 'b'] }), { status: 200 }),
			new Response(
				JSON.stringify({
					code: 'invalid_rehearsal',
					kind: 'invalid_rehearsal',
					params: { fields: 'amount' },
					message: 'amount: must be a number'
				}),
				{ status: 400 }
			),
			new Response('not json', { status: 502 })
		];
		vi.stubGlobal(
			'fetch',
			vi.fn(async () => answers.shift()!)
		);
		try {
			const send = () => sendRehearsal('http://127.0.0.1:1', 'token', { events: [] } as never);
			expect(await send()).toEqual({ kind: 'sent', reached: 2 });
			expect(await send()).toEqual({
				kind: 'refused',
				status: 400,
				message: 'amount: must be a number',
				refusal: { kind: 'invalid_rehearsal', params: { fields: 'amount' } }
			});
			const bare = await send();
			expect(bare).toEqual({ kind: 'refused', status: 502 });
			expect(rehearsalWords(bare)).toBe('Not sent: the companion answered HTTP 502.');
		} finally {
			vi.unstubAllGlobals();
		}
	});
});
