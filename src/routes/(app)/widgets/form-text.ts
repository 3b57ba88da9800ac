/**
 * The builder form's words for each widget option: labels, help, placeholders, units, steps and the
 * names of select choices, plus each widget's description. Kept apart from the schemas
 * (lib/widgets/definitions.ts) because only the builder shows them: widget.html, which parses the same
 * schemas, carries none of this text. The words are the dashboard's (messages/dashboard/builder/), so
 * each text is made when asked for, in the language shown; placeholders and units are option values
 * and symbols, the same in every language. Every field of every widget has its text
 * (tests/unit/widget-options.test.ts).
 */
import * as m from '$lib/app/messages';
import { LANGUAGE_NAMES } from '$lib/app/language.svelte';
import { ANIMATIONS, BUILT_IN_SOUNDS } from '$lib/widgets/alert-box/look';
import type { OptionField, WidgetDefinition } from '$lib/widgets/options';

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
const common = (): Texts => ({
	theme: {
		label: m.builder_f_theme(),
		help: m.builder_f_theme_help(),
		choices: {
			clean: m.builder_f_theme_clean(),
			bold: m.builder_f_theme_bold(),
			neon: m.builder_f_theme_neon(),
			minimal: m.builder_f_theme_minimal()
		}
	},
	font: {
		label: m.builder_f_font(),
		choices: {
			system: m.builder_f_font_system(),
			sans: m.builder_f_font_sans(),
			serif: m.builder_f_font_serif(),
			mono: m.builder_f_font_mono(),
			rounded: m.builder_f_font_rounded(),
			impact: m.builder_f_font_impact()
		}
	},
	size: { label: m.builder_f_size(), unit: 'px' },
	color: { label: m.builder_f_color() },
	outline: { label: m.builder_f_outline() },
	outlineWidth: { label: m.builder_f_outline_width(), unit: 'px' },
	shadow: { label: m.builder_f_shadow() },
	align: {
		label: m.builder_f_align(),
		choices: {
			left: m.builder_f_align_left(),
			center: m.builder_f_align_center(),
			right: m.builder_f_align_right()
		}
	},
	// "Widget language", never just "Language": the dashboard's own language picker is another thing.
	lang: {
		label: m.builder_f_lang(),
		help: m.builder_f_lang_help(),
		// Each language in its own words, as a language picker names them.
		choices: LANGUAGE_NAMES
	},
	debug: { label: m.builder_f_debug() }
});

/** The counter's and the goal's number format (definitions.ts, numberFormat). */
const numberFormat = (): FieldText => ({
	label: m.builder_f_format(),
	choices: {
		plain: m.builder_f_format_plain(),
		grouped: m.builder_f_format_grouped(),
		compact: m.builder_f_format_compact(),
		fixed2: m.builder_f_format_fixed2()
	}
});

const card = (): Texts => ({
	card: { label: m.builder_f_card() },
	accent: { label: m.builder_f_accent() }
});

const interval = (step: number): FieldText => ({ label: m.builder_f_interval(), unit: 'ms', step });

const songs = (): Texts => ({
	cover: { label: m.builder_f_cover() },
	requester: { label: m.builder_f_requester() },
	progress: { label: m.builder_f_progress() },
	hideIdle: { label: m.builder_f_hide_idle() },
	...card(),
	interval: interval(250)
});

/** Each alert kind's name, in the order the form lists them. */
const KIND_NAMES: Readonly<Record<string, () => string>> = {
	follower: m.builder_kind_follower,
	subscriber: m.builder_kind_subscriber,
	gift: m.builder_kind_gift,
	bits: m.builder_kind_bits,
	raid: m.builder_kind_raid,
	tip: m.builder_kind_tip,
	superchat: m.builder_kind_superchat,
	member: m.builder_kind_member,
	points: m.builder_kind_points,
	other: m.builder_kind_other
};
/** A template's fields: the payload's names, the same in every language. */
const TEMPLATE_FIELDS = '{name} {amount} {message} {tier} {months} {reward} {platform}';
const DEFAULT_LOOK_TEXT = '5,pop,fade,chime,70,avatar';

