/**
 * Code the bench runs inside pages. Each function is serialized by Playwright, so it may use only
 * its arguments and browser globals (no imports, no helpers from this module).
 */
import type { Page } from 'playwright-core';
import { wallClockOffset } from './clock';

/** Marks a message text with its sequence number and send time, so the page can time its paint. */
export const stamp = (seq: number, sentAt: number) => `⟦${seq}@${sentAt.toFixed(3)}⟧`;

/** [seq, sentAt, insertedAt, paintedAt]: wall-clock ms on the shared clock. */
export type PaintRecord = [number, number, number, number];

interface BenchWindow {
	__benchOffset: number;
	__benchPaints: PaintRecord[];
	__benchFrames: { longTasks: number[]; frameGaps: number[]; stop(): void };
	__benchSentinels: string[];
}

/** Aligns the page's fine clock on the system clock (see clock.ts). */
export async function alignPageClock(page: Page): Promise<void> {
	const offset = await page.evaluate(wallClockOffset);
	await page.evaluate((value) => {
		(window as unknown as BenchWindow).__benchOffset = value;
	}, offset);
}

/**
 * Every element added to the page whose text carries a stamp: when it entered the DOM (the observer
 * runs right after the insertion) and when the next frame began (the frame that paints it).
 */
export async function installPaintProbe(page: Page): Promise<void> {
	await alignPageClock(page);
	await page.evaluate(() => {
		const w = window as unknown as BenchWindow;
		const now = () => performance.timeOrigin + performance.now() + w.__benchOffset;
		const records: PaintRecord[] = [];
		const seen = new Set<number>();
		let waiting: [number, number, number][] = [];
		const pattern = /⟦(\d+)@([\d.]+)⟧/;
		w.__benchPaints = records;
		new MutationObserver((mutations) => {
			const insertedAt = now();
			for (const mutation of mutations)
				for (const node of mutation.addedNodes) {
					if (node.nodeType !== Node.ELEMENT_NODE) continue;
					const match = pattern.exec(node.textContent ?? '');
					if (!match) continue;
					const seq = Number(match[1]);
					if (seen.has(seq)) continue;
					seen.add(seq);
					if (waiting.length === 0)
						requestAnimationFrame(() => {
							const paintedAt = now();
							for (const [s, sentAt, at] of waiting) records.push([s, sentAt, at, paintedAt]);
							waiting = [];
						});
					waiting.push([seq, Number(match[2]), insertedAt]);
				}
		}).observe(document.body, { childList: true, subtree: true });
	});
}

export async function paintRecords(page: Page): Promise<PaintRecord[]> {
	return page.evaluate(() => (window as unknown as BenchWindow).__benchPaints);
}

/** Records long tasks (over 50 ms, as Chromium reports them) and the gaps between animation frames. */
export async function installFrameProbe(page: Page): Promise<void> {
	await page.evaluate(() => {
		const longTasks: number[] = [];
		const frameGaps: number[] = [];
		let running = true;
		let last = 0;
		new PerformanceObserver((list) => {
			for (const entry of list.getEntries()) longTasks.push(entry.duration);
		}).observe({ type: 'longtask' });
		const onFrame = (time: number) => {
			if (last) frameGaps.push(time - last);
			last = time;
			if (running) requestAnimationFrame(onFrame);
		};
		requestAnimationFrame(onFrame);
		(window as unknown as BenchWindow).__benchFrames = {
			longTasks,
			frameGaps,
			stop: () => {
				running = false;
			}
		};
	});
}

export async function stopFrameProbe(
	page: Page
): Promise<{ longTasks: number[]; frameGaps: number[] }> {
	return page.evaluate(() => {
		const frames = (window as unknown as BenchWindow).__benchFrames;
		frames.stop();
		return { longTasks: frames.longTasks, frameGaps: frames.frameGaps };
	});
}

/**
 * An init script: counts nothing, only notes sentinel messages (`bench-sentinel-…`) as the page's
 * sockets receive them, so the bench knows a page has taken in everything sent before.
 */
export const SENTINEL_WATCH_SCRIPT = `(() => {
	const Native = window.WebSocket;
	window.__benchSentinels = [];
	window.WebSocket = class extends Native {
		constructor(...args) {
			super(...args);
			this.addEventListener('message', (event) => {
				if (typeof event.data !== 'string' || !event.data.includes('bench-sentinel-')) return;
				const match = /bench-sentinel-[a-z]+-\\d+/.exec(event.data);
				if (match) window.__benchSentinels.push(match[0]);
			});
		}
	};
})();`;

export async function sentinelsSeen(page: Page): Promise<string[]> {
	return page.evaluate(() => (window as unknown as BenchWindow).__benchSentinels ?? []);
}

/** tsx keeps function names by wrapping functions in `__name(…)`; serialized page functions need it too. */
export const NAME_HELPER_SCRIPT = 'globalThis.__name = (target) => target;';

/**
 * Waits (a check each frame) for the button whose text is `name` to be enabled, then clicks its centre
 * through the DevTools protocol at once, as a finger would. The page notes when it first saw the
 * button enabled (`__benchEnabled`, ms after navigation start). The button's place comes from that
 * same check: a locator query by role would first compute every accessible name in the page, which
 * on a 4×-throttled CPU and the deck's ≈ 1,500 nodes took the robot itself hundreds of ms.
 */
export async function pressWhenEnabled(page: Page, name: string): Promise<void> {
	const handle = await page.waitForFunction(
		(text) => {
			const button = [...document.querySelectorAll('button')].find(
				(b) => b.textContent?.trim() === text && !b.disabled
			);
			if (!button) return undefined;
			(window as unknown as { __benchEnabled?: number }).__benchEnabled ??= performance.now();
			const box = button.getBoundingClientRect();
			return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
		},
		name,
		{ polling: 'raf', timeout: 60_000 }
	);
	const { x, y } = (await handle.jsonValue())!;
	await page.mouse.click(x, y);
}

/** When the page first saw the pressed button enabled (ms after navigation start). */
export const enabledAt = (page: Page): Promise<number> =>
	page.evaluate(() => (window as unknown as { __benchEnabled?: number }).__benchEnabled ?? NaN);
