/**
 * The dashboard on a phone: the deck at 360×780 with the CPU slowed 4× through the DevTools protocol
 * (Emulation.setCPUThrottlingRate), each load in a fresh context (cold cache), interleaved with the
 * bare reference page under the same throttle. Per load: first contentful paint; for the deck also the
 * time from navigation start until its first button's press reaches the simulator (a real CDP click
 * as soon as the `lurk` button is enabled), and that press's own press → request time. Chat lines and
 * alerts flow meanwhile, so the bare page (which shows only pushed events) has something to paint.
 */
import type { Page } from 'playwright-core';
import { wallClockOffset } from './clock';
import { enabledAt, NAME_HELPER_SCRIPT, pressWhenEnabled } from './page-probes';
import { FRAME_MS, maxOf, median, ms, ratio, sleep } from './stats';
import { PHONE, type BenchStack } from './stack';
import { row, type Row } from './table';
import { backgroundTraffic } from './traffic';

export const PHONE_THROTTLE = 4;
export const PHONE_FCP_RATIO_LIMIT = 1.5;
const BUTTON = 'lurk';

export interface PhoneReport {
	rounds: number;
	bareFcp: number[];
	deckFcp: number[];
	/** Navigation start → the page first sees the button enabled (ms). */
	enabled: number[];
	/** Navigation start → the simulator logs the first press (ms). */
	firstSend: number[];
	/** That press: click dispatched in the page → request logged. */
	firstPress: number[];
}

export async function measurePhone(stack: BenchStack, rounds: number): Promise<PhoneReport> {
	const stopTraffic = backgroundTraffic((envelope) => stack.sim.sim.emit(envelope));
	const report: PhoneReport = {
		rounds,
		bareFcp: [],
		deckFcp: [],
		enabled: [],
		firstSend: [],
		firstPress: []
	};
	try {
		for (let round = 0; round < rounds; round++) {
			// Alternate which goes first, so neither always follows the other's teardown.
			for (const id of round % 2 ? (['deck', 'bare'] as const) : (['bare', 'deck'] as const)) {
				if (id === 'bare') report.bareFcp.push(await loadBare(stack));
				else {
					const deck = await loadDeck(stack);
					report.deckFcp.push(deck.fcp);
					report.enabled.push(deck.enabled);
					report.firstSend.push(deck.firstSend);
					report.firstPress.push(deck.firstPress);
				}
			}
		}
	} finally {
		stopTraffic();
	}
	return report;
}

/** A fresh context with the CPU throttled, at `url`; the clock offset aligns the page on the system clock. */
async function openThrottled(
	stack: BenchStack,
	url: string,
	initScript = ''
): Promise<{ page: Page; navigationStart: () => Promise<number> }> {
	const context = await stack.browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
	await context.addInitScript({ content: NAME_HELPER_SCRIPT + initScript });
	const page = await context.newPage();
	page.on('pageerror', (error) => console.error(`page error: ${stack.redact(String(error))}`));
	const cdp = await context.newCDPSession(page);
	await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_THROTTLE });
	await page.goto(url, { waitUntil: 'commit' });
	const navigationStart = async () => {
		const offset = await page.evaluate(wallClockOffset);
		return (await page.evaluate(() => performance.timeOrigin)) + offset;
	};
	return { page, navigationStart };
}

async function loadBare(stack: BenchStack): Promise<number> {
	const { page } = await openThrottled(stack, stack.bareUrl());
	try {
		return await firstContentfulPaint(page);
	} finally {
		await page.context().close();
	}
}

/** Clicks are noted (page clock, ms after navigation start) by a capturing listener that runs first. */
const CLICK_WATCH = `window.__benchClicks = []; addEventListener('click', () => window.__benchClicks.push(performance.now()), { capture: true });`;

async function loadDeck(
	stack: BenchStack
): Promise<{ fcp: number; enabled: number; firstSend: number; firstPress: number }> {
	const log = stack.sim.sim;
	const lastSeq = log.requestLog.at(-1)?.seq ?? 0;
	const { page, navigationStart } = await openThrottled(stack, stack.urlOf('/'), CLICK_WATCH);
	try {
		await pressWhenEnabled(page, BUTTON);
		const request = await waitFor(() =>
			log.requestsSince(lastSeq).find((r) => r.type === 'chat-command')
		);
		const start = await navigationStart();
		const clickedAt = await page.evaluate(
			() => (window as unknown as { __benchClicks: number[] }).__benchClicks[0] ?? Number.NaN
		);
		// The log stamps Date.now() (whole milliseconds): the request came in during that millisecond.
		const received = request.at + 0.5 - start;
		return {
			fcp: await firstContentfulPaint(page),
			enabled: await enabledAt(page),
			firstSend: received,
			firstPress: received - clickedAt
		};
	} finally {
		await page.context().close();
	}
}

/** The page's first-contentful-paint entry (ms after navigation start); NaN if none within 30 s. */
async function firstContentfulPaint(page: Page): Promise<number> {
	const end = Date.now() + 30_000;
	while (Date.now() < end) {
		const value = await page.evaluate(
			() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null
		);
		if (typeof value === 'number') return value;
		await sleep(25);
	}
	return Number.NaN;
}

async function waitFor<T>(find: () => T | undefined, timeoutMs = 10_000): Promise<T> {
	const end = Date.now() + timeoutMs;
	for (;;) {
		const found = find();
		if (found !== undefined) return found;
		if (Date.now() > end) throw new Error('the simulator did not receive the press in time');
		await sleep(1);
	}
}

const spread = (values: number[]) =>
	`median ${ms(median(values), 0)} (${ms(Math.min(...values), 0)}–${ms(maxOf(values), 0)})`;

export function phoneRows(r: PhoneReport): Row[] {
	const [deck, bare] = [median(r.deckFcp), median(r.bareFcp)];
	const title = `Dashboard on a phone (CPU ${PHONE_THROTTLE}× slower through CDP, ${PHONE.width}×${PHONE.height}, ${r.rounds} cold loads each, interleaved with the bare page)`;
	return [
		row(
			`${title}: first contentful paint, deck`,
			`${spread(r.deckFcp)}; ${ratio(deck, bare)} bare`,
			`≤ ${PHONE_FCP_RATIO_LIMIT}× bare`,
			deck / bare <= PHONE_FCP_RATIO_LIMIT
		),
		row(
			'… first contentful paint, bare reference page, same throttle',
			spread(r.bareFcp),
			'—',
			'info'
		),
		row(
			"… deck's first button enabled: navigation start → the page sees it enabled",
			spread(r.enabled),
			'—',
			'info'
		),
		row(
			"… deck's first button sends: navigation start → press received by the simulator",
			spread(r.firstSend),
			'reported',
			'info'
		),
		row(
			`… of which that press → request (click dispatched → logged; one frame is ${ms(FRAME_MS)})`,
			spread(r.firstPress),
			'—',
			'info'
		)
	];
}
