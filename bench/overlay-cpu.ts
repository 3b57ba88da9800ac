/**
 * The CPU an overlay costs in the broadcasting engine (issue 26), each figure beside the bare page:
 * - idle: every widget and the bare page open at once, no events, main-thread time over the window;
 * - the alert box during a burst of 20 alerts (animations on): its longest task (PerformanceObserver
 *   'longtask', which reports tasks over 50 ms);
 * - the chat widget at 20 lines/s: main-thread time against the bare page's for the same lines.
 * Main-thread time is DevTools' TaskDuration (CDP Performance.getMetrics), read per page at the start
 * and end of one window; the pages of a window are measured side by side, so they share its conditions.
 */
import type { Page } from 'playwright-core';
import type { HeapGrowthReport } from './heap-growth';
import { HEAP_GROWTH_LIMIT } from './report';
import { row, type Row } from './table';
import { installFrameProbe, stopFrameProbe } from './page-probes';
import { urlOfPage, type PageId } from './first-paint';
import type { BenchStack } from './stack';
import { alertEnvelope, chatEnvelope, sendAtRate } from './traffic';
import { sleep } from './stats';

export interface OverlayCpuReport {
	windowS: number;
	/** Share of one core the page's main thread was busy while idle (0.005 = 0.5 %). */
	idle: Partial<Record<PageId, number>>;
	burst: { alerts: number; windowS: number; longTasksMs: number[]; bareLongTasksMs: number[] };
	chat: { perSecond: number; lines: number; widgetMs: number; bareMs: number };
}

const BURST_ALERTS = 20;
/** A burst's alerts arrive within a second; this window sees them queued and the first ones shown. */
const BURST_WINDOW_S = 15;

/** DevTools' main-thread task time of a page so far, in ms. */
export async function taskClock(page: Page): Promise<() => Promise<number>> {
	const cdp = await page.context().newCDPSession(page);
	await cdp.send('Performance.enable');
	return async () => {
		const { metrics } = await cdp.send('Performance.getMetrics');
		return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN) * 1000;
	};
}

/** Main-thread ms each page spent while `during` ran (all pages read at the same moments). */
async function taskTime(pages: readonly Page[], during: () => Promise<void>): Promise<number[]> {
	const clocks = await Promise.all(pages.map(taskClock));
	const before = await Promise.all(clocks.map((read) => read()));
	await during();
	const after = await Promise.all(clocks.map((read) => read()));
	return after.map((value, i) => value - before[i]!);
}

/** Opened and settled: connected, first data in, first frames drawn. */
async function openSettled(stack: BenchStack, id: PageId, motion = false): Promise<Page> {
	const page = await stack.open(urlOfPage(stack, id), {
		reducedMotion: motion ? 'no-preference' : 'reduce'
	});
	await page.waitForLoadState('load');
	return page;
}

export async function measureOverlayCpu(
	stack: BenchStack,
	widgets: readonly PageId[],
	options: { windowS: number; chatPerSecond: number }
): Promise<OverlayCpuReport> {
	const report: OverlayCpuReport = {
		windowS: options.windowS,
		idle: {},
		burst: { alerts: BURST_ALERTS, windowS: BURST_WINDOW_S, longTasksMs: [], bareLongTasksMs: [] },
		chat: { perSecond: options.chatPerSecond, lines: 0, widgetMs: 0, bareMs: 0 }
	};
	// Idle: nothing sent; the bare page waits on its socket as the widgets do.
	await stack.freshSimulator();
	const idleIds: PageId[] = ['bare', ...widgets];
	const idlePages: Page[] = [];
	for (const id of idleIds) idlePages.push(await openSettled(stack, id));
	await sleep(3000);
	const idleMs = await taskTime(idlePages, () => sleep(options.windowS * 1000));
	idleIds.forEach((id, i) => (report.idle[id] = idleMs[i]! / (options.windowS * 1000)));
	await stack.closePages();

	// A burst of alerts into the alert box with its animations on, and into the bare page.
	const box = await openSettled(stack, 'alert-box', true);
	const bare = await openSettled(stack, 'bare', true);
	await sleep(2000);
	await Promise.all([installFrameProbe(box), installFrameProbe(bare)]);
	for (let i = 0; i < BURST_ALERTS; i++) stack.sim.sim.emit(alertEnvelope(1_000 + i));
	await sleep(BURST_WINDOW_S * 1000);
	report.burst.longTasksMs = (await stopFrameProbe(box)).longTasks;
	report.burst.bareLongTasksMs = (await stopFrameProbe(bare)).longTasks;
	await stack.closePages();

	// The chat widget and the bare page, the same lines at the same moments.
	const chat = await openSettled(stack, 'chat');
	const bareChat = await openSettled(stack, 'bare');
	await sleep(2000);
	const lines = Math.round(options.chatPerSecond * options.windowS);
	const [widgetMs, bareMs] = await taskTime([chat, bareChat], async () => {
		await sendAtRate(lines, options.chatPerSecond, (i) =>
			stack.sim.sim.emit(chatEnvelope(2_000_000 + i, `line ${i} of the overlay bench`))
		);
		await sleep(1000);
	});
	report.chat = { perSecond: options.chatPerSecond, lines, widgetMs: widgetMs!, bareMs: bareMs! };
	await stack.closePages();
	return report;
}

