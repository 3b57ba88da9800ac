/**
 * Why: a rule a value breaks is data (its kind and numbers), so the dashboard can say it in its own
 * language, while the simulator's lint notes, the companion's HTTP bodies and the tests read the one
 * English sentence written here. Schemas take their valibot message from `said`, which remembers
 * which rule each sentence states; `ruleOf` gives it back for an issue.
 */

import { IS_NOT_KNOWN, IS_REQUIRED, MUST_BE_OBJECT } from './issues';
import { remember } from './rule-of';

export { ruleOf } from './rule-of';

type Values = { readonly [key: string]: string | number };

/** The English sentence of each rule kind (the rule follows the field's name: "duration must be…"). */
const ENGLISH = {
	string: () => 'must be a string',
	string_of: ({ what }: { what: string }) => `must be a string (${what})`,
	required: () => IS_REQUIRED,
	required_of: ({ what }: { what: string }) => `is required (${what})`,
	number: () => 'must be a number',
	finite: () => 'must be a finite number',
	whole: () => 'must be a whole number',
	between: ({ min, max }: { min: number; max: number }) => `must be between ${min} and ${max}`,
	between_unit: ({ min, max, unit }: { min: number; max: number; unit: string }) =>
		`must be between ${min} and ${max} ${unit}`,
	or_more: ({ min }: { min: number }) => `must be ${min} or more`,
	or_more_unit: ({ min, unit }: { min: number; unit: string }) => `must be ${min} or more ${unit}`,
	at_least: ({ min }: { min: number }) => `must be at least ${min}`,
	too_large: () => 'is too large',
	not_zero: () => 'must not be 0',
	boolean: () => 'must be true or false',
	one_of: ({ options }: { options: string }) => `must be one of ${options}`,
	object: () => MUST_BE_OBJECT,
	unknown_field: () => IS_NOT_KNOWN,
	hex_colour: () => 'must be a hex colour like #ff8800',
	at_most_chars: ({ max }: { max: number }) => `must be at most ${max} characters`,
	list_of_names: () => 'must be a list of names',
	colour: () => 'must be a colour like #ffcc00 or a CSS colour name',
	too_long: () => 'is too long',
	two_choices: () => 'needs at least two comma-separated choices',
	two_outcomes: () => 'needs at least two comma-separated outcomes',
	empty_choice: () => 'has an empty choice',
	empty_outcome: () => 'has an empty outcome',
	self_or_bot: () => 'must be self or bot',
	rgb_or_ct: ({ min, max }: { min: number; max: number }) =>
		`must be {r, g, b} (0–255), [r, g, b] or {ct} with a colour temperature from ${min} to ${max} K`,
	// The Connect page's fields (lib/client/settings.ts writes these inline, so widgets carry no table).
	token_required: () => 'is required: copy it from Settings → API in the application',
	host_name: () => 'must be a host name or an IP address, such as 127.0.0.1',
	this_server: ({ host }: { host: string }) =>
		`must be this server (${host}) or left empty: pages the companion serves reach the application through it`,
	port: () => 'must be a whole number from 1 to 65535',
	// A deck's layout (lib/app/deck/layout.ts): the file, the share link and the companion's deck.
	list: ({ what }: { what: string }) => `must be a list of ${what}`,
	one_step: () => 'needs at least one step',
	at_most_items: ({ max, what }: { max: number; what: string }) => `holds at most ${max} ${what}`,
	week: () => 'must be at most a week',
	equals: ({ value }: { value: string | number }) => `must be ${value}`,
	action_kind: ({ options }: { options: string }) => `must be a known kind (${options})`,
	one_emoji: () => 'must be one emoji',
	emoji_and_icon: () => 'cannot have both an emoji and an icon',
	page_ids: () => 'has two pages with the same id',
	id_used: () => 'is used by another button of this page',
	inside_rows: ({ rows }: { rows: number }) => `must be inside the page's ${rows} rows`,
	inside_columns: ({ columns }: { columns: number }) =>
		`must leave the button inside the page's ${columns} columns`,
	overlaps: ({ other }: { other: string }) => `overlaps button ${other}`
} as const;

export type RuleKind = keyof typeof ENGLISH;
type ValuesOf<K extends RuleKind> = Parameters<(typeof ENGLISH)[K]>[0] extends infer P
	? P extends Values
		? P
		: Record<never, never>
	: never;

/** A rule as data: its kind and the numbers or names it states. */
export interface Rule {
	kind: RuleKind;
	values: Values;
}

/** The English sentence of a rule (the one English formatter). */
export function ruleText(rule: Rule): string {
	return (ENGLISH[rule.kind] as (values: Values) => string)(rule.values);
}

/** A schema's message for a rule: its English sentence, remembered as that rule. */
export function said<K extends RuleKind>(
	kind: K,
	...[values]: keyof ValuesOf<K> extends never ? [] : [ValuesOf<K>]
): string {
	const rule: Rule = { kind, values: values ?? {} };
	return remember(ruleText(rule), rule);
}
