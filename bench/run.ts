/**
 * `npm run bench`: the app's size and, in headless Chromium against the simulator, its latency,
 * smoothness, memory and reconnects, each beside its target (issue 7). Prints one table, as text and
 * as Markdown, and writes the Markdown to bench/last-results.md. Not part of `npm test`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { companionLoadRows, measureCompanionLoad } from './companion-load';
import { measureFirstPaint, type PageId } from './first-paint';
import { measurePaintSplit } from './paint-split';
import { measureHeapGrowth } from './heap-growth';
import { measureOverlayCpu, overlayCpuRows, overlayHeapRows } from './overlay-cpu';
import { describeMachine, loadNow, machineLine } from './machine';
import { measurePaintRuns } from './paint';
import { measurePhone, phoneRows } from './phone';
import { measurePress } from './press';
import { measureReconnect } from './reconnect';
import {
	conditionsRow,
	failedRow,
	firstLoadRows,
	firstPaintRows,
	heapGrowthRows,
	paintRows,
	paintSplitRows,
	pressRows,
	reconnectRows,
	sizeRows,
	sustainedRows
} from './report';
import { waitForQuiet, watchOtherLoad } from './other-load';
import { parseSettings } from './settings';
import {
	buildIfMissing,
	measureFirstLoad,
	measureSize,
	OVERLAY_ROUTES,
	WIDGET_ROUTES
} from './size';
import { BenchStack } from './stack';
import { ENGINES } from '../tests/e2e/engines';
import { measureSustained } from './sustained';
import { markdownTable, plainTable, type Row } from './table';

const settings = parseSettings(process.argv.slice(2));
const startedAt = Date.now();
const loadAtStart = loadNow();
const elapsed = () => `${((Date.now() - startedAt) / 1000).toFixed(0)} s`;
const rows: Row[] = [];
const stack = new BenchStack();
/** Per phase: seconds waited for a quiet machine, and other processes' CPU while it measured (cores). */
const conditions: { name: string; waitedMs: number; otherCores: number; attempts: number }[] = [];
/** Over this much CPU of other processes (cores), a phase counts as measured busy. */
const QUIET_CORES = 0.3;

/**
 * Runs one measurement, after waiting (a while at most) for other processes to go quiet; notes how
 * busy they kept the machine. A phase measured while they used over 0.3 of a core is repeated (up to
 * `busyRetries` times); if it never ran quiet, its rows say "not measured (busy)", never "met".
 * A failure becomes a row saying so, and the bench goes on.
 */
async function phase<T>(
	name: string,
	measure: () => Promise<T>,
	toRows: (result: T) => Row[]
): Promise<void> {
	for (let attempt = 0; ; attempt++) {
		const waitedMs = await waitForQuiet(settings.maxWaitMs);
		const again = attempt ? ` (again: other processes were busy, attempt ${attempt + 1})` : '';
		console.error(
			`[${elapsed()}] ${name}…${again}${waitedMs > 2500 ? ` (waited ${(waitedMs / 1000).toFixed(0)} s for other processes to go quiet)` : ''}`
		);
		const otherLoad = watchOtherLoad();
		let result: T;
		try {
			result = await measure();
		} catch (error) {
			const message =
				stack.redact((error as Error).message ?? String(error)).split('\n')[0] ?? 'failed';
			console.error(`[${elapsed()}] ${name} failed: ${message}`);
			rows.push(failedRow(name, message));
			await stack.closePages().catch(() => undefined);
			return;
		}
		const otherCores = otherLoad();
		const busy = !(otherCores <= QUIET_CORES);
		if (busy && attempt < settings.busyRetries) continue;
		conditions.push({ name, waitedMs, otherCores, attempts: attempt + 1 });
		rows.push(
			...toRows(result).map((r) =>
				busy && r.verdict !== 'info' ? { ...r, verdict: 'busy' as const } : r
			)
		);
		return;
	}
}

/** The dashboard's first load over http, and the deck on a throttled phone. */
async function dashboardPhases(): Promise<void> {
	await phase('first load', () => measureFirstLoad(stack), firstLoadRows);
	await phase('dashboard on a phone', () => measurePhone(stack, settings.phoneRounds), phoneRows);
}

/** The companion server under load (bench/companion-load.ts): long, and with no browser of its own. */
const companionPhase = () =>
	phase(
		'companion under load',
		() =>
			measureCompanionLoad({
				durationS: settings.companionSeconds,
				perSecond: 200,
				widgets: 200,
				dashboards: 20,
				direct: 4
			}),
		companionLoadRows
	);

/**
 * Issue 26's overlays: their heap after 1,000 and 100,000 events (Debian's Chromium, as the other heap
 * rows), then their CPU in the engines broadcasting software embeds. Leaves Debian's Chromium in use.
 */
async function overlayPhases(): Promise<void> {
	await phase(
		'overlay heap growth',
		() =>
			measureHeapGrowth(stack, ['bare', ...OVERLAY_ROUTES], {
				checkpoints: settings.heapCheckpoints,
				pairsPerSecond: settings.heapPairsPerSecond
			}),
		overlayHeapRows
	);
	for (const engine of ['127', '103'] as const) {
		try {
			await stack.useBrowser(engine);
		} catch (error) {
			const message = stack.redact(String((error as Error).message)).split('\n')[0]!;
			rows.push(failedRow(`Chromium ${engine}`, message));
			continue;
		}
		await phase(
			`overlay CPU, Chromium ${engine}`,
			() =>
				measureOverlayCpu(stack, OVERLAY_ROUTES, {
					windowS: settings.overlaySeconds,
					chatPerSecond: 20
				}),
			(r) => overlayCpuRows(`Chromium ${engine}`, r)
		);
	}
	await stack.useBrowser();
}

