/** How each press safety is named where the streamer picks one (the default is `defaultPress` in ../actions). */
import type { PressMode } from '../bindings';

export const PRESS_MODES: readonly { mode: PressMode; label: string; hint: string }[] = [
	{ mode: 'tap', label: 'Tap', hint: 'Sends at once.' },
	{
		mode: 'hold',
		label: 'Hold',
		hint: 'Sends after a held press; letting go early sends nothing.'
	},
	{ mode: 'confirm', label: 'Confirm', hint: 'Asks in a dialog first.' }
];
