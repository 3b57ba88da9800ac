/**
 * A ticking "now" for widgets that age things (fade-out, show-for-N-seconds, elapsed time). The timer
 * runs only while something reactive reads `now` (createSubscriber), and stops with its last reader.
 * It also stops while the broadcasting software hides the source, and ticks at once when shown again.
 */
import { createSubscriber } from 'svelte/reactivity';
import { sourceVisibility } from './visibility.svelte';

export class Clock {
	readonly #subscribe: () => void;

	constructor(intervalMs = 1000) {
		this.#subscribe = createSubscriber((update) => {
			let timer: ReturnType<typeof setInterval> | undefined;
			const run = (shown: boolean) => {
				clearInterval(timer);
				timer = shown ? setInterval(update, intervalMs) : undefined;
			};
			run(sourceVisibility.shown);
			const off = sourceVisibility.onChange((shown) => {
				run(shown);
				if (shown) update();
			});
			return () => {
				off();
				clearInterval(timer);
			};
		});
	}

	get now(): number {
		this.#subscribe();
		return sourceVisibility.now();
	}
}
