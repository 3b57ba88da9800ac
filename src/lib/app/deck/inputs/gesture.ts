/**
 * One deck button's press, whatever it comes from (pointer, focused-button keys, a shortcut, MIDI, a
 * pad), as a press and a release, turned into at most one request by the button's press safety.
 */
import type { PressMode } from '../bindings';
import { HoldTimer, type HoldState, type Schedule } from './hold';

/** How the request goes out: at once, after a completed hold (no further dialog), or through a dialog. */
export type Firing = 'tap' | 'held' | 'confirm';

export class PressGesture {
	readonly #mode: () => PressMode;
	readonly #fire: (how: Firing) => void;
	readonly #hold: HoldTimer;

	constructor(options: {
		mode: () => PressMode;
		fire: (how: Firing) => void;
		changed?: (state: HoldState) => void;
		schedule?: Schedule;
		ms?: number;
	}) {
		this.#mode = options.mode;
		this.#fire = options.fire;
		this.#hold = new HoldTimer({
			fire: () => this.#fire('held'),
			changed: options.changed,
			schedule: options.schedule,
			ms: options.ms
		});
	}

	get holdMs(): number {
		return this.#hold.ms;
	}

	down(): void {
		const mode = this.#mode();
		if (mode === 'hold') this.#hold.start();
		else this.#fire(mode);
	}

	up(): void {
		this.#hold.release();
	}

	/** Left, taken over or blurred: a hold in progress sends nothing. */
	cancel(): void {
		this.#hold.cancel();
	}
}
