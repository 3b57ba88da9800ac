/** Fakes of the page, Web MIDI and the Gamepad API for the deck inputs driver: no real device anywhere. */
import type { InputsEnv, MidiAccessLike } from '$lib/app/deck/inputs/deck-inputs';
import type { PadLike } from '$lib/app/deck/inputs/gamepad';

export class FakeMidiInput extends EventTarget {
	state = 'connected';
	constructor(
		readonly id: string,
		readonly name: string
	) {
		super();
	}
	send(...bytes: number[]): void {
		this.dispatchEvent(Object.assign(new Event('midimessage'), { data: Uint8Array.from(bytes) }));
	}
}

export class FakeMidiAccess extends EventTarget {
	readonly inputs = new Map<string, FakeMidiInput>();
	plug(input: FakeMidiInput): void {
		this.inputs.set(input.id, input);
		this.dispatchEvent(new Event('statechange'));
	}
	unplug(id: string): void {
		this.inputs.get(id)!.state = 'disconnected';
		this.dispatchEvent(new Event('statechange'));
		this.inputs.delete(id);
	}
}

/** Node's EventTarget keeps a listener added with capture after its removal with capture: the fake page has no phases, so capture is dropped. */
class PageTarget extends EventTarget {
	override addEventListener(
		type: string,
		listener: EventListenerOrEventListenerObject | null,
		options?: boolean | AddEventListenerOptions
	): void {
		super.addEventListener(
			type,
			listener,
			typeof options === 'object' ? { ...options, capture: false } : undefined
		);
	}
	override removeEventListener(
		type: string,
		listener: EventListenerOrEventListenerObject | null
	): void {
		super.removeEventListener(type, listener);
	}
}

export function fakePage(
	options: { secure?: boolean; midi?: FakeMidiAccess | Error; focused?: boolean } = {}
) {
	const target = new PageTarget();
	const frames: (() => void)[] = [];
	const pads: (PadLike | null)[] = [];
	const page = {
		focused: options.focused ?? true,
		active: null as Element | null,
		dialogOpen: false,
		midiAsked: 0
	};
	const env: InputsEnv = {
		target: target as unknown as InputsEnv['target'],
		document: {
			hasFocus: () => page.focused,
			get activeElement() {
				return page.active;
			},
			querySelector: (s: string) =>
				s === 'dialog[open]' && page.dialogOpen ? ({} as Element) : null
		},
		navigator: {
			requestMIDIAccess: async () => {
				page.midiAsked++;
				if (options.midi instanceof Error) throw options.midi;
				return (options.midi ?? new FakeMidiAccess()) as unknown as MidiAccessLike;
			},
			getGamepads: () => pads
		},
		isSecureContext: options.secure ?? true,
		host: '127.0.0.1:5173',
		frame: (run) => frames.push(run),
		cancelFrame: (id) => (frames[id - 1] = () => {})
	};
	const key = (
		type: 'keydown' | 'keyup',
		code: string,
		mods: { ctrl?: boolean; shift?: boolean; alt?: boolean; meta?: boolean; repeat?: boolean } = {}
	) => {
		const e = Object.assign(new Event(type, { cancelable: true }), {
			code,
			ctrlKey: !!mods.ctrl,
			shiftKey: !!mods.shift,
			altKey: !!mods.alt,
			metaKey: !!mods.meta,
			repeat: !!mods.repeat
		});
		target.dispatchEvent(e);
		return e;
	};
	return {
		env,
		page,
		target,
		pads,
		key,
		/** Runs the frames queued so far (one animation frame). */
		frame: () => frames.splice(0).forEach((f) => f()),
		framesQueued: () => frames.length,
		connectPad: (pad: PadLike) => {
			pads[pad.index] = pad;
			target.dispatchEvent(new Event('gamepadconnected'));
		},
		disconnectPad: (index: number) => {
			pads[index] = null;
			target.dispatchEvent(new Event('gamepaddisconnected'));
		}
	};
}

export const pad = (index: number, pressed: number[] = []): PadLike => ({
	index,
	connected: true,
	buttons: Array.from({ length: 17 }, (_, i) => ({
		pressed: pressed.includes(i),
		value: pressed.includes(i) ? 1 : 0
	}))
});
