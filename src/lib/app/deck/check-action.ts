/**
 * A deck action's request checked with the catalog, for the editor. Apart from actions.ts so the deck's
 * first load does not carry the catalog's schemas (they come with edit mode, or on the first press).
 */
import type { FieldIssue } from '$lib/protocol/issues';
import { checkSend } from '$lib/protocol/send';
import { requestFor, type DeckRequest } from './actions';
import { timerRequest } from './timer-request';
import type { DeckAction } from './layout';

/** Checks an action's request with the catalog: the issues name the field and rule, as a form shows them. */
export function checkAction(
	action: DeckAction
): { ok: true; request?: DeckRequest } | { ok: false; issues: FieldIssue[] } {
	// A timer's document as if none were stored yet.
	const request =
		action.kind === 'timer' ? timerRequest(action, undefined, Date.now()) : requestFor(action);
	if (!request) return { ok: true };
	const check = checkSend(request.type, request.params);
	return check.ok
		? { ok: true, request: { type: check.type, params: check.params } }
		: { ok: false, issues: check.issues };
}
