/**
 * One-at-a-time display of alerts without any timers of its own: each alert gets a slot of
 * `durationMs` starting when it arrived or when the previous slot ends, whichever is later; the alert
 * whose slot holds `now` is the one shown. The feed's limit bounds the backlog.
 */
interface Timed {
	receivedAt: number;
}

export function currentSlot<T extends Timed>(
	items: readonly T[],
	now: number,
	durationMs: number
): T | undefined {
	if (durationMs <= 0) return items.at(-1);
	let end = -Infinity;
	for (const item of items) {
		const start = Math.max(item.receivedAt, end);
		end = start + durationMs;
		if (now >= start && now < end) return item;
		if (start > now) return undefined;
	}
	return undefined;
}
