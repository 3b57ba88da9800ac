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
import { existsSync, lstatSync, renameSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { NAME_HELPER_SCRIPT } from './page-probes';
import { median } from './stats';
import { PHONE, BenchStack } from './stack';
import { backgroundTraffic } from './traffic';
import { watchOtherLoad } from './other-load';
import { BUILD_DIR } from '../tests/e2e/harness';

const args = process.argv.slice(2);
const rounds = /^\d+$/.test(args.at(-1) ?? '') ? Number(args.pop()) : 6;
const dirs = args;
if (dirs.length < 2) throw new Error('usage: tsx bench/press-cpu.ts DIR_A DIR_B [DIR_C…] [ROUNDS]');

/**
 * The CPU slowdown (4, the phone's, by default). At 4× Chromium's throttler keeps the thread busy for
 * its share of wall time, so thread CPU time moves with the machine's load too; `RATE=1` gives the
 * main thread's own CPU time, which a busy machine moves much less.
 */
const RATE = Number(process.env.RATE ?? 4);

const ASIDE = `${BUILD_DIR}-aside-${process.pid}`;
const movedAside = existsSync(BUILD_DIR) && !lstatSync(BUILD_DIR).isSymbolicLink();
if (movedAside) renameSync(BUILD_DIR, ASIDE);

function serve(dir: string): void {
	if (lstatSync(BUILD_DIR, { throwIfNoEntry: false })) unlinkSync(BUILD_DIR);
	symlinkSync(resolve(dir), BUILD_DIR);
}

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

type Load = Record<string, number>;

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

const stack = new BenchStack();
await stack.start();
const stopTraffic = backgroundTraffic((envelope) => stack.sim.sim.emit(envelope));
const results: Record<string, Load[]> = Object.fromEntries(dirs.map((d) => [d, []]));
const other: number[] = [];
try {
	for (let round = 0; round < rounds; round++) {
		const order = dirs.map((_, i) => dirs[(i + round) % dirs.length]!);
		for (const id of round % 2 ? order.reverse() : order) {
			serve(id);
			const load = watchOtherLoad();
			const result = await loadDeck(stack);
			other.push(load());
			results[id]!.push(result);
			console.error(
				`${id} ${Object.entries(result)
					.map(([k, v]) => `${k} ${v.toFixed(0)}`)
					.join(' ')} (others ${other.at(-1)!.toFixed(2)} cores)`
			);
		}
	}
} finally {
	stopTraffic();
	await stack.stop();
	unlinkSync(BUILD_DIR);
	if (movedAside) renameSync(ASIDE, BUILD_DIR);
}
for (const id of dirs) {
	const keys = Object.keys(results[id]![0] ?? {});
	console.log(
		`${id} medians (${results[id]!.length} loads): ${keys
			.map((k) => `${k} ${median(results[id]!.map((r) => r[k]!)).toFixed(0)}`)
			.join(', ')}`
	);
}
for (const id of dirs.slice(1)) {
	for (const key of ['nodesCpu', 'nodesWall', 'paintedCpu', 'startCpu', 'enabledAt']) {
		const diffs = results[id]!.map((r, i) => r[key]! - results[dirs[0]!]![i]![key]!);
		console.log(
			`${id} − ${dirs[0]} ${key}: median ${median(diffs).toFixed(0)} ms over ${diffs.length} rounds`
		);
	}
}
writeFileSync('/tmp/press-cpu.json', JSON.stringify(results));
console.log(
	`other processes: median ${median(other).toFixed(2)}, max ${Math.max(...other).toFixed(2)} cores`
);
