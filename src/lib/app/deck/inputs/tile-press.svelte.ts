/**
 * A deck tile's press safety on its own <button>: tap and confirm on click; hold-to-fire on a held
 * pointer or Space/Enter, cancelled on release, when the pointer leaves or is taken over, or on blur.
 * Keys, MIDI and pads reach the same gesture through the page's DeckTiles. Use `attach` on the button
 * (`{@attach press.attach}`), `<HoldFill {press} />` inside it and `<HoldStatus {press} />` after it.
 */
import type { KeyBinding, PressMode } from '../bindings';
import { PressGesture, type Firing } from './gesture';
import { useDeckTiles } from './deck-tiles.svelte';
import { formatKey } from './key-names';
import type { HoldState, Schedule } from './hold';

const ACTIVATE = new Set(['Space', 'Enter', 'NumpadEnter']);

export class TilePress {
	#hold = $state<HoldState>('idle');
	/** What screen readers hear about a hold (started, cancelled, sent). */
	#said = $state<Exclude<HoldState, 'idle'> | undefined>();
	readonly #gesture: Pick<PressGesture, 'down' | 'up' | 'cancel' | 'holdMs'>;
	readonly #mode: () => PressMode;
	readonly #key: () => KeyBinding | undefined;

	/** Call while the tile initialises. `fire` sends the one request: `held` skips the catalog's dialog, `confirm` asks first. */
	/** `enabled`: false while the tile is disabled (out of scope, not in the setup, sending): no input starts a press then. */
	constructor(options: {
		id: () => string;
		mode: () => PressMode;
		key?: () => KeyBinding | undefined;
		enabled?: () => boolean;
		fire: (how: Firing) => void;
		schedule?: Schedule;
		ms?: number;
	}) {
		this.#mode = options.mode;
		this.#key = options.key ?? (() => undefined);
		const enabled = options.enabled ?? (() => true);
		const gesture = new PressGesture({
			mode: options.mode,
			fire: options.fire,
			schedule: options.schedule,
			ms: options.ms,
			changed: (state) => {
				this.#hold = state;
				if (state !== 'idle') this.#said = state;
			}
		});
		// A disabled tile takes no press from any input (keys, MIDI and pads reach it without the DOM).
		this.#gesture = {
			down: () => enabled() && gesture.down(),
			up: () => gesture.up(),
			cancel: () => gesture.cancel(),
			holdMs: gesture.holdMs
		};
		const tiles = useDeckTiles();
		if (tiles) $effect(() => tiles.register(options.id(), this.#gesture));
	}

	get holdMs(): number {
		return this.#gesture.holdMs;
	}

	/** Where a hold is: idle, holding, cancelled or fired. */
	get hold(): HoldState {
		return this.#hold;
	}

	/** The last step of a hold screen readers hear about (HoldStatus says it in the dashboard's language). */
	get said(): Exclude<HoldState, 'idle'> | undefined {
		return this.#said;
	}

	get mode(): PressMode {
		return this.#mode();
	}

	/** The shortcut as shown on the badge, e.g. "Shift+L". */
	get keyName(): string | undefined {
		const key = this.#key();
		return (
			key &&
			formatKey(key, typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform))
		);
	}

	/** The shortcut for `aria-keyshortcuts` ("Control+Shift+M"). */
	get ariaKeys(): string | undefined {
		const key = this.#key();
		if (!key) return undefined;
		const mods = [
			key.ctrl && 'Control',
			key.alt && 'Alt',
			key.shift && 'Shift',
			key.meta && 'Meta'
		].filter(Boolean);
		return [...mods, key.cap ?? ariaKeyName(key.code)].join('+');
	}

	readonly attach = (button: HTMLElement) => {
		const holding = () => this.#mode() === 'hold';
		// HoldFill sits behind the button's content: the button is its containing block and stacking context.
		if (getComputedStyle(button).position === 'static') button.style.position = 'relative';
		button.style.isolation = 'isolate';
		const on = <K extends keyof HTMLElementEventMap>(
			type: K,
			run: (e: HTMLElementEventMap[K]) => void
		) => {
			button.addEventListener(type, run);
			return () => button.removeEventListener(type, run);
		};
		const offs = [
			on('click', (e) => {
				// A hold sends from its timer; a click (pointer up, or a key's synthetic click) is not a press then.
				if (holding()) return e.preventDefault();
				this.#gesture.down();
				this.#gesture.up();
			}),
			on('pointerdown', (e) => {
				if (!holding() || e.button !== 0) return;
				e.preventDefault(); // no text selection or focus steal mid-hold
				// A touch captures its pointer to the button by itself: let go of it, so sliding off is a leave.
				if (button.hasPointerCapture?.(e.pointerId)) button.releasePointerCapture(e.pointerId);
				this.#gesture.down();
			}),
			on('pointerup', () => holding() && this.#gesture.up()),
			on('pointerleave', () => holding() && this.#gesture.cancel()),
			on('pointercancel', () => holding() && this.#gesture.cancel()),
			on('contextmenu', (e) => holding() && e.preventDefault()), // a long touch opens no menu
			on('keydown', (e) => {
				if (!holding() || !ACTIVATE.has(e.code)) return;
				e.preventDefault();
				if (!e.repeat) this.#gesture.down();
			}),
			on('keyup', (e) => {
				if (!holding() || !ACTIVATE.has(e.code)) return;
				e.preventDefault();
				this.#gesture.up();
			}),
			on('blur', () => this.#gesture.cancel())
		];
		return () => {
			this.#gesture.cancel();
			offs.forEach((off) => off());
		};
	};
}

/** A code as aria-keyshortcuts names keys: KeyM → M, Digit1 → 1, F8, ArrowLeft stays. */
function ariaKeyName(code: string): string {
	return code
		.replace(/^Key(?=[A-Z]$)/, '')
		.replace(/^Digit(?=\d$)/, '')
		.replace(/^Numpad(?=\d$)/, '');
}
