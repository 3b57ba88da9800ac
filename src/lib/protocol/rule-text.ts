/**
 * Why: a rule a value breaks is data (its kind and numbers), so the dashboard can say it in its own
 * language, while the simulator's lint notes, the companion's HTTP bodies and the tests read the one
 * English sentence written here (or, for the rules a deck states, in common-rules.ts). Schemas take their valibot message from `said`, which remembers
 * which rule each sentence states; `ruleOf` gives it back for an issue.
 */

import { IS_NOT_KNOWN, MUST_BE_OBJECT } from './issues';
import { COMMON_ENGLISH, saidBy, type Values } from './common-rules';

export { ruleOf } from './rule-of';

/** Every rule's English: the deck's (common-rules.ts) and the protocol's others. */
const ENGLISH = {
	...COMMON_ENGLISH,
	// The catalogue's text rules carry their field's stable id beside its English name (rules.ts).
	string_of: (values: { what: string; field: string }) => COMMON_ENGLISH.string_of(values),
	required_of: (values: { what: string; field: string }) => COMMON_ENGLISH.required_of(values),
	between_unit: ({ min, max, unit }: { min: number; max: number; unit: string }) =>
		`must be between ${min} and ${max} ${unit}`,
	or_more: ({ min }: { min: number }) => `must be ${min} or more`,
	or_more_unit: ({ min, unit }: { min: number; unit: string }) => `must be ${min} or more ${unit}`,
	at_least: ({ min }: { min: number }) => `must be at least ${min}`,
	at_most: ({ max }: { max: number }) => `must be at most ${max}`,
	more_than: ({ min }: { min: number }) => `must be more than ${min}`,
	too_large: () => 'is too large',
	not_zero: () => 'must not be 0',
	object: () => MUST_BE_OBJECT,
	unknown_field: () => IS_NOT_KNOWN,
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
	port: () => 'must be a whole number from 1 to 65535'
} as const;

export type RuleKind = keyof typeof ENGLISH;

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
export const said = saidBy(ENGLISH);
