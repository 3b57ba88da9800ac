/** A tiny listener set: every registration returns its own disposer, and a throwing handler cannot break the others. */
export type Disposer = () => void;

export class Listeners<Args extends unknown[]> {
	#handlers = new Set<(...args: Args) => void>();

	add(handler: (...args: Args) => void): Disposer {
		// Wrapped so the same function registered twice gets two independent disposers.
		const entry = (...args: Args) => handler(...args);
		this.#handlers.add(entry);
		return () => {
			this.#handlers.delete(entry);
		};
	}

	emit(...args: Args): void {
		for (const handler of [...this.#handlers]) {
			// Not rethrown: one bad page component must not stop the feed.
			try {
				handler(...args);
			} catch {
				/* the others still hear it */
			}
		}
	}

	get size(): number {
		return this.#handlers.size;
	}

	clear(): void {
		this.#handlers.clear();
	}
}
