/**
 * The deck's desktop inputs in one place: keys, MIDI and gamepads routed to the buttons they are
 * bound to, as a press (`down`) and a release (`up`) so hold-to-fire works from every input, and the
 * learn flows that make those bindings. Framework-free: the page, the navigator and the frame clock
 * are injected (tests pass fakes; the page passes its own).
 */
import type { GamepadBinding, InputBindings, KeyBinding, MidiBinding } from '../bindings';
import { GamepadEdges, type PadEdge, type PadLike } from './gamepad';
import { checkKey, formatKey, keyFromEvent, sameKey, type KeyRefusal } from './keys';
import {
	formatMidi,
	midiAvailability,
	midiControl,
	midiEdge,
	midiMatches,
	midiSlot,
	MidiDecoder
} from './midi';

export type InputSource = 'key' | 'midi' | 'gamepad';
export type LearnKind = InputSource;

export interface InputButton {
	id: string;
	label: string;
	inputs: InputBindings;
}

export interface InputHandlers {
	down(id: string, source: InputSource): void;
	up(id: string, source: InputSource): void;
}

type Listener = (e: never) => void;
interface Listens {
	addEventListener(
		type: string,
		listener: Listener,
		options?: boolean | AddEventListenerOptions
	): void;
	removeEventListener(
		type: string,
		listener: Listener,
		options?: boolean | EventListenerOptions
	): void;
}
export interface MidiInputLike extends Listens {
	id: string;
	name?: string | null;
	state?: string;
}
export interface MidiAccessLike extends Listens {
	inputs: { forEach(each: (input: MidiInputLike) => void): void };
}

export interface InputsEnv {
	/** Where key, blur and gamepad events arrive (the window). */
	target: Listens;
	document: {
		hasFocus(): boolean;
		activeElement: Element | null;
		querySelector(selector: string): Element | null;
	};
	navigator: {
		requestMIDIAccess?: (options?: { sysex?: boolean }) => Promise<MidiAccessLike>;
		getGamepads?: () => readonly (PadLike | null)[];
	};
	isSecureContext: boolean;
	host?: string;
	frame(run: () => void): number;
	cancelFrame(id: number): void;
	apple?: boolean;
}

export function pageEnv(): InputsEnv {
	return {
		target: window as unknown as Listens,
		document,
		navigator: navigator as unknown as InputsEnv['navigator'],
		isSecureContext: window.isSecureContext,
		host: location.host,
		frame: (run) => requestAnimationFrame(run),
		cancelFrame: (id) => cancelAnimationFrame(id),
		apple: /Mac|iPhone|iPad/.test(navigator.platform)
	};
}

export type MidiStatus = 'off' | 'unavailable' | 'asking' | 'ready' | 'refused' | 'failed';
/** Why MIDI cannot answer, as data: the page says it in the dashboard's language (midi-words.ts). */
export type MidiWhy = 'insecure' | 'unsupported' | 'refused' | 'failed' | 'no-device';

export interface InputsStatus {
	midi: MidiStatus;
	/** Why MIDI is unavailable, refused or failed, or which devices come and go. */
	midiMessage?: string;
	/** The same, as data (with the page's host for `insecure`). */
	midiWhy?: MidiWhy;
	midiHost?: string;
	midiInputs: readonly string[];
	pads: number;
	learning?: { kind: LearnKind; id: string };
	/** What the last learn did, or why the combo pressed was refused, in English. */
	learnMessage?: string;
	/** The same as data, which the button's editor says in the dashboard's language (learn-words.ts). */
	learnSaid?: LearnSaid;
}

/** A key combo, MIDI control or pad button as learnt: named by the page in its language. */
export type InputName =
	| { kind: 'key'; key: KeyBinding; apple?: boolean }
	| { kind: 'midi'; binding: MidiBinding; device?: string }
	| { kind: 'gamepad'; button: number };

/** What a learn says: asking, learnt, refused (and why), or stopped (`said` for the page's own words). */
export type LearnSaid =
	| { kind: 'prompt'; input: LearnKind }
	| { kind: 'learnt'; name: InputName }
	| { kind: 'used'; name: InputName; label: string }
	| { kind: 'refused'; name: InputName; why: KeyRefusal }
	| { kind: 'stopped' }
	| { kind: 'said'; text: string };

export type Learnt = { key: KeyBinding } | { midi: MidiBinding } | { gamepad: GamepadBinding };

/** Fields where keys are typing, not shortcuts (an input of these types is a button or a box). */
const NOT_TYPING = new Set([
	'button',
	'checkbox',
	'radio',
	'submit',
	'reset',
	'color',
	'file',
	'image',
	'range'
]);

