/**
 * The run-time connection lock against real pages: the dashboard's connect page switches address by
 * loading the page again (a narrowed policy cannot be widened), testing another address says so
 * instead of failing, demo mode needs no reload, and pages served by the companion carry its header
 * policy (`connect-src 'self'`) and still work.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startCompanion, type Companion } from '../../../src/server/companion';
import { startSimServer, type SimServer } from '../../../src/server/sim-server';
import { SETTINGS_STORAGE_KEY } from '../../../src/lib/client/remembered-settings';
import { appUrl, BUILD_DIR, launchBrowser, serveBuild } from '../harness';
import { TOKEN } from '../stack';
import { chatEnvelope, waitForText } from '../widgets/helpers';
import { waitForStatus, WIDGET_VIEWPORT } from './pages';
import { openRecorded, policies, tryElsewhere } from './traffic';

let first: SimServer;
let second: SimServer;
let site: Awaited<ReturnType<typeof serveBuild>>;
let browser: Browser;

const lockFor = (sim: SimServer) =>
	`connect-src http://127.0.0.1:${sim.port} ws://127.0.0.1:${sim.port}`;
const connections = (sim: SimServer) =>
	sim.sim.requestLog.filter((r) => r.transport === 'ws' && r.status === 101).length;

/** Marks the page's JS world: the mark survives navigation inside the app, not a reload. */
const markPage = (page: Page) =>
	page.evaluate(() => ((window as { __samePage?: boolean }).__samePage = true));
const samePage = (page: Page) =>
	page.evaluate(() => (window as { __samePage?: boolean }).__samePage === true);

async function connectTo(page: Page, port: number): Promise<void> {
	const form = page.locator('form').first();
	await form.getByLabel('Token').fill(TOKEN);
	await form.getByLabel('Host').fill('127.0.0.1');
	await form.getByLabel('Port').fill(String(port));
	await form.getByRole('button', { name: 'Connect', exact: true }).click();
}

beforeAll(async () => {
	first = await startSimServer({ port: 0, token: TOKEN });
	second = await startSimServer({ port: 0, token: TOKEN });
	site = await serveBuild();
	browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
	await browser?.close();
	await site?.close();
	await first?.close();
	await second?.close();
});

describe('switching address under a locked policy', () => {
	it(
		'the connect page loads the page again for another address, keeps the token out of the address bar, and needs no reload for the same one or the demo',
		{ timeout: 150_000 },
		async () => {
			const t = await openRecorded(
				browser,
				appUrl(site.url, '/connect', { token: TOKEN, host: '127.0.0.1', port: first.port })
			);
			const { page } = t;
			page.setDefaultTimeout(15_000);
			await waitForStatus(page, 'open');
			expect((await policies(page)).lock).toBe(lockFor(first));
			await markPage(page);

			// Testing another address cannot work from here: the page says so and asks nothing of it.
			const form = page.locator('form').first();
			await form.getByLabel('Host').fill('127.0.0.1');
			await form.getByLabel('Port').fill(String(second.port));
			await page.getByRole('button', { name: 'Test' }).click();
			await page.getByText('This page can only reach the address it is connected to').waitFor();
			expect(second.sim.requestLog).toEqual([]);
			expect(t.consoleLines.filter((l) => /Content Security Policy/.test(l))).toEqual([]);

			// Connecting there loads the page again, remembered on the device rather than in the URL.
			await connectTo(page, second.port);
			await expect.poll(() => connections(second), { timeout: 40_000 }).toBeGreaterThan(0);
			await waitForStatus(page, 'open');
			expect(await samePage(page)).toBe(false);
			expect((await policies(page)).lock).toBe(lockFor(second));
			expect(page.url()).not.toContain(TOKEN);
			expect(page.url()).toContain('#/connect');

			// The same address again, or the demo: no reload needed.
			await markPage(page);
			await connectTo(page, second.port);
			await waitForStatus(page, 'open');
			await page.getByRole('button', { name: 'Try the demo' }).click();
			await page.getByText('demo', { exact: false }).first().waitFor();
			await waitForStatus(page, 'open');
			expect(await samePage(page)).toBe(true);
			expect((await policies(page)).lock).toBe(lockFor(second));

			// And back to the first address: another reload.
			const before = connections(first);
			await connectTo(page, first.port);
			// A reload is a cold start: on a loaded machine it takes longer than 15 s.
			await expect.poll(() => connections(first), { timeout: 40_000 }).toBeGreaterThan(before);
			await waitForStatus(page, 'open');
			expect(await samePage(page)).toBe(false);
			expect((await policies(page)).lock).toBe(lockFor(first));
			expect(t.consoleLines.filter((l) => l.includes(TOKEN))).toEqual([]);
			expect(t.errors).toEqual([]);
			await page.context().close();
		}
	);
});

