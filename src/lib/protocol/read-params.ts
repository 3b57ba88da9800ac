/**
 * The params schemas of the types that only read, and the check a read-only client (a widget) runs
 * before sending: the same rules as the full catalog's, without carrying the schemas, or the table,
 * of every other type to a page that never sends them.
 */
import * as v from 'valibot';
import { checkParams, typeText, type SendCheck } from './check-params';
import { READ_TYPE_INFO, isReadType, type ReadInfo, type ReadOnlyType } from './read-types';
import { params } from './rules';

/**
 * A read's params are made by code (a widget's own request, the dashboard's lookups), so their rules
 * stay plain English here rather than rule-text's data: widget.html then carries none of its table.
 */
const text = (what: string) =>
	v.pipe(v.string(`must be a string (${what})`), v.trim(), v.minLength(1, `is required (${what})`));
const username = () => text('username');

export const READ_PARAMS = {
	'get-variable-value': params({ name: text('variable name') }),
	'get-loyalty-points': params({ username: username(), platform: text('platform') }),
	'get-action-catalog': params({})
} satisfies Record<ReadOnlyType, v.GenericSchema>;

/**
 * checkSend for a client that may only read: any other type, known or not, is refused, naming the
 * rule (this page does not carry the other types' table to tell them apart).
 */
export function checkRead(type: unknown, p: unknown = {}): SendCheck {
	if (!isReadType(type))
		return {
			ok: false,
			status: 400,
			issues: [
				{
					field: 'type',
					rule: `must be a type that only reads: this view cannot send ${typeText(type)}`
				}
			]
		};
	const info: ReadInfo = READ_TYPE_INFO[type];
	return checkParams(type, READ_PARAMS[type], p, info.platforms);
}
