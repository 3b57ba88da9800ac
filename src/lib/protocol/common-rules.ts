/**
 * Why: the rules a deck's layout states (lib/app/deck/layout.ts), apart from rule-text.ts's others,
 * because the deck's schema is in the first load and the protocol's send rules are not. Each rule's
 * English is written once: here, or in rule-text.ts, which adds the rest to these.
 */

import { IS_REQUIRED } from './issues';
import { remember } from './rule-of';
import type { Rule } from './rule-text';

export type Values = { readonly [key: string]: string | number };
type Table = { readonly [kind: string]: (values: never) => string };
type ValuesOf<T extends Table, K extends keyof T> = Parameters<T[K]>[0] extends infer P
	? P extends Values
		? P
		: Record<never, never>
	: never;

/** The English sentence of each rule kind the deck states (the rule follows the field's name). */
export const COMMON_ENGLISH = {
	string: () => 'must be a string',
	string_of: ({ what }: { what: string }) => `must be a string (${what})`,
	required: () => IS_REQUIRED,
	required_of: ({ what }: { what: string }) => `is required (${what})`,
	number: () => 'must be a number',
	finite: () => 'must be a finite number',
	whole: () => 'must be a whole number',
	between: ({ min, max }: { min: number; max: number }) => `must be between ${min} and ${max}`,
	boolean: () => 'must be true or false',
	one_of: ({ options }: { options: string }) => `must be one of ${options}`,
	hex_colour: () => 'must be a hex colour like #ff8800',
	at_most_chars: ({ max }: { max: number }) => `must be at most ${max} characters`,
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

/** A schema's message for a rule of `table`: its English sentence, remembered as that rule. */
export const saidBy =
	<T extends Table>(table: T) =>
	<K extends keyof T & string>(
		kind: K,
		...[values]: keyof ValuesOf<T, K> extends never ? [] : [ValuesOf<T, K>]
	): string => {
		const rule = { kind, values: values ?? {} } as Rule;
		return remember((table[kind] as (values: Values) => string)(rule.values), rule);
	};

/** A deck rule's message (lib/app/deck/layout.ts); rule-text.ts's `said` states every rule. */
export const deckRuleSaid = saidBy(COMMON_ENGLISH);
