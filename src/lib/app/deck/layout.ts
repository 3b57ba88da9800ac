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

/** Stored layouts before this number were favourites and user pages (`stream-control:deck`). */
export const DECK_VERSION = 2;
export const GRID_LIMITS = {
	columns: { min: 1, max: 12 },
	rows: { min: 1, max: 12 },
	pages: 30
} as const;

const id = v.pipe(
	v.string('must be a string'),
	v.minLength(1, 'is required'),
	v.maxLength(40, 'must be at most 40 characters')
);
const name = (what: string, max: number) =>
	v.pipe(
		v.string(`must be a string (${what})`),
		v.trim(),
		v.minLength(1, `is required (${what})`),
		v.maxLength(max, `must be at most ${max} characters`)
	);
const whole = (min: number, max: number) =>
	v.pipe(
		v.number('must be a number'),
		v.integer('must be a whole number'),
		v.minValue(min, `must be between ${min} and ${max}`),
		v.maxValue(max, `must be between ${min} and ${max}`)
	);
const hex = v.pipe(
	v.string('must be a string'),
	v.regex(/^#[0-9a-f]{6}$/i, 'must be a colour like #ff8800')
);

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
	type: v.pipe(v.string(), v.minLength(1, 'is required')),
	value: v.optional(v.record(v.string(), v.unknown())),
	delay: v.optional(v.number())
});

export const DeckActionSchema = v.variant(
	'kind',
	[
		v.object({
			kind: v.literal('trigger'),
			type: v.picklist(TRIGGER_TYPES, `must be one of ${TRIGGER_TYPES.join(', ')}`),
			name: name('name', 200)
		}),
		v.object({ kind: v.literal('light'), color: hex }),
		v.object({
			kind: v.literal('counter'),
			name: name('counter name', 200),
			step: v.picklist(['add', 'subtract', 'set'], 'must be add, subtract or set'),
			amount: v.pipe(v.number('must be a number'), v.finite('must be a finite number'))
		}),
		v.object({
			kind: v.literal('toggle'),
			target: v.picklist(READABLE_TOGGLES, `must be one of ${READABLE_TOGGLES.join(', ')}`)
		}),
		v.object({
			kind: v.literal('switch'),
			target: v.picklist(UNREADABLE_SWITCHES, `must be one of ${UNREADABLE_SWITCHES.join(', ')}`),
			name: name('name or id', 200),
			on: v.boolean('must be true or false')
		}),
		v.object({
			kind: v.literal('routine'),
			name: name('routine name', 80),
			actions: v.pipe(
				v.array(ActionStepSchema, 'must be a list of actions'),
				v.minLength(1, 'needs at least one step'),
				v.maxLength(LIMITS.actionsPerRequest, `holds at most ${LIMITS.actionsPerRequest} steps`)
			)
		}),
		v.object({
			kind: v.literal('text'),
			target: v.picklist(['chat', 'announcement'], 'must be chat or announcement'),
			text: name('text', 500)
		}),
		v.object({ kind: v.literal('page'), page: id }),
		v.object({
			kind: v.literal('timer'),
			name: name('timer name', 200),
			op: v.picklist(TIMER_OPS, `must be one of ${TIMER_OPS.join(', ')}`),
			/** Seconds: added (add), or the length a fresh or reset timer holds (start, reset). */
			seconds: v.pipe(
				v.number('must be a number'),
				v.finite('must be a finite number'),
				v.minValue(-86_400 * 7, 'must be at most a week'),
				v.maxValue(86_400 * 7, 'must be at most a week')
			)
		}),
		// The alert box's control variable (lib/protocol/alert-control.ts).
		v.object({
			kind: v.literal('alerts'),
			action: v.picklist(CONTROL_ACTIONS, `must be one of ${CONTROL_ACTIONS.join(', ')}`),
			variable: name('control variable', 120)
		})
	],
	'must be a known kind (trigger, light, counter, toggle, switch, routine, text, page, timer or alerts)'
);
export type DeckAction = v.InferOutput<typeof DeckActionSchema>;
export type DeckActionKind = DeckAction['kind'];

export const LookSchema = v.pipe(
	v.object({
		label: v.pipe(v.string('must be a string'), v.maxLength(40, 'must be at most 40 characters')),
		color: v.optional(hex),
		emoji: v.optional(v.pipe(v.string('must be a string'), v.maxLength(16, 'must be one emoji'))),
		icon: v.optional(v.picklist(ICON_NAMES, `must be one of ${ICON_NAMES.join(', ')}`)),
		/** Text read from variables, `{{deaths}}` style. */
		live: v.optional(
			v.pipe(v.string('must be a string'), v.maxLength(80, 'must be at most 80 characters'))
		)
	}),
	v.forward(
		v.check((l) => !(l.emoji && l.icon), 'cannot have both an emoji and an icon'),
		['icon']
	)
);
export type Look = v.InferOutput<typeof LookSchema>;

export const DeckButtonSchema = v.object({
	id,
	col: whole(0, GRID_LIMITS.columns.max - 1),
	row: whole(0, GRID_LIMITS.rows.max - 1),
	width: v.picklist([1, 2], 'must be 1 or 2'),
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
		buttons: v.array(DeckButtonSchema, 'must be a list of buttons')
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
			if (ids.has(b.id))
				addIssue({ message: 'is used by another button of this page', path: path('id') as never });
			ids.add(b.id);
			if (b.col + b.width > page.columns)
				addIssue({
					message: `must leave the button inside the page's ${page.columns} columns`,
					path: path('col') as never
				});
			if (b.row >= page.rows)
				addIssue({
					message: `must be inside the page's ${page.rows} rows`,
					path: path('row') as never
				});
			for (const cell of cellsOf(b)) {
				const other = taken.get(cell);
				if (other) addIssue({ message: `overlaps button ${other}`, path: path('col') as never });
				taken.set(cell, b.id);
			}
		});
	})
);
export type DeckPage = v.InferOutput<typeof DeckPageSchema>;

export const DeckDocumentSchema = v.pipe(
	v.object({
		version: v.literal(DECK_VERSION, `must be ${DECK_VERSION}`),
		pages: v.pipe(
			v.array(DeckPageSchema, 'must be a list of pages'),
			v.maxLength(GRID_LIMITS.pages, `holds at most ${GRID_LIMITS.pages} pages`)
		)
	}),
	v.check(
		(d) => new Set(d.pages.map((p) => p.id)).size === d.pages.length,
		'has two pages with the same id'
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
