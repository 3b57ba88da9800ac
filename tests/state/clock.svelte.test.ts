/** The widgets' clock: its timer runs only while something reads `now`. */
import { flushSync } from 'svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Clock } from '$lib/widgets/clock.svelte';
import { mounted } from './watch.svelte';

describe('Clock', () => {
	beforeEach(() => vi.useFakeTimers());
	afterEach(() => vi.useRealTimers());

	it('ticks a reader once per interval, and has no timer before the first reader or after the last', async () => {
		const clock = new Clock(1000);
		expect(vi.getTimerCount()).toBe(0);
		const seen: number[] = [];
		const { stop } = mounted(
			() => clock,
			(c) => seen.push(c.now)
		);
		expect(vi.getTimerCount()).toBe(1);
		expect(seen).toHaveLength(1);
		for (let tick = 0; tick < 3; tick++) {
			vi.advanceTimersByTime(1000);
			flushSync();
		}
		expect(seen).toHaveLength(4);
		expect(seen[3]! - seen[0]!).toBe(3000);
		await stop();
		expect(vi.getTimerCount()).toBe(0);
		vi.advanceTimersByTime(3000);
		flushSync();
		expect(seen).toHaveLength(4);
	});
});
