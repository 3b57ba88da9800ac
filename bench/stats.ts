/** Small numeric helpers for the bench: percentiles and the units the table prints. */

/** One frame at 60 Hz, the rate headless Chromium draws at. */
export const FRAME_MS = 1000 / 60;

/** Nearest-rank percentile (p in 0..100) of the values; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
	if (values.length === 0) return Number.NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
	return sorted[rank - 1]!;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

export const maxOf = (values: readonly number[]): number =>
	values.length ? Math.max(...values) : Number.NaN;

export function ms(value: number, digits = 1): string {
	return Number.isFinite(value) ? `${value.toFixed(digits)} ms` : 'n/a';
}

export function seconds(valueMs: number): string {
	return Number.isFinite(valueMs) ? `${(valueMs / 1000).toFixed(2)} s` : 'n/a';
}

/** Kilobytes of 1,000 bytes, the unit the size target is written in. */
export function kB(bytes: number): string {
	return `${(bytes / 1000).toFixed(1)} kB`;
}

export function MiB(bytes: number): string {
	return Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(2)} MiB` : 'n/a';
}

export function ratio(value: number, reference: number): string {
	return Number.isFinite(value) && Number.isFinite(reference) && reference > 0
		? `${(value / reference).toFixed(2)}×`
		: 'n/a';
}

export const sleep = (durationMs: number) =>
	new Promise<void>((resolve) => setTimeout(resolve, durationMs));