const alertBoxText = () => ({
	description: m.builder_ab_description(),
	fields: {
		off: {
			label: m.builder_ab_off(),
			placeholder: 'other, points',
			help: m.builder_ab_off_help({ kinds: Object.keys(KIND_NAMES).join(', ') })
		},
		look: {
			label: m.builder_ab_look(),
			placeholder: DEFAULT_LOOK_TEXT,
			sound: m.builder_ab_sound(),
			help: m.builder_ab_look_help({
				example: '6,zoom,fade,fanfare,90,avatar',
				animations: ANIMATIONS.join(', '),
				sounds: BUILT_IN_SOUNDS.join(', '),
				fallback: DEFAULT_LOOK_TEXT
			})
		},
		...Object.fromEntries(
			Object.entries(KIND_NAMES).flatMap(([kind, name]) => {
				const title = name();
				return [
					[
						`${kind}Text`,
						{
							label: m.builder_kind_text({ kind: title }),
							group: title,
							help: m.builder_kind_text_help({ fields: TEMPLATE_FIELDS })
						}
					],
					[
						`${kind}Look`,
						{
							label: m.builder_kind_look({ kind: title }),
							group: title,
							sound: m.builder_kind_sound({ kind: title }),
							placeholder: ',,,coin',
							help: m.builder_kind_look_help()
						}
					]
				];
			})
		),
		variations: {
			label: m.builder_ab_variations(),
			placeholder: 'bits:1000:8,zoom,,fanfare; tip:50:,,,coin',
			help: m.builder_ab_variations_help()
		},
		gap: { label: m.builder_ab_gap(), unit: 's', step: 0.5 },
		message: { label: m.builder_ab_message() },
		replays: { label: m.builder_ab_replays() },
		control: { label: m.builder_ab_control(), help: m.builder_ab_control_help() },
		interval: { label: m.builder_ab_interval(), unit: 'ms', step: 250 },
		...card()
	}
});

/**
 * Per widget id: its description and the text of its own fields (common() adds the shared ones),
 * made when called, in the language shown.
 */
