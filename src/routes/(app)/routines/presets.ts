/** Ready routines, built only from known actions (no setup names assumed): loaded into the builder to adapt. */
import type { Routine } from '$lib/app/saved-routines.svelte';

export const PRESETS: readonly Routine[] = [
	{
		id: 'preset-start',
		name: 'Start of stream',
		actions: [
			{ base: 'app', type: 'setStreamMode', value: { on: true } },
			{ base: 'app', type: 'resumeQueue', value: {} },
			{ base: 'app', type: 'chatbot', value: { message: "We're live! Welcome in, grab a seat." } }
		]
	},
	{
		id: 'preset-brb',
		name: 'Be right back',
		actions: [
			{ base: 'app', type: 'pauseQueue', value: {} },
			{
				base: 'app',
				type: 'chatbot',
				value: { message: 'Be right back: stretch, hydrate, see you in a few minutes!' }
			}
		]
	},
	{
		id: 'preset-hype',
		name: 'Hype',
		actions: [
			{ base: 'app', type: 'chatbot', value: { message: 'HYPE! Let’s go, chat!' } },
			{ base: 'app', type: 'tts', value: { message: 'Let’s go!' } },
			{ type: 'delay', delay: 5000 },
			{ base: 'app', type: 'backToDefault', value: {} }
		]
	},
	{
		id: 'preset-wind-down',
		name: 'Wind down',
		actions: [
			{
				base: 'app',
				type: 'chatbot',
				value: { message: 'Thanks for hanging out tonight! Winding down now.' }
			},
			{ base: 'app', type: 'clearCooldowns', value: {} },
			{ type: 'delay', delay: 3000 },
			{ base: 'app', type: 'backToDefault', value: {} },
			{ base: 'app', type: 'setStreamMode', value: { on: false } }
		]
	}
];
