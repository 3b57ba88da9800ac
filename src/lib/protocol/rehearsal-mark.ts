/**
 * How a widget tells a rehearsal (rehearsal.ts) from a viewer: the test marker and the two event keys it
 * reads. Apart from rehearsal.ts so that widget.html carries none of the rehearsals' schemas and tables
 * (its `Object.keys(…).join(…)` would stay in the page as a call the minifier cannot drop).
 */

/** The field every injected event's `data` carries (and its extraSettings, for code that reads only those). */
export const TEST_MARK = 'test';

/** A goal step is a goal alert (the goal widget's own cue), a timer change a variableChanged alert. */
export const GOAL_STEP_EVENT = 'alpha-goalProgressed';
export const TIMER_CHANGE_EVENT = 'appstream-variableChanged';

/** Whether an event's data carries the test marker (a rehearsal, never a viewer's). */
export function isRehearsal(data: unknown): boolean {
	return (
		typeof data === 'object' &&
		data !== null &&
		(data as Record<string, unknown>)[TEST_MARK] === true
	);
}
