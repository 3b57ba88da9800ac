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
	/** Fields with the same group are folded together in the form, under the group's name. */
	group?: string;
	/** Look fields: the label of the sound picked beside it. */
	sound?: string;
}

/** An option as the form shows it: its schema and its words. */
export type FormField = OptionField & { text: FieldText };

export interface WidgetForm {
	description: string;
	fields: readonly FormField[];
}

type Texts = Readonly<Record<string, FieldText>>;

/** The style fields (style.ts), `lang` and `debug`, which every widget has. */
const COMMON: Texts = {
	theme: {
		label: 'Theme',
		help: 'A look preset; the options below and a Custom CSS box in your broadcasting software refine it.',
		choices: { clean: 'Clean', bold: 'Bold', neon: 'Neon', minimal: 'Minimal' }
	},
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
	lang: {
		label: 'Language',
		help: 'The words and numbers viewers see: alerts, labels, amounts.',
		// Each language in its own words, as a language picker names them.
		choices: {
			en: 'English',
			es: 'Español',
			'pt-BR': 'Português (Brasil)',
			de: 'Deutsch',
			fr: 'Français'
		}
	},
	debug: { label: 'Debug corner (connection, last update, last error)' }
};

/** The counter's and the goal's number format (definitions.ts, numberFormat). */
const NUMBER_FORMAT: FieldText = {
	label: 'Number format',
	choices: {
		plain: 'Plain (1234)',
		grouped: 'Grouped (1,234)',
		compact: 'Compact (1.2K)',
		fixed2: 'Two decimals (1234.00)'
	}
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

const KIND_NAMES: Readonly<Record<string, string>> = {
	follower: 'Follower',
	subscriber: 'Subscriber',
	gift: 'Gifted subs',
	bits: 'Bits / cheer',
	raid: 'Raid',
	tip: 'Tip / donation',
	superchat: 'Super Chat',
	member: 'Member',
	points: 'Points redemption',
	other: 'Any other alert'
};
const LOOK_HELP =
	'seconds,in,out,sound,volume,image: e.g. 6,zoom,fade,fanfare,90,avatar. Animations: none, fade, pop, slide, zoom. Sounds: none, chime, bell, coin, fanfare, or a file of the media folder. Image: avatar or none. An empty part keeps the look above.';

const alertBoxText = {
	description:
		'An animated pop-up with sound for follows, subs, bits, raids, tips and more, one at a time. Sound plays by itself in broadcasting software; a desktop browser plays it only after a click on the page.',
	fields: {
		off: {
			label: 'Kinds turned off',
			placeholder: 'other, points',
			help: `Among: ${Object.keys(KIND_NAMES).join(', ')}.`
		},
		look: {
			label: 'Look of every alert',
			placeholder: '5,pop,fade,chime,70,avatar',
			sound: 'Sound of every alert',
			help: LOOK_HELP.replace('the look above', 'its default (5,pop,fade,chime,70,avatar)')
		},
		...Object.fromEntries(
			Object.entries(KIND_NAMES).flatMap(([kind, title]) => [
				[
					`${kind}Text`,
					{
						label: `${title} text`,
						group: title,
						help: 'Fields: {name} {amount} {message} {tier} {months} {reward} {platform}; an unknown one stays empty.'
					}
				],
				[
					`${kind}Look`,
					{
						label: `${title} look`,
						group: title,
						sound: `${title} sound`,
						placeholder: ',,,coin',
						help: 'Like the look of every alert; an empty part keeps it.'
					}
				]
			])
		),
		variations: {
			label: 'Looks by amount',
			placeholder: 'bits:1000:8,zoom,,fanfare; tip:50:,,,coin',
			help: 'kind:minimum:look, separated by ";". The highest minimum an alert reaches wins.'
		},
		gap: { label: 'Gap between alerts', unit: 's', step: 0.5 },
		message: { label: "Show the viewer's message" },
		replays: { label: 'Show replayed alerts' },
		control: {
			label: 'Control variable',
			help: "The deck's Pause, Resume, Skip and Replay alerts buttons write it; one name per alert box."
		},
		interval: { label: 'Control polling interval', unit: 'ms', step: 250 },
		...card
	}
} satisfies { description: string; fields: Texts };

/** Per widget id: its description and the text of its own fields (COMMON adds the shared ones). */
export const WIDGET_TEXT: Readonly<Record<string, { description: string; fields: Texts }>> = {
	counter: {
		description: 'A counter or any variable, with an optional goal bar.',
		fields: {
			name: { label: 'Variable name', placeholder: 'deaths' },
			label: { label: 'Label' },
			prefix: { label: 'Prefix' },
			suffix: { label: 'Suffix' },
			format: NUMBER_FORMAT,
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
			badges: { label: 'Badges (moderator, subscriber…)' },
			avatars: { label: 'Profile pictures' },
			emotes: { label: 'Emotes as pictures', help: 'Where the platform sends them (alpha).' },
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
	goal: {
		description:
			'A goal with its progress bar: followers, subs, bits, tips, Super Chats, the hype train, or your own.',
		fields: {
			preset: {
				label: 'Goal',
				choices: {
					followers: 'Followers (follower_goal)',
					subscribers: 'Subscribers (subscriber_goal)',
					bits: 'Bits (cheer_goal)',
					tips: 'Tips (tip_goal)',
					superchats: 'Super Chats (superchat_goal)',
					hypetrain: 'Hype train (shown while it runs)'
				}
			},
			current: {
				label: 'Current value from (variable, instead of the preset’s)',
				placeholder: 'total_follower_count'
			},
			target: {
				label: 'Target (a number or a variable, instead of the preset’s)',
				placeholder: '100 or follower_goal'
			},
			label: { label: 'Label (empty = the preset’s)' },
			format: NUMBER_FORMAT,
			barColor: { label: 'Bar colour' },
			celebrate: {
				label: 'Celebrate when reached',
				help: 'A short glow; none under reduced motion.'
			},
			hideAfter: { label: 'Hide after reaching it (0 = stay)', unit: 's' },
			interval: { label: 'Polling interval', unit: 'ms', step: 250 }
		}
	},
	stats: {
		description: 'Live or offline, uptime and viewers, per platform or summed.',
		fields: {
			platforms: {
				label: 'Platforms (empty = every connected one)',
				placeholder: 'alpha, gamma'
			},
			sum: { label: 'Sum the platforms into one line' },
			layout: { label: 'Layout', choices: { line: 'One line', stack: 'A stack' } },
			uptime: { label: 'Show uptime' },
			viewers: { label: 'Show viewers' },
			interval: { label: 'Polling interval', unit: 'ms', step: 500 }
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
	},
	'alert-box': alertBoxText
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
