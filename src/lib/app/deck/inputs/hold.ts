/**
 * Hold-to-fire: a press that sends only when held for the whole duration. Fires once at the end;
 * released, left or cancelled before that, it sends nothing. The timer is injected so tests need no clock.
 */

export const HOLD_MS = 700;

export type HoldState = 'idle' | 'holding' | 'fired' | 'cancelled';

export type Schedule = (run: () => void, ms: number) => () => void;

export const realSchedule: Schedule = (run, ms) => {
	const t = setTimeout(run, ms);
	return () => clearTimeout(t);
};

export class HoldTimer {
	#state: HoldState = 'idle';
	#stop: (() => void) | undefined;
	readonly #fire: () => void;
	readonly #changed: (state: HoldState) => void;
	readonly #schedule: Schedule;
	readonly ms: number;

	constructor(options: {
		fire: () => void;
		changed?: (state: HoldState) => void;
		schedule?: Schedule;
		ms?: number;
	}) {
		this.#fire = options.fire;
		this.#changed = options.changed ?? (() => {});
		this.#schedule = options.schedule ?? realSchedule;
		this.ms = options.ms ?? HOLD_MS;
	}

	get state(): HoldState {
		return this.#state;
	}

	/** Starts the fill; a second start while held (a key's auto-repeat, after firing too) changes nothing. */
	start(): void {
		if (this.#state === 'holding' || this.#state === 'fired') return;
		this.#set('holding');
		this.#stop = this.#schedule(() => {
			this.#stop = undefined;
			if (this.#state !== 'holding') return;
			this.#set('fired');
			this.#fire();
		}, this.ms);
	}

	/** The finger, key or pad let go: before the end, nothing is sent. */
	release(): void {
		if (this.#state === 'holding') this.#cancel();
		else if (this.#state === 'fired') this.#set('idle');
	}

	/** Left the button, the pointer was taken over, the page lost focus: the same as letting go early. */
	cancel(): void {
		this.release();
	}

	#cancel(): void {
		this.#stop?.();
		this.#stop = undefined;
		this.#set('cancelled');
	}

	#set(state: HoldState): void {
		this.#state = state;
		this.#changed(state);
	}
}
