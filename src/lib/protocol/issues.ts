/** Turns valibot issues into "field: rule" lines a person can act on. */
import * as v from 'valibot';

export interface FieldIssue {
	/** Dotted path such as `params.duration` or `actions[3].type`; empty for the whole value. */
	field: string;
	/** The rule that failed, in words. */
	rule: string;
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

function ruleOf(issue: v.BaseIssue<unknown>): string {
	const objectLike = issue.type === 'strict_object' || issue.type === 'object' || issue.type === 'loose_object';
	if (objectLike && issue.expected === 'never') return 'is not a known field';
	if (objectLike && issue.received === 'undefined' && (issue.path?.length ?? 0) > 0) return 'is required';
	if (objectLike) return 'must be an object';
	return issue.message;
}

export function toFieldIssues(issues: readonly v.BaseIssue<unknown>[], prefix = ''): FieldIssue[] {
	const seen = new Set<string>();
	const out: FieldIssue[] = [];
	for (const issue of issues) {
		// A union reports one issue per branch; its own message already sums them up.
		const field = pathOf(issue, prefix);
		const rule = ruleOf(issue);
		const key = `${field}\u0000${rule}`;
		if (seen.has(key)) continue;
		seen.add(key);
		out.push({ field, rule });
	}
	return out;
}

export function describeIssues(issues: readonly FieldIssue[]): string {
	return issues.map((i) => (i.field ? `${i.field} ${i.rule}` : i.rule)).join('; ');
}
