/** The deck's one DeckInputs as the page holds it: listening lives and ends with its owner, buttons and edit mode are read reactively. */
import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { DeckInputsState } from '$lib/app/deck/inputs/deck-inputs.svelte';
import { DeckTiles } from '$lib/app/deck/inputs/deck-tiles.svelte';
import type { InputButton } from '$lib/app/deck/inputs/deck-inputs';
import { mounted } from './watch.svelte';
import { fakePage, FakeMidiAccess, FakeMidiInput, pad } from '../unit/deck-inputs/fakes';

const key = (code: string) => ({ code, ctrl: false, alt: false, shift: false, meta: false });

describe('DeckInputsState', () => {
	it('routes to the registered tile, follows the buttons and edit mode, and stops listening with its owner', async () => {
		const fake = fakePage();
		let buttons = $state<InputButton[]>([{ id: 'a', label: 'lurk', inputs: { key: key('KeyJ') } }]);
		let editing = $state(false);
		const log: string[] = [];
		const tiles = new DeckTiles();
		const { stop } = mounted(
			() =>
				new DeckInputsState(
					() => buttons,
					() => editing,
					fake.env,
					tiles
				),
			(s) => s.status
		);
		const unregister = tiles.register('a', {
			down: () => log.push('down a'),
			up: () => log.push('up a')
		});
		tiles.register('b', { down: () => log.push('down b'), up: () => log.push('up b') });
		fake.key('keydown', 'KeyJ');
		fake.key('keyup', 'KeyJ');
		buttons = [...buttons, { id: 'b', label: 'hype', inputs: { key: key('KeyG') } }];
		flushSync();
		fake.key('keydown', 'KeyG');
		fake.key('keyup', 'KeyG');
		editing = true;
		flushSync();
		fake.key('keydown', 'KeyG');
		editing = false;
		flushSync();
		unregister();
		fake.key('keydown', 'KeyJ'); // no tile for a any more: nothing
		fake.key('keyup', 'KeyJ');
		await stop();
		fake.key('keydown', 'KeyG');
		expect(log).toEqual(['down a', 'up a', 'down b', 'up b']);
	});

	it('its status is state: MIDI devices and pads as they come, and learning', async () => {
		const access = new FakeMidiAccess();
		const fake = fakePage({ midi: access });
		const seen: string[] = [];
		const { value: inputs, stop } = mounted(
			() =>
				new DeckInputsState(
					() => [
						{ id: 'a', label: 'lurk', inputs: { midi: { kind: 'note', channel: 1, number: 60 } } }
					],
					() => false,
					fake.env
				),
			(s) => seen.push(`${s.status.midi}:${s.status.midiInputs.join(',')}:${s.status.pads}`)
		);
		await new Promise((r) => setTimeout(r, 0));
		flushSync();
		access.plug(new FakeMidiInput('x', 'Pad'));
		fake.connectPad(pad(0));
		flushSync();
		inputs.learn('gamepad', 'a', () => {});
		flushSync();
		expect(inputs.status.learning).toEqual({ kind: 'gamepad', id: 'a' });
		expect(seen.at(-1)).toBe('ready:Pad:1');
		expect(seen).toContain('ready::0');
		await stop();
		expect(fake.framesQueued()).toBe(1); // the frame queued before the end runs once and queues no other
		fake.frame();
		expect(fake.framesQueued()).toBe(0);
	});
});
