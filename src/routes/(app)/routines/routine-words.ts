/**
 * The routine builder's words for what lib/protocol's action catalogue leaves in English (KNOWN_ACTIONS
 * names its actions and fields for the simulator's catalogue text): each action and field by its key,
 * and a step as one line, in the dashboard's language.
 */
import type { Action, ActionField, KnownAction } from '$lib/protocol';
import { language } from '$lib/app/language.svelte';
import * as m from '$lib/app/messages';

type Say = () => string;

/** Each action's name, by its key. */
const NAMES: Record<string, Say> = {
	delay: m.routines_act_delay,
	'app.chatbot': m.routines_act_chatbot,
	'app.tts': m.routines_act_tts,
	'app.callCommand': m.routines_act_call_command,
	'app.setStreamMode': m.routines_act_set_stream_mode,
	'app.toggleStreamMode': m.routines_act_toggle_stream_mode,
	'app.updateCounter': m.routines_act_update_counter,
	'app.updateVariable': m.routines_act_update_variable,
	'app.backToDefault': m.routines_act_back_to_default,
	'app.clearCooldowns': m.routines_act_clear_cooldowns,
	'app.pauseQueue': m.routines_act_pause_queue,
	'app.resumeQueue': m.routines_act_resume_queue,
	'app.addSongRequest': m.routines_act_add_song,
	'app.skipSongRequest': m.routines_act_skip_song,
	'app.setFolder': m.routines_act_set_folder,
	'overlay.setLayerVisibility': m.routines_act_layer_visibility
};

/** A field by its key, in every action that does not name it otherwise (below). */
const FIELDS: Record<string, Say> = {
	delay: m.routines_field_ms,
	message: m.routines_field_message,
	voice: m.routines_field_voice,
	volume: m.routines_field_volume,
	on: m.routines_field_on,
	operator: m.routines_field_operator
};

/** What a field holds in one action: `value` is a command in one, a counter in another. */
const OWN_FIELDS: Record<string, Record<string, Say>> = {
	'app.tts': { message: m.routines_field_text },
	'app.callCommand': { value: m.routines_field_command },
	'app.updateCounter': { value: m.routines_field_counter, message: m.routines_field_amount },
	'app.updateVariable': { value: m.routines_field_variable, message: m.routines_field_value },
	'app.addSongRequest': { value: m.routines_field_search },
	'app.setFolder': { value: m.routines_field_folder },
	'overlay.setLayerVisibility': { value: m.routines_field_layer, on: m.routines_field_visible }
};

const keyOf = (a: Pick<KnownAction, 'base' | 'type'>) => (a.base ? `${a.base}.${a.type}` : a.type);

/** A known action's name ("Chatbot-Nachricht"); one the words do not know keeps the catalogue's. */
export const actionName = (action: KnownAction): string => NAMES[keyOf(action)]?.() ?? action.label;

/** A field's name within its action ("Zähler" for updateCounter's value). */
export const fieldName = (action: KnownAction, field: ActionField): string =>
	(OWN_FIELDS[keyOf(action)]?.[field.key] ?? FIELDS[field.key])?.() ?? field.label;

/** Milliseconds as the language writes them, grouped only from five digits ("5000 ms", "50.000 ms"). */
export const millisWords = (ms: number): string =>
	new Intl.NumberFormat(language.current, {
		style: 'unit',
		unit: 'millisecond',
		useGrouping: 'min2'
	}).format(ms);

/** One step as a line ("Chatbot-Nachricht: Hallo", "5000 ms warten"), for lists and the run's confirmation. */
export function stepWords(action: Action, known: KnownAction | undefined): string {
	if (!known) return `${keyOf(action)} ${JSON.stringify(action.value ?? {})}`.slice(0, 160);
	if (action.type === 'delay')
		return m.routines_step_wait({ duration: millisWords(Number(action.delay)) });
	const parts = known.fields
		.map((f) => [f, f.at === 'step' ? action[f.key] : action.value?.[f.key]] as const)
		.filter(([, v]) => v !== undefined && v !== '')
		.map(([f, v]) => {
			if (f.kind !== 'boolean') return String(v);
			if (f.key === 'on') return v ? m.routines_step_on() : m.routines_step_off();
			const field = fieldName(known, f).toLocaleLowerCase(language.current);
			return v ? m.routines_step_flag_yes({ field }) : m.routines_step_flag_no({ field });
		});
	const name = actionName(known);
	return (
		parts.length ? m.routines_step_with({ action: name, details: parts.join(', ') }) : name
	).slice(0, 160);
}
