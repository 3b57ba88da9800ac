/** Validation of a send before it leaves the client (and in the simulator), from the catalog's rules. */
import * as v from 'valibot';
import { validateActions } from './actions';
import { CATALOG, isSendType, type SendType } from './catalog';
import { toFieldIssues, type FieldIssue } from './issues';

export type SendCheck =
	| { ok: true; type: SendType; params: Record<string, unknown> }
	| { ok: false; issues: FieldIssue[]; status: number; code?: string };

/** Checks type and params against the spec's rules; on success returns params with defaults applied. */
export function checkSend(type: unknown, params: unknown = {}): SendCheck {
	if (!isSendType(type))
		return { ok: false, status: 400, code: 'unknown_type', issues: [{ field: 'type', rule: `is not a valid send type (${String(type).slice(0, 60)})` }] };
	const rule = CATALOG[type];
	// valibot's object schemas accept arrays; params must be a plain JSON object.
	if (params !== null && params !== undefined && (typeof params !== 'object' || Array.isArray(params)))
		return { ok: false, status: 400, issues: [{ field: 'params', rule: 'must be an object', kind: 'not-object' }] };
	const parsed = v.safeParse(rule.params, params ?? {});
	if (!parsed.success) return { ok: false, status: 400, issues: toFieldIssues(parsed.issues, 'params') };
	const out = parsed.output as Record<string, unknown>;
	if (rule.platforms && typeof out.platform === 'string' && !rule.platforms.includes(out.platform as never))
		return { ok: false, status: 400, issues: [{ field: 'params.platform', rule: `must be ${rule.platforms.join(' or ')} for ${type}` }] };
	if (type === 'run-actions') {
		const verdict = validateActions(out.actions);
		if (!verdict.ok)
			return { ok: false, status: verdict.status, code: 'code' in verdict ? verdict.code : undefined, issues: [{ field: verdict.field, rule: verdict.message.slice(verdict.field.length).replace(/^[:\s]+/, '') }] };
	}
	return { ok: true, type, params: out };
}
