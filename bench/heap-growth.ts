/**
 * JS heap of each widget after it has taken in 1,000 and then 100,000 events of the kinds it listens
 * to (garbage collected first), all widgets and the bare page open together. The simulator sends chat
 * lines and viewer alerts in pairs, and now and then a song change and a change of the counter's
 * variable, which make the song and counter widgets read again. A sentinel sent after each batch
 * tells when a page has taken in the whole batch.
 */
import type { Page } from 'playwright-core';
import { SENTINEL_WATCH_SCRIPT, sentinelsSeen } from './page-probes';
import { heapAfterGc, type BenchStack } from './stack';
import { alertEnvelope, chatEnvelope, hintEnvelope, sendAtRate } from './traffic';
import { sleep } from './stats';
import { urlOfPage, WIDGET_PARAMS, type PageId } from './first-paint';

export interface HeapGrowthReport {
	/** Events of its own kinds each widget had taken in at each reading. */
	checkpoints: number[];
	heapBytes: Record<PageId, number[]>;
	pairsPerSecond: number;
}

const HINT_EVERY = 500;

/** The sentinel each page must have seen: the chat widget hears only chat, the others (and the bare page) alerts. */
const sentinelFor = (id: PageId, batch: number) => `bench-sentinel-${id === 'chat' ? 'chat' : 'alert'}-${batch}`;

export async function measureHeapGrowth(stack: BenchStack, pages: readonly PageId[], options: { checkpoints: number[]; pairsPerSecond: number }): Promise<HeapGrowthReport> {
	const opened = new Map<PageId, Page>();
	for (const id of pages) opened.set(id, await stack.open(urlOfPage(stack, id), { initScripts: [SENTINEL_WATCH_SCRIPT] }));
	let seq = 0;
	const sendSentinels = (batch: number) => {
		stack.sim.sim.emit(chatEnvelope(seq++, `bench-sentinel-chat-${batch}`));
		stack.sim.sim.emit(alertEnvelope(seq++, `bench-sentinel-alert-${batch}`));
	};
	// Batch 0: every page connected and listening.
	await untilSeen(opened, 0, () => sendSentinels(0));
	const heapBytes = Object.fromEntries(pages.map((id) => [id, [] as number[]])) as Record<PageId, number[]>;
	let taken = 0;
	for (const [index, checkpoint] of options.checkpoints.entries()) {
		const batch = index + 1;
		const pairs = checkpoint - taken;
		await sendAtRate(pairs, options.pairsPerSecond, (i) => {
			stack.sim.sim.emit(chatEnvelope(seq++, `line ${seq}`));
			stack.sim.sim.emit(alertEnvelope(seq++));
			if (i % HINT_EVERY === HINT_EVERY - 1) stack.sim.sim.emit(hintEnvelope(seq++, String(WIDGET_PARAMS.counter.name)));
		});
		taken = checkpoint;
		await untilSeen(opened, batch, () => sendSentinels(batch), 60_000, true);
		await sleep(500);
		for (const [id, page] of opened) heapBytes[id].push(await heapAfterGc(page));
	}
	await stack.closePages();
	return { checkpoints: options.checkpoints, heapBytes, pairsPerSecond: options.pairsPerSecond };
}

/** Sends the batch's sentinels (once, or again every second when `once` is false) until every page has seen its own. */
async function untilSeen(pages: Map<PageId, Page>, batch: number, send: () => void, timeoutMs = 15_000, once = false): Promise<void> {
	const end = Date.now() + timeoutMs;
	let lastSent = 0;
	for (;;) {
		if (!once || lastSent === 0) {
			if (Date.now() - lastSent >= 1000) {
				send();
				lastSent = Date.now();
			}
		}
		const waiting: PageId[] = [];
		for (const [id, page] of pages) if (!(await sentinelsSeen(page)).includes(sentinelFor(id, batch))) waiting.push(id);
		if (waiting.length === 0) return;
		if (Date.now() > end) throw new Error(`these pages did not take in batch ${batch} in time: ${waiting.join(', ')}`);
		await sleep(100);
	}
}
