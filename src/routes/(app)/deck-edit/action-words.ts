/**
 * Edit mode's words for what lib/app/deck leaves as data: a new button's default label and the
 * picker's titles, said in the dashboard's language. A label made here is saved as it reads (it is
 * the streamer's label from then on). Buttons made outside edit mode (a favourite, a migrated deck)
 * are named by `madeNames`, loaded with the press or the migration that makes them.
 */
import {
	alertLabel,
	defaultLabel,
	lightColourOf,
	type LabelWords,
	type LightColour,
	type MadeNames
} from '$lib/app/deck/actions';
import type { DeckAction, TriggerType } from '$lib/app/deck/layout';
import { language } from '$lib/app/language.svelte';
import * as m from '$lib/app/messages';
import { TRIGGER_WORDS } from '$lib/app/trigger-words';
import { alertWords } from '../tile-words';

const LIGHTS: Record<LightColour, () => string> = {
	red: m.actions_light_red,
	orange: m.actions_light_orange,
	yellow: m.actions_light_yellow,
	green: m.actions_light_green,
	blue: m.actions_light_blue,
	purple: m.actions_light_purple,
	white: m.actions_light_white
};

const TOGGLES = {
	'stream-mode': m.edit_toggle_stream_mode,
	'light-control': m.edit_toggle_light_control,
	fuze: m.edit_toggle_fuze
} as const;

const ALERT_BOX = {
	pause: m.edit_alerts_pause,
	resume: m.edit_alerts_resume,
	skip: m.edit_alerts_skip,
	replay: m.edit_alerts_replay
} as const;

const seconds = (n: number) => new Intl.NumberFormat(language.current).format(Math.abs(n));

/** What a trigger type fires ("Szene", "Alert"), for the picker's sections and the editor's choice. */
export const triggerWords = (type: TriggerType): string => TRIGGER_WORDS[type]();

/** "Rotes Licht": a colour of the picker by its name, any other by its code. */
export function lightWords(color: string): string {
	const named = lightColourOf(color);
	return named ? LIGHTS[named]() : m.actions_light_code({ code: color });
}

/** "Follow testen (alpha)": an alert key as the tile says it, with the platform it comes from. */
export function alertWordsOf(key: string): string {
	const { text, source } = alertLabel(key, alertWords);
	return source ? m.actions_alert_from({ text, source }) : text;
}

const LABEL_WORDS: LabelWords = {
	alert: alertWordsOf,
	light: lightWords,
	toggle: (target) => TOGGLES[target](),
	switchTo: (on, name) => (on ? m.actions_enable({ name }) : m.actions_disable({ name })),
	text: (target) => (target === 'chat' ? m.actions_chat_line() : m.actions_announcement()),
	page: (name) => (name === undefined ? m.actions_go_to_page() : m.actions_go_to({ name })),
	timer: (a) => {
		if (a.op !== 'add')
			return {
				start: m.actions_timer_start,
				pause: m.actions_timer_pause,
				reset: m.actions_timer_reset
			}[a.op]();
		const said = { seconds: seconds(a.seconds) };
		return a.seconds < 0 ? m.actions_timer_minus(said) : m.actions_timer_plus(said);
	},
	alerts: (action) => ALERT_BOX[action]()
};

/** A new button's name, from its action, in the dashboard's language. */
export const labelWords = (action: DeckAction, pageName?: (id: string) => string | undefined) =>
	defaultLabel(action, pageName, LABEL_WORDS);

/** The names given outside edit mode (a starred favourite, a migrated deck), in the dashboard's language. */
export const madeNames = (): MadeNames => ({
	words: LABEL_WORDS,
	favourites: m.actions_favourites_page(),
	page: m.actions_page_unnamed()
});
