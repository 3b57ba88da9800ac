import { describe, expect, it } from 'vitest';
import {
	DeckInputs,
	type InputButton,
	type InputsStatus,
	type Learnt
} from '$lib/app/deck/inputs/deck-inputs';
import { anyBound } from '$lib/app/deck/inputs/deck-tiles.svelte';
import { fakePage, FakeMidiAccess, FakeMidiInput, pad } from './fakes';

const k = (code: string, mods: { ctrl?: boolean; shift?: boolean } = {}) => ({
	code,
	ctrl: !!mods.ctrl,
	alt: false,
	shift: !!mods.shift,
	meta: false
});
const BUTTONS: InputButton[] = [
	{
		id: 'lurk',
		label: 'lurk',
		inputs: {
			key: k('KeyL', { shift: true }),
			midi: { kind: 'note', channel: 10, number: 36 },
			gamepad: { button: 0 }
		}
	},
	{
		id: 'hype',
		label: 'hype',
		inputs: { key: k('KeyH'), midi: { kind: 'cc', channel: 1, number: 20 }, gamepad: { button: 3 } }
	},
	{ id: 'plain', label: 'plain', inputs: {} }
];

function setup(options: Parameters<typeof fakePage>[0] = {}) {
	const fake = fakePage(options);
	const log: string[] = [];
	let status: InputsStatus | undefined;
	const inputs = new DeckInputs(
		{ down: (id, s) => log.push(`down ${id} ${s}`), up: (id, s) => log.push(`up ${id} ${s}`) },
		{ env: fake.env, onStatus: (s) => (status = s) }
	);
	inputs.setButtons(BUTTONS);
	const stop = inputs.start();
	return { fake, log, inputs, stop, status: () => status ?? inputs.status };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('DeckInputs: keys', () => {
	it('routes a bound combo to its button as one press and one release, ignoring auto-repeat', () => {
		const { fake, log } = setup();
		const down = fake.key('keydown', 'KeyL', { shift: true });
		expect(down.defaultPrevented).toBe(true);
		fake.key('keydown', 'KeyL', { shift: true, repeat: true });
		fake.key('keyup', 'KeyL');
		fake.key('keydown', 'KeyL'); // without Shift: not the combo
		fake.key('keyup', 'KeyL');
		expect(log).toEqual(['down lurk key', 'up lurk key']);
	});

	it('is inactive without page focus, while typing in a field, while a dialog is open and while editing', () => {
		const { fake, log, inputs } = setup();
		fake.page.focused = false;
		fake.key('keydown', 'KeyH');
		fake.page.focused = true;
		fake.page.active = Object.assign(Object.create(null), { tagName: 'INPUT', type: 'search' });
		fake.key('keydown', 'KeyH');
		fake.page.active = Object.assign(Object.create(null), { tagName: 'INPUT', type: 'checkbox' });
		expect(inputs.isActive('key')).toBe(true);
		fake.page.active = null;
		fake.page.dialogOpen = true;
		fake.key('keydown', 'KeyH');
		fake.page.dialogOpen = false;
		inputs.setEditing(true);
		fake.key('keydown', 'KeyH');
		expect(log).toEqual([]);
		inputs.setEditing(false);
		fake.key('keydown', 'KeyH');
		expect(log).toEqual(['down hype key']);
	});

	it('losing focus releases a held key (a hold in progress is cancelled)', () => {
		const { fake, log } = setup();
		fake.key('keydown', 'KeyH');
		fake.target.dispatchEvent(new Event('blur'));
		fake.key('keyup', 'KeyH');
		expect(log).toEqual(['down hype key', 'up hype key']);
	});

	it('learns a combo, refusing browser keys and another button’s combo with the reason, and Escape stops', () => {
		const { fake, log, inputs, status } = setup();
		const learnt: Learnt[] = [];
		inputs.learn('key', 'plain', (l) => learnt.push(l));
		fake.key('keydown', 'ShiftLeft', { shift: true });
		expect(status().learnMessage).toMatch(/Press the key combo/);
		expect(fake.key('keydown', 'KeyW', { ctrl: true }).defaultPrevented).toBe(true);
		expect(status().learnMessage).toMatch(/^Ctrl\+W cannot be a shortcut: it closes/);
		fake.key('keydown', 'KeyH');
		expect(status().learnMessage).toMatch(/^H is already the shortcut of “hype”/);
		expect(status().learning).toEqual({ kind: 'key', id: 'plain' });
		fake.key('keydown', 'KeyP', { ctrl: true, shift: true });
		expect(status().learnMessage).toMatch(/cannot be a shortcut/);
		fake.key('keydown', 'KeyM', { ctrl: true, shift: true });
		expect(learnt).toEqual([{ key: k('KeyM', { ctrl: true, shift: true }) }]);
		expect(status()).toMatchObject({ learning: undefined, learnMessage: 'Learnt: Ctrl+Shift+M.' });
		expect(log).toEqual([]); // learning never presses
		inputs.learn('key', 'plain', (l) => learnt.push(l));
		fake.key('keydown', 'Escape');
		expect(status()).toMatchObject({
			learning: undefined,
			learnMessage: 'Stopped: the shortcut is unchanged.'
		});
		expect(learnt).toHaveLength(1);
	});
});

describe('DeckInputs: MIDI', () => {
	it('asks for MIDI once a button uses it, presses on note-on and releases on note-off (velocity 0 too), never twice', async () => {
		const access = new FakeMidiAccess();
		access.inputs.set('in1', new FakeMidiInput('in1', 'Pad 8'));
		const { fake, log, status } = setup({ midi: access });
		await settle();
		expect(fake.page.midiAsked).toBe(1);
		expect(status()).toMatchObject({ midi: 'ready', midiInputs: ['Pad 8'] });
		const input = access.inputs.get('in1')!;
		input.send(0x99, 36, 100);
		input.send(0x99, 36, 90); // a second note-on while held: no second press
		input.send(0x99, 36, 0);
		input.send(0x89, 36, 0); // a late note-off after the velocity-0 one: no second release
		input.send(0xb0, 20, 127, 20, 64, 20, 0); // running status: a CC stream fires once
		input.send(0x98, 36, 100); // another channel: not bound
		expect(log).toEqual(['down lurk midi', 'up lurk midi', 'down hype midi', 'up hype midi']);
	});

	it('follows devices plugged and unplugged; unplugging mid-press releases it', async () => {
		const access = new FakeMidiAccess();
		const { log, status } = setup({ midi: access });
		await settle();
		expect(status().midiMessage).toMatch(/No MIDI device/);
		const pad8 = new FakeMidiInput('in1', 'Pad 8');
		access.plug(pad8);
		expect(status().midiInputs).toEqual(['Pad 8']);
		pad8.send(0x99, 36, 100);
		access.unplug('in1');
		pad8.send(0x89, 36, 0);
		expect(status().midiInputs).toEqual([]);
		expect(log).toEqual(['down lurk midi', 'up lurk midi']);
	});

	it('learns the first note-on or CC (channel, number), refusing one another button has', async () => {
		const access = new FakeMidiAccess();
		const input = new FakeMidiInput('in1', 'Keys');
		access.inputs.set('in1', input);
		const { inputs, log, status } = setup({ midi: access });
		await settle();
		const learnt: Learnt[] = [];
		inputs.learn('midi', 'plain', (l) => learnt.push(l));
		input.send(0x89, 40, 0); // a release is not a choice
		input.send(0x99, 36, 100);
		expect(status().learnMessage).toMatch(/already used by “lurk”/);
		input.send(0x99, 36, 0);
		input.send(0xb4, 7, 100);
		expect(learnt).toEqual([{ midi: { kind: 'cc', channel: 5, number: 7 } }]);
		expect(status().learnMessage).toBe('Learnt: CC 7, channel 5 (from Keys).');
		input.send(0xb4, 7, 0);
		expect(log).toEqual([]);
	});

	it('on an insecure page says why and never asks; a refusal is said plainly', async () => {
		const insecure = setup({ secure: false, midi: new FakeMidiAccess() });
		await settle();
		expect(insecure.fake.page.midiAsked).toBe(0);
		expect(insecure.status()).toMatchObject({ midi: 'unavailable' });
		expect(insecure.status().midiMessage).toMatch(/secure/);
		const refused = setup({
			midi: Object.assign(new Error('denied'), { name: 'NotAllowedError' })
		});
		await settle();
		expect(refused.status()).toMatchObject({ midi: 'refused' });
		expect(refused.status().midiMessage).toMatch(/refused/);
	});
});

describe('DeckInputs: gamepad', () => {
	it('polls only while a pad is connected, fires on the press edge and releases on the release', () => {
		const { fake, log, stop } = setup();
		expect(fake.framesQueued()).toBe(0);
		fake.connectPad(pad(0));
		expect(fake.framesQueued()).toBe(1);
		fake.frame();
		fake.pads[0] = pad(0, [3]);
		fake.frame();
		fake.frame();
		fake.pads[0] = pad(0, []);
		fake.frame();
		expect(log).toEqual(['down hype gamepad', 'up hype gamepad']);
		fake.disconnectPad(0);
		fake.frame();
		expect(fake.framesQueued()).toBe(0);
		stop();
	});

	it('learns a pad button while learning (polling even before a pad is announced), refusing a taken one', () => {
		const { fake, inputs, log, status } = setup();
		const learnt: Learnt[] = [];
		inputs.learn('gamepad', 'plain', (l) => learnt.push(l));
		expect(fake.framesQueued()).toBe(1);
		fake.pads[0] = pad(0);
		fake.frame();
		fake.pads[0] = pad(0, [0]);
		fake.frame();
		expect(status().learnMessage).toMatch(/already used by “lurk”/);
		fake.pads[0] = pad(0, [0, 5]);
		fake.frame();
		expect(learnt).toEqual([{ gamepad: { button: 5 } }]);
		fake.frame(); // learning over and no pad announced: polling stops
		expect(fake.framesQueued()).toBe(0);
		expect(log).toEqual([]);
	});
});

describe('DeckInputs: teardown', () => {
	it('stops listening to keys, pads and MIDI once its teardown runs', async () => {
		const access = new FakeMidiAccess();
		const input = new FakeMidiInput('in1', 'Pad 8');
		access.inputs.set('in1', input);
		const { fake, log, stop } = setup({ midi: access });
		await settle();
		fake.connectPad(pad(0));
		stop();
		fake.key('keydown', 'KeyH');
		input.send(0x99, 36, 100);
		fake.frame();
		expect(fake.framesQueued()).toBe(0);
		expect(log).toEqual([]);
	});
});

describe('anyBound (the deck page loads its input handling only then)', () => {
	it('is true once any button has a key, a MIDI binding or a pad button, and false for none', () => {
		expect(anyBound([])).toBe(false);
		expect(anyBound([BUTTONS[2]!])).toBe(false);
		expect(anyBound([BUTTONS[2]!, { id: 'k', label: 'k', inputs: { key: k('KeyK') } }])).toBe(true);
		expect(
			anyBound([
				{ id: 'm', label: 'm', inputs: { midi: { kind: 'note', channel: 1, number: 60 } } }
			])
		).toBe(true);
		expect(anyBound([{ id: 'g', label: 'g', inputs: { gamepad: { button: 0 } } }])).toBe(true);
	});
});
