/**
 * Soak and chaos, short form: every widget and three dashboard pages (the deck, chat, counters) open
 * together in one Chromium while the simulator, a process of its own, streams events (its demo traffic
 * plus bursts of our own) and is restarted 20 times (1012), switched off and on (1000), and killed
 * outright (SIGKILL, then a new process on the same port and token).
 * Afterwards every page shows current data and still sends, no page threw, each page's JS heap after
 * a forced GC is under 1.5× what it was after warm-up, and no command reached the application twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CATALOG, isSendType } from '../../../src/lib/protocol/catalog';
import type { LoggedRequest } from '../../../src/lib/sim/types';
import { appUrl, launchBrowser, serveBuild, watchPage } from '../harness';
import { PHONE, TOKEN } from '../stack';
import { alertEnvelope, chatEnvelope, waitForText } from '../widgets/helpers';
import { heapAfterGc, statusOf, waitForStatus, WIDGET_PAGES, WIDGET_VIEWPORT } from './pages';
import { startSimProcess, type SimProcess } from './sim-process';

/** Heap after the storm over heap after warm-up, per page: generous, since GC timing and JIT caches vary. */
const HEAP_GROWTH_LIMIT = 1.5;
const RESTARTS = 20;
const COUNTER = 'soak';

interface Opened {
	name: string;
	dashboard: boolean;
	page: Page;
	errors: string[];
}

let sim: SimProcess;
let port: number;
let site: Awaited<ReturnType<typeof serveBuild>>;
let browser: Browser;
const opened: Opened[] = [];
/** Every command (reads left out) any simulator process received, gathered before each one goes away. */
const commands: LoggedRequest[] = [];
let seenSeq = 0;

