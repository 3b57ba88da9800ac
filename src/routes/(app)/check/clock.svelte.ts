/** The time now, moved on every `everyMs` while something reads it: for "connected for 3 min". */
import { createSubscriber } from 'svelte/reactivity';

export class Clock {
	readonly #subscribe: () => void;
	#now = Date.now();

	constructor(everyMs: number) {
		this.#subscribe = createSubscriber((update) => {
			const timer = setInterval(() => {
				this.#now = Date.now();
				update();
			}, everyMs);
			return () => clearInterval(timer);
		});
	}

	get now(): number {
		this.#subscribe();
		return this.#now;
	}
}
