/** Turns valibot issues into "field: rule" lines a person can act on. */
import * as v from 'valibot';
import { AS_DATA } from './as-data';
import { remember, ruleOf as ruleOfSentence } from './rule-of';
import type { Rule } from './rule-text';

// The three rules valibot's object schemas break, in English here (rule-text.ts says them too).
export const IS_NOT_KNOWN = 'is not a known field';
export const IS_REQUIRED = 'is required';
export const MUST_BE_OBJECT = 'must be an object';
const said = (kind: 'unknown_field' | 'required' | 'object', sentence: string) =>
	AS_DATA ? remember(sentence, { kind, values: {} }) : sentence;

export interface FieldIssue {
	/** Dotted path such as `params.duration` or `actions[3].type`; empty for the whole value. */
	field: string;
	/** The rule that failed, in English words (the simulator's notes, the companion's bodies). */
	rule: string;
	/** The same rule as data, when it is one of rule-text.ts's: the dashboard says it in its language. */
	says?: Rule;
	/**
	 * Set when the value's shape itself is wrong (a field nobody knows, or not an object at all),
	 * as opposed to a rule about a known field: the application refuses these even for types it
	 * otherwise acknowledges without a verdict.
	 */
	kind?: 'unknown-field' | 'not-object';
}

export function pathOf(issue: v.BaseIssue<unknown>, prefix = ''): string {
	let out = prefix;
	for (const item of issue.path ?? []) {
		const key = item.key;
		if (typeof key === 'number') out += `[${key}]`;
		else out += out ? `.${String(key)}` : String(key);
	}
	return out;
}

function ruleOf(issue: v.BaseIssue<unknown>): { rule: string; kind?: FieldIssue['kind'] } {
	const objectLike =
		issue.type === 'strict_object' || issue.type === 'object' || issue.type === 'loose_object';
	const nested = (issue.path?.length ?? 0) > 0;
	if (objectLike && issue.expected === 'never')
		return { rule: said('unknown_field', IS_NOT_KNOWN), kind: 'unknown-field' };
	if (objectLike && issue.received === 'undefined' && nested)
		return { rule: said('required', IS_REQUIRED) };
	if (objectLike)
		return { rule: said('object', MUST_BE_OBJECT), kind: nested ? undefined : 'not-object' };
	return { rule: issue.message };
}

export function toFieldIssues(issues: readonly v.BaseIssue<unknown>[], prefix = ''): FieldIssue[] {
	const seen = new Set<string>();
	const out: FieldIssue[] = [];
	for (const issue of issues) {
		// A union reports one issue per branch; its own message already sums them up.
		const field = pathOf(issue, prefix);
		const { rule, kind } = ruleOf(issue);
		const key = `${field}\u0000${rule}`;
		if (seen.has(key)) continue;
		seen.add(key);
		const says = AS_DATA ? ruleOfSentence(rule) : undefined;
		out.push({ field, rule, ...(kind ? { kind } : {}), ...(says ? { says } : {}) });
	}
	return out;
}

export function describeIssues(issues: readonly FieldIssue[]): string {
	return issues.map((i) => (i.field ? `${i.field} ${i.rule}` : i.rule)).join('; ');
}
