/**
 * Each widget's first contentful paint and its JS heap one second after, beside the bare reference
 * page, each in a fresh context (cold cache, own renderer). Chat and alerts flow all the while (one of
 * each every 20 ms) so pages that show only pushed events have something to paint as soon as they are
 * connected. Pages are read over the DevTools protocol only, so no test helper script sits in the
 * heap being measured. Each widget load comes right beside a load of the bare page (bare first in even
 * rounds, the widget first in odd ones), so a busy moment slows both of a pair; each widget's ratio is
 * the median of its pairs' ratios, and every figure comes with its spread (lowest–highest).
 */
import type { Page } from 'playwright-core';
import { heapAfterGc, type BenchStack } from './stack';
import { backgroundTraffic } from './traffic';
import { median, sleep } from './stats';
import type { WidgetId } from './size';

export type PageId = WidgetId | 'bare';

export const WIDGET_PARAMS: Record<WidgetId, Record<string, string | number>> = {
	counter: { name: 'deaths' },
	'song-queue': {},
	'now-playing': {},
	chat: {},
	events: {},
	'alert-box': {},
	goal: {},
	timer: {},
	stats: {}
};

export interface FirstPaintReport {
	/** Medians. */
	firstPaintMs: Record<PageId, number>;
	/** Every sample, for the spread. */
	firstPaintSamples: Record<PageId, number[]>;
	/** Per widget, each pair's widget / bare ratio. */
	ratios: Record<PageId, number[]>;
	heapBytes: Record<PageId, number>;
	rounds: number;
}

export function urlOfPage(stack: BenchStack, id: PageId): string {
	return id === 'bare' ? stack.bareUrl() : stack.urlOf(`/widget/${id}`, WIDGET_PARAMS[id]);
}

export async function measureFirstPaint(
	stack: BenchStack,
	pages: readonly PageId[],
	rounds: number
): Promise<FirstPaintReport> {
	// Songs play out in real time: half an hour into a full run the queue is empty, and an empty song
	// widget paints nothing, so it would have no first contentful paint at all.
	await stack.freshSimulator();
	const stopTraffic = backgroundTraffic((envelope) => stack.sim.sim.emit(envelope));
	const paints = new Map<PageId, number[]>(pages.map((id) => [id, []]));
	const heaps = new Map<PageId, number[]>(pages.map((id) => [id, []]));
	const ratios = new Map<PageId, number[]>(pages.map((id) => [id, []]));
	const load = async (id: PageId) => {
		const page = await stack.open(urlOfPage(stack, id));
		const paintedAt = await firstContentfulPaint(page);
		await sleep(1000);
		paints.get(id)!.push(paintedAt);
		heaps.get(id)!.push(await heapAfterGc(page));
		await page.context().close();
		return paintedAt;
	};
	try {
		for (let round = 0; round < rounds; round++)
			for (const id of pages) {
				if (id === 'bare') continue;
				let bare: number, widget: number;
				if (round % 2 === 0) {
					bare = await load('bare');
					widget = await load(id);
				} else {
					widget = await load(id);
					bare = await load('bare');
				}
				ratios.get(id)!.push(widget / bare);
			}
	} finally {
		stopTraffic();
	}
	const medians = (samples: Map<PageId, number[]>) =>
		Object.fromEntries([...samples].map(([id, values]) => [id, median(values)])) as Record<
			PageId,
			number
		>;
	return {
		firstPaintMs: medians(paints),
		firstPaintSamples: Object.fromEntries(paints) as Record<PageId, number[]>,
		ratios: Object.fromEntries(ratios) as Record<PageId, number[]>,
		heapBytes: medians(heaps),
		rounds
	};
}

/** The page's first-contentful-paint entry (ms after navigation start); NaN if none within 10 s. */
async function firstContentfulPaint(page: Page): Promise<number> {
	const cdp = await page.context().newCDPSession(page);
	try {
		const end = Date.now() + 10_000;
		while (Date.now() < end) {
			const { result } = await cdp.send('Runtime.evaluate', {
				expression: "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null",
				returnByValue: true
			});
			if (typeof result.value === 'number') return result.value;
			await sleep(25);
		}
		return Number.NaN;
	} finally {
		await cdp.detach();
	}
}
