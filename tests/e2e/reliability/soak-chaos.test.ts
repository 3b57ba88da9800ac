/**
 * Soak and chaos, short form: every widget and the dashboard open together in one Chromium while the
 * simulator streams events (its demo traffic plus bursts of our own) and is restarted 20 times (1012),
 * switched off and on (1000), and killed outright (a new server on the same port and token).
 * Afterwards every widget shows current data, no page threw, each page's JS heap after a forced GC
 * is under 1.5× what it was after warm-up, and no dashboard press reached the application twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSimServer, type SimServer } from '../../../src/server/sim-server';
import type { LoggedRequest } from '../../../src/lib/sim/types';
import { appUrl, launchBrowser, serveBuild, watchPage } from '../harness';
import { PHONE, TOKEN } from '../stack';
import { alertEnvelope, chatEnvelope, waitForText } from '../widgets/helpers';
import { heapAfterGc, statusOf, waitForStatus, WIDGET_PAGES, WIDGET_VIEWPORT } from './pages';

/** Heap after the storm over heap after warm-up, per page: generous, since GC timing and JIT caches vary. */
const HEAP_GROWTH_LIMIT = 1.5;
const RESTARTS = 20;
const COUNTER = 'soak';

interface Opened {
	name: string;
	page: Page;
	errors: string[];
}

let sim: SimServer;
let port: number;
let site: Awaited<ReturnType<typeof serveBuild>>;
let browser: Browser;
const opened: Opened[] = [];
/** Every command any simulator instance received, gathered before each instance goes away. */
const commands: LoggedRequest[] = [];
let seenSeq = 0;

const startSim = (atPort: number) => startSimServer({ port: atPort, token: TOKEN, demo: true, pingIntervalMs: 5000 });

function collectCommands(): void {
	const fresh = sim.sim.requestsSince(seenSeq);
	if (fresh.length) seenSeq = fresh.at(-1)!.seq;
	commands.push(...fresh.filter((r) => r.type && r.type !== 'get-variable-value'));
}

let burst = 0;
/** A burst of chat lines and alerts, like a busy channel (the demo traffic runs underneath). */
function emitBurst(lines = 12): void {
	burst++;
	for (let i = 0; i < lines; i++) sim.sim.emit(chatEnvelope(`b${burst}-${i}`, `burst ${burst} line ${i} ${'text '.repeat(i % 7)}`, { username: `viewer${i % 9}` }));
	sim.sim.emit(alertEnvelope('alpha-follower', { value: `fan${burst}` }, { displayname: `Fan${burst}` }));
	sim.sim.emit(alertEnvelope('alpha-bits', { value: 100 + burst }, { displayname: `Cheerer${burst}`, amount: 100 + burst }));
}

async function open(name: string, route: string, params: Record<string, string | number>, viewport = WIDGET_VIEWPORT): Promise<Opened> {
	const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
	const page = await context.newPage();
	const { errors } = watchPage(page);
	await page.goto(appUrl(site.url, route, { token: TOKEN, host: '127.0.0.1', port, ...params }));
	const entry = { name, page, errors };
	opened.push(entry);
	return entry;
}

const dashboard = () => opened.find((o) => o.name === 'dashboard')!.page;
const widget = (route: string) => opened.find((o) => o.name === route)!.page;

async function allOpen(timeout = 15_000): Promise<void> {
	await Promise.all(opened.map((o) => waitForStatus(o.page, 'open', timeout)));
}

/** Presses the dashboard's "Set" for the soak counter with a value no other press uses. */
async function pressSet(value: number): Promise<void> {
	const card = dashboard().getByRole('article', { name: COUNTER });
	await card.getByLabel('Exact value').fill(String(value));
	await card.getByRole('button', { name: 'Set' }).click({ timeout: 15_000 });
}

beforeAll(async () => {
	sim = await startSim(0);
	port = sim.port;
	site = await serveBuild();
	browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
	await browser?.close();
	await site?.close();
	await sim?.close();
});

