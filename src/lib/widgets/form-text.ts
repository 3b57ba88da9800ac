/**
 * The builder form's words for each widget option: labels, help, placeholders, units, steps and the
 * names of select choices, plus each widget's description. Kept apart from the schemas
 * (definitions.ts) because only the builder shows them: widget.html, which parses the same schemas,
 * carries none of this text. Every field of every widget has its text (tests/unit/widget-options.test.ts).
 */
import type { OptionField, WidgetDefinition } from './options';

export interface FieldText {
	label: string;
	help?: string;
	/** Text and list fields. */
	placeholder?: string;
	/** Number fields: shown after the label. */
	unit?: string;
	/** Number fields: the input's step (the schema accepts any value in range). */
	step?: number;
	/** Select fields: each choice's name by its value. */
	choices?: Readonly<Record<string, string>>;
}

/** An option as the form shows it: its schema and its words. */
export type FormField = OptionField & { text: FieldText };

export interface WidgetForm {
	description: string;
	fields: readonly FormField[];
}

type Texts = Readonly<Record<string, FieldText>>;

/** The style fields (style.ts) and `debug`, which every widget has. */
const COMMON: Texts = {
	font: {
		label: 'Font',
		choices: {
			system: 'System',
			sans: 'Sans serif',
			serif: 'Serif',
			mono: 'Monospace',
			rounded: 'Rounded',
			impact: 'Impact'
		}
	},
	size: { label: 'Text size', unit: 'px' },
	color: { label: 'Text colour' },
	outline: { label: 'Outline colour' },
	outlineWidth: { label: 'Outline width', unit: 'px' },
	shadow: { label: 'Drop shadow' },
	align: { label: 'Alignment', choices: { left: 'Left', center: 'Centre', right: 'Right' } },
	debug: { label: 'Debug corner (connection, last update, last error)' }
};

const card: Texts = {
	card: { label: 'Card colour' },
	accent: { label: 'Accent colour' }
};

const songs: Texts = {
	cover: { label: 'Show cover' },
	requester: { label: 'Show requester' },
	progress: { label: 'Show progress bar' },
	hideIdle: { label: 'Hide when nothing plays' },
	...card,
	interval: { label: 'Polling interval', unit: 'ms', step: 250 }
};

/** Per widget id: its description and the text of its own fields (COMMON adds the shared ones). */
export const WIDGET_TEXT: Readonly<Record<string, { description: string; fields: Texts }>> = {
	counter: {
		description: 'A counter or any variable, with an optional goal bar.',
		fields: {
			name: { label: 'Variable name', placeholder: 'deaths' },
			label: { label: 'Label' },
			prefix: { label: 'Prefix' },
			suffix: { label: 'Suffix' },
			format: {
				label: 'Number format',
				choices: {
					plain: 'Plain (1234)',
					grouped: 'Grouped (1,234)',
					compact: 'Compact (1.2K)',
					fixed2: 'Two decimals (1234.00)'
				}
			},
			animation: {
				label: 'On change',
				choices: { none: 'No animation', pop: 'Pop', slide: 'Slide', flash: 'Flash' }
			},
			goal: { label: 'Goal (0 = none)' },
			barColor: { label: 'Goal bar colour' },
			interval: { label: 'Polling interval', unit: 'ms', step: 250 }
		}
	},
	'song-queue': {
		description: 'The song playing and the next requests.',
		fields: { limit: { label: 'Requests shown' }, ...songs }
	},
	'now-playing': {
		description: 'The song playing, as a compact card.',
		fields: songs
	},
	chat: {
		description: 'The latest chat messages from every platform.',
		fields: {
			limit: { label: 'Messages shown' },
			fade: { label: 'Fade out after (0 = never)', unit: 's' },
			hideCommands: { label: 'Hide commands (!…)' },
			hideUsers: { label: 'Hide these users (bots)', placeholder: 'nightbot, streamelements' },
			platformIcons: { label: 'Platform icons' },
			userColors: { label: 'User colours' },
			plate: {
				label: 'Background plate behind each message',
				help: 'Keeps text readable over a busy scene.'
			},
			plateColor: { label: 'Plate colour' },
			direction: { label: 'Newest', choices: { bottom: 'At the bottom', top: 'At the top' } }
		}
	},
	events: {
		description: 'Follows, subscriptions, donations and other alerts.',
		fields: {
			mode: { label: 'Display', choices: { list: 'List of the latest', popup: 'One at a time' } },
			limit: { label: 'Events in the list' },
			duration: { label: 'Show each for (0 = keep)', unit: 's' },
			include: {
				label: 'Only these (parts of alert keys)',
				placeholder: 'follower, subscriber, donation'
			},
			exclude: {
				label: 'Never these (parts of alert keys)',
				placeholder: 'variableChanged, switchSong'
			},
			replays: { label: 'Show replays' },
			...card
		}
	},
	timer: {
		description:
			'A countdown, a count-up or a subathon clock. Its state lives in an application variable, so the deck’s timer buttons, a source refresh and a second copy all show the same time.',
		fields: {
			mode: {
				label: 'Mode',
				choices: {
					length: 'Countdown',
					to: 'Countdown to a time',
					up: 'Count up',
					subathon: 'Subathon'
				}
			},
			name: {
				label: 'Timer variable',
				help: 'The deck’s timer buttons and the companion write it; two timers need two names.'
			},
			length: { label: 'Length (start and reset)', unit: 's' },
			to: {
				label: 'Count down to',
				placeholder: '21:00',
				help: 'For a countdown to a time: today’s time on this PC (21:00), or a date and time (2026-12-31T23:59).'
			},
			subathon: {
				label: 'Subathon: seconds per alert',
				placeholder: 'subscriber=60,bits=1/100',
				help: 'For a subathon, per alert kind: seconds per alert, or seconds per amount (1/100: 1 s per 100 bits). The companion adds them: see the command beside the preview.'
			},
			label: { label: 'Label' },
			zeroText: { label: 'Text at zero', placeholder: 'Time’s up!' },
			hideAtZero: { label: 'Hide at zero' },
			interval: { label: 'Polling interval', unit: 'ms', step: 250 }
		}
	}
};

/** The text of one field of a widget; undefined when it has none (a test keeps that from happening). */
export function fieldText(widgetId: string, key: string): FieldText | undefined {
	const own = WIDGET_TEXT[widgetId]?.fields;
	return (
		(own && Object.hasOwn(own, key) ? own[key] : undefined) ??
		(Object.hasOwn(COMMON, key) ? COMMON[key] : undefined)
	);
}

/** A widget's form: its schema's fields, each with its words (a field without any is named by its key). */
export function widgetForm(definition: WidgetDefinition): WidgetForm {
	return {
		description: WIDGET_TEXT[definition.id]?.description ?? '',
		fields: definition.fields.map((field) => ({
			...field,
			text: fieldText(definition.id, field.key) ?? { label: field.key }
		}))
	};
}
