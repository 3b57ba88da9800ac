/**
 * `npm run bench`: the app's size and, in headless Chromium against the simulator, its latency,
 * smoothness, memory and reconnects, each beside its target (issue 7). Prints one table, as text and
 * as Markdown, and writes the Markdown to bench/last-results.md. Not part of `npm test`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureFirstPaint, type PageId } from './first-paint';
import { measureHeapGrowth } from './heap-growth';
import { describeMachine, machineLine } from './machine';
import { measurePaint } from './paint';
import { measurePress } from './press';
import { measureReconnect } from './reconnect';
import { failedRow, firstPaintRows, heapGrowthRows, paintRows, pressRows, reconnectRows, sizeRows, sustainedRows } from './report';
import { parseSettings } from './settings';
import { buildIfMissing, measureSize, WIDGET_ROUTES } from './size';
import { BenchStack } from './stack';
import { measureSustained } from './sustained';
import { markdownTable, plainTable, type Row } from './table';

const settings = parseSettings(process.argv.slice(2));
const startedAt = Date.now();
const elapsed = () => `${((Date.now() - startedAt) / 1000).toFixed(0)} s`;
const rows: Row[] = [];
const stack = new BenchStack();

/** Runs one measurement; a failure becomes a row saying so, and the bench goes on with the next. */
async function phase<T>(name: string, measure: () => Promise<T>, toRows: (result: T) => Row[]): Promise<void> {
	console.error(`[${elapsed()}] ${name}…`);
	try {
		rows.push(...toRows(await measure()));
	} catch (error) {
		const message = stack.redact((error as Error).message ?? String(error)).split('\n')[0] ?? 'failed';
		console.error(`[${elapsed()}] ${name} failed: ${message}`);
		rows.push(failedRow(name, message));
		await stack.closePages().catch(() => undefined);
	}
}

async function main(): Promise<void> {
	if (await buildIfMissing()) console.error(`[${elapsed()}] built the app`);
	// Before the browser starts, so the second build does not compete with the pages for the CPU.
	await phase('size', () => measureSize({ split: settings.split }), sizeRows);
	await stack.start();
	const machine = describeMachine(stack.browser.version());
	const pages: PageId[] = ['bare', ...WIDGET_ROUTES];
	await phase('press → request', () => measurePress(stack, settings.presses), pressRows);
	await phase('event → paint', () => measurePaint(stack, { perSecond: settings.paintPerSecond, durationS: settings.paintSeconds }), paintRows);
	await phase('sustained chat', () => measureSustained(stack, { perSecond: settings.sustainedPerSecond, durationS: settings.sustainedSeconds }), sustainedRows);
	await phase('first paint and heap', () => measureFirstPaint(stack, pages, settings.firstPaintRounds), firstPaintRows);
	await phase('heap growth', () => measureHeapGrowth(stack, pages, { checkpoints: settings.heapCheckpoints, pairsPerSecond: settings.heapPairsPerSecond }), heapGrowthRows);
	// Last: it kills and replaces the simulator.
	await phase('reconnect', () => measureReconnect(stack, { restarts: settings.restarts, kills: settings.kills, downtimeMs: settings.killDowntimeMs }), reconnectRows);
	await stack.stop();

	const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
	const mode = settings.quick ? 'quick run (--quick)' : 'full run';
	const markdown = [
		'# Bench results',
		'',
		`${when}, ${mode}, ${elapsed()}. Machine: ${machineLine(machine)}.`,
		'',
		markdownTable(rows),
		''
	].join('\n');
	console.log(`\n${plainTable(rows)}\n\nMachine: ${machineLine(machine)}\n\n${markdown}`);
	writeFileSync(join(import.meta.dirname, 'last-results.md'), markdown);
	console.error(`[${elapsed()}] written to bench/last-results.md`);
}

main().catch(async (error: unknown) => {
	console.error(`bench failed: ${stack.redact(String((error as Error)?.stack ?? error))}`);
	await stack.stop().catch(() => undefined);
	process.exit(1);
});
