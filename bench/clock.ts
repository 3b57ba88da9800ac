/**
 * One wall clock with sub-millisecond steps for Node and for pages. `performance.now()` is fine-grained
 * but each process counts from its own origin; `Date.now()` is shared but steps by whole milliseconds.
 * At the instant Date.now() steps, it equals the true wall time, so the offset measured there aligns
 * both processes' fine clocks on the system clock within microseconds.
 */

/** Runs in Node or in a page (serialized): busy-waits for at most 1 ms per sample. */
export function wallClockOffset(): number {
	const samples: number[] = [];
	for (let i = 0; i < 5; i++) {
		const start = Date.now();
		let stepped = start;
		while ((stepped = Date.now()) === start) {
			// waiting for the millisecond to step
		}
		samples.push(stepped - (performance.timeOrigin + performance.now()));
	}
	samples.sort((a, b) => a - b);
	return samples[2]!;
}

const nodeOffset = wallClockOffset();

/** Wall time in ms (epoch), with the resolution of performance.now(). */
export function wallNow(): number {
	return performance.timeOrigin + performance.now() + nodeOffset;
}
