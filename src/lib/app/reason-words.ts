/**
 * Why a press or a value is refused, in the dashboard's language: lib/protocol's rules (FieldIssue
 * `says`) and lib/client's errors (ClientError `said`) are data, said here. A chunk of its own
 * (reasons.svelte.ts loads it), so the deck's first load carries none of these words.
 */
import type { ClientError, ClientErrorSaid, NotOfferedWhy } from '$lib/client/errors';
import type { FieldIssue } from '$lib/protocol/issues';
import type { Rule, RuleKind } from '$lib/protocol/rule-text';
import type { Values } from '$lib/protocol/common-rules';
import type { SendType } from '$lib/protocol/send-types';
import type { TextField } from '$lib/protocol/rules';
import * as m from '$lib/app/messages';
import { language } from '$lib/app/language.svelte';
import { SEND_TYPE_WORDS } from '$lib/app/send-type-words';

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
	at_most: m.reasons_rule_at_most,
	more_than: m.reasons_rule_more_than,
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
	too_long: m.reasons_rule_too_long,
	two_choices: m.reasons_rule_two_choices,
	two_outcomes: m.reasons_rule_two_outcomes,
	empty_choice: m.reasons_rule_empty_choice,
	empty_outcome: m.reasons_rule_empty_outcome,
	self_or_bot: m.reasons_rule_self_or_bot,
	rgb_or_ct: m.reasons_rule_rgb_or_ct,
	token_required: m.reasons_rule_token_required,
	host_name: m.reasons_rule_host_name,
	this_server: m.reasons_rule_this_server,
	port: m.reasons_rule_port,
	list: m.edit_rule_list,
	one_step: m.edit_rule_one_step,
	at_most_items: m.edit_rule_at_most_items,
	week: m.edit_rule_week,
	equals: m.edit_rule_equals,
	action_kind: m.edit_rule_action_kind,
	one_emoji: m.edit_rule_one_emoji,
	emoji_and_icon: m.edit_rule_emoji_and_icon,
	page_ids: m.edit_rule_page_ids,
	id_used: m.edit_rule_id_used,
	inside_rows: m.edit_rule_inside_rows,
	inside_columns: m.edit_rule_inside_columns,
	overlaps: m.edit_rule_overlaps
};

/** The values a rule's plural chooses by: its message writes them itself, so they stay numbers. */
const PLURAL: Partial<Record<RuleKind, readonly string[]>> = {
	at_most_items: ['max'],
	inside_rows: ['rows'],
	inside_columns: ['columns']
};

const ERRORS: Record<Exclude<ClientErrorSaid['id'], 'not-offered'>, Say> = {
	unreachable: m.reasons_error_unreachable,
	gateway: m.reasons_error_gateway,
	lost: m.reasons_error_lost,
	'send-unanswered': m.reasons_error_send_unanswered,
	unauthorized: m.reasons_error_unauthorized,
	timeout: m.reasons_error_timeout,
	stopped: m.reasons_error_stopped,
	dropped: m.reasons_error_dropped,
	status: m.reasons_error_status,
	'off-platform': m.reasons_error_off_platform,
	'invalid-response': m.reasons_error_invalid_response
};

const NOT_OFFERED: Record<NotOfferedWhy, Say> = {
	'needs-update': m.reasons_error_not_offered_needs_update,
	'kind-needs-update': m.reasons_error_not_offered_kind_needs_update,
	'not-in-setup': m.reasons_error_not_offered_not_in_setup,
	'read-only': m.reasons_error_not_offered_read_only,
	'widget-read-only': m.reasons_error_not_offered_widget_read_only,
	'no-answer': m.reasons_error_not_offered_no_answer
};

const say = (words: Say, values: object): string => (words as (v: object) => string)(values);

/**
 * A rule's numbers as the dashboard's language writes them ("60.000"), but those a plural chooses by
 * (`plural`). English keeps the protocol's own sentence, the one the companion's bodies and the
 * simulator's notes say ("60000").
 */
export function numbersIn<T extends object>(values: T, plural: readonly string[] = []): T {
	if (language.current === 'en') return values;
	const format = new Intl.NumberFormat(language.current);
	return Object.fromEntries(
		Object.entries(values).map(([key, value]) => [
			key,
			typeof value === 'number' && !plural.includes(key) ? format.format(value) : value
		])
	) as T;
}

/** A rule's words (after the field's name): "muss zwischen 8 und 400 liegen". */
export function ruleWords(rule: Rule): string {
	return say(RULES[rule.kind], numbersIn(rule.values, PLURAL[rule.kind]));
}

