/**
 * Sustained chat: 1,000 lines a second into the chat widget for a minute (configurable). Counts long
 * tasks (over 50 ms), animation-frame gaps over two frames, the DOM nodes before and after, and checks
 * that the last line sent was painted.
 */
import { installFrameProbe, paintRecords, stopFrameProbe } from './page-probes';
import { openChatWidget } from './paint';
import { domNodeCount, type BenchStack } from './stack';
import { sendAtRate, stampedChat } from './traffic';
import { FRAME_MS, sleep } from './stats';

export interface SustainedReport {
	perSecond: number;
	durationS: number;
	sent: number;
	painted: number;
	longTasks: number[];
	frames: number;
	/** Gaps between animation frames longer than two frames. */
	longFrameGaps: number[];
	domNodesBefore: number;
	domNodesAfter: number;
	toPaint: number[];
	/**
	 * The page's main-thread task time (DevTools' Performance.getMetrics TaskDuration) from the first
	 * line sent to the last one painted, and that span's wall time. It includes the bench's own probes
	 * in the page (a MutationObserver note per line, a rAF per frame), so it is an upper bound.
	 */
	mainThreadMs: number;
	/** The same span split by DevTools' metrics: script, style recalculation and layout (ms). */
	splitMs: { script: number; style: number; layout: number };
	wallMs: number;
}

export async function measureSustained(
	stack: BenchStack,
	options: { perSecond: number; durationS: number }
): Promise<SustainedReport> {
	const page = await openChatWidget(stack);
	// Fill the widget to its limit first, so "before" is the steady state rather than an empty list.
	for (let i = 0; i < 40; i++) stack.sim.sim.emit(stampedChat(100 + i));
	await sleep(1000);
	const domNodesBefore = await domNodeCount(page);
	await installFrameProbe(page);
	const cdp = await page.context().newCDPSession(page);
	await cdp.send('Performance.enable');
	const metrics = async () => {
		const all = (await cdp.send('Performance.getMetrics')).metrics;
		const seconds = (name: string) => all.find((m) => m.name === name)?.value ?? NaN;
		return {
			task: seconds('TaskDuration'),
			script: seconds('ScriptDuration'),
			style: seconds('RecalcStyleDuration'),
			layout: seconds('LayoutDuration')
		};
	};
	const before = await metrics();
	const startedAt = Date.now();
	const count = Math.round(options.perSecond * options.durationS);
	const base = 10_000_000;
	await sendAtRate(count, options.perSecond, (i) => stack.sim.sim.emit(stampedChat(base + i)));
	const lastSeq = base + count - 1;
	// Give the page time to take in anything still on its way, then stop counting frames.
	const end = Date.now() + 10_000;
	while (Date.now() < end && !(await paintRecords(page)).some(([seq]) => seq === lastSeq))
		await sleep(100);
	const after = await metrics();
	const mainThreadMs = (after.task - before.task) * 1000;
	const splitMs = {
		script: (after.script - before.script) * 1000,
		style: (after.style - before.style) * 1000,
		layout: (after.layout - before.layout) * 1000
	};
	const wallMs = Date.now() - startedAt;
	await cdp.detach();
	await sleep(500);
	const { longTasks, frameGaps } = await stopFrameProbe(page);
	const records = (await paintRecords(page)).filter(([seq]) => seq >= base);
	const report: SustainedReport = {
		perSecond: options.perSecond,
		durationS: options.durationS,
		sent: count,
		painted: records.length,
		longTasks,
		frames: frameGaps.length,
		longFrameGaps: frameGaps.filter((gap) => gap > 2 * FRAME_MS),
		domNodesBefore,
		domNodesAfter: await domNodeCount(page),
		toPaint: records.map(([, sentAt, , paintedAt]) => paintedAt - sentAt),
		mainThreadMs,
		splitMs,
		wallMs
	};
	await stack.closePages();
	return report;
}