describe('pages served by the companion', () => {
	let companion: Companion;
	let dir: string;
	beforeAll(async () => {
		dir = mkdtempSync(join(tmpdir(), 'policy-e2e-'));
		companion = await startCompanion({
			port: 0,
			host: '127.0.0.1',
			api: first.url,
			buildDir: BUILD_DIR,
			sharesFile: join(dir, 'links.json'),
			log: () => {}
		});
	});
	afterAll(async () => {
		await companion?.close();
		if (dir) rmSync(dir, { recursive: true, force: true });
	});

	it("send the build's policy as a header with connections to the server itself only", async () => {
		const res = await fetch(`${companion.url}/`);
		const header = res.headers.get('content-security-policy') ?? '';
		const meta =
			/<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(await res.text())?.[1] ??
			'';
		expect(header).toContain("connect-src 'self'");
		expect(header.match(/connect-src/g)).toHaveLength(1);
		const scriptSrc = (policy: string) =>
			policy
				.split(';')
				.map((d) => d.trim())
				.find((d) => d.startsWith('script-src'));
		expect(scriptSrc(header)).toBe(scriptSrc(meta));
		expect(scriptSrc(header)).toMatch(/'sha256-/);
	});

	it(
		'the dashboard and a widget work through it, reach nothing else, and refuse another host by name',
		{ timeout: 60_000 },
		async () => {
			const origin = companion.url;
			const dashboard = await openRecorded(browser, `${origin}/#/?token=${TOKEN}`);
			await waitForStatus(dashboard.page, 'open');
			expect((await policies(dashboard.page)).lock).toBe(
				`connect-src ${origin} ${origin.replace(/^http/, 'ws')}`
			);
			expect(dashboard.requests.filter((r) => new URL(r.url).origin !== origin)).toEqual([]);
			expect(dashboard.sockets.every((s) => s.startsWith(origin.replace(/^http/, 'ws')))).toBe(
				true
			);
			expect((await tryElsewhere(dashboard.page, first.url)).fetched).toBe(false);

			const chat = await openRecorded(
				browser,
				`${origin}/#/widget/chat?token=${TOKEN}&debug=1`,
				WIDGET_VIEWPORT
			);
			await waitForStatus(chat.page, 'open');
			first.sim.emit(
				chatEnvelope('through-companion', 'hello through the companion', { username: 'proxied' })
			);
			await waitForText(chat.page, /proxied: hello through the companion/);

			// Another address from a companion page could never connect (its header forbids it): refused up front, by field.
			const asked = second.sim.requestLog.length;
			await dashboard.page.goto(`${origin}/#/connect?token=${TOKEN}`);
			await connectTo(dashboard.page, second.port);
			await dashboard.page.getByText('Host must be this server (127.0.0.1)').waitFor();
			expect(second.sim.requestLog.length).toBe(asked);
			// Settings remembered for another address are not used here either: the page waits for a token instead.
			const remembered = await browser.newContext();
			await remembered.addInitScript(([key, value]) => localStorage.setItem(key, value), [
				SETTINGS_STORAGE_KEY,
				JSON.stringify({
					token: TOKEN,
					host: '127.0.0.1',
					port: second.port,
					secure: false,
					demo: false
				})
			] as const);
			const fresh = await remembered.newPage();
			const lines: string[] = [];
			fresh.on('console', (m) => lines.push(m.text()));
			await fresh.goto(`${origin}/#/`);
			await fresh.getByRole('heading', { name: 'Not connected' }).waitFor();
			expect(second.sim.requestLog.length).toBe(asked);
			expect(lines.filter((l) => l.includes(TOKEN))).toEqual([]);
			await remembered.close();

			for (const t of [dashboard, chat]) {
				expect(t.errors).toEqual([]);
				expect(t.consoleLines.filter((l) => l.includes(TOKEN))).toEqual([]);
				await t.page.context().close();
			}
		}
	);
});