const startSim = (atPort: number) => startSimProcess({ port: atPort, token: TOKEN, pingMs: 5000 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function collectCommands(): Promise<void> {
	const fresh = await sim.requestsSince(seenSeq);
	if (fresh.length) seenSeq = fresh.at(-1)!.seq;
	commands.push(...fresh.filter((r) => isSendType(r.type) && !CATALOG[r.type].readOnly));
}

let burst = 0;
/** A burst of chat lines and alerts, like a busy channel (the demo traffic runs underneath). */
async function emitBurst(lines = 12): Promise<void> {
	burst++;
	for (let i = 0; i < lines; i++)
		await sim.emit(
			chatEnvelope(`b${burst}-${i}`, `burst ${burst} line ${i} ${'text '.repeat(i % 7)}`, {
				username: `viewer${i % 9}`
			})
		);
	await sim.emit(
		alertEnvelope('alpha-follower', { value: `fan${burst}` }, { displayname: `Fan${burst}` })
	);
	await sim.emit(
		alertEnvelope(
			'alpha-bits',
			{ value: 100 + burst },
			{ displayname: `Cheerer${burst}`, amount: 100 + burst }
		)
	);
}

async function open(
	name: string,
	route: string,
	params: Record<string, string | number>,
	viewport = WIDGET_VIEWPORT
): Promise<Opened> {
	const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
	const page = await context.newPage();
	const { errors } = watchPage(page);
	await page.goto(appUrl(site.url, route, { token: TOKEN, host: '127.0.0.1', port, ...params }));
	const entry = { name, dashboard: !route.startsWith('/widget/'), page, errors };
	opened.push(entry);
	return entry;
}

const pageNamed = (name: string) => opened.find((o) => o.name === name)!.page;
const counters = () => pageNamed('dashboard /counters');

async function allOpen(timeout = 15_000): Promise<void> {
	await Promise.all(opened.map((o) => waitForStatus(o.page, 'open', timeout)));
}

/** Presses the counters page's "Set" for the soak counter with a value no other press uses. */
async function pressSet(value: number): Promise<void> {
	const card = counters().getByRole('article', { name: COUNTER });
	await card.getByLabel('Exact value').fill(String(value));
	await card.getByRole('button', { name: 'Set' }).click({ timeout: 15_000 });
	// Until the application has it: a kill right after a click would race the request in flight.
	await expect
		.poll(async () => {
			await collectCommands();
			return commands.some(
				(r) => r.type === 'set-counter-value' && (r.params as { value?: unknown }).value === value
			);
		})
		.toBe(true);
}

/** A deck button, pressed once, until its receipt shows. */
async function pressDeck(name: string): Promise<void> {
	const deck = pageNamed('dashboard /');
	await deck.getByRole('button', { name, exact: true }).click({ timeout: 15_000 });
	await deck.getByText('Done').first().waitFor({ timeout: 15_000 });
}

/** A viewer writes in chat; the chat page opens the line and makes them VIP (one command). */
async function makeVip(username: string): Promise<void> {
	const chat = pageNamed('dashboard /chat');
	const text = `please make ${username} a VIP`;
	await sim.emit(chatEnvelope(`vip-${username}`, text, { username }));
	await chat
		.getByRole('list', { name: /newest first/ })
		.getByRole('button', { name: new RegExp(text) })
		.click({ timeout: 15_000 });
	const sheet = chat.getByRole('dialog', { name: username });
	await sheet.getByRole('button', { name: 'Add VIP', exact: true }).click({ timeout: 15_000 });
	await sheet.getByRole('button', { name: 'Close', exact: true }).click();
	await sheet.waitFor({ state: 'hidden' });
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
	await sim?.stop();
});

describe('soak and chaos', () => {
	it(
		'every widget and three dashboard pages ride out 20 restarts, a switched-off interface and a killed simulator',
		{ timeout: 240_000 },
		async () => {
			for (const w of WIDGET_PAGES)
				await open(
					w.route,
					w.route,
					w.route === '/widget/counter' ? { ...w.params, name: COUNTER, interval: 500 } : w.params
				);
			for (const route of ['/', '/chat', '/counters'])
				await open(`dashboard ${route}`, route, {}, PHONE);
			await allOpen(30_000);

			// The counters page watches the soak counter, with its exact-value form open.
			const board = counters();
			await board.getByLabel('Counter name').fill(COUNTER);
			await board.getByRole('button', { name: 'Watch' }).click();
			await board.getByRole('article', { name: COUNTER }).getByText('Step and exact value').click();

			// Warm-up: enough traffic to fill every bounded list (the dashboard's feed keeps 200 events).
			for (let i = 0; i < 25; i++) {
				await emitBurst();
				await sleep(100);
			}
			await pressSet(1);
			await pressDeck('discord');
			await makeVip('vip_before');
			await waitForText(pageNamed('/widget/counter'), /^1$/);
			await waitForText(pageNamed('/widget/chat'), /please make vip_before a VIP/);
			const warmHeap = new Map<string, number>();
			for (const o of opened) warmHeap.set(o.name, await heapAfterGc(o.page));

			// 20 restarts (1012): pages come back by themselves; presses now and then, some of them in flight as the socket drops.
			for (let i = 1; i <= RESTARTS; i++) {
				await emitBurst();
				if (i % 3 === 0) await pressSet(100 + i);
				await sim.control('restart');
				if (i % 5 === 0) await pressSet(200 + i);
				await allOpen();
				await collectCommands();
			}

			// Switched off (1000): dashboard pages say so and offer Retry now (they also try again by themselves,
			// slowly); widgets try again by themselves after a delay.
			await sim.control('stop');
			await Promise.all(opened.map((o) => waitForStatus(o.page, 'stopped')));
			await board.getByRole('banner').getByText('Interface turned off').waitFor();
			await sim.control('start');
			await emitBurst();
			await Promise.all(
				opened.filter((o) => !o.dashboard).map((o) => waitForStatus(o.page, 'open', 20_000))
			);
			for (const o of opened.filter((o) => o.dashboard)) {
				// Retry now while it says stopped; its own slow retry (every 6–10 s) may bring it back first, and
				// may take the button away between the look and the click.
				await expect
					.poll(
						async () => {
							if ((await statusOf(o.page)) === 'stopped')
								await o.page
									.getByRole('button', { name: 'Retry now' })
									.click({ timeout: 2000 })
									.catch(() => undefined);
							return statusOf(o.page);
						},
						{ timeout: 30_000, interval: 500 }
					)
					.toBe('open');
			}
			await pressSet(300);
			await collectCommands();

			// Killed outright: SIGKILL, no close frame; then a new process listens on the same port with the same token.
			await sim.kill();
			await Promise.all(
				opened.map((o) => expect.poll(() => statusOf(o.page), { timeout: 10_000 }).not.toBe('open'))
			);
			await sleep(1000);
			sim = await startSim(port);
			seenSeq = 0;
			await allOpen(30_000);

			// Current data everywhere, and every dashboard page still sends: values set and events sent after the kill.
			await emitBurst();
			await pressSet(4242);
			await waitForText(pageNamed('/widget/counter'), /^4,?242$/);
			await expect
				.poll(() => board.getByLabel(`${COUNTER} value`).textContent(), { timeout: 10_000 })
				.toMatch(/^4,?242$/);
			await pressDeck('lurk');
			await makeVip('vip_after');
			await sim.emit(
				chatEnvelope('after-storm', 'calm after the storm', { username: 'last_viewer' })
			);
			await waitForText(pageNamed('/widget/chat'), /last_viewer: calm after the storm/);
			await sim.emit(
				alertEnvelope('alpha-follower', { value: 'LastFan' }, { displayname: 'LastFan' })
			);
			await waitForText(pageNamed('/widget/events'), /LastFan followed/);
			await sendRest('song-request', { action: 'clear' });
			await sendRest('song-request', {
				action: 'add',
				value: 'Chaos Band - Storm Over Static',
				username: 'soaker'
			});
			await sendRest('song-request', { action: 'skip' });
			await waitForText(pageNamed('/widget/now-playing'), /^Storm Over Static Chaos Band/);
			await waitForText(pageNamed('/widget/song-queue'), /^Storm Over Static Chaos Band/);
			await collectCommands();

			// Nothing threw, memory is back on its plateau.
			expect(Object.fromEntries(opened.map((o) => [o.name, o.errors]))).toEqual(
				Object.fromEntries(opened.map((o) => [o.name, []]))
			);
			const growth: Record<string, number> = {};
			for (const o of opened)
				growth[o.name] = Number(((await heapAfterGc(o.page)) / warmHeap.get(o.name)!).toFixed(2));
			for (const [name, ratio] of Object.entries(growth))
				expect({ name, ratio, under: ratio < HEAP_GROWTH_LIMIT }).toEqual({
					name,
					ratio,
					under: true
				});

			// No command reached the application twice: every one the test sent (pages and REST) has its own type and params.
			const timesEach = new Map<string, number>();
			for (const r of commands)
				timesEach.set(
					commandKey(r.type!, r.params),
					(timesEach.get(commandKey(r.type!, r.params)) ?? 0) + 1
				);
			expect([...timesEach].filter(([, times]) => times > 1)).toEqual([]);
			for (const [type, params] of [
				['set-counter-value', { name: COUNTER, value: 1 }],
				['set-counter-value', { name: COUNTER, value: 300 }],
				['set-counter-value', { name: COUNTER, value: 4242 }],
				['chat-command', { value: 'discord' }],
				['chat-command', { value: 'lurk' }],
				['add-vip', { value: 'vip_before', platform: 'alpha' }],
				['add-vip', { value: 'vip_after', platform: 'alpha' }],
				[
					'song-request',
					{ action: 'add', value: 'Chaos Band - Storm Over Static', username: 'soaker' }
				]
			] as const)
				expect({ type, params, times: timesEach.get(commandKey(type, params)) }).toEqual({
					type,
					params,
					times: 1
				});
			const presses = commands.filter(
				(r) => r.type === 'set-counter-value' && (r.params as { name?: string }).name === COUNTER
			);
			expect(presses.length).toBeGreaterThanOrEqual(5);
		}
	);
});

/** A command's identity: its type and params, keys sorted, so the same command always reads the same. */
function commandKey(type: string, params: unknown): string {
	const sorted = (value: unknown): unknown =>
		value && typeof value === 'object' && !Array.isArray(value)
			? Object.fromEntries(
					Object.entries(value)
						.sort(([a], [b]) => a.localeCompare(b))
						.map(([k, v]) => [k, sorted(v)])
				)
			: value;
	return `${type} ${JSON.stringify(sorted(params ?? {}))}`;
}

async function sendRest(type: string, params: Record<string, unknown>): Promise<void> {
	const res = await fetch(`${sim.url}/api/send?token=${encodeURIComponent(TOKEN)}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ type, params })
	});
	if (!res.ok) throw new Error(`${type} answered ${res.status}`);
}
