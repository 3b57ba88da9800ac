/**
 * A deck the streamer arranges, as data: pages of a grid, each button with its place, look, action,
 * press safety and desktop inputs. One schema checks what is stored, imported and carried by a share
 * link, so every way in names the field and the rule it breaks.
 */
import * as v from 'valibot';
import { LIMITS } from '../../protocol/limits';
import { CONTROL_ACTIONS } from '../../protocol/alert-control-actions';
import { InputBindingsSchema, PressModeSchema } from './bindings';
import { ICON_NAMES } from './icon-names';
import { deckRuleSaid } from '../../protocol/common-rules';

/** Stored layouts before this number were favourites and user pages (`stream-control:deck`). */
export const DECK_VERSION = 2;
export const GRID_LIMITS = {
	columns: { min: 1, max: 12 },
	rows: { min: 1, max: 12 },
	pages: 30
} as const;

const id = v.pipe(
	v.string(deckRuleSaid('string')),
	v.minLength(1, deckRuleSaid('required')),
	v.maxLength(40, deckRuleSaid('at_most_chars', { max: 40 }))
);
const name = (what: string, max: number) =>
	v.pipe(
		v.string(deckRuleSaid('string_of', { what })),
		v.trim(),
		v.minLength(1, deckRuleSaid('required_of', { what })),
		v.maxLength(max, deckRuleSaid('at_most_chars', { max }))
	);
const whole = (min: number, max: number) =>
	v.pipe(
		v.number(deckRuleSaid('number')),
		v.integer(deckRuleSaid('whole')),
		v.minValue(min, deckRuleSaid('between', { min, max })),
		v.maxValue(max, deckRuleSaid('between', { min, max }))
	);
const hex = v.pipe(
	v.string(deckRuleSaid('string')),
	v.regex(/^#[0-9a-f]{6}$/i, deckRuleSaid('hex_colour'))
);

/** A picklist's rule: one of its options. */
const oneOf = (options: readonly (string | number)[]) =>
	deckRuleSaid('one_of', { options: options.join(', ') });
const COUNTER_STEPS = ['add', 'subtract', 'set'] as const;
const TEXT_TARGETS = ['chat', 'announcement'] as const;

/** Trigger-by-name types: the setup lists their names. */
export const TRIGGER_TYPES = [
	'chat-command',
	'chatbot-command',
	'alpha-points',
	'alpha-extension',
	'gamma-points',
	'alert',
	'studio-scene',
	'studio-theme',
	'studio-animation'
] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];
/** States the application reports (`states` event, retrieve): a real toggle. */
export const READABLE_TOGGLES = ['stream-mode', 'light-control', 'fuze'] as const;
/** States nothing reads back: a plain press that sets on or off, and says it cannot show the state. */
export const UNREADABLE_SWITCHES = ['command', 'folder', 'layer'] as const;
/** What a timer button does to the timer document (lib/protocol/timer-state). */
export const TIMER_OPS = ['start', 'pause', 'add', 'reset'] as const;

const ActionStepSchema = v.looseObject({
	base: v.optional(v.string()),
	type: v.pipe(v.string(), v.minLength(1, deckRuleSaid('required'))),
	value: v.optional(v.record(v.string(), v.unknown())),
	delay: v.optional(v.number())
});

export const DeckActionSchema = v.variant(
	'kind',
	[
		v.object({
			kind: v.literal('trigger'),
			type: v.picklist(TRIGGER_TYPES, oneOf(TRIGGER_TYPES)),
			name: name('name', 200)
		}),
		v.object({ kind: v.literal('light'), color: hex }),
		v.object({
			kind: v.literal('counter'),
			name: name('counter name', 200),
			step: v.picklist(COUNTER_STEPS, oneOf(COUNTER_STEPS)),
			amount: v.pipe(v.number(deckRuleSaid('number')), v.finite(deckRuleSaid('finite')))
		}),
		v.object({
			kind: v.literal('toggle'),
			target: v.picklist(READABLE_TOGGLES, oneOf(READABLE_TOGGLES))
		}),
		v.object({
			kind: v.literal('switch'),
			target: v.picklist(UNREADABLE_SWITCHES, oneOf(UNREADABLE_SWITCHES)),
			name: name('name or id', 200),
			on: v.boolean(deckRuleSaid('boolean'))
		}),
		v.object({
			kind: v.literal('routine'),
			name: name('routine name', 80),
			actions: v.pipe(
				v.array(ActionStepSchema, deckRuleSaid('list', { what: 'actions' })),
				v.minLength(1, deckRuleSaid('one_step')),
				v.maxLength(
					LIMITS.actionsPerRequest,
					deckRuleSaid('at_most_items', { max: LIMITS.actionsPerRequest, what: 'steps' })
				)
			)
		}),
		v.object({
			kind: v.literal('text'),
			target: v.picklist(TEXT_TARGETS, oneOf(TEXT_TARGETS)),
			text: name('text', 500)
		}),
		v.object({
			kind: v.literal('timer'),
			name: name('timer name', 200),
			op: v.picklist(TIMER_OPS, oneOf(TIMER_OPS)),
			/** Seconds: added (add), or the length a fresh or reset timer holds (start, reset). */
			seconds: v.pipe(
				v.number(deckRuleSaid('number')),
				v.finite(deckRuleSaid('finite')),
				v.minValue(-86_400 * 7, deckRuleSaid('week')),
				v.maxValue(86_400 * 7, deckRuleSaid('week'))
			)
		}),
		v.object({ kind: v.literal('page'), page: id }),
		// The alert box's control variable (lib/protocol/alert-control.ts).
		v.object({
			kind: v.literal('alerts'),
			action: v.picklist(CONTROL_ACTIONS, oneOf(CONTROL_ACTIONS)),
			variable: name('control variable', 120)
		})
	],
	deckRuleSaid('action_kind', {
		options: 'trigger, light, counter, toggle, switch, routine, text, page, timer or alerts'
	})
);
export type DeckAction = v.InferOutput<typeof DeckActionSchema>;
export type DeckActionKind = DeckAction['kind'];

