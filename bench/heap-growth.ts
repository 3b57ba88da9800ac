/**
 * JS heap of each widget after it has taken in 1,000 and then 100,000 events of the kinds it listens
 * to (garbage collected first), all widgets open together. The simulator sends chat lines and viewer
 * alerts in pairs, and now and then a song change and a change of the counter's variable, which make
 * the song and counter widgets read again.
 *
 * Sent in chunks, each closed by a sentinel, with at most two chunks in flight: a page slower than the
 * sender is waited for rather than buried (a backlog of tens of seconds holds the simulator's keepalive
 * ping behind it in the socket, and the simulator drops the page).
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
	durationMs: number;
}

const HINT_EVERY = 500;
const CHUNK_PAIRS = 2_000;
/** How long a page may take to catch up with one chunk before the bench gives up on it. */
const CATCH_UP_MS = 60_000;

/** The sentinel each page must have seen: the chat widget hears only chat, the others (and the bare page) alerts. */
const sentinelFor = (id: PageId, chunk: number) =>
	`bench-sentinel-${id === 'chat' ? 'chat' : 'alert'}-${chunk}`;

export async function measureHeapGrowth(
	stack: BenchStack,
	pages: readonly PageId[],
	options: { checkpoints: number[]; pairsPerSecond: number }
): Promise<HeapGrowthReport> {
	const startedAt = Date.now();
	const opened = new Map<PageId, Page>();
	for (const id of pages)
		opened.set(
			id,
			await stack.open(urlOfPage(stack, id), { initScripts: [SENTINEL_WATCH_SCRIPT] })
		);
	let seq = 0;
	const sendSentinels = (chunk: number) => {
		stack.sim.sim.emit(chatEnvelope(seq++, `bench-sentinel-chat-${chunk}`));
		stack.sim.sim.emit(alertEnvelope(seq++, `bench-sentinel-alert-${chunk}`));
	};
	// Chunk 0 (sentinels only, repeated): every page connected and listening.
	await untilSeen(opened, 0, () => sendSentinels(0), 15_000);
	const heapBytes = Object.fromEntries(pages.map((id) => [id, [] as number[]])) as Record<
		PageId,
		number[]
	>;
	let taken = 0;
	let chunk = 0;
	for (const checkpoint of options.checkpoints) {
		while (taken < checkpoint) {
			const pairs = Math.min(CHUNK_PAIRS, checkpoint - taken);
			await sendAtRate(pairs, options.pairsPerSecond, (i) => {
				stack.sim.sim.emit(chatEnvelope(seq++, `line ${seq}`));
				stack.sim.sim.emit(alertEnvelope(seq++));
				if ((taken + i) % HINT_EVERY === HINT_EVERY - 1)
					stack.sim.sim.emit(hintEnvelope(seq++, String(WIDGET_PARAMS.counter.name)));
			});
			taken += pairs;
			sendSentinels(++chunk);
			// The previous chunk must be in before the next is sent: two at most in flight.
			await untilSeen(opened, chunk - 1, () => undefined, CATCH_UP_MS);
		}
		await untilSeen(opened, chunk, () => undefined, CATCH_UP_MS);
		await sleep(500);
		for (const [id, page] of opened) heapBytes[id].push(await heapAfterGc(page));
	}
	await stack.closePages();
	return {
		checkpoints: options.checkpoints,
		heapBytes,
		pairsPerSecond: options.pairsPerSecond,
		durationMs: Date.now() - startedAt
	};
}

/** Waits until every page has seen its sentinel of `chunk`; `resend` runs every second meanwhile. */
async function untilSeen(
	pages: Map<PageId, Page>,
	chunk: number,
	resend: () => void,
	timeoutMs: number
): Promise<void> {
	const end = Date.now() + timeoutMs;
	let lastSent = 0;
	for (;;) {
		if (Date.now() - lastSent >= 1000) {
			resend();
			lastSent = Date.now();
		}
		const waiting: PageId[] = [];
		for (const [id, page] of pages)
			if (!(await sentinelsSeen(page)).includes(sentinelFor(id, chunk))) waiting.push(id);
		if (waiting.length === 0) return;
		if (Date.now() > end)
			throw new Error(
				`these pages had not taken in chunk ${chunk} after ${timeoutMs / 1000} s: ${waiting.join(', ')}`
			);
		await sleep(50);
	}
}
