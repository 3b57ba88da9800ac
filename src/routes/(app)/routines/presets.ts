/**
 * Ready routines, built only from known actions (no setup names assumed): loaded into the builder to
 * adapt. Made when shown, so their names and chat lines are in the dashboard's language; once adapted
 * and saved, a routine keeps the words it was saved with (the streamer's own from then on).
 */
import type { Routine } from '$lib/app/saved-routines.svelte';
import * as m from '$lib/app/messages';

const say = (type: 'chatbot' | 'tts', message: string) => ({
	base: 'app',
	type,
	value: { message }
});

export const presets = (): readonly Routine[] => [
	{
		id: 'preset-start',
		name: m.routines_preset_start(),
		actions: [
			{ base: 'app', type: 'setStreamMode', value: { on: true } },
			{ base: 'app', type: 'resumeQueue', value: {} },
			say('chatbot', m.routines_preset_start_chat())
		]
	},
	{
		id: 'preset-brb',
		name: m.routines_preset_brb(),
		actions: [
			{ base: 'app', type: 'pauseQueue', value: {} },
			say('chatbot', m.routines_preset_brb_chat())
		]
	},
	{
		id: 'preset-hype',
		name: m.routines_preset_hype(),
		actions: [
			say('chatbot', m.routines_preset_hype_chat()),
			say('tts', m.routines_preset_hype_tts()),
			{ type: 'delay', delay: 5000 },
			{ base: 'app', type: 'backToDefault', value: {} }
		]
	},
	{
		id: 'preset-wind-down',
		name: m.routines_preset_wind_down(),
		actions: [
			say('chatbot', m.routines_preset_wind_down_chat()),
			{ base: 'app', type: 'clearCooldowns', value: {} },
			{ type: 'delay', delay: 3000 },
			{ base: 'app', type: 'backToDefault', value: {} },
			{ base: 'app', type: 'setStreamMode', value: { on: false } }
		]
	}
];
