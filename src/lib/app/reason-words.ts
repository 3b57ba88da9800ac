/**
 * Why a press or a value is refused, in the dashboard's language: lib/protocol's rules (FieldIssue
 * `says`) and lib/client's errors (ClientError `said`) are data, said here. A chunk of its own
 * (reasons.svelte.ts loads it), so the deck's first load carries none of these words.
 */
import type { ClientError, ClientErrorSaid } from '$lib/client/errors';
import type { FieldIssue } from '$lib/protocol/issues';
import type { Rule, RuleKind } from '$lib/protocol/rule-text';
import * as m from '$lib/app/messages';

type Say = (values: never) => string;

const RULES: Record<RuleKind, Say> = {
	string: m.reasons_rule_string,
	string_of: m.reasons_rule_string_of,
	required: m.reasons_rule_required,
	required_of: m.reasons_rule_required_of,
	number: m.reasons_rule_number,
	finite: m.reasons_rule_finite,
	whole: m.reasons_rule_whole,
	between: m.reasons_rule_between,
	between_unit: m.reasons_rule_between_unit,
	or_more: m.reasons_rule_or_more,
	or_more_unit: m.reasons_rule_or_more_unit,
	at_least: m.reasons_rule_at_least,
	too_large: m.reasons_rule_too_large,
	not_zero: m.reasons_rule_not_zero,
	boolean: m.reasons_rule_boolean,
	one_of: m.reasons_rule_one_of,
	object: m.reasons_rule_object,
	unknown_field: m.reasons_rule_unknown_field,
	hex_colour: m.reasons_rule_hex_colour,
	at_most_chars: m.reasons_rule_at_most_chars,
	list_of_names: m.reasons_rule_list_of_names,
	colour: m.reasons_rule_colour,
	too_long: m.reasons_rule_too_long
};

const ERRORS: Record<ClientErrorSaid['id'], Say> = {
	unreachable: m.reasons_error_unreachable,
	gateway: m.reasons_error_gateway,
	lost: m.reasons_error_lost,
	'send-unanswered': m.reasons_error_send_unanswered,
	unauthorized: m.reasons_error_unauthorized,
	timeout: m.reasons_error_timeout,
	stopped: m.reasons_error_stopped,
	dropped: m.reasons_error_dropped,
	status: m.reasons_error_status,
	'off-platform': m.reasons_error_off_platform
};

const say = (words: Say, values: object): string => (words as (v: object) => string)(values);

/** A rule's words (after the field's name): "muss zwischen 8 und 400 liegen". */
export function ruleWords(rule: Rule): string {
	return say(RULES[rule.kind], rule.values);
}

/** An issue's rule in the dashboard's language; a rule written by hand comes as it is. */
export const issueRule = (issue: FieldIssue): string =>
	issue.says ? ruleWords(issue.says) : issue.rule;

/** An issue as a line: the field (without `params.`) and its rule. */
export function issueLine(issue: FieldIssue): string {
	const field = issue.field.replace(/^params\./, '');
	const rule = issueRule(issue);
	return field ? m.reasons_issue_field({ field, rule }) : m.reasons_issue_request({ rule });
}

/** An error in the dashboard's language; the application's own sentence comes as it was sent. */
export function errorWords(error: ClientError): string {
	if (error.issues?.length)
		return m.reasons_not_sent({ issues: error.issues.map(issueLine).join('; ') });
	const said = error.said;
	if (!said) return error.message;
	return say(ERRORS[said.id], 'values' in said ? said.values : {});
}
