/**
 * The timer's shared state: a small JSON document kept in one application variable (default
 * `timer_main`), written by the deck and the companion (subathon) with `update-variable-value`, read by
 * every copy of the timer widget. One definition here, so the three can never disagree. Every change is
 * a pure function of the current document and the time, so a writer reads, computes and writes.
 *
 * `running`: the clock reaches zero at `end` (epoch ms); paused: `left` ms stay on the clock.
 * `length` is what a reset goes back to; a count-up shows the time gone since then (`length - left`).
 */
import * as v from 'valibot';
import { readVariableJson } from './variable-json';

const ms = v.pipe(v.number('must be a number'), v.finite('must be a finite number'));

export const TimerStateSchema = v.looseObject({
	running: v.boolean('running must be true or false'),
	end: ms,
	left: ms,
	length: v.pipe(ms, v.minValue(0, 'length must not be negative'))
});
export type TimerState = v.InferOutput<typeof TimerStateSchema>;

export const DEFAULT_TIMER_VARIABLE = 'timer_main';
/** A fresh timer: 5 minutes, not started. */
export const DEFAULT_TIMER_LENGTH_MS = 5 * 60_000;

/** A stopped timer holding `lengthMs`: what "reset" writes, and what a timer not yet written is. */
export function resetTimer(lengthMs = DEFAULT_TIMER_LENGTH_MS): TimerState {
	return { running: false, end: 0, left: lengthMs, length: lengthMs };
}

/** Milliseconds on the clock at `t`: negative once a running countdown passed zero. */
export function timeLeft(s: TimerState, t: number): number {
	return s.running ? s.end - t : s.left;
}

/** Starts or resumes from what is on the clock; a running timer is left as it is. */
export function startTimer(s: TimerState, t: number): TimerState {
	return s.running ? s : { ...s, running: true, end: t + s.left };
}

/** Freezes what is on the clock; a paused timer is left as it is. */
export function pauseTimer(s: TimerState, t: number): TimerState {
	return s.running ? { ...s, running: false, left: timeLeft(s, t) } : s;
}

/**
 * Adds `addMs` (negative takes time off). On a running countdown already past zero the time counts
 * from now, so a subathon gift after the end restarts it instead of vanishing into the past.
 */
export function addTime(s: TimerState, addMs: number, t: number): TimerState {
	if (!s.running) return { ...s, left: Math.max(0, s.left) + addMs };
	return { ...s, end: Math.max(s.end, t) + addMs };
}

export type TimerRead =
	{ ok: true; state: TimerState; absent: boolean } | { ok: false; reason: string };

/**
 * The document from a variable's raw value, defensively (facts §5.10: JSON may come back as a string).
 * Nothing stored yet reads as the fresh timer `fallback`, marked absent.
 */
export function readTimerState(raw: unknown, fallback: TimerState = resetTimer()): TimerRead {
	const read = readVariableJson(raw);
	if (!read.ok) return { ok: false, reason: 'the timer variable holds text that is not JSON' };
	if (read.absent) return { ok: true, state: fallback, absent: true };
	const value = read.value;
	if (typeof value !== 'object' || value === null || Array.isArray(value))
		return { ok: false, reason: `the timer variable holds ${describe(value)}, not a timer` };
	const parsed = v.safeParse(TimerStateSchema, value);
	if (!parsed.success) {
		const issue = parsed.issues[0];
		const key = issue.path?.map((p) => String(p.key)).join('.');
		return {
			ok: false,
			reason: `the timer variable is malformed: ${key ? `${key} ` : ''}${issue.message}`
		};
	}
	return { ok: true, state: parsed.output, absent: false };
}

function describe(value: unknown): string {
	if (Array.isArray(value)) return 'a list';
	return typeof value === 'number' ? 'a number' : `a ${typeof value}`;
}

export type TimerChange =
	| { op: 'start'; length?: number }
	| { op: 'pause' }
	| { op: 'add'; ms: number }
	| { op: 'reset'; length?: number };

/**
 * The document a writer stores after `change`, from the variable's current raw value. A malformed
 * value is replaced by a fresh timer, so a deck button always repairs the variable instead of failing.
 */
export function changeTimer(raw: unknown, change: TimerChange, t: number): TimerState {
	const fresh = resetTimer(
		'length' in change && change.length !== undefined ? change.length : undefined
	);
	const read = readTimerState(raw, fresh);
	// The four fields alone are written back: anything else the variable held is dropped.
	const s: TimerState = read.ok
		? {
				running: read.state.running,
				end: read.state.end,
				left: read.state.left,
				length: read.state.length
			}
		: fresh;
	switch (change.op) {
		case 'start':
			return startTimer(s, t);
		case 'pause':
			return pauseTimer(s, t);
		case 'add':
			return addTime(s, change.ms, t);
		case 'reset':
			return fresh;
	}
}
