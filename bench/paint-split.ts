/**
 * Where a widget's first paint goes: each widget.html load split into its steps, beside the bare page.
 * The page marks when its script starts running and when the widget is mounted (User Timing marks in
 * src/widget-entry/main.ts); an init script notes when the first socket opens and when its first
 * message arrives; the navigation entry gives when the HTML was in; first-contentful-paint ends it.
 * Separate loads from the first paint and heap phase, so no helper script sits in the heap measured there.
 */
import type { Page } from 'playwright-core';
import { backgroundTraffic } from './traffic';
import { urlOfPage, type PageId } from './first-paint';
import type { BenchStack } from './stack';
import { median, sleep } from './stats';

/** The steps, in the order they happen, each in ms after navigation start. */
export const STEPS = ['html', 'script', 'mounted', 'socketOpen', 'firstMessage', 'paint'] as const;
export type Step = (typeof STEPS)[number];
export const STEP_NAMES: Record<Step, string> = {
	html: 'HTML in',
	script: 'script parsed and run',
	mounted: 'widget mounted',
	socketOpen: 'socket open',
	firstMessage: 'first reply',
	paint: 'first contentful paint'
};

export interface PaintSplitReport {
	loads: number;
	/** Per page, the median time of each step (NaN where the page has no such step). */
	steps: Record<string, Record<Step, number>>;
}

const SOCKET_HOOK = `(() => {
	const times = (window.__benchSocket = {});
	const Native = window.WebSocket;
	window.WebSocket = class extends Native {
		constructor(...args) {
			super(...args);
			this.addEventListener('open', () => (times.open ??= performance.now()));
			this.addEventListener('message', () => (times.message ??= performance.now()));
		}
	};
})();`;

export async function measurePaintSplit(
	stack: BenchStack,
	pages: readonly PageId[],
	loads: number
): Promise<PaintSplitReport> {
	await stack.freshSimulator();
	const stopTraffic = backgroundTraffic((envelope) => stack.sim.sim.emit(envelope));
	const samples = new Map<PageId, Record<Step, number>[]>(pages.map((id) => [id, []]));
	try {
		for (let round = 0; round < loads; round++)
			for (const id of pages) {
				const page = await stack.open(urlOfPage(stack, id), { initScripts: [SOCKET_HOOK] });
				samples.get(id)!.push(await stepsOf(page));
				await page.context().close();
			}
	} finally {
		stopTraffic();
	}
	const steps: PaintSplitReport['steps'] = {};
	for (const [id, list] of samples)
		steps[id] = Object.fromEntries(
			STEPS.map((s) => [s, median(list.map((l) => l[s]).filter(Number.isFinite))])
		) as Record<Step, number>;
	return { loads, steps };
}

async function stepsOf(page: Page): Promise<Record<Step, number>> {
	const end = Date.now() + 10_000;
	while (Date.now() < end) {
		const read = await page.evaluate(() => {
			const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN;
			const nav = performance.getEntriesByType('navigation')[0] as
				PerformanceNavigationTiming | undefined;
			const socket =
				(window as unknown as { __benchSocket?: { open?: number; message?: number } })
					.__benchSocket ?? {};
			return {
				html: nav?.responseEnd ?? Number.NaN,
				script: at('widget:script'),
				mounted: at('widget:mounted'),
				socketOpen: socket.open ?? Number.NaN,
				firstMessage: socket.message ?? Number.NaN,
				paint: at('first-contentful-paint')
			};
		});
		if (Number.isFinite(read.paint) && Number.isFinite(read.firstMessage)) return read;
		await sleep(25);
	}
	return Object.fromEntries(STEPS.map((s) => [s, Number.NaN])) as Record<Step, number>;
}
