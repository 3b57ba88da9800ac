/** Why MIDI cannot answer here, in the dashboard's language (the deck's notice and a button's editor). */
import type { InputsStatus } from './deck-inputs';
import * as m from '$lib/app/messages';

export function midiNote(status: Pick<InputsStatus, 'midiWhy' | 'midiHost'>): string | undefined {
	switch (status.midiWhy) {
		case 'insecure':
			return status.midiHost
				? m.deck_midi_insecure_at({ host: status.midiHost })
				: m.deck_midi_insecure();
		case 'unsupported':
			return m.deck_midi_unsupported();
		case 'refused':
			return m.deck_midi_refused();
		case 'failed':
			return m.deck_midi_failed();
		case 'no-device':
			return m.deck_midi_none();
		default:
			return undefined;
	}
}