/** A rule a body sent as data (lib/share/refusals.ts `fieldRuleOf`); undefined for a kind this page does not know. */
export const ruleWordsOf = (rule: { kind: string; values: Values }): string | undefined =>
	Object.hasOwn(RULES, rule.kind) ? ruleWords(rule as Rule) : undefined;

/** The rules that name their field in the protocol's words ("is required (title)"). */
const UNNAMED: Partial<Record<RuleKind, RuleKind>> = {
	required_of: 'required',
	string_of: 'string'
};

/**
 * An issue's rule in the dashboard's language; a rule written by hand comes as it is. `named`: the
 * form names the field by its own label, so the rule leaves out the protocol's name of it.
 */
export function issueRule(issue: FieldIssue, named = false): string {
	if (!issue.says) return issue.rule;
	const plain = named ? UNNAMED[issue.says.kind] : undefined;
	return ruleWords(plain ? { kind: plain, values: {} } : issue.says);
}

/**
 * The dashboard's label for a field the protocol names in its rule ("is required (title)"), by the
 * stable id the rule carries (lib/protocol/rules.ts TEXT_FIELDS), not its English name: a line or a
 * tile's receipt then names the field as a form does ("Stream-Titel fehlt").
 */
const FIELD_WORDS: Record<TextField, () => string> = {
	announcement: m.reasons_field_announcement,
	message_text: m.reasons_field_message_text,
	message: m.reasons_field_message,
	poll_title: m.reasons_field_poll_title,
	prediction_title: m.reasons_field_prediction_title,
	text_to_speak: m.reasons_field_text_to_speak,
	title: m.reasons_field_title,
	alert_key: m.reasons_field_alert_key,
	alias: m.reasons_field_alias,
	category: m.reasons_field_category,
	command_name: m.reasons_field_command_name,
	counter_name: m.reasons_field_counter_name,
	folder_name: m.reasons_field_folder_name,
	layer_id: m.reasons_field_layer_id,
	light_brand: m.reasons_field_light_brand,
	light_id: m.reasons_field_light_id,
	message_id: m.reasons_field_message_id,
	name: m.reasons_field_name,
	new_name: m.reasons_field_new_name,
	overlay: m.reasons_field_overlay,
	platform: m.reasons_field_platform,
	reply_text: m.reasons_field_reply_text,
	username: m.reasons_field_username,
	variable_name: m.reasons_field_variable_name,
	voice: m.reasons_field_voice
};

/** An issue's field (its label where the dashboard has one, else its protocol name without `params.`) and its rule. */
export function issueParts(issue: FieldIssue): { field: string; rule: string } {
	const field = issue.says && UNNAMED[issue.says.kind] ? issue.says.values.field : undefined;
	return typeof field === 'string' && Object.hasOwn(FIELD_WORDS, field)
		? { field: FIELD_WORDS[field as TextField](), rule: issueRule(issue, true) }
		: { field: issue.field.replace(/^params\./, ''), rule: issueRule(issue) };
}

/** An issue as a line: its field and its rule. */
export function issueLine(issue: FieldIssue): string {
	const { field, rule } = issueParts(issue);
	return field ? m.reasons_issue_field({ field, rule }) : m.reasons_issue_request({ rule });
}

/** An error in the dashboard's language; the application's own sentence comes as it was sent. */
export function errorWords(error: ClientError): string {
	if (error.issues?.length)
		return m.reasons_not_sent({ issues: error.issues.map(issueLine).join('; ') });
	const said = error.said;
	if (!said) return error.message;
	if (said.id === 'not-offered') {
		const { type } = said.values;
		const named =
			type !== undefined && Object.hasOwn(SEND_TYPE_WORDS, type)
				? SEND_TYPE_WORDS[type as SendType]()
				: undefined;
		return say(NOT_OFFERED[said.values.why], { ...said.values, what: named ?? said.values.what });
	}
	return say(ERRORS[said.id], 'values' in said ? said.values : {});
}

/** A send type's word, for a press's confirmation and its notices (lib/app/press.svelte.ts). */
export const sendTypeWord = (type: SendType): string => SEND_TYPE_WORDS[type]();

/** A press's own lines (press.svelte.ts), here so that they stay out of the deck's first load. */
export const pressWords = {
	confirmTitle: m.ui_press_confirm_title,
	confirmBody: m.ui_press_confirm_body,
	goneNote: m.ui_press_gone_note,
	goneNamed: m.ui_press_gone_named,
	goneReading: m.ui_press_gone_reading,
	goneRead: m.ui_press_gone_read,
	goneReadFailed: m.ui_press_gone_read_failed
};

/** A share link's refusals come with the companion's (the one table: companion-words.ts). */
export { refusalWords } from './companion-words';
