/**
 * Why an edit of the deck is refused (lib/app/deck's `DeckRefusal`, data), in the dashboard's
 * language; a deck file's broken rules name the field and the rule. A chunk of its own: the deck's
 * first load carries none of these words (a share link's deck and the star load them when refused).
 */
import type { DeckRefusal } from '$lib/app/deck/edit';
import type { FieldIssue } from '$lib/protocol/issues';
import { issueRule, numbersIn } from '$lib/app/reason-words';
import * as m from '$lib/app/messages';

/** The values a refusal's plural chooses by: its message writes them itself. */
const PLURAL_KEYS = ['max', 'rows', 'columns'];

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

/** One broken rule of a deck file: "pages[0].columns muss zwischen 1 und 12 liegen". */
export function issueWords(issue: FieldIssue): string {
	// The path names the field, so a rule leaves out the protocol's name of it.
	const rule = issueRule(issue, true);
	return issue.field ? m.reasons_issue_field({ field: issue.field, rule }) : rule;
}

/** Why the edit was refused, in the dashboard's language. */
export function deckRefusalWords(refusal: DeckRefusal): string {
	if (refusal.id === 'bad-file')
		return m.edit_refused_bad_file({ issues: refusal.issues.map(issueWords).join('; ') });
	const values =
		'label' in refusal ? { ...refusal, label: refusal.label || m.deck_tile_button() } : refusal;
	return say(REFUSALS[refusal.id], numbersIn(values, PLURAL_KEYS));
}
