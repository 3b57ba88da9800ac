/**
 * Web MIDI for deck buttons: decode the bytes an input sends (running status, realtime bytes, sysex),
 * turn note-on / note-off / control change into a press and a release, and say plainly when the page
 * cannot use MIDI at all.
 */
import type { MidiBinding } from '../bindings';

export type MidiMessage =
	| { kind: 'note-on' | 'note-off'; channel: number; number: number; value: number }
	| { kind: 'cc'; channel: number; number: number; value: number };

/** Data bytes that follow each channel status (high nibble 0x8–0xE). */
const DATA_LENGTH: Record<number, number> = {
	0x8: 2,
	0x9: 2,
	0xa: 2,
	0xb: 2,
	0xc: 1,
	0xd: 1,
	0xe: 2
};

/**
 * Decodes one input's byte stream. Keeps running status across calls (a status byte may be left out
 * when it repeats), skips realtime bytes wherever they fall and system exclusive blocks whole. Only
 * note and control-change messages come out; everything else is read and dropped. Never throws.
 */
export class MidiDecoder {
	#status = 0;
	#data: number[] = [];
	#inSysex = false;

	decode(bytes: ArrayLike<number>): MidiMessage[] {
		const out: MidiMessage[] = [];
		for (let i = 0; i < bytes.length; i++) {
			const b = bytes[i]! & 0xff;
			if (b >= 0xf8) continue; // realtime (clock, start, stop…): may arrive between any two bytes
			if (b === 0xf0) {
				this.#inSysex = true;
				this.#status = 0;
				continue;
			}
			if (b === 0xf7) {
				this.#inSysex = false;
				continue;
			}
			if (b >= 0x80) {
				this.#inSysex = false;
				this.#data = [];
				// System common messages cancel running status; channel messages set it.
				this.#status = b >= 0xf0 ? 0 : b;
				continue;
			}
			if (this.#inSysex || !this.#status) continue;
			this.#data.push(b);
			const need = DATA_LENGTH[this.#status >> 4] ?? 2;
			if (this.#data.length < need) continue;
			const message = toMessage(this.#status, this.#data);
			this.#data = [];
			if (message) out.push(message);
		}
		return out;
	}
}

function toMessage(status: number, data: number[]): MidiMessage | undefined {
	const type = status >> 4;
	const channel = (status & 0x0f) + 1;
	const [number = 0, value = 0] = data;
	// A note-on with velocity 0 is a note-off (what running-status devices send to save bytes).
	if (type === 0x9) return { kind: value > 0 ? 'note-on' : 'note-off', channel, number, value };
	if (type === 0x8) return { kind: 'note-off', channel, number, value };
	if (type === 0xb) return { kind: 'cc', channel, number, value };
	return undefined;
}

/** What a message does to the control it comes from: press it, release it, or nothing. */
export function midiEdge(m: MidiMessage): 'down' | 'up' {
	if (m.kind === 'note-on') return 'down';
	if (m.kind === 'note-off') return 'up';
	return m.value > 0 ? 'down' : 'up';
}

/** The control a message comes from, as a binding would name it. */
export function midiControl(m: MidiMessage, input?: string): MidiBinding {
	return {
		kind: m.kind === 'cc' ? 'cc' : 'note',
		channel: m.channel,
		number: m.number,
		...(input ? { input } : {})
	};
}

/** One key for a control (kind, channel, number), the device left out: what "held" is tracked by. */
export function midiSlot(b: Pick<MidiBinding, 'kind' | 'channel' | 'number'>): string {
	return `${b.kind}:${b.channel}:${b.number}`;
}

/** Whether a binding answers to a control; a binding that names its device answers to that device only. */
export function midiMatches(binding: MidiBinding, control: MidiBinding): boolean {
	if (midiSlot(binding) !== midiSlot(control)) return false;
	return !binding.input || !control.input || binding.input === control.input;
}

const NOTE_NAMES = ['C', 'C♯', 'D', 'D♯', 'E', 'F', 'F♯', 'G', 'G♯', 'A', 'A♯', 'B'];

/** A note number as musicians name it, middle C (60) being C3: the same in every language. */
export const noteName = (n: number): string => `${NOTE_NAMES[n % 12]}${Math.floor(n / 12) - 2}`;

/** "Note C3 (60), channel 1" / "CC 20, channel 10", and the device when one is named. */
export function formatMidi(b: MidiBinding): string {
	const what = b.kind === 'note' ? `Note ${noteName(b.number)} (${b.number})` : `CC ${b.number}`;
	return `${what}, channel ${b.channel}${b.input ? ` on ${b.input}` : ''}`;
}

export type MidiAvailability =
	{ ok: true } | { ok: false; reason: 'insecure' | 'unsupported'; message: string };

/** Whether this page can ask for MIDI at all, and if not, why, in words for the page. */
export function midiAvailability(env: {
	isSecureContext?: boolean;
	navigator?: { requestMIDIAccess?: unknown };
	host?: string;
}): MidiAvailability {
	if (!env.isSecureContext) {
		return {
			ok: false,
			reason: 'insecure',
			message:
				`MIDI is off here: browsers allow MIDI only on secure pages (https, or this computer's own address), and this page is plain http${env.host ? ` at ${env.host}` : ''}. ` +
				'Open the dashboard at http://127.0.0.1 or http://localhost on the computer the controller is plugged into to use it.'
		};
	}
	if (typeof env.navigator?.requestMIDIAccess !== 'function') {
		return {
			ok: false,
			reason: 'unsupported',
			message:
				'This browser has no Web MIDI. Chromium-based browsers (Chrome, Edge, Opera) have it.'
		};
	}
	return { ok: true };
}
