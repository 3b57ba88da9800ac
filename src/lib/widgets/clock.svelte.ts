/** A ticking "now" for widgets that age things (fade-out, show-for-N-seconds, elapsed time). One timer, cleared on destroy. */
export class Clock {
	#now = $state(Date.now());
	readonly #timer: ReturnType<typeof setInterval>;

	constructor(intervalMs = 1000) {
		this.#timer = setInterval(() => (this.#now = Date.now()), intervalMs);
	}

	get now(): number {
		return this.#now;
	}

	destroy(): void {
		clearInterval(this.#timer);
	}
}
