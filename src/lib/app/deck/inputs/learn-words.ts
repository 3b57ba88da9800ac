/**
 * What learning a binding says, in the dashboard's language: deck-inputs.ts reports it as data
 * (`learnSaid`), and a button's editor says it here. Keys are named as each language prints them on
 * the key ("Strg+Umschalt+K", "Leertaste"); letters, digits and F-keys are the same everywhere.
 */
import type { KeyBinding, MidiBinding } from '../bindings';
import { keyCapName } from './key-names';
import type { InputName, LearnSaid } from './deck-inputs';
import type { ReservedId } from './keys';
import { noteName } from './midi';
import * as m from '$lib/app/messages';

const KEYS: Readonly<Record<string, () => string>> = {
	Space: m.actions_key_space,
	Enter: m.actions_key_enter,
	NumpadEnter: m.actions_key_enter,
	Escape: m.actions_key_escape,
	Tab: m.actions_key_tab,
	Backspace: m.actions_key_backspace,
	Delete: m.actions_key_delete,
	Insert: m.actions_key_insert,
	Home: m.actions_key_home,
	End: m.actions_key_end,
	PageUp: m.actions_key_page_up,
	PageDown: m.actions_key_page_down,
	ArrowUp: m.actions_key_arrow_up,
	ArrowDown: m.actions_key_arrow_down,
	ArrowLeft: m.actions_key_arrow_left,
	ArrowRight: m.actions_key_arrow_right
};

const RESERVED: Record<ReservedId, () => string> = {
	tab: m.actions_reserved_tab,
	escape: m.actions_reserved_escape,
	'browser-keys': m.actions_reserved_browser_keys,
	'close-window': m.actions_reserved_close_window,
	press: m.actions_reserved_press,
	'page-scroll': m.actions_reserved_page_scroll,
	history: m.actions_reserved_history,
	'alt-menu': m.actions_reserved_alt_menu,
	'alt-tabs': m.actions_reserved_alt_tabs,
	'primary-close': m.actions_reserved_primary_close,
	'primary-browser': m.actions_reserved_primary_browser,
	'primary-edit': m.actions_reserved_primary_edit,
	'primary-tabs': m.actions_reserved_primary_tabs,
	zoom: m.actions_reserved_zoom,
	'system-nav': m.actions_reserved_system_nav,
	system: m.actions_reserved_system
};

/** A combo's keys as the language prints them: ["Strg", "Umschalt", "K"]; Option and Cmd as Apple names them. */
export function keyParts(key: KeyBinding, apple = false): string[] {
	const parts: string[] = [];
	if (key.ctrl) parts.push(m.actions_key_ctrl());
	if (key.alt) parts.push(apple ? 'Option' : 'Alt');
	if (key.shift) parts.push(m.actions_key_shift());
	if (key.meta) parts.push(apple ? 'Cmd' : 'Meta');
	parts.push(KEYS[key.code]?.() ?? key.cap ?? keyCapName(key.code));
	return parts;
}

/** A combo as one line: "Strg+Umschalt+K". */
export const keyWords = (key: KeyBinding, apple = false): string => keyParts(key, apple).join('+');

/** "Note C3 (60), Kanal 1": a MIDI control, with the device it is kept for, if any. */
export function midiWords(b: MidiBinding): string {
	const note = noteName(b.number);
	const { number, channel } = b;
	if (b.kind === 'note')
		return b.input
			? m.actions_midi_note_on({ note, number, channel, device: b.input })
			: m.actions_midi_note({ note, number, channel });
	return b.input
		? m.actions_midi_cc_on({ number, channel, device: b.input })
		: m.actions_midi_cc({ number, channel });
}

/** A learnt input's name: a key combo, a MIDI control (and the device it came from) or a pad button. */
export function inputWords(input: InputName): string {
	if (input.kind === 'key') return keyWords(input.key, input.apple);
	if (input.kind === 'gamepad') return m.actions_pad_button({ n: input.button });
	const what = midiWords(input.binding);
	return input.device ? m.actions_midi_from({ what, device: input.device }) : what;
}

/** The learn's status line. */
export function learnWords(said: LearnSaid | undefined): string {
	if (!said) return '';
	switch (said.kind) {
		case 'prompt':
			return said.input === 'key'
				? m.actions_learn_key()
				: said.input === 'midi'
					? m.actions_learn_midi()
					: m.actions_learn_gamepad();
		case 'learnt':
			return m.actions_learnt({ name: inputWords(said.name) });
		case 'used':
			return m.actions_learn_used({ name: inputWords(said.name), label: said.label });
		case 'refused': {
			const name = inputWords(said.name);
			return 'taken' in said.why
				? m.actions_learn_taken({ name, label: said.why.taken })
				: m.actions_learn_reserved({ name, why: RESERVED[said.why.reserved]() });
		}
		case 'stopped':
			return m.actions_learn_stopped();
		case 'said':
			return said.text;
	}
}