async function main(): Promise<void> {
	if (settings.only === 'companion') {
		await companionPhase();
		const machine = describeMachine('not used (--only=companion)');
		rows.push(conditionsRow(conditions, machine.cores));
		return writeResults(machine);
	}
	if (settings.only === 'overlays') {
		if (await buildIfMissing()) console.error(`[${elapsed()}] built the app`);
		await stack.start();
		const machine = describeMachine(stack.browser.version());
		await overlayPhases();
		await stack.stop();
		rows.push(conditionsRow(conditions, machine.cores));
		return writeResults(machine);
	}
	if (settings.only === 'phone') {
		if (await buildIfMissing()) console.error(`[${elapsed()}] built the app`);
		await phase('size', () => measureSize({ split: false }), sizeRows);
		await stack.start();
		const machine = describeMachine(stack.browser.version());
		await dashboardPhases();
		await stack.stop();
		rows.push(conditionsRow(conditions, machine.cores));
		return writeResults(machine);
	}
	if (await buildIfMissing()) console.error(`[${elapsed()}] built the app`);
	// Before the browser starts, so the second build does not compete with the pages for the CPU.
	await phase('size', () => measureSize({ split: settings.split }), sizeRows);
	await stack.start();
	const machine = describeMachine(stack.browser.version());
	const pages: PageId[] = ['bare', ...WIDGET_ROUTES];
	await dashboardPhases();
	await phase('press → request', () => measurePress(stack, settings.presses), pressRows);
	await phase(
		'event → paint',
		() =>
			measurePaintRuns(stack, {
				perSecond: settings.paintPerSecond,
				durationS: settings.paintSeconds,
				runs: settings.paintRuns
			}),
		paintRows
	);
	await phase(
		'sustained chat',
		() =>
			measureSustained(stack, {
				perSecond: settings.sustainedPerSecond,
				durationS: settings.sustainedSeconds
			}),
		sustainedRows
	);
	await phase(
		'first paint and heap',
		() => measureFirstPaint(stack, pages, settings.firstPaintRounds),
		firstPaintRows
	);
	await phase(
		'where the first paint goes',
		() => measurePaintSplit(stack, pages, settings.splitLoads),
		paintSplitRows
	);
	await phase(
		'heap growth',
		() =>
			measureHeapGrowth(stack, WIDGET_ROUTES, {
				checkpoints: settings.heapCheckpoints,
				pairsPerSecond: settings.heapPairsPerSecond
			}),
		heapGrowthRows
	);
	// The widget figures again in the engines OBS embeds: 28–30 (Chromium 103) and 31+ (127).
	for (const engine of ENGINES) {
		const inEngine = (rows: Row[]) =>
			rows.map((r) => ({ ...r, figure: `Chromium ${engine}: ${r.figure}` }));
		try {
			await stack.useBrowser(engine);
		} catch (error) {
			rows.push(
				failedRow(
					`Chromium ${engine}`,
					stack.redact(String((error as Error).message)).split('\n')[0]!
				)
			);
			continue;
		}
		await phase(
			`event → paint, Chromium ${engine}`,
			() =>
				measurePaintRuns(stack, {
					perSecond: settings.paintPerSecond,
					durationS: settings.paintSeconds,
					runs: settings.paintRuns
				}),
			(r) => inEngine(paintRows(r))
		);
		await phase(
			`first paint, Chromium ${engine}`,
			() => measureFirstPaint(stack, pages, settings.firstPaintRounds),
			(r) => inEngine(firstPaintRows(r))
		);
	}
	await stack.useBrowser();
	await overlayPhases();
	// Last: it kills and replaces the simulator.
	await phase(
		'reconnect',
		() =>
			measureReconnect(stack, {
				restarts: settings.restarts,
				kills: settings.kills,
				downtimeMs: settings.killDowntimeMs
			}),
		reconnectRows
	);
	await stack.stop();
	await companionPhase();
	rows.push(conditionsRow(conditions, machine.cores));
	writeResults(machine);
}

function writeResults(machine: ReturnType<typeof describeMachine>): void {
	const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
	const mode = `${settings.quick ? 'quick run (--quick)' : 'full run'}${settings.only ? `, --only=${settings.only}` : ''}`;
	const load = `load average (1 min) ${loadAtStart.toFixed(1)} at the start, ${loadNow().toFixed(1)} at the end, on ${machine.cores} cores`;
	const markdown = [
		'# Bench results',
		'',
		`${when}, ${mode}, ${elapsed()}. Machine: ${machineLine(machine)}; ${load}.`,
		'',
		markdownTable(rows),
		''
	].join('\n');
	console.log(`\n${plainTable(rows)}\n\nMachine: ${machineLine(machine)}; ${load}\n\n${markdown}`);
	// A run of one part (--only) keeps the full run's file.
	const file = `last-results${settings.only ? `-${settings.only}` : ''}.md`;
	writeFileSync(join(import.meta.dirname, file), markdown);
	console.error(`[${elapsed()}] written to bench/${file}`);
}

main().catch(async (error: unknown) => {
	console.error(`bench failed: ${stack.redact(String((error as Error)?.stack ?? error))}`);
	await stack.stop().catch(() => undefined);
	process.exit(1);
});