export const LookSchema = v.pipe(
	v.object({
		label: v.pipe(
			v.string(deckRuleSaid('string')),
			v.maxLength(40, deckRuleSaid('at_most_chars', { max: 40 }))
		),
		color: v.optional(hex),
		emoji: v.optional(
			v.pipe(v.string(deckRuleSaid('string')), v.maxLength(16, deckRuleSaid('one_emoji')))
		),
		icon: v.optional(v.picklist(ICON_NAMES, oneOf(ICON_NAMES))),
		/** Text read from variables, `{{deaths}}` style. */
		live: v.optional(
			v.pipe(
				v.string(deckRuleSaid('string')),
				v.maxLength(80, deckRuleSaid('at_most_chars', { max: 80 }))
			)
		)
	}),
	v.forward(
		v.check((l) => !(l.emoji && l.icon), deckRuleSaid('emoji_and_icon')),
		['icon']
	)
);
export type Look = v.InferOutput<typeof LookSchema>;

export const DeckButtonSchema = v.object({
	id,
	col: whole(0, GRID_LIMITS.columns.max - 1),
	row: whole(0, GRID_LIMITS.rows.max - 1),
	width: v.picklist([1, 2], oneOf([1, 2])),
	look: LookSchema,
	action: DeckActionSchema,
	press: PressModeSchema,
	inputs: v.optional(InputBindingsSchema, {})
});
export type DeckButton = v.InferOutput<typeof DeckButtonSchema>;

export const DeckPageSchema = v.pipe(
	v.object({
		id,
		name: name('page name', 60),
		columns: whole(GRID_LIMITS.columns.min, GRID_LIMITS.columns.max),
		rows: whole(GRID_LIMITS.rows.min, GRID_LIMITS.rows.max),
		buttons: v.array(DeckButtonSchema, deckRuleSaid('list', { what: 'buttons' }))
	}),
	v.rawCheck(({ dataset, addIssue }) => {
		if (!dataset.typed) return;
		const page = dataset.value;
		const taken = new Map<string, string>();
		const ids = new Set<string>();
		page.buttons.forEach((b, i) => {
			const path = (key: string) =>
				[
					{ type: 'object', origin: 'value', input: page, key: 'buttons', value: page.buttons },
					{ type: 'array', origin: 'value', input: page.buttons, key: i, value: b },
					{
						type: 'object',
						origin: 'value',
						input: b,
						key,
						value: (b as Record<string, unknown>)[key]
					}
				] as const;
			if (ids.has(b.id)) addIssue({ message: deckRuleSaid('id_used'), path: path('id') as never });
			ids.add(b.id);
			if (b.col + b.width > page.columns)
				addIssue({
					message: deckRuleSaid('inside_columns', { columns: page.columns }),
					path: path('col') as never
				});
			if (b.row >= page.rows)
				addIssue({
					message: deckRuleSaid('inside_rows', { rows: page.rows }),
					path: path('row') as never
				});
			for (const cell of cellsOf(b)) {
				const other = taken.get(cell);
				if (other)
					addIssue({ message: deckRuleSaid('overlaps', { other }), path: path('col') as never });
				taken.set(cell, b.id);
			}
		});
	})
);
export type DeckPage = v.InferOutput<typeof DeckPageSchema>;

export const DeckDocumentSchema = v.pipe(
	v.object({
		version: v.literal(DECK_VERSION, deckRuleSaid('equals', { value: DECK_VERSION })),
		pages: v.pipe(
			v.array(DeckPageSchema, deckRuleSaid('list', { what: 'pages' })),
			v.maxLength(
				GRID_LIMITS.pages,
				deckRuleSaid('at_most_items', { max: GRID_LIMITS.pages, what: 'pages' })
			)
		)
	}),
	v.check(
		(d) => new Set(d.pages.map((p) => p.id)).size === d.pages.length,
		deckRuleSaid('page_ids')
	)
);
export type DeckDocument = v.InferOutput<typeof DeckDocumentSchema>;

export const emptyDeck = (): DeckDocument => ({ version: DECK_VERSION, pages: [] });

/** The grid cells a button covers, as `col,row`. */
export function cellsOf(b: Pick<DeckButton, 'col' | 'row' | 'width'>): string[] {
	return Array.from({ length: b.width }, (_, i) => `${b.col + i},${b.row}`);
}

let counter = 0;
/** A short id, unique enough on one device (crypto.randomUUID needs a secure context, a LAN page is not one). */
export function newId(prefix = 'b'): string {
	return `${prefix}${Date.now().toString(36)}${(++counter).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
