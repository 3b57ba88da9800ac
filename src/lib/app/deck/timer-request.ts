/**
 * A timer button's request, apart from actions.ts so the timer document's code (lib/protocol/timer-state)
 * stays out of the deck's first load: a timer tile fetches it at its press, after reading the timer.
 */
import { changeTimer, type TimerChange } from '$lib/protocol/timer-state';
import type { DeckRequest } from './actions';
import type { DeckAction } from './layout';

type TimerAction = Extract<DeckAction, { kind: 'timer' }>;

/**
 * The one request: the timer document after the press, computed from the variable's value read just
 * before (`raw`), at time `t`. A write of the whole document, so every copy of the timer widget, a
 * refresh and the application's own commands see the same state.
 */
export function timerRequest(action: TimerAction, raw: unknown, t: number): DeckRequest {
	const ms = action.seconds * 1000;
	const change: TimerChange =
		action.op === 'add'
			? { op: action.op, ms }
			: action.op === 'pause'
				? { op: action.op }
				: { op: action.op, length: Math.max(0, ms) };
	return {
		type: 'update-variable-value',
		params: { name: action.name, value: changeTimer(raw, change, t) }
	};
}