export const WIDGET_TEXT: Readonly<Record<string, () => { description: string; fields: Texts }>> = {
	counter: () => ({
		description: m.builder_counter_description(),
		fields: {
			name: { label: m.builder_f_variable(), placeholder: 'deaths' },
			label: { label: m.builder_f_label() },
			prefix: { label: m.builder_f_prefix() },
			suffix: { label: m.builder_f_suffix() },
			format: numberFormat(),
			animation: {
				label: m.builder_f_animation(),
				choices: {
					none: m.builder_f_animation_none(),
					pop: m.builder_f_animation_pop(),
					slide: m.builder_f_animation_slide(),
					flash: m.builder_f_animation_flash()
				}
			},
			goal: { label: m.builder_f_goal() },
			barColor: { label: m.builder_f_goal_bar() },
			interval: interval(250)
		}
	}),
	'song-queue': () => ({
		description: m.builder_queue_description(),
		fields: { limit: { label: m.builder_f_requests() }, ...songs() }
	}),
	'now-playing': () => ({ description: m.builder_now_description(), fields: songs() }),
	chat: () => ({
		description: m.builder_chat_description(),
		fields: {
			limit: { label: m.builder_f_messages() },
			fade: { label: m.builder_f_fade(), unit: 's' },
			hideCommands: { label: m.builder_f_hide_commands() },
			hideUsers: { label: m.builder_f_hide_users(), placeholder: 'nightbot, streamelements' },
			platformIcons: { label: m.builder_f_platform_icons() },
			userColors: { label: m.builder_f_user_colors() },
			badges: { label: m.builder_f_badges() },
			avatars: { label: m.builder_f_avatars() },
			emotes: { label: m.builder_f_emotes(), help: m.builder_f_emotes_help() },
			plate: { label: m.builder_f_plate(), help: m.builder_f_plate_help() },
			plateColor: { label: m.builder_f_plate_color() },
			direction: {
				label: m.builder_f_direction(),
				choices: { bottom: m.builder_f_direction_bottom(), top: m.builder_f_direction_top() }
			}
		}
	}),
	events: () => ({
		description: m.builder_events_description(),
		fields: {
			mode: {
				label: m.builder_f_mode(),
				choices: { list: m.builder_f_mode_list(), popup: m.builder_f_mode_popup() }
			},
			limit: { label: m.builder_f_events_limit() },
			duration: { label: m.builder_f_duration(), unit: 's' },
			include: { label: m.builder_f_include(), placeholder: 'follower, subscriber, donation' },
			exclude: { label: m.builder_f_exclude(), placeholder: 'variableChanged, switchSong' },
			replays: { label: m.builder_f_replays() },
			...card()
		}
	}),
	goal: () => ({
		description: m.builder_goal_description(),
		fields: {
			preset: {
				label: m.builder_f_preset(),
				choices: {
					followers: m.builder_f_preset_followers(),
					subscribers: m.builder_f_preset_subscribers(),
					bits: m.builder_f_preset_bits(),
					tips: m.builder_f_preset_tips(),
					superchats: m.builder_f_preset_superchats(),
					hypetrain: m.builder_f_preset_hypetrain()
				}
			},
			current: { label: m.builder_f_current(), placeholder: 'total_follower_count' },
			target: {
				label: m.builder_f_target(),
				placeholder: m.builder_f_target_placeholder({ variable: 'follower_goal' })
			},
			label: { label: m.builder_f_goal_label() },
			format: numberFormat(),
			barColor: { label: m.builder_f_bar() },
			celebrate: { label: m.builder_f_celebrate(), help: m.builder_f_celebrate_help() },
			hideAfter: { label: m.builder_f_hide_after(), unit: 's' },
			interval: interval(250)
		}
	}),
	stats: () => ({
		description: m.builder_stats_description(),
		fields: {
			platforms: { label: m.builder_f_platforms(), placeholder: 'alpha, gamma' },
			sum: { label: m.builder_f_sum() },
			layout: {
				label: m.builder_f_layout(),
				choices: { line: m.builder_f_layout_line(), stack: m.builder_f_layout_stack() }
			},
			uptime: { label: m.builder_f_uptime() },
			viewers: { label: m.builder_f_viewers() },
			interval: interval(500)
		}
	}),
	timer: () => ({
		description: m.builder_timer_description(),
		fields: {
			mode: {
				label: m.builder_f_timer_mode(),
				choices: {
					length: m.builder_f_timer_length_mode(),
					to: m.builder_f_timer_to_mode(),
					up: m.builder_f_timer_up_mode(),
					subathon: m.builder_f_timer_subathon_mode()
				}
			},
			name: { label: m.builder_f_timer_name(), help: m.builder_f_timer_name_help() },
			length: { label: m.builder_f_timer_length(), unit: 's' },
			to: {
				label: m.builder_f_timer_to(),
				placeholder: '21:00',
				help: m.builder_f_timer_to_help()
			},
			subathon: {
				label: m.builder_f_timer_subathon(),
				placeholder: 'subscriber=60,bits=1/100',
				help: m.builder_f_timer_subathon_help()
			},
			label: { label: m.builder_f_label() },
			zeroText: {
				label: m.builder_f_zero_text(),
				placeholder: m.builder_f_zero_text_placeholder()
			},
			hideAtZero: { label: m.builder_f_hide_at_zero() },
			interval: interval(250)
		}
	}),
	'alert-box': alertBoxText
};

/** The text of one field of a widget; undefined when it has none (a test keeps that from happening). */
export function fieldText(widgetId: string, key: string): FieldText | undefined {
	const own = WIDGET_TEXT[widgetId]?.().fields;
	const shared = common();
	return (
		(own && Object.hasOwn(own, key) ? own[key] : undefined) ??
		(Object.hasOwn(shared, key) ? shared[key] : undefined)
	);
}

/**
 * A widget's form: its schema's fields, each with its words (a field without any is named by its
 * key). Called in a reactive context, it follows the language shown.
 */
export function widgetForm(definition: WidgetDefinition): WidgetForm {
	const own = WIDGET_TEXT[definition.id]?.();
	const shared = common();
	const text = (key: string): FieldText | undefined =>
		(own && Object.hasOwn(own.fields, key) ? own.fields[key] : undefined) ??
		(Object.hasOwn(shared, key) ? shared[key] : undefined);
	return {
		description: own?.description ?? '',
		fields: definition.fields.map((field) => ({
			...field,
			text: text(field.key) ?? { label: field.key }
		}))
	};
}
