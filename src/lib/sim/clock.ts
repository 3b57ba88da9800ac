/**
 * The simulator's clock: the time it stamps and the waits it makes (run-actions `delay` steps).
 * Injectable, so tests drive time by hand instead of waiting in real time.
 */
export interface SimClock {
	now(): number;
	/** Resolves after `ms` milliseconds of this clock's time. */
	wait(ms: number): Promise<void>;
}

export const systemClock: SimClock = {
	now: () => Date.now(),
	wait: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))
};

/** A clock that only moves when told to: `advance(ms)` fires the waits that fall due, in order. */
export class ManualClock implements SimClock {
	private time: number;
	private timers: { at: number; seq: number; fire: () => void }[] = [];
	private seq = 0;

	constructor(start = 1_700_000_000_000) {
		this.time = start;
	}

	now = (): number => this.time;

	wait = (ms: number): Promise<void> =>
		new Promise((resolve) => {
			this.timers.push({ at: this.time + Math.max(0, ms), seq: this.seq++, fire: resolve });
		});

	/** How many waits are pending. */
	get pending(): number {
		return this.timers.length;
	}

	/**
	 * Moves time forward by `ms`, firing due waits one at a time and letting the code behind each
	 * run (it may start new waits, which fire too if they fall due in the same span).
	 */
	async advance(ms: number): Promise<void> {
		const target = this.time + ms;
		await settle();
		for (;;) {
			this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
			const next = this.timers[0];
			if (!next || next.at > target) break;
			this.timers.shift();
			this.time = next.at;
			next.fire();
			await settle();
		}
		this.time = target;
	}
}

/** Lets promise chains started by fired timers run to their next wait. */
async function settle(): Promise<void> {
	for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
}
