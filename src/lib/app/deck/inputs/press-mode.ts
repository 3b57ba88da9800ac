/** Which press safety a deck button starts with, and how each is named where the streamer picks one. */
import { needsConfirmation, type SendType } from '$lib/protocol';
import type { PressMode } from '../bindings';

export const PRESS_MODES: readonly { mode: PressMode; label: string; hint: string }[] = [
	{ mode: 'tap', label: 'Tap', hint: 'Sends at once.' },
	{ mode: 'hold', label: 'Hold', hint: 'Sends after a held press; letting go early sends nothing.' },
	{ mode: 'confirm', label: 'Confirm', hint: 'Asks in a dialog first.' }
];

/**
 * What the catalog's destructive flag (`needsConfirmation`) starts a button with: hold. On a live deck
 * a hold is one deliberate gesture with a visible fill that a brushed or pocketed touch cannot
 * complete, it leaves the deck in view, and it works the same from a key, a pad or a MIDI controller
 * (held down for the length of the fill); a dialog covers the deck and asks for a second aimed tap.
 */
export function defaultPressMode(type: SendType, params: Record<string, unknown> = {}): PressMode {
	return needsConfirmation(type, params) ? 'hold' : 'tap';
}
