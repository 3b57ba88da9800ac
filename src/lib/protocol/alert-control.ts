/**
 * Control of an alert box from outside it (the deck, a share link, a bot): the deck writes one JSON
 * value to the widget's application variable with `update-variable-value`, and the widget, which
 * only reads, follows it. `{"action":"pause"|"resume"|"skip"|"replay","at":<epoch ms>}`.
 * The pause state holds from the first read; skip and replay act only on a change seen after the
 * widget loaded (a new `at`), so a source refresh does not skip or replay anything.
 */
import * as v from 'valibot';
import {
	ALERT_CONTROL_PREFIX,
	CONTROL_ACTIONS,
	CONTROL_NAME_MAX,
	CONTROL_NAME_PATTERN,
	type Control,
	type ControlAction
} from './alert-control-actions';
import { describeIssues, toFieldIssues } from './issues';
import { readVariableJson } from './variable-json';

export * from './alert-control-actions';

const AT_RULE = 'must be a time in ms';

/** A control's fields, each rule without its field's name: who reports an issue names the field. */
const CONTROL_FIELDS = {
	action: v.picklist(CONTROL_ACTIONS, `must be one of ${CONTROL_ACTIONS.join(', ')}`),
	at: v.pipe(v.number(AT_RULE), v.finite(AT_RULE), v.minValue(0, AT_RULE))
};

const ControlSchema = v.looseObject(CONTROL_FIELDS) satisfies v.GenericSchema<unknown, Control>;

/**
 * One press of one alert box's control, as `update-variable-value` params, exactly as the deck writes
 * it (`controlValue`): the rule an alerts share link's writes are held to. Strict, so no other field
 * rides along, and only the object form (a JSON string would be a second way to say the same).
 */
export const ControlPressSchema = v.strictObject({
	name: v.pipe(
		v.string('must be a string'),
		v.maxLength(CONTROL_NAME_MAX, `must be at most ${CONTROL_NAME_MAX} characters`),
		v.regex(
			CONTROL_NAME_PATTERN,
			`must be an alert box control variable: ${ALERT_CONTROL_PREFIX} then the box's name in letters, digits, _ or -`
		)
	),
	value: v.strictObject(CONTROL_FIELDS)
}) satisfies v.GenericSchema<unknown, { name: string; value: Control }>;

/**
 * Reads a variable's value (the application may hand back the JSON as a string). Empty or unset is
 * no control at all; anything else that does not fit says why.
 */
export function decodeControl(
	raw: unknown
): { ok: true; control: Control | undefined } | { ok: false; reason: string } {
	const read = readVariableJson(raw);
	if (!read.ok) return { ok: false, reason: 'the control variable holds no JSON' };
	if (read.absent) return { ok: true, control: undefined };
	const parsed = v.safeParse(ControlSchema, read.value);
	return parsed.success
		? { ok: true, control: parsed.output }
		: {
				ok: false,
				reason: `the control variable: ${describeIssues(toFieldIssues(parsed.issues.slice(0, 1)))}`
			};
}

/** Tracks the control variable's reads: what each new read asks the queue to do. */
export class ControlReader {
	#seen: number | undefined;
	#first = true;

	/** The action a read calls for, if any (a repeated `at` is the same press, read again). */
	read(control: Control | undefined): ControlAction | undefined {
		const first = this.#first;
		this.#first = false;
		if (!control || control.at === this.#seen) return undefined;
		this.#seen = control.at;
		if (first) return control.action === 'pause' ? 'pause' : undefined;
		return control.action;
	}
}
