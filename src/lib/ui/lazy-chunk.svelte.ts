/**
 * A component's lazy chunk, fetched at its first read. Should it not come (the server gone before the
 * service worker controls the page), its `{#await}` shows its `{:catch}`, never a page error, and
 * `chunksAgain()` (the layout calls it when the page connects again) fetches it once more.
 */
const missed = new Set<() => void>();

export function lazyChunk<T>(load: () => Promise<T>): { readonly current: Promise<T> } {
	let promise: Promise<T> | undefined;
	// Moves only when a missed chunk is asked again: a chunk that came is never fetched twice.
	let round = $state(0);
	return {
		get current() {
			void round;
			if (!promise)
				(promise = load()).catch(() =>
					missed.add(() => {
						promise = undefined;
						round += 1;
					})
				);
			return promise;
		}
	};
}

export function chunksAgain(): void {
	for (const again of missed) again();
	missed.clear();
}
