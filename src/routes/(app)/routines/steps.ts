/**
 * Routine steps as the builder edits them, and the run-actions list they make. Known actions come
 * from the shared catalog (`KNOWN_ACTIONS`, delays included); a custom step takes any base, type and
 * JSON value from the application's own catalog. Checking the list is the shared validator's job
 * (`checkSend('run-actions')`); this file only turns typed text into actions.
 */
import { KNOWN_ACTIONS, checkSend, type Action, type KnownAction } from '$lib/protocol';
import { issueRule } from '$lib/app/reason-words';
import * as m from '$lib/app/messages';
import { fieldName, stepWords } from './routine-words';

export type Step =
	| {
			id: number;
			kind: 'known';
			key: string;
			text: Record<string, string>;
			flags: Record<string, boolean>;
	  }
	| { id: number; kind: 'custom'; base: string; type: string; value: string };

export const CUSTOM_KEY = 'custom';
export const keyOf = (a: Pick<KnownAction, 'base' | 'type'>) =>
	a.base ? `${a.base}.${a.type}` : a.type;
export const KNOWN_BY_KEY = new Map(KNOWN_ACTIONS.map((a) => [keyOf(a), a]));

let nextId = 0;
export const newStepId = () => ++nextId;

/** A new step for a known action key (or `custom`), with empty fields. */
export function blankStep(key: string): Step {
	const known = KNOWN_BY_KEY.get(key);
	if (!known) return { id: newStepId(), kind: 'custom', base: 'app', type: '', value: '{}' };
	const text: Record<string, string> = {};
	const flags: Record<string, boolean> = {};
	for (const f of known.fields)
		if (f.kind === 'boolean') flags[f.key] = true;
		else text[f.key] = '';
	return { id: newStepId(), kind: 'known', key, text, flags };
}

export type StepResult = { ok: true; action: Action } | { ok: false; message: string };

/** One step as an action, or the field that keeps it from being one. */
export function toAction(step: Step): StepResult {
	if (step.kind === 'custom') {
		if (!step.type.trim()) return { ok: false, message: m.routines_problem_type() };
		let value: unknown = {};
		if (step.value.trim()) {
			try {
				value = JSON.parse(step.value);
			} catch {
				return {
					ok: false,
					message: m.routines_problem_json({ example: '{"value": "name"}' })
				};
			}
		}
		if (typeof value !== 'object' || value === null || Array.isArray(value))
			return { ok: false, message: m.routines_problem_object() };
		return {
			ok: true,
			action: {
				...(step.base.trim() ? { base: step.base.trim() } : {}),
				type: step.type.trim(),
				value: value as Record<string, unknown>
			}
		};
	}
	const known = KNOWN_BY_KEY.get(step.key);
	if (!known) return { ok: false, message: m.routines_problem_unknown({ key: step.key }) };
	const value: Record<string, unknown> = {};
	const onStep: Record<string, unknown> = {};
	for (const f of known.fields) {
		let out: unknown;
		if (f.kind === 'boolean') out = step.flags[f.key] === true;
		else {
			const text = (step.text[f.key] ?? '').trim();
			if (!text) {
				if (f.required)
					return {
						ok: false,
						message: m.routines_problem_required({ field: fieldName(known, f) })
					};
				continue;
			}
			out = f.kind === 'number' ? Number(text) : text;
			if (f.kind === 'number' && !Number.isFinite(out))
				return { ok: false, message: m.routines_problem_number({ field: fieldName(known, f) }) };
		}
		(f.at === 'step' ? onStep : value)[f.key] = out;
	}
	const isControl = !known.base;
	return {
		ok: true,
		action: {
			...(known.base ? { base: known.base } : {}),
			type: known.type,
			...onStep,
			...(isControl ? {} : { value })
		}
	};
}

/** A stored action back as an editable step: known when its base and type are, else custom. */
export function fromAction(action: Action): Step {
	const known = KNOWN_BY_KEY.get(keyOf(action));
	if (!known)
		return {
			id: newStepId(),
			kind: 'custom',
			base: action.base ?? '',
			type: action.type,
			value: JSON.stringify(action.value ?? {})
		};
	const text: Record<string, string> = {};
	const flags: Record<string, boolean> = {};
	for (const f of known.fields) {
		const raw = f.at === 'step' ? action[f.key] : action.value?.[f.key];
		if (f.kind === 'boolean') flags[f.key] = raw !== false;
		else
			text[f.key] =
				raw === undefined || raw === null
					? ''
					: typeof raw === 'object'
						? JSON.stringify(raw)
						: String(raw);
	}
	return { id: newStepId(), kind: 'known', key: keyOf(known), text, flags };
}

/** One line per step, for lists and the confirmation before running, in the dashboard's language. */
export const describeAction = (action: Action): string =>
	stepWords(action, KNOWN_BY_KEY.get(keyOf(action)));

export type RoutineCheck = { ok: true } | { ok: false; step?: number; message: string };

/** The shared validator's verdict on an action list, pointed at the step it names (0-based). */
export function checkRoutine(actions: readonly Action[]): RoutineCheck {
	const check = checkSend('run-actions', { actions });
	if (check.ok) return { ok: true };
	const issue = check.issues[0];
	const at = /actions\[(\d+)\]/.exec(issue?.field ?? '');
	const step = at ? Number(at[1]) : undefined;
	const problem = issue
		? `${issue.field.replace(/^params\.actions(\[\d+\])?\.?/, '')} ${issueRule(issue)}`.trim()
		: m.routines_problem_invalid();
	return {
		ok: false,
		step,
		message:
			step === undefined
				? m.routines_problem_routine({ problem })
				: m.routines_problem_step({ n: step + 1, problem })
	};
}