export class DeckInputs {
	readonly #env: InputsEnv;
	readonly #handlers: InputHandlers;
	readonly #onStatus: (status: InputsStatus) => void;
	#buttons: readonly InputButton[] = [];
	#status: InputsStatus = { midi: 'off', midiInputs: [], pads: 0 };
	#learnt: ((learnt: Learnt) => void) | undefined;
	/** What is held now, by where it comes from, so a release ends exactly the press it began. */
	readonly #held = new Map<string, string>();
	readonly #edges = new GamepadEdges();
	#frame: number | undefined;
	#access: MidiAccessLike | undefined;
	readonly #inputs = new Map<
		string,
		{ input: MidiInputLike; decoder: MidiDecoder; listener: Listener }
	>();
	#started = false;
	/** While the deck is edited, no input presses its buttons. */
	#editing = false;

	constructor(
		handlers: InputHandlers,
		options: { env?: InputsEnv; onStatus?: (status: InputsStatus) => void } = {}
	) {
		this.#handlers = handlers;
		this.#env = options.env ?? pageEnv();
		this.#onStatus = options.onStatus ?? (() => {});
		const midi = midiAvailability({
			isSecureContext: this.#env.isSecureContext,
			navigator: this.#env.navigator,
			host: this.#env.host
		});
		if (!midi.ok)
			this.#status = {
				...this.#status,
				midi: 'unavailable',
				midiMessage: midi.message,
				midiWhy: midi.reason,
				midiHost: this.#env.host
			};
	}

	/** Whether the deck is in edit mode (no input presses a button then). */
	setEditing(on: boolean): void {
		this.#editing = on;
	}

	get status(): InputsStatus {
		return this.#status;
	}

	/** Listens to the page; returns the teardown. MIDI is asked for only once a button uses it or one is learnt. */
	start(): () => void {
		const { target } = this.#env;
		target.addEventListener('keydown', this.#keydown as Listener, true);
		target.addEventListener('keyup', this.#keyup as Listener, true);
		target.addEventListener('blur', this.#blur as Listener);
		target.addEventListener('gamepadconnected', this.#padsChanged as Listener);
		target.addEventListener('gamepaddisconnected', this.#padsChanged as Listener);
		this.#started = true;
		this.#padsChanged();
		if (this.#buttons.some((b) => b.inputs.midi)) void this.enableMidi();
		return () => {
			this.#started = false;
			target.removeEventListener('keydown', this.#keydown as Listener, true);
			target.removeEventListener('keyup', this.#keyup as Listener, true);
			target.removeEventListener('blur', this.#blur as Listener);
			target.removeEventListener('gamepadconnected', this.#padsChanged as Listener);
			target.removeEventListener('gamepaddisconnected', this.#padsChanged as Listener);
			if (this.#frame !== undefined) this.#env.cancelFrame(this.#frame);
			this.#frame = undefined;
			this.#access?.removeEventListener('statechange', this.#midiStateChanged as Listener);
			for (const id of [...this.#inputs.keys()]) this.#detach(id);
			this.#access = undefined;
			this.#learnt = undefined;
		};
	}

	/** The buttons of the deck with their bindings (call again whenever they change). */
	setButtons(buttons: readonly InputButton[]): void {
		this.#buttons = buttons;
		if (this.#started && buttons.some((b) => b.inputs.midi) && this.#status.midi === 'off')
			void this.enableMidi();
	}

	/**
	 * Whether an input may press buttons now: never while the deck is edited or a dialog is open; keys
	 * also need the page focused and no text field in use. MIDI and pads work with the page in the
	 * background (the streamer is in the game), as the browser delivers them.
	 */
	isActive(source: InputSource): boolean {
		const doc = this.#env.document;
		if (this.#editing || doc.querySelector('dialog[open]')) return false;
		if (source !== 'key') return true;
		return doc.hasFocus() && !isTyping(doc.activeElement);
	}

	/** Waits for the next key combo, MIDI control or pad button and hands it to `learnt` (refusals keep waiting). */
	learn(kind: LearnKind, id: string, learnt: (learnt: Learnt) => void): void {
		this.#learnt = learnt;
		this.#set({
			learning: { kind, id },
			learnMessage: learnPrompt(kind),
			learnSaid: { kind: 'prompt', input: kind }
		});
		if (kind === 'midi') void this.enableMidi();
		if (kind === 'gamepad') this.#padsChanged();
	}

	stopLearning(message?: string): void {
		this.#learnt = undefined;
		this.#set({
			learning: undefined,
			learnMessage: message,
			learnSaid: message === undefined ? undefined : { kind: 'said', text: message }
		});
	}

	/** Asks the browser for MIDI (once); says why not when it cannot or the user refuses. */
	async enableMidi(): Promise<void> {
		const request = this.#env.navigator.requestMIDIAccess;
		if (
			this.#status.midi === 'unavailable' ||
			this.#status.midi === 'asking' ||
			this.#status.midi === 'ready' ||
			!request
		)
			return;
		this.#set({ midi: 'asking', midiMessage: undefined, midiWhy: undefined });
		try {
			const access = await request.call(this.#env.navigator, { sysex: false });
			if (!this.#started) return;
			this.#access = access;
			access.addEventListener('statechange', this.#midiStateChanged as Listener);
			this.#set({ midi: 'ready' });
			this.#midiStateChanged();
		} catch (e) {
			const refused =
				e instanceof Error && (e.name === 'NotAllowedError' || e.name === 'SecurityError');
			this.#set(
				refused
					? {
							midi: 'refused',
							midiWhy: 'refused',
							midiMessage:
								'MIDI was refused: allow it in the site settings (left of the address bar), then press Learn MIDI again.'
						}
					: {
							midi: 'failed',
							midiWhy: 'failed',
							midiMessage: 'The browser could not open MIDI. Press Learn MIDI to try again.'
						}
			);
			if (this.#status.learning?.kind === 'midi') this.stopLearning(this.#status.midiMessage);
		}
	}

	#set(change: Partial<InputsStatus>): void {
		this.#status = { ...this.#status, ...change };
		this.#onStatus(this.#status);
	}

	#press(slot: string, id: string, source: InputSource): void {
		if (this.#held.has(slot)) return; // already down: a CC stream, a key's repeat, a held pad button
		this.#held.set(slot, id);
		this.#handlers.down(id, source);
	}

	#release(slot: string, source: InputSource): void {
		const id = this.#held.get(slot);
		if (id === undefined) return;
		this.#held.delete(slot);
		this.#handlers.up(id, source);
	}

	/** Completes a learn, or refuses with a reason naming the button that has it already (and keeps listening). */
	#offer(learnt: Learnt, clash: InputButton | undefined, input: InputName): void {
		const id = this.#status.learning?.id;
		const name = englishName(input);
		if (clash && clash.id !== id) {
			this.#set({
				learnMessage: `${name} is already used by “${clash.label}”. Try another, or choose Stop.`,
				learnSaid: { kind: 'used', name: input, label: clash.label }
			});
			return;
		}
		const done = this.#learnt;
		this.#learnt = undefined;
		this.#set({
			learning: undefined,
			learnMessage: `Learnt: ${name}.`,
			learnSaid: { kind: 'learnt', name: input }
		});
		done?.(learnt);
	}

	readonly #keydown = (e: KeyboardEvent) => {
		const learning = this.#status.learning;
		if (learning?.kind === 'key') {
			e.preventDefault();
			e.stopPropagation();
			if (e.code === 'Escape') {
				this.#learnt = undefined;
				return this.#set({
					learning: undefined,
					learnMessage: 'Stopped: the shortcut is unchanged.',
					learnSaid: { kind: 'stopped' }
				});
			}
			const key = keyFromEvent(e);
			if (!key) return;
			const check = checkKey(
				key,
				learning.id,
				this.#buttons.map((b) => ({ id: b.id, label: b.label, key: b.inputs.key })),
				this.#env.apple
			);
			const name = { kind: 'key', key, apple: this.#env.apple } as const;
			if (!check.ok)
				return this.#set({
					learnMessage: `${check.reason} Press another, or Escape to stop.`,
					learnSaid: { kind: 'refused', name, why: check.why }
				});
			return this.#offer({ key }, undefined, name);
		}
		if (learning || !this.isActive('key')) return;
		const key = keyFromEvent(e);
		const button = key && this.#buttons.find((b) => b.inputs.key && sameKey(b.inputs.key, key));
		if (!button) return;
		e.preventDefault();
		this.#press(`key:${e.code}`, button.id, 'key');
	};

	readonly #keyup = (e: KeyboardEvent) => this.#release(`key:${e.code}`, 'key');

	/** The page lost focus: keys held now will never report their release here. */
	readonly #blur = () => {
		for (const [slot] of [...this.#held]) if (slot.startsWith('key:')) this.#release(slot, 'key');
	};

	readonly #midiStateChanged = () => {
		const seen = new Set<string>();
		this.#access?.inputs.forEach((input) => {
			if (input.state === 'disconnected') return;
			seen.add(input.id);
			if (this.#inputs.has(input.id)) return;
			const decoder = new MidiDecoder();
			const listener = ((e: { data?: ArrayLike<number> | null }) =>
				this.#midiMessage(input, decoder, e.data ?? [])) as Listener;
			input.addEventListener('midimessage', listener);
			this.#inputs.set(input.id, { input, decoder, listener });
		});
		for (const id of [...this.#inputs.keys()]) if (!seen.has(id)) this.#detach(id);
		const names = [...this.#inputs.values()].map(({ input }) => input.name || 'MIDI device');
		this.#set({
			midiInputs: names,
			midiWhy: names.length ? undefined : 'no-device',
			midiMessage: names.length
				? undefined
				: 'No MIDI device is connected: plug one in (it is picked up by itself).'
		});
	};

	#detach(id: string): void {
		const entry = this.#inputs.get(id);
		if (!entry) return;
		entry.input.removeEventListener('midimessage', entry.listener);
		this.#inputs.delete(id);
		// A device gone mid-hold releases what it held (the hold is cancelled).
		for (const [slot] of [...this.#held])
			if (slot.startsWith(`midi:${id}|`)) this.#release(slot, 'midi');
	}

	#midiMessage(input: MidiInputLike, decoder: MidiDecoder, data: ArrayLike<number>): void {
		for (const message of decoder.decode(data)) {
			const control = midiControl(message, input.name ?? undefined);
			const slot = `midi:${input.id}|${midiSlot(control)}`;
			const edge = midiEdge(message);
			if (this.#status.learning?.kind === 'midi') {
				if (edge !== 'down') continue;
				// Kept without the device's name: the mapping follows the pad to another port or computer.
				const binding = midiControl(message);
				const clash = this.#buttons.find(
					(b) => b.inputs.midi && midiMatches(b.inputs.midi, binding)
				);
				this.#offer({ midi: binding }, clash, {
					kind: 'midi',
					binding,
					device: input.name ?? undefined
				});
				continue;
			}
			if (edge === 'up') {
				this.#release(slot, 'midi');
				continue;
			}
			if (this.#held.has(slot) || this.#status.learning || !this.isActive('midi')) continue;
			const button = this.#buttons.find(
				(b) => b.inputs.midi && midiMatches(b.inputs.midi, control)
			);
			if (button) this.#press(slot, button.id, 'midi');
		}
	}

	readonly #padsChanged = () => {
		const pads = (this.#env.navigator.getGamepads?.() ?? []).filter(
			(p) => p && p.connected !== false
		).length;
		if (pads !== this.#status.pads) this.#set({ pads });
		this.#pollSoon();
	};

	/** Polls once a frame, only while a pad is connected or one is being learnt. */
	#pollSoon(): void {
		const wanted =
			this.#started && (this.#status.pads > 0 || this.#status.learning?.kind === 'gamepad');
		if (!wanted || this.#frame !== undefined || !this.#env.navigator.getGamepads) return;
		this.#frame = this.#env.frame(this.#poll);
	}

	readonly #poll = () => {
		this.#frame = undefined;
		if (!this.#started) return;
		const pads = this.#env.navigator.getGamepads?.() ?? [];
		for (const edge of this.#edges.update(pads)) this.#padEdge(edge);
		this.#pollSoon();
	};

	#padEdge({ pad, button, edge }: PadEdge): void {
		const slot = `pad:${pad}:${button}`;
		if (edge === 'up') return this.#release(slot, 'gamepad');
		if (this.#status.learning?.kind === 'gamepad') {
			const clash = this.#buttons.find((b) => b.inputs.gamepad?.button === button);
			return this.#offer({ gamepad: { button } }, clash, { kind: 'gamepad', button });
		}
		if (this.#status.learning || !this.isActive('gamepad')) return;
		const target = this.#buttons.find((b) => b.inputs.gamepad?.button === button);
		if (target) this.#press(slot, target.id, 'gamepad');
	}
}

/** An input's name in English (the status's `learnMessage`). */
function englishName(input: InputName): string {
	if (input.kind === 'key') return formatKey(input.key, input.apple);
	if (input.kind === 'gamepad') return `Gamepad button ${input.button}`;
	return `${formatMidi(input.binding)}${input.device ? ` (from ${input.device})` : ''}`;
}

function learnPrompt(kind: LearnKind): string {
	if (kind === 'key') return 'Press the key combo for this button (Escape to stop).';
	if (kind === 'midi') return 'Hit a pad, key or button on the MIDI controller.';
	return 'Press a button on the gamepad.';
}

function isTyping(el: Element | null): boolean {
	if (!el) return false;
	const tag = el.tagName;
	if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
	if (tag === 'INPUT')
		return !NOT_TYPING.has(((el as HTMLInputElement).type || 'text').toLowerCase());
	return (el as HTMLElement).isContentEditable === true;
}
