/** Fakes of Web MIDI and the Gamepad API put in a page before it loads, and a one-page deck of chat commands to bind, for the deck's input tests. */
import type { Page } from 'playwright-core';

export type Bindings = { press?: 'tap' | 'hold' | 'confirm'; inputs?: Record<string, unknown> };

/** A deck of one page holding chat commands (`ghost` is not in the setup), each with its press safety and bindings, as the deck keeps it. */
export function deckOf(buttons: Record<string, Bindings>) {
	const names = ['lurk', 'hype', 'party', 'discord', 'ghost'];
	return {
		version: 2,
		pages: [
			{
				id: 'live',
				name: 'Live',
				columns: 5,
				rows: 2,
				buttons: names.map((name, i) => ({
					id: name,
					col: i,
					row: 0,
					width: 1,
					look: { label: name },
					action: { kind: 'trigger', type: 'chat-command', name },
					press: buttons[name]?.press ?? 'tap',
					inputs: buttons[name]?.inputs ?? {}
				}))
			}
		]
	};
}

/** Fakes of Web MIDI (one input) and of the Gamepad API (one standard pad), driven from the test. */
export function fakeDevices(options: { insecure?: boolean }) {
	const w = window as unknown as Record<string, unknown>;
	if (options.insecure) Object.defineProperty(window, 'isSecureContext', { value: false });
	const input = Object.assign(new EventTarget(), {
		id: 'fake-1',
		name: 'Fake Pad',
		state: 'connected',
		type: 'input',
		manufacturer: 'test'
	});
	const access = Object.assign(new EventTarget(), {
		inputs: new Map([['fake-1', input]]),
		outputs: new Map(),
		sysexEnabled: false
	});
	w.midiAsked = 0;
	Object.defineProperty(navigator, 'requestMIDIAccess', {
		configurable: true,
		value: async () => {
			(w.midiAsked as number)++;
			return access;
		}
	});
	w.midiSend = (...bytes: number[]) =>
		input.dispatchEvent(Object.assign(new Event('midimessage'), { data: Uint8Array.from(bytes) }));
	const pads: unknown[] = [null, null, null, null];
	Object.defineProperty(navigator, 'getGamepads', { configurable: true, value: () => pads });
	w.padSet = (pressed: number[]) => {
		pads[0] = {
			index: 0,
			id: 'Fake pad',
			connected: true,
			mapping: 'standard',
			axes: [0, 0, 0, 0],
			timestamp: performance.now(),
			buttons: Array.from({ length: 17 }, (_, b) => ({
				pressed: pressed.includes(b),
				touched: false,
				value: pressed.includes(b) ? 1 : 0
			}))
		};
	};
	w.padConnect = () => {
		(w.padSet as (p: number[]) => void)([]);
		window.dispatchEvent(new Event('gamepadconnected'));
	};
}

/** Three animation frames: a pad poll has run. */
export const frames = (page: Page) =>
	page.evaluate(
		() =>
			new Promise<void>((ok) =>
				requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => ok())))
			)
	);
