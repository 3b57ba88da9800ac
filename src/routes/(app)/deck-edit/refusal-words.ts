/**
 * Why an edit of the deck is refused (lib/app/deck's `DeckRefusal`, data), in the dashboard's
 * language; a deck file's broken rules name the field and the rule. A chunk of its own: the deck's
 * first load carries none of these words (a share link's deck and the star load them when refused).
 */
import type { DeckIssue, DeckRefusal } from '$lib/app/deck/edit';
import { language } from '$lib/app/language.svelte';
import * as m from '$lib/app/messages';

type Say = (values: never) => string;
const say = (words: Say, values: object): string => (words as (v: object) => string)(values);

const REFUSALS: Record<Exclude<DeckRefusal['id'], 'bad-file'>, Say> = {
	'page-gone': m.edit_refused_page_gone,
	'button-gone': m.edit_refused_button_gone,
	'button-there': m.edit_refused_button_there,
	'page-name': m.edit_refused_page_name,
	'read-only': m.edit_refused_read_only,
	'not-json': m.edit_refused_not_json,
	'link-form': m.edit_refused_link_form,
	'link-damaged': m.edit_refused_link_damaged,
	columns: m.edit_refused_columns,
	rows: m.edit_refused_rows,
	'page-full': m.edit_refused_page_full,
	'outside-grid': m.edit_refused_outside_grid,
	'past-edge': m.edit_refused_past_edge,
	'no-room': m.edit_refused_no_room,
	'no-wide-room': m.edit_refused_no_wide_room,
	'page-limit': m.edit_refused_page_limit,
	'file-page-limit': m.edit_refused_file_page_limit
};

/** The rule of a deck file's field, by the kind `portable.ts` gives it. */
const RULES: Record<string, Say> = {
	string: m.reasons_rule_string,
	number: m.reasons_rule_number,
	boolean: m.reasons_rule_boolean,
	finite: m.reasons_rule_finite,
	whole: m.reasons_rule_whole,
	required: m.reasons_rule_required,
	hex_colour: m.reasons_rule_hex_colour,
	at_most_chars: m.reasons_rule_at_most_chars,
	between: m.reasons_rule_between,
	or_more: ({ n }: { n: string }) => m.reasons_rule_or_more({ min: n }),
	one_of: m.reasons_rule_one_of,
	object: m.reasons_rule_object,
	unknown_field: m.reasons_rule_unknown_field,
	list: m.edit_rule_list,
	not_empty: m.edit_rule_not_empty,
	at_most_items: m.edit_rule_at_most_items,
	at_most: m.edit_rule_at_most,
	week: m.edit_rule_week,
	equals: m.edit_rule_equals,
	action_kind: m.edit_rule_action_kind,
	emoji_and_icon: m.edit_rule_emoji_and_icon,
	page_ids: m.edit_rule_page_ids,
	id_used: m.edit_rule_id_used,
	inside_rows: m.edit_rule_inside_rows,
	inside_columns: m.edit_rule_inside_columns,
	overlaps: m.edit_rule_overlaps
};

/** Numbers as the language writes them, except counts a plural chooses by (those stay numbers). */
const PLURAL_KEYS = new Set(['max', 'rows', 'columns']);
function written(values: object): object {
	const format = new Intl.NumberFormat(language.current);
	return Object.fromEntries(
		Object.entries(values).map(([key, value]) => [
			key,
			typeof value === 'number' && !PLURAL_KEYS.has(key) ? format.format(value) : value
		])
	);
}

/** One broken rule of a deck file: "pages[0].columns muss zwischen 1 und 12 liegen". */
export function issueWords(issue: DeckIssue): string {
	const words = RULES[issue.kind];
	const rule = words ? say(words, written(issue.values)) : issue.english;
	return issue.field ? m.reasons_issue_field({ field: issue.field, rule }) : rule;
}

/** Why the edit was refused, in the dashboard's language. */
export function refusalWords(refusal: DeckRefusal): string {
	if (refusal.id === 'bad-file')
		return m.edit_refused_bad_file({ issues: refusal.issues.map(issueWords).join('; ') });
	const values =
		'label' in refusal ? { ...refusal, label: refusal.label || m.deck_tile_button() } : refusal;
	return say(REFUSALS[refusal.id], written(values));
}
