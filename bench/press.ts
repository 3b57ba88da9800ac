/**
 * Press → request received: a dashboard deck button pressed with real (CDP) mouse input at a phone
 * viewport, timed from the click's dispatch in the page to the simulator's log entry for the request.
 */
import type { Page } from 'playwright-core';
import { alignPageClock } from './page-probes';
import { PHONE, type BenchStack } from './stack';

export interface PressReport {
	latencies: number[];
	presses: number;
}

const BUTTON = 'lurk';

export async function measurePress(stack: BenchStack, presses: number): Promise<PressReport> {
	const page = await stack.open(stack.urlOf('/'), { viewport: PHONE });
	const button = page.getByRole('button', { name: BUTTON, exact: true });
	await button.waitFor();
	await page.waitForFunction(
		(name) =>
			[...document.querySelectorAll('button')].some(
				(b) => b.textContent?.trim() === name && !b.disabled
			),
		BUTTON
	);
	await alignPageClock(page);
	await recordClickTimes(page);
	const box = await button.boundingBox();
	if (!box) throw new Error(`the ${BUTTON} button has no box`);
	const log = stack.sim.sim;
	const latencies: number[] = [];
	for (let i = 0; i < presses; i++) {
		const lastSeq = log.requestLog.at(-1)?.seq ?? 0;
		await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
		const request = await waitFor(() =>
			log.requestsSince(lastSeq).find((r) => r.type === 'chat-command')
		);
		// The button stays disabled while its press is on its way; the next press waits for its receipt.
		await page.waitForFunction(
			(name) =>
				[...document.querySelectorAll('button')].some(
					(b) => b.textContent?.trim() === name && !b.disabled
				),
			BUTTON,
			{ polling: 'raf' }
		);
		const clickedAt = await page.evaluate(
			() => (window as unknown as { __benchClicks: number[] }).__benchClicks.at(-1) ?? Number.NaN
		);
		// The log stamps Date.now() (whole milliseconds): the request came in during that millisecond.
		latencies.push(request.at + 0.5 - clickedAt);
	}
	await page.context().close();
	return { latencies, presses };
}

/** The wall-clock time each click is dispatched (a capturing listener on window runs first). */
async function recordClickTimes(page: Page): Promise<void> {
	await page.evaluate(() => {
		const w = window as unknown as { __benchClicks: number[]; __benchOffset: number };
		w.__benchClicks = [];
		window.addEventListener(
			'click',
			() => w.__benchClicks.push(performance.timeOrigin + performance.now() + w.__benchOffset),
			{ capture: true }
		);
	});
}

async function waitFor<T>(find: () => T | undefined, timeoutMs = 5000): Promise<T> {
	const end = Date.now() + timeoutMs;
	for (;;) {
		const found = find();
		if (found !== undefined) return found;
		if (Date.now() > end) throw new Error('the simulator did not receive the press in time');
		await new Promise((resolve) => setTimeout(resolve, 1));
	}
}