const IDLE_LIMIT = 0.005;
const CHAT_RATIO_LIMIT = 1.5;
const LONG_TASK_MS = 50;
const percent = (share: number) => `${(share * 100).toFixed(2)} %`;

/** The figures of one engine's run, each beside the bare page. */
export function overlayCpuRows(engine: string, r: OverlayCpuReport): Row[] {
	const bareIdle = r.idle.bare ?? NaN;
	const rows: Row[] = [];
	for (const [id, share] of Object.entries(r.idle) as [PageId, number][]) {
		if (id === 'bare') continue;
		rows.push(
			row(
				`${engine}: idle widget.html#/widget/${id}, main thread over ${r.windowS} s (TaskDuration)`,
				`${percent(share)} of a core (bare page ${percent(bareIdle)})`,
				`≤ ${percent(IDLE_LIMIT)}`,
				share <= IDLE_LIMIT
			)
		);
	}
	const longest = (tasks: number[]) =>
		tasks.length
			? `${tasks.length} over 50 ms, longest ${Math.max(...tasks).toFixed(0)} ms`
			: 'none over 50 ms';
	rows.push(
		row(
			`${engine}: alert box, a burst of ${r.burst.alerts} alerts, animations on (long tasks over ${r.burst.windowS} s)`,
			`${longest(r.burst.longTasksMs)} (bare page: ${longest(r.burst.bareLongTasksMs)})`,
			`no task over ${LONG_TASK_MS} ms`,
			r.burst.longTasksMs.every((ms) => ms <= LONG_TASK_MS)
		)
	);
	const ratio = r.chat.widgetMs / r.chat.bareMs;
	rows.push(
		row(
			`${engine}: chat widget at ${r.chat.perSecond} lines/s, main thread for ${r.chat.lines} lines (TaskDuration)`,
			`${r.chat.widgetMs.toFixed(0)} ms (${percent(r.chat.widgetMs / (r.windowS * 1000))} of a core), ${ratio.toFixed(2)}× the bare page's ${r.chat.bareMs.toFixed(0)} ms`,
			`≤ ${CHAT_RATIO_LIMIT}× bare`,
			ratio <= CHAT_RATIO_LIMIT
		)
	);
	return rows;
}

/** Heap growth of the overlays (bench/heap-growth.ts): after the last checkpoint against the first. */
export function overlayHeapRows(h: HeapGrowthReport): Row[] {
	const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
	const [first, last] = [h.checkpoints[0]!, h.checkpoints.at(-1)!];
	const reading = (id: PageId) => {
		const values = h.heapBytes[id];
		const growth = values.at(-1)! / values[0]!;
		return { text: `${values.map(mib).join(' → ')} (${growth.toFixed(2)}×)`, growth };
	};
	const rows = Object.keys(h.heapBytes)
		.filter((id) => id !== 'bare')
		.map((id) => {
			const { text, growth } = reading(id as PageId);
			return row(
				`JS heap after ${first.toLocaleString('en-US')} → ${last.toLocaleString('en-US')} events, widget.html#/widget/${id}`,
				text,
				`growth < ${HEAP_GROWTH_LIMIT}×`,
				growth < HEAP_GROWTH_LIMIT
			);
		});
	if (h.heapBytes.bare?.length)
		rows.push(row('… bare reference page, same events', reading('bare').text, '—', 'info'));
	return rows;
}