describe('soak and chaos', () => {
	it('every widget and the dashboard ride out 20 restarts, a switched-off interface and a killed simulator', { timeout: 240_000 }, async () => {
		for (const w of WIDGET_PAGES) await open(w.route, w.route, w.route === '/widget/counter' ? { ...w.params, name: COUNTER, interval: 500 } : w.params);
		await open('dashboard', '/counters', {}, PHONE);
		await allOpen(30_000);

		// The dashboard watches the soak counter, with its exact-value form open.
		const board = dashboard();
		await board.getByLabel('Counter name').fill(COUNTER);
		await board.getByRole('button', { name: 'Watch' }).click();
		await board.getByRole('article', { name: COUNTER }).getByText('Step and exact value').click();

		// Warm-up: enough traffic to fill every bounded list (the dashboard's feed keeps 200 events).
		for (let i = 0; i < 25; i++) {
			emitBurst();
			await new Promise((r) => setTimeout(r, 100));
		}
		await pressSet(1);
		await waitForText(widget('/widget/counter'), /^1$/);
		await waitForText(widget('/widget/chat'), /burst 25 line 11/);
		const warmHeap = new Map<string, number>();
		for (const o of opened) warmHeap.set(o.name, await heapAfterGc(o.page));

		// 20 restarts (1012): pages come back by themselves; presses now and then, some of them in flight as the socket drops.
		for (let i = 1; i <= RESTARTS; i++) {
			emitBurst();
			if (i % 3 === 0) await pressSet(100 + i);
			sim.sim.restart();
			if (i % 5 === 0) await pressSet(200 + i);
			await allOpen();
			collectCommands();
		}

		// Switched off (1000): the dashboard stops and offers Retry; widgets try again by themselves after a delay.
		sim.sim.stopApi();
		await Promise.all(opened.map((o) => waitForStatus(o.page, 'stopped')));
		await board.getByRole('banner').getByText('Interface turned off').waitFor();
		sim.sim.startApi();
		emitBurst();
		await Promise.all(opened.filter((o) => o.name !== 'dashboard').map((o) => waitForStatus(o.page, 'open', 20_000)));
		expect(await statusOf(board)).toBe('stopped');
		await board.getByRole('button', { name: 'Retry' }).click();
		await waitForStatus(board, 'open');
		await pressSet(300);
		collectCommands();

		// Killed outright: the process is gone, then a new one listens on the same port with the same token.
		await sim.close();
		await Promise.all(opened.map((o) => expect.poll(() => statusOf(o.page), { timeout: 10_000 }).not.toBe('open')));
		await new Promise((r) => setTimeout(r, 1000));
		sim = await startSim(port);
		seenSeq = 0;
		await allOpen(30_000);

		// Current data everywhere: values set and events sent after the last restart.
		emitBurst();
		await pressSet(4242);
		await waitForText(widget('/widget/counter'), /^4,?242$/);
		await expect.poll(() => board.getByLabel(`${COUNTER} value`).textContent(), { timeout: 10_000 }).toMatch(/^4,?242$/);
		sim.sim.emit(chatEnvelope('after-storm', 'calm after the storm', { username: 'last_viewer' }));
		await waitForText(widget('/widget/chat'), /last_viewer: calm after the storm$/);
		sim.sim.emit(alertEnvelope('alpha-follower', { value: 'LastFan' }, { displayname: 'LastFan' }));
		await waitForText(widget('/widget/events'), /^LastFan followed/);
		await sendRest('song-request', { action: 'clear' });
		await sendRest('song-request', { action: 'add', value: 'Chaos Band - Storm Over Static', username: 'soaker' });
		await sendRest('song-request', { action: 'skip' });
		await waitForText(widget('/widget/now-playing'), /^Storm Over Static Chaos Band/);
		await waitForText(widget('/widget/song-queue'), /^Storm Over Static Chaos Band/);
		collectCommands();

		// Nothing threw, memory is back on its plateau, and no press reached the application twice.
		expect(Object.fromEntries(opened.map((o) => [o.name, o.errors]))).toEqual(Object.fromEntries(opened.map((o) => [o.name, []])));
		const growth: Record<string, number> = {};
		for (const o of opened) growth[o.name] = Number(((await heapAfterGc(o.page)) / warmHeap.get(o.name)!).toFixed(2));
		for (const [name, ratio] of Object.entries(growth)) expect({ name, ratio, under: ratio < HEAP_GROWTH_LIMIT }).toEqual({ name, ratio, under: true });
		const presses = commands.filter((r) => r.type === 'set-counter-value' && (r.params as { name?: string }).name === COUNTER);
		const timesEach = new Map<unknown, number>();
		for (const r of presses) timesEach.set((r.params as { value: unknown }).value, (timesEach.get((r.params as { value: unknown }).value) ?? 0) + 1);
		expect([...timesEach].filter(([, times]) => times > 1)).toEqual([]);
		expect(timesEach.get(4242)).toBe(1);
		expect(timesEach.size).toBeGreaterThanOrEqual(5);
	});
});

async function sendRest(type: string, params: Record<string, unknown>): Promise<void> {
	const res = await fetch(`${sim.url}/api/send?token=${encodeURIComponent(TOKEN)}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ type, params })
	});
	if (!res.ok) throw new Error(`${type} answered ${res.status}`);
}
