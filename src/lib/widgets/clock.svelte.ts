/**
 * A ticking "now" for widgets that age things (fade-out, show-for-N-seconds, elapsed time). The timer
 * runs only while something reactive reads `now` (createSubscriber), and stops with its last reader.
 */
import { createSubscriber } from 'svelte/reactivity';

export class Clock {
	readonly #subscribe: () => void;

	constructor(intervalMs = 1000) {
		this.#subscribe = createSubscriber((update) => {
			const timer = setInterval(update, intervalMs);
			return () => clearInterval(timer);
		});
	}

	get now(): number {
		this.#subscribe();
		return Date.now();
	}
}
