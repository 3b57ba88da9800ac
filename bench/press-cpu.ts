/**
 * The deck's first press as main-thread work, not wall-clock time. Builds served in turn (as
 * bench/ab-phone.ts: `build` a symlink switched between them, the order rotated each round), each
 * load cold in a fresh context at 360×780 under the phone's CPU throttle, with a DevTools trace. Per
 * load, from the first route node's request to `lurk` enabled (a mark from an init script's animation
 * frame) and to the first frame painted after it, and from navigation start: the main thread's
 * outermost tasks as thread CPU time (`tdur`) and wall time (`dur`), the style and layout in them,
 * and the DOM nodes and listeners after.
 * Usage: `[RATE=1] [TRACE_DIR=dir] npx tsx bench/press-cpu.ts DIR_A DIR_B [DIR_C…] [ROUNDS]`; the loads
 * go to /tmp/press-cpu.json, each trace (1.5 s past the paint) to TRACE_DIR when set.
 */
import { writeFileSync } from 'node:fs';
import { NAME_HELPER_SCRIPT } from './page-probes';
import { PHONE, BenchStack } from './stack';
import { runBuildsInTurn, type Load } from './builds-in-turn';

/**
 * The CPU slowdown (4, the phone's, by default). At 4× Chromium's throttler keeps the thread busy for
 * its share of wall time, so thread CPU time moves with the machine's load too; `RATE=1` gives the
 * main thread's own CPU time, which a busy machine moves much less.
 */
const RATE = Number(process.env.RATE ?? 4);

/** Marks the frame `lurk` is first enabled in (a User Timing mark, so it is in the trace's clock). */
const ENABLED_MARK = `(() => {
	const look = () => {
		for (const b of document.querySelectorAll('button'))
			if (b.textContent.trim() === 'lurk' && !b.disabled) return performance.mark('lurk-enabled');
		requestAnimationFrame(look);
	};
	requestAnimationFrame(look);
})();`;

interface TraceEvent {
	name: string;
	cat: string;
	ph: string;
	ts: number;
	dur?: number;
	tdur?: number;
	pid: number;
	tid: number;
	args?: { name?: string; data?: { url?: string } };
}

/**
 * Sums of the main thread's work in [from, to] (µs in the trace's clock), in ms: its outermost tasks
 * (a `ThreadControllerImpl::RunTask` may hold a `RunTask`: counted once), and the style and layout in them.
 */
function workIn(
	events: TraceEvent[],
	main: { pid: number; tid: number },
	from: number,
	to: number
) {
	let wall = 0;
	let cpu = 0;
	let styleLayout = 0;
	let taskEnd = -Infinity;
	const mine = events
		.filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.dur)
		.sort((a, b) => a.ts - b.ts);
	for (const e of mine) {
		const start = Math.max(e.ts, from);
		const end = Math.min(e.ts + e.dur!, to);
		if (end <= start) continue;
		if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') {
			if (e.ts < taskEnd) continue;
			taskEnd = e.ts + e.dur!;
			wall += end - start;
			cpu += (e.tdur ?? 0) * ((end - start) / e.dur!);
		} else if (e.name === 'UpdateLayoutTree' || e.name === 'Layout') styleLayout += end - start;
	}
	return { wall: wall / 1000, cpu: cpu / 1000, styleLayout: styleLayout / 1000 };
}

async function loadDeck(stack: BenchStack): Promise<Load> {
	const context = await stack.browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
	await context.addInitScript({ content: NAME_HELPER_SCRIPT });
	await context.addInitScript({ content: ENABLED_MARK });
	const page = await context.newPage();
	page.on('pageerror', (error) => console.error(`page error: ${stack.redact(String(error))}`));
	const cdp = await context.newCDPSession(page);
	await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
	try {
		await stack.browser.startTracing(page, {
			categories: [
				'devtools.timeline',
				'disabled-by-default-devtools.timeline',
				'blink.user_timing',
				'toplevel',
				'loading'
			]
		});
		await page.goto(stack.urlOf('/'), { waitUntil: 'commit' });
		await page.waitForFunction(
			() => performance.getEntriesByName('lurk-enabled').length > 0,
			undefined,
			{
				timeout: 60_000
			}
		);
		// Past the frame that shows it enabled, so its paint is in the trace.
		await page.evaluate(
			() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
		);
		if (process.env.TRACE_DIR) await page.waitForTimeout(1500);
		// What the page holds once the button shows: nodes and listeners, which the load does not move.
		const counters = (await cdp.send('Memory.getDOMCounters')) as {
			nodes: number;
			jsEventListeners: number;
		};
		const trace = JSON.parse((await stack.browser.stopTracing()).toString('utf8')) as {
			traceEvents: TraceEvent[];
		};
		const events = trace.traceEvents;
		if (process.env.TRACE_DIR)
			writeFileSync(`${process.env.TRACE_DIR}/trace-${Date.now()}.json`, JSON.stringify(trace));
		const mainThread = events.find(
			(e) =>
				e.name === 'thread_name' &&
				e.args?.name === 'CrRendererMain' &&
				events.some((x) => x.pid === e.pid && x.name === 'lurk-enabled')
		);
		if (!mainThread) throw new Error('no renderer main thread in the trace');
		const main = { pid: mainThread.pid, tid: mainThread.tid };
		const mark = (name: string) => events.find((e) => e.name === name && e.pid === main.pid)?.ts;
		const enabled = mark('lurk-enabled');
		const navigation =
			mark('navigationStart') ?? events.find((e) => e.name === 'navigationStart')?.ts;
		const nodes = events.find(
			(e) => e.name === 'ResourceSendRequest' && /\/nodes\/[1-9]/.test(e.args?.data?.url ?? '')
		)?.ts;
		if (enabled === undefined || navigation === undefined || nodes === undefined)
			throw new Error('a mark is missing from the trace');
		// The button is there to press once the frame that enabled it is painted.
		const painted = events
			.filter((e) => e.name === 'Commit' && e.pid === main.pid && e.ts > enabled)
			.map((e) => e.ts + (e.dur ?? 0))
			.sort((a, b) => a - b)[0];
		if (painted === undefined) throw new Error('no paint after lurk was enabled');
		const fromNodes = workIn(events, main, nodes, enabled);
		const toPaint = workIn(events, main, nodes, painted);
		const fromStart = workIn(events, main, navigation, enabled);
		return {
			nodesCpu: fromNodes.cpu,
			nodesWall: fromNodes.wall,
			nodesStyleLayout: fromNodes.styleLayout,
			paintedCpu: toPaint.cpu,
			paintedWall: toPaint.wall,
			startCpu: fromStart.cpu,
			startWall: fromStart.wall,
			nodesAt: (nodes - navigation) / 1000,
			enabledAt: (enabled - navigation) / 1000,
			paintedAt: (painted - navigation) / 1000,
			domNodes: counters.nodes,
			listeners: counters.jsEventListeners
		};
	} finally {
		await context.close();
	}
}

await runBuildsInTurn({
	name: 'press-cpu',
	load: loadDeck,
	paired: ['nodesCpu', 'nodesWall', 'paintedCpu', 'startCpu', 'enabledAt']
});
