/**
 * One alert at a time: each one shows for its duration, leaves with its out animation, then a gap,
 * then the next. Pause lets the alert on screen finish and holds the rest; skip ends the one on
 * screen; replay shows the last one again next. Timers are injected so tests run it by hand.
 */
export interface Timers {
	set(fn: () => void, ms: number): unknown;
	clear(handle: unknown): void;
}

const realTimers: Timers = {
	set: (fn, ms) => setTimeout(fn, ms),
	clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)
};

export interface Queued {
	/** Seconds on screen. */
	duration: number;
}

export type Phase = 'in' | 'out';

/** Alerts waiting at most: past it the newest are dropped (a flood must not grow memory). */
export const MAX_WAITING = 100;
/** How long the out animation has before the alert is removed. */
export const OUT_MS = 450;

export class AlertQueue<T extends Queued> {
	readonly #waiting: T[] = [];
	readonly #timers: Timers;
	readonly #gapMs: number;
	readonly #onChange: (current: T | undefined, phase: Phase) => void;
	#current: T | undefined;
	#last: T | undefined;
	#timer: unknown;
	#paused = false;
	/** Between two alerts: the gap's timer runs. */
	#resting = false;
	#leaving = false;
	#dropped = 0;

	constructor(
		onChange: (current: T | undefined, phase: Phase) => void,
		options: { gapMs: number; timers?: Timers }
	) {
		this.#onChange = onChange;
		this.#gapMs = options.gapMs;
		this.#timers = options.timers ?? realTimers;
	}

	get current(): T | undefined {
		return this.#current;
	}
	get waiting(): number {
		return this.#waiting.length;
	}
	get paused(): boolean {
		return this.#paused;
	}
	get dropped(): number {
		return this.#dropped;
	}

	push(item: T): void {
		if (this.#waiting.length >= MAX_WAITING) {
			this.#dropped++;
			return;
		}
		this.#waiting.push(item);
		this.#next();
	}

	pause(): void {
		this.#paused = true;
	}

	resume(): void {
		this.#paused = false;
		this.#next();
	}

	/** Ends the alert on screen now (its out animation, then the gap). */
	skip(): void {
		if (this.#current && !this.#leaving) this.#leave();
	}

	/** Shows the last alert again, before those waiting. */
	replay(): void {
		if (!this.#last) return;
		this.#waiting.unshift(this.#last);
		this.#next();
	}

	dispose(): void {
		this.#timers.clear(this.#timer);
		this.#waiting.length = 0;
	}

	#next(): void {
		if (this.#current || this.#resting || this.#paused) return;
		const item = this.#waiting.shift();
		if (!item) return;
		this.#current = item;
		this.#leaving = false;
		this.#last = item;
		this.#onChange(item, 'in');
		this.#timer = this.#timers.set(() => this.#leave(), item.duration * 1000);
	}

	#leave(): void {
		this.#timers.clear(this.#timer);
		this.#leaving = true;
		this.#onChange(this.#current, 'out');
		this.#timer = this.#timers.set(() => {
			this.#current = undefined;
			this.#resting = true;
			this.#onChange(undefined, 'out');
			this.#timer = this.#timers.set(() => {
				this.#resting = false;
				this.#next();
			}, this.#gapMs);
		}, OUT_MS);
	}
}
