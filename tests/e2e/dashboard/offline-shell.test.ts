/**
 * The app shell over https: with a throwaway certificate made here, the companion serves https, the
 * dashboard registers its service worker, and a reload while the companion is down still opens the
 * dashboard, which says the application is unreachable. Over plain http no service worker is registered,
 * and a lazy chunk that cannot come during an outage throws nothing: the outage banner's leaves the
 * outage said, the deck sync's is fetched again once the page connects again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startCompanion, type Companion } from '../../../src/server/companion';
import { startSimServer, type SimServer } from '../../../src/server/sim-server';
import { hasOpenssl, makeCertificate } from '../../server/helpers';
import { BUILD_DIR, launchBrowser, watchPage } from '../harness';
import { TOKEN } from '../stack';

const PHONE = { width: 390, height: 844 };

describe.skipIf(!hasOpenssl)('the app shell kept on the phone', () => {
	let browser: Browser;
	let sim: SimServer;
	let dir: string;
	const companions: Companion[] = [];
	beforeAll(async () => {
		dir = mkdtempSync(join(tmpdir(), 'shell-e2e-'));
		sim = await startSimServer({ port: 0, host: '127.0.0.1', token: TOKEN });
		// The certificate is self-signed: the browser is told to accept it, as a phone that trusts it would.
		browser = await launchBrowser(['--ignore-certificate-errors']);
	}, 120_000);
	afterAll(async () => {
		await browser?.close();
		for (const c of companions) await c.close().catch(() => {});
		await sim?.close();
		if (dir) rmSync(dir, { recursive: true, force: true });
	});

	async function companion(tls: boolean): Promise<Companion> {
		const made = tls ? makeCertificate(dir) : undefined;
		const started = await startCompanion({
			port: 0,
			host: '127.0.0.1',
			api: sim.url,
			buildDir: BUILD_DIR,
			sharesFile: join(dir, `links-${companions.length}.json`),
			lanAddresses: () => [],
			...(made ? { tls: { cert: made.cert, key: made.key } } : {}),
			log: () => {}
		});
		companions.push(started);
		return started;
	}

	/** Opens `url` on a phone; `before` sets the page up before it loads (a route). */
	async function open(
		url: string,
		{ locale, before }: { locale?: string; before?: (page: Page) => Promise<unknown> } = {}
	): Promise<{ page: Page; errors: string[] }> {
		const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce', locale });
		const page = await context.newPage();
		page.setDefaultTimeout(20_000);
		const { errors } = watchPage(page);
		await before?.(page);
		await page.goto(url);
		return { page, errors };
	}

	it('over https: registered, and a reload during an outage opens the dashboard, which says the application is unreachable', async () => {
		const server = await companion(true);
		expect(server.url).toMatch(/^https:/);
		const { page, errors } = await open(`${server.url}/#/?token=${TOKEN}`);
		await page.locator('[data-status="open"]').waitFor();
		// The worker is installed and its shell cached before the outage.
		const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
		expect(scope).toBe(`${server.url}/`);
		// `ready` can come before the worker claims this page (its activate step): until then the page's
		// own lazy parts (the outage banner's) would still be fetched from the server about to go.
		await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

		await server.close();
		await page.reload();
		await page.getByRole('link', { name: 'Stream control' }).waitFor();
		await page
			.getByText(/unreachable/i)
			.first()
			.waitFor();
		await page.screenshot({ path: 'test-results/offline-shell-390.png' });
		expect(errors).toEqual([]);
	}, 120_000);

	it('says the outage when the banner’s lazy chunk cannot come (the server gone before a worker controls the page)', async () => {
		const server = await companion(false);
		// What a closed server does to the chunk fetched at the first trouble: its CSS fails to load.
		let refused = 0;
		let synced: Promise<unknown> | undefined;
		const { page, errors } = await open(`${server.url}/#/?token=${TOKEN}`, {
			locale: 'de-DE',
			before: async (opened) => {
				synced = opened.waitForRequest((request) => request.url().includes('/__companion/deck'));
				await opened.route('**/ConnectionCause.*.css', (route) => {
					refused += 1;
					return route.abort('connectionrefused');
				});
			}
		});
		await page.locator('[data-status="open"]').waitFor();
		// Only the banner's chunk is missed here: the deck's sync and the German words came before the outage.
		await synced;
		await page.locator('html[lang="de"]').waitFor({ state: 'attached' });

		await server.close();
		// The status in the page's language, in the outage banner's place (the header's badge says it too).
		await page
			.locator('.connection-region')
			.getByText('Nicht erreichbar', { exact: true })
			.waitFor();
		expect(refused).toBeGreaterThan(0);
		await page.screenshot({ path: 'test-results/offline-shell-fallback-390.png' });
		expect(errors).toEqual([]);
	}, 120_000);

	it('fetches the shared deck’s sync again when the page connects again, had its chunk not come', async () => {
		const server = await companion(false);
		// The chunk with the deck's sync (the one that names its path) fails once, as if the server had gone.
		let missed = 0;
		const { page, errors } = await open(`${server.url}/#/?token=${TOKEN}`, {
			before: (opened) =>
				opened.route('**/_app/immutable/chunks/*.js', async (route) => {
					const response = await route.fetch();
					const body = await response.text();
					if (missed > 0 || !body.includes('/__companion/deck'))
						return route.fulfill({ response, body });
					missed += 1;
					return route.abort('connectionrefused');
				})
		});
		await page.locator('[data-status="open"]').waitFor();
		await expect.poll(() => missed).toBe(1);

		const synced = page.waitForRequest((request) => request.url().includes('/__companion/deck'));
		sim.sim.stopApi();
		try {
			await page.locator('[data-status="open"]').waitFor({ state: 'detached' });
		} finally {
			sim.sim.startApi();
		}
		await page.locator('[data-status="open"]').waitFor();
		await synced;
		expect(errors).toEqual([]);
	}, 120_000);

	it('over plain http: no service worker, and the page works', async () => {
		const server = await companion(false);
		const { page, errors } = await open(
			`${server.url.replace('127.0.0.1', 'localhost')}/#/?token=${TOKEN}`
		);
		await page.locator('[data-status="open"]').waitFor();
		// localhost is a secure context, yet plain http: still none.
		expect(
			await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))
		).toBe(0);
		expect(errors).toEqual([]);
	}, 120_000);
});
