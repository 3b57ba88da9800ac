/**
 * A paired A/B of the chat widget at 20 lines/s (bench/overlay-cpu.ts's chat figure), for a change to
 * the widget: build/widget-a.html (a copy of the other build's widget.html) and build/widget.html open
 * side by side with the bare page, in one window per round, fed the same lines at the same moments.
 * Main thread per page is DevTools' TaskDuration over the window, as in the full bench.
 * Usage: `npx tsx bench/ab-chat.ts [ROUNDS] [SECONDS] [ENGINE]` (ENGINE 103 or 127; Debian's Chromium
 * if left out). With `TRACE=a|b` the last round also writes that page's DevTools trace totals.
 */
import type { Page } from 'playwright-core';
import type { EngineVersion } from '../tests/e2e/engines';
import { BenchStack } from './stack';
import { chatEnvelope, sendAtRate } from './traffic';
import { sleep } from './stats';
import { taskClock } from './overlay-cpu';

const [rounds = 5, seconds = 20] = process.argv.slice(2, 4).map(Number);
const engine = process.argv[4] as EngineVersion | undefined;
const PER_SECOND = 20;

const stack = new BenchStack();
await stack.start();
if (engine) await stack.useBrowser(engine);
const url = stack.urlOf('/widget/chat');
/** More builds than two: FILES=widget-a.html,widget.html,widget-c.html (each in build/). */
const files = (process.env.FILES ?? 'widget-a.html,widget.html').split(',');
const results: { a: number; b: number; bare: number }[] = [];
const all: number[][] = [];
const cpuAll: number[][] = [];
let seq = 3_000_000;
for (let round = 0; round < rounds; round++) {
	await stack.freshSimulator();
	// Opened in turn, each round starting one further along the list (no page keeps the first slot).
	const pages: Record<string, Page> = {};
	const slots = files.map(
		(file, i) => [i === 0 ? 'a' : i === 1 ? 'b' : `v${i - 2}`, file] as const
	);
	const more = files.slice(2);
	for (let k = 0; k < slots.length; k++) {
		const [id, file] = slots[(k + round) % slots.length]!;
		pages[id] = await stack.open(url.replace('widget.html', file));
		if (k === 1) pages.bare = await stack.open(stack.bareUrl());
	}
	for (const page of Object.values(pages)) await page.waitForLoadState('load');
	await sleep(2000);
	const ids = ['a', 'b', 'bare', ...more.map((_, i) => `v${i}`)];
	const clocks = await Promise.all(ids.map((id) => taskClock(pages[id]!)));
	const trace = round === rounds - 1 ? process.env.TRACE : undefined;
	// Thread CPU time of each renderer's main thread (the trace's tdur): a busy machine stretches
	// a task's wall time (TaskDuration), much less the CPU it used.
	await stack.browser.startTracing(undefined, {
		categories: [
			'toplevel',
			'devtools.timeline',
			'disabled-by-default-devtools.timeline',
			'blink.user_timing'
		]
	});
	for (const id of ids)
		await pages[id]!.evaluate((name) => performance.mark(`ab-page-${name}`), id);
	const profile = round === rounds - 1 ? process.env.PROFILE : undefined;
	const profiler = profile
		? await pages[profile]!.context().newCDPSession(pages[profile]!)
		: undefined;
	if (profiler) {
		await profiler.send('Profiler.enable');
		await profiler.send('Profiler.start');
	}
	const before = await Promise.all(clocks.map((read) => read()));
	await sendAtRate(PER_SECOND * seconds, PER_SECOND, () =>
		stack.sim.sim.emit(chatEnvelope(seq++, `line ${seq} of the overlay bench`))
	);
	await sleep(1000);
	const after = await Promise.all(clocks.map((read) => read()));
	const spent = after.map((v, i) => v - before[i]!);
	const [a, b, bare] = spent as [number, number, number];
	results.push({ a, b, bare });
	all.push(spent);
	for (const [i, file] of more.entries())
		console.log(
			`  ${file}: ${spent[3 + i]!.toFixed(0)} ms (${(spent[3 + i]! / bare).toFixed(2)}×), own/A's own ${((spent[3 + i]! - bare) / (a - bare)).toFixed(2)}`
		);
	console.log(
		`round ${round + 1}: A ${a.toFixed(0)} ms (${(a / bare).toFixed(2)}× bare), B ${b.toFixed(0)} ms (${(b / bare).toFixed(2)}×), bare ${bare.toFixed(0)} ms; A's own ${(a - bare).toFixed(0)}, B's own ${(b - bare).toFixed(0)}`
	);
	if (profiler) functions((await profiler.send('Profiler.stop')).profile as Profile);
	const traced = JSON.parse((await stack.browser.stopTracing()).toString()) as {
		traceEvents: TraceEvent[];
	};
	const cpu = await Promise.all(ids.map(async (id) => cpuOf(traced, id)));
	cpuAll.push(cpu);
	console.log(
		`  CPU (tdur): ${ids.map((id, i) => `${id} ${cpu[i]!.toFixed(0)}`).join(', ')}; own/A's own ${ids
			.slice(1)
			.map((id, i) => `${id} ${((cpu[i + 1]! - cpu[2]!) / (cpu[0]! - cpu[2]!)).toFixed(2)}`)
			.join(', ')}`
	);
	if (trace) summarize(traced, pidOf(traced, trace));
	await stack.closePages();
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const lines = PER_SECOND * seconds;
const m = (f: (r: (typeof results)[number], k: number) => number) => median(results.map(f));
console.log(
	`medians over ${rounds} rounds of ${lines} lines (${engine ? `Chromium ${engine}` : "Debian's Chromium"}): A ${m((r) => r.a).toFixed(0)} ms, B ${m((r) => r.b).toFixed(0)} ms, bare ${m((r) => r.bare).toFixed(0)} ms; ratio A ${m((r) => r.a / r.bare).toFixed(2)}×, B ${m((r) => r.b / r.bare).toFixed(2)}×; own per line A ${(m((r) => r.a - r.bare) / lines).toFixed(3)} ms, B ${(m((r) => r.b - r.bare) / lines).toFixed(3)} ms; B/A paired ${m((r) => r.b / r.a).toFixed(3)}`
);
for (const [i, file] of files.slice(2).entries())
	console.log(
		`${file}: median own/A's own ${m((_, k) => (all[k]![3 + i]! - all[k]![2]!) / (all[k]![0]! - all[k]![2]!)).toFixed(2)}, ratio ${m((_, k) => all[k]![3 + i]! / all[k]![2]!).toFixed(2)}×`
	);
for (const [i, file] of files.slice(1).entries()) {
	const j = i === 0 ? 1 : i + 2;
	console.log(
		`CPU ${file}: median own/A's own ${median(cpuAll.map((c) => (c[j]! - c[2]!) / (c[0]! - c[2]!))).toFixed(2)}, median ${median(cpuAll.map((c) => c[j]!)).toFixed(0)} ms, A ${median(cpuAll.map((c) => c[0]!)).toFixed(0)}, bare ${median(cpuAll.map((c) => c[2]!)).toFixed(0)}, ratio ${median(cpuAll.map((c) => c[j]! / c[2]!)).toFixed(2)}× (A ${median(cpuAll.map((c) => c[0]! / c[2]!)).toFixed(2)}×)`
	);
}
console.log(`B: median own/A's own ${m((r) => (r.b - r.bare) / (r.a - r.bare)).toFixed(2)}`);
await stack.stop();

/** Self time per trace event name on the renderer's main thread (top names), and the JS functions. */
function pidOf(trace: { traceEvents: TraceEvent[] }, id: string): number {
	const mark = trace.traceEvents.find((e) => e.name === `ab-page-${id}`);
	if (!mark) throw new Error(`no mark for ${id}`);
	return mark.pid;
}

function mainThread(trace: { traceEvents: TraceEvent[] }, pid: number): TraceEvent | undefined {
	return trace.traceEvents.find(
		(e) => e.pid === pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain'
	);
}

/** CPU ms of a page's main thread: the thread time of its top-level tasks. */
function cpuOf(trace: { traceEvents: TraceEvent[] }, id: string): number {
	const main = mainThread(trace, pidOf(trace, id));
	if (!main) return NaN;
	let us = 0;
	for (const e of trace.traceEvents)
		if (e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.cat === 'toplevel' && e.tdur)
			us += e.tdur;
	return us / 1000;
}

function summarize(trace: { traceEvents: TraceEvent[] }, pid: number): void {
	const events = trace.traceEvents;
	const main = mainThread(trace, pid);
	const onMain = events
		.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.tdur)
		.map((e) => ({ ...e, dur: e.tdur }));
	onMain.sort((x, y) => x.ts - y.ts || y.dur! - x.dur!);
	const self = new Map<string, number>();
	const stackOf: TraceEvent[] = [];
	for (const e of onMain) {
		while (stackOf.length && stackOf.at(-1)!.ts + stackOf.at(-1)!.dur! <= e.ts) stackOf.pop();
		const parent = stackOf.at(-1);
		if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur!);
		self.set(e.name, (self.get(e.name) ?? 0) + e.dur!);
		stackOf.push(e);
	}
	const top = [...self].sort((x, y) => y[1] - x[1]).slice(0, 16);
	console.log(
		'trace self time (ms):',
		top.map(([n, us]) => `${n} ${(us / 1000).toFixed(0)}`).join(', ')
	);
}

interface TraceEvent {
	name: string;
	ph: string;
	pid: number;
	tid: number;
	ts: number;
	dur?: number;
	tdur?: number;
	cat?: string;
	args?: { name?: string };
}

interface Profile {
	nodes: {
		id: number;
		callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
	}[];
	samples: number[];
	timeDeltas: number[];
}

/** Self time per function of a CPU profile (top 25). */
function functions(profile: Profile): void {
	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	const self = new Map<string, number>();
	profile.samples.forEach((id, i) => {
		const f = byId.get(id)!.callFrame;
		const name = `${f.functionName || '(anon)'} ${f.url.split('/').at(-1)}:${f.lineNumber}:${f.columnNumber}`;
		self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
	});
	for (const [name, us] of [...self].sort((x, y) => y[1] - x[1]).slice(0, 30))
		console.log(`  ${(us / 1000).toFixed(1)} ms  ${name}`);
}
