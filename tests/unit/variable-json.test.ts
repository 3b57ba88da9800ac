/** A JSON document kept in a variable, as the application hands it back: the object, its JSON text, or nothing yet. */
import { describe, expect, it } from 'vitest';
import { decodeControl } from '../../src/lib/protocol/alert-control';
import { readTimerState, resetTimer } from '../../src/lib/protocol/timer-state';
import { readVariableJson } from '../../src/lib/protocol/variable-json';

describe('readVariableJson', () => {
	it('reads the object, its JSON text, and unset or empty as absent; bad text is no JSON', () => {
		expect(readVariableJson({ a: 1 })).toEqual({ ok: true, absent: false, value: { a: 1 } });
		expect(readVariableJson('{"a":1}')).toEqual({ ok: true, absent: false, value: { a: 1 } });
		expect(readVariableJson(7)).toEqual({ ok: true, absent: false, value: 7 });
		for (const nothing of [undefined, null, ''])
			expect(readVariableJson(nothing)).toEqual({ ok: true, absent: true });
		expect(readVariableJson('{nope')).toEqual({ ok: false });
	});

	it('is how the timer and the alert box control read their variables', () => {
		const timer = resetTimer(60_000);
		expect(readTimerState(JSON.stringify(timer))).toEqual({
			ok: true,
			state: timer,
			absent: false
		});
		expect(readTimerState('')).toMatchObject({ ok: true, absent: true });
		expect(readTimerState('{nope')).toEqual({
			ok: false,
			reason: 'the timer variable holds text that is not JSON'
		});
		expect(decodeControl('{"action":"pause","at":5}')).toEqual({
			ok: true,
			control: { action: 'pause', at: 5 }
		});
		expect(decodeControl(null)).toEqual({ ok: true, control: undefined });
		expect(decodeControl('{nope')).toEqual({
			ok: false,
			reason: 'the control variable holds no JSON'
		});
	});
});
