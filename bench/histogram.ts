/** Latencies in fixed buckets: millions of receipts in little memory, sent between processes as a sparse list. */

/** Milliseconds in 10 µs buckets, from -100 ms to 2 s; values outside land in the end buckets. */
export class Histogram {
	static readonly MIN = -100;
	static readonly STEP = 0.01;
	readonly counts = new Uint32Array(210_001);
	add(ms: number): void {
		const i = Math.round((ms - Histogram.MIN) / Histogram.STEP);
		this.counts[Math.max(0, Math.min(this.counts.length - 1, i))]!++;
	}
	/** Only the non-empty buckets, as [index, count] pairs flattened: small enough to send. */
	sparse(): number[] {
		const out: number[] = [];
		this.counts.forEach((count, i) => count && out.push(i, count));
		return out;
	}
	static percentile(sparse: readonly number[], p: number): number {
		let total = 0;
		for (let i = 1; i < sparse.length; i += 2) total += sparse[i]!;
		if (total === 0) return Number.NaN;
		const rank = Math.max(1, Math.ceil((p / 100) * total));
		let seen = 0;
		for (let i = 0; i < sparse.length; i += 2) {
			seen += sparse[i + 1]!;
			if (seen >= rank) return Histogram.MIN + sparse[i]! * Histogram.STEP;
		}
		return Number.NaN;
	}
}
