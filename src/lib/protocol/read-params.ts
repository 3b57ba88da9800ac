/**
 * The params schemas of the types that only read, and the check a read-only client (a widget) runs
 * before sending: the same rules as the full catalog's, without carrying the schemas of every
 * other type to a page that never sends them.
 */
import * as v from 'valibot';
import { checkParams, unknownType, type SendCheck } from './check-params';
import { params, text } from './rules';
import { SEND_TYPE_INFO, isSendType, type ReadOnlyType } from './send-types';

export const username = () => text('username');

export const READ_PARAMS = {
	'get-variable-value': params({ name: text('variable name') }),
	'get-loyalty-points': params({ username: username(), platform: text('platform') }),
	'get-action-catalog': params({})
} satisfies Record<ReadOnlyType, v.GenericSchema>;

/** checkSend for a client that may only read: any other type is refused, naming the rule. */
export function checkRead(type: unknown, p: unknown = {}): SendCheck {
	if (!isSendType(type)) return unknownType(type);
	if (!SEND_TYPE_INFO[type].readOnly)
		return {
			ok: false,
			status: 400,
			issues: [
				{ field: 'type', rule: `must be a type that only reads: this view cannot send ${type}` }
			]
		};
	return checkParams(type, READ_PARAMS[type as ReadOnlyType], p);
}
