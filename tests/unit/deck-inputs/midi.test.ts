import { describe, expect, it } from 'vitest';
import {
	formatMidi,
	midiAvailability,
	midiEdge,
	midiMatches,
	MidiDecoder
} from '$lib/app/deck/inputs/midi';

describe('MIDI decoding', () => {
	it('reads note-on, note-off and control change with their channel (1–16)', () => {
		const d = new MidiDecoder();
		expect(d.decode([0x90, 60, 100, 0x83, 61, 0, 0xbf, 20, 127])).toEqual([
			{ kind: 'note-on', channel: 1, number: 60, value: 100 },
			{ kind: 'note-off', channel: 4, number: 61, value: 0 },
			{ kind: 'cc', channel: 16, number: 20, value: 127 }
		]);
	});

	it('a note-on with velocity 0 is a note-off', () => {
		const [m] = new MidiDecoder().decode([0x99, 36, 0]);
		expect(m).toEqual({ kind: 'note-off', channel: 10, number: 36, value: 0 });
		expect(midiEdge(m!)).toBe('up');
	});

	it('keeps running status, within one call and across calls', () => {
		const d = new MidiDecoder();
		expect(d.decode([0x92, 40, 90, 41, 80, 40, 0])).toEqual([
			{ kind: 'note-on', channel: 3, number: 40, value: 90 },
			{ kind: 'note-on', channel: 3, number: 41, value: 80 },
			{ kind: 'note-off', channel: 3, number: 40, value: 0 }
		]);
		expect(d.decode([41])).toEqual([]);
		expect(d.decode([0])).toEqual([{ kind: 'note-off', channel: 3, number: 41, value: 0 }]);
	});

	it('skips realtime bytes anywhere, sysex blocks whole, and other messages; system common ends running status', () => {
		const d = new MidiDecoder();
		expect(d.decode([0xb0, 0xf8, 7, 0xfe, 100])).toEqual([
			{ kind: 'cc', channel: 1, number: 7, value: 100 }
		]);
		expect(d.decode([0xf0, 0x7e, 0x10, 1, 2, 0xf7])).toEqual([]);
		expect(d.decode([7, 5])).toEqual([]); // the sysex cleared running status: stray data bytes are dropped
		expect(d.decode([0xf0, 1, 2, 0x91, 60, 100])).toEqual([
			{ kind: 'note-on', channel: 2, number: 60, value: 100 }
		]); // a status byte ends a sysex
		expect(d.decode([0xc0, 5, 0xe0, 1, 2, 0x90, 1, 2])).toEqual([
			{ kind: 'note-on', channel: 1, number: 1, value: 2 }
		]);
		expect(d.decode([0xf2, 1, 2, 3, 4])).toEqual([]);
		expect(d.decode([])).toEqual([]);
	});

	it('CC presses on a value over 0 and releases on 0', () => {
		expect(midiEdge({ kind: 'cc', channel: 1, number: 1, value: 1 })).toBe('down');
		expect(midiEdge({ kind: 'cc', channel: 1, number: 1, value: 0 })).toBe('up');
	});

	it('matches bindings by kind, channel and number, and by device only when both name one', () => {
		const b = { kind: 'note' as const, channel: 1, number: 36 };
		expect(midiMatches(b, { ...b, input: 'pad' })).toBe(true);
		expect(midiMatches({ ...b, input: 'pad' }, { ...b, input: 'keys' })).toBe(false);
		expect(midiMatches(b, { ...b, channel: 2 })).toBe(false);
		expect(midiMatches(b, { ...b, kind: 'cc' })).toBe(false);
		expect(formatMidi({ ...b, number: 60 })).toBe('Note C3 (60), channel 1');
		expect(formatMidi({ kind: 'cc', channel: 10, number: 20 })).toBe('CC 20, channel 10');
	});

	it('says why MIDI is off on an insecure page or a browser without it', () => {
		const insecure = midiAvailability({
			isSecureContext: false,
			navigator: { requestMIDIAccess: () => {} },
			host: '192.168.1.20:8080'
		});
		expect(insecure).toMatchObject({ ok: false, reason: 'insecure' });
		if (!insecure.ok) expect(insecure.message).toMatch(/192\.168\.1\.20:8080.*127\.0\.0\.1/s);
		expect(midiAvailability({ isSecureContext: true, navigator: {} })).toMatchObject({
			ok: false,
			reason: 'unsupported'
		});
		expect(
			midiAvailability({ isSecureContext: true, navigator: { requestMIDIAccess: () => {} } })
		).toEqual({ ok: true });
	});
});
