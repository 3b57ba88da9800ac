/**
 * The routine builder's words for what lib/protocol's action catalogue leaves in English (KNOWN_ACTIONS
 * names its actions and fields for the simulator's catalogue text): each action and field by its key,
 * and a step as one line, in the dashboard's language.
 */
import type { Action, ActionField, KnownAction } from '$lib/protocol';
import { language } from '$lib/app/language.svelte';
import * as m from '$lib/app/messages';

type Say = () => string;
type Words = { name: Say; fields: Record<string, Say> };

const ACTIONS: Record<string, Words> = {
	delay: { name: m.routines_act_delay, fields: { delay: m.routines_field_ms } },
	'app.chatbot': { name: m.routines_act_chatbot, fields: { message: m.routines_field_message } },
	'app.tts': {
		name: m.routines_act_tts,
		fields: {
			message: m.routines_field_text,
			voice: m.routines_field_voice,
			volume: m.routines_field_volume
		}
	},
	'app.callCommand': {
		name: m.routines_act_call_command,
		fields: { value: m.routines_field_command }
	},
	'app.setStreamMode': {
		name: m.routines_act_set_stream_mode,
		fields: { on: m.routines_field_on }
	},
	'app.toggleStreamMode': { name: m.routines_act_toggle_stream_mode, fields: {} },
	'app.updateCounter': {
		name: m.routines_act_update_counter,
		fields: {
			value: m.routines_field_counter,
			message: m.routines_field_amount,
			operator: m.routines_field_operator
		}
	},
	'app.updateVariable': {
		name: m.routines_act_update_variable,
		fields: { value: m.routines_field_variable, message: m.routines_field_value }
	},
	'app.backToDefault': { name: m.routines_act_back_to_default, fields: {} },
	'app.clearCooldowns': { name: m.routines_act_clear_cooldowns, fields: {} },
	'app.pauseQueue': { name: m.routines_act_pause_queue, fields: {} },
	'app.resumeQueue': { name: m.routines_act_resume_queue, fields: {} },
	'app.addSongRequest': {
		name: m.routines_act_add_song,
		fields: { value: m.routines_field_search }
	},
	'app.skipSongRequest': { name: m.routines_act_skip_song, fields: {} },
	'app.setFolder': {
		name: m.routines_act_set_folder,
		fields: { value: m.routines_field_folder, on: m.routines_field_on }
	},
	'overlay.setLayerVisibility': {
		name: m.routines_act_layer_visibility,
		fields: { value: m.routines_field_layer, on: m.routines_field_visible }
	}
};

const keyOf = (a: Pick<KnownAction, 'base' | 'type'>) => (a.base ? `${a.base}.${a.type}` : a.type);

/** A known action's name ("Chatbot-Nachricht"); one the words do not know keeps the catalogue's. */
export const actionName = (action: KnownAction): string =>
	ACTIONS[keyOf(action)]?.name() ?? action.label;

/** A field's name within its action ("Zähler" for updateCounter's value). */
export const fieldName = (action: KnownAction, field: ActionField): string =>
	ACTIONS[keyOf(action)]?.fields[field.key]?.() ?? field.label;

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
