/** Validation of a send before it leaves the client (and in the simulator), from the catalog's rules. */
import { validateActions } from './actions';
import { CATALOG } from './catalog';
import { checkParams, unknownType, type SendCheck } from './check-params';
import { SEND_TYPE_INFO, isSendType } from './send-types';

export type { SendCheck, SendChecker } from './check-params';

/** Checks type and params against the spec's rules; on success returns params with defaults applied. */
export function checkSend(type: unknown, params: unknown = {}): SendCheck {
	if (!isSendType(type)) return unknownType(type);
	const checked = checkParams(type, CATALOG[type].params, params, SEND_TYPE_INFO[type].platforms);
	if (checked.ok && type === 'run-actions') {
		const verdict = validateActions(checked.params.actions);
		if (!verdict.ok)
			return {
				ok: false,
				status: verdict.status,
				code: 'code' in verdict ? verdict.code : undefined,
				issues: [
					{
						field: verdict.field,
						rule: verdict.message.slice(verdict.field.length).replace(/^[:\s]+/, '')
					}
				]
			};
	}
	const waitMs = checked.ok ? CATALOG[type].waitMs?.(checked.params) : undefined;
	return checked.ok && waitMs ? { ...checked, waitMs } : checked;
}
