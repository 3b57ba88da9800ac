/**
 * The rule a valibot issue states, as data (rule-text.ts's kinds), for a schema whose messages are
 * written by hand (the companion's bodies: a share link, a widget key, a rehearsal): the companion
 * sends it beside its English sentence, and a page says it in its own language. Undefined for a
 * check no rule kind states (a pattern, a variant): the page then names the field only.
 */
import type * as v from 'valibot';
import type { Rule } from './rule-text';

const num = (x: unknown): number | undefined => (typeof x === 'number' ? x : undefined);

export function ruleOfIssue(issue: v.BaseIssue<unknown>): Rule | undefined {
	const n = num(issue.requirement);
	switch (issue.type) {
		case 'string':
		case 'number':
		case 'boolean':
		case 'object':
			return { kind: issue.type, values: {} };
		case 'integer':
			return { kind: 'whole', values: {} };
		case 'finite':
			return { kind: 'finite', values: {} };
		case 'min_length':
			return n === 1 ? { kind: 'required', values: {} } : undefined;
		case 'max_length':
			return n === undefined ? undefined : { kind: 'at_most_chars', values: { max: n } };
		case 'min_value':
			return n === undefined ? undefined : { kind: 'at_least', values: { min: n } };
		case 'max_value':
			return n === undefined ? undefined : { kind: 'at_most', values: { max: n } };
		case 'gt_value':
			return n === undefined ? undefined : { kind: 'more_than', values: { min: n } };
		case 'picklist': {
			// A schema's issue names its options only in `expected`: "a" | "b".
			const options = [...(issue.expected ?? '').matchAll(/"([^"]*)"/g)].map((o) => o[1]);
			return options.length
				? { kind: 'one_of', values: { options: options.join(', ') } }
				: undefined;
		}
		default:
			return undefined;
	}
}
