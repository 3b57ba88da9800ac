/** Durations as a clock face, with no language: the dashboard uses it too (its receipts). */

/**
 * `m:ss` (or `h:mm:ss`) for a number of seconds: a clock face, which every widget language writes the
 * same way (Intl's DurationFormat is newer than Chromium 103).
 */
export function formatDuration(seconds: number): string {
	const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
	const h = Math.floor(total / 3600);
	const m = Math.floor((total % 3600) / 60);
	const s = String(total % 60).padStart(2, '0');
	return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
