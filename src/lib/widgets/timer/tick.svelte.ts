/**
 * The timer's redraw: one timeout per shown second at most, landing just after the second changes,
 * and none at all while nothing reads it. The widget reads it only while the clock moves (and the
 * source is shown), so pausing the tick is simply not reading it.
 */
import { createSubscriber } from 'svelte/reactivity';

export class SecondTick {
	readonly #subscribe: () => void;
	/** A time at which the shown second changes, every 1000 ms from it. */
	#anchor = 0;

	constructor() {
		this.#subscribe = createSubscriber((update) => {
			let timer: ReturnType<typeof setTimeout>;
			const next = () => {
				const into = (((Date.now() - this.#anchor) % 1000) + 1000) % 1000;
				timer = setTimeout(() => {
					update();
					next();
				}, 1005 - into);
			};
			next();
			return () => clearTimeout(timer);
		});
	}

	/** The time now, for a display whose second changes at `anchor` (+ n × 1000 ms). */
	now(anchor = 0): number {
		this.#anchor = anchor;
		this.#subscribe();
		return Date.now();
	}
}
