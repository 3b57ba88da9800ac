/**
 * Event sent by the simulator → painted, at a steady rate, in the chat widget and (at the same time,
 * from the same sends) in the bare reference page. Each chat line carries its send time; the page
 * notes when it entered the DOM and when the next frame began.
 */
import type { Page } from 'playwright-core';
import { installPaintProbe, paintRecords, type PaintRecord } from './page-probes';
import type { BenchStack } from './stack';
import { sendAtRate, stampedChat } from './traffic';
import { sleep } from './stats';

export interface LatencySeries {
	/** Send → the next frame after the line entered the DOM. */
	toPaint: number[];
	/** Send → the line in the DOM. */
	toDom: number[];
	missing: number;
}

export interface PaintReport {
	widget: LatencySeries;
	bare: LatencySeries;
	sent: number;
	perSecond: number;
}

/** The chat widget as a streamer would use it (no debug corner), with the paint probe, live. */
export async function openChatWidget(stack: BenchStack): Promise<Page> {
	const page = await stack.open(stack.urlOf('/widget/chat'));
	// A DOM condition rather than a locator: locators need Chromium 105+, and this also runs in 103.
	await page.waitForFunction(
		() => document.querySelector('.widget[data-status="open"]') !== null,
		null,
		{ timeout: 15_000 }
	);
	await installPaintProbe(page);
	await untilPainted(stack, [page], 0);
	return page;
}

export async function openBarePage(stack: BenchStack): Promise<Page> {
	const page = await stack.open(stack.bareUrl());
	// The bare page has no status to show: one line through it proves its socket is open.
	await installPaintProbe(page);
	await untilPainted(stack, [page], 0);
	return page;
}

/** Sends stamped lines (from `firstSeq`) until each page has painted one, then returns. */
export async function untilPainted(
	stack: BenchStack,
	pages: Page[],
	firstSeq: number,
	timeoutMs = 10_000
): Promise<number> {
	const end = Date.now() + timeoutMs;
	let seq = firstSeq;
	for (;;) {
		stack.sim.sim.emit(stampedChat(seq++));
		await sleep(50);
		const painted = await Promise.all(
			pages.map(async (page) => (await paintRecords(page)).some(([s]) => s >= firstSeq))
		);
		if (painted.every(Boolean)) return seq;
		if (Date.now() > end) throw new Error('a page painted none of the warm-up lines');
	}
}

export async function measurePaint(
	stack: BenchStack,
	options: { perSecond: number; durationS: number }
): Promise<PaintReport> {
	const widget = await openChatWidget(stack);
	const bare = await openBarePage(stack);
	const firstSeq = await untilPainted(stack, [widget, bare], 1_000_000);
	await sleep(500);
	const count = Math.round(options.perSecond * options.durationS);
	const base = firstSeq + 1000;
	await sendAtRate(count, options.perSecond, (i) => stack.sim.sim.emit(stampedChat(base + i)));
	await sleep(1000);
	const series = async (page: Page) => summarize(await paintRecords(page), base, count);
	const report = {
		widget: await series(widget),
		bare: await series(bare),
		sent: count,
		perSecond: options.perSecond
	};
	await stack.closePages();
	return report;
}

function summarize(records: PaintRecord[], base: number, count: number): LatencySeries {
	const mine = records.filter(([seq]) => seq >= base && seq < base + count);
	return {
		toPaint: mine.map(([, sentAt, , paintedAt]) => paintedAt - sentAt),
		toDom: mine.map(([, sentAt, insertedAt]) => insertedAt - sentAt),
		missing: count - mine.length
	};
}

/** Several runs one after the other, for the spread of the widget's ratio to the bare page. */
export async function measurePaintRuns(
	stack: BenchStack,
	options: { perSecond: number; durationS: number; runs: number }
): Promise<PaintReport[]> {
	const reports: PaintReport[] = [];
	for (let run = 0; run < options.runs; run++) reports.push(await measurePaint(stack, options));
	return reports;
}
