/** The in-browser demo says it is one, all the time, and survives a reload of its tab. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../axe';
import { goToPage } from './page-helpers';
import { launchBrowser, serveBuild } from '../harness';
import { waitForStatus } from '../reliability/pages';

describe('the demo', () => {
	let site: Awaited<ReturnType<typeof serveBuild>>;
	let browser: Browser;
	let page: Page;
	const header = () => page.getByRole('banner');
	/** Whether each script the page fetched carries the simulator (a line of its demo chat). */
	const scripts: Promise<boolean>[] = [];
	const simulatorFetched = async () => (await Promise.all(scripts)).some(Boolean);

	beforeAll(async () => {
		site = await serveBuild();
		browser = await launchBrowser();
		const context = await browser.newContext({
			viewport: { width: 390, height: 844 },
			reducedMotion: 'reduce'
		});
		page = await context.newPage();
		page.setDefaultTimeout(30_000);
		page.on('response', (response) => {
			if (response.url().endsWith('.js'))
				scripts.push(
					response.text().then(
						(code) => code.includes('that was a clean run'),
						() => false
					)
				);
		});
		await page.goto(`${site.url}#/connect`);
	}, 120_000);
	afterAll(async () => {
		await browser?.close();
		await site?.close();
	});

	it(
		'started from the connect page, the header shows a "Demo" pill next to the connection state',
		{ timeout: 120_000 },
		async () => {
			expect(await header().getByText('Demo', { exact: true }).count()).toBe(0);
			// The simulator is a chunk of its own: a page that is not in demo mode never fetches it.
			await page.waitForLoadState('networkidle');
			expect(await simulatorFetched()).toBe(false);
			await page.getByRole('button', { name: 'Try the demo' }).click();
			await waitForStatus(page, 'open');
			expect(await simulatorFetched()).toBe(true);
			await header().getByText('Demo', { exact: true }).waitFor();
			await goToPage(page, 'Deck');
			await page.getByRole('button', { name: 'lurk', exact: true }).waitFor();
			await header().getByText('Demo', { exact: true }).waitFor();
			expect(await seriousViolations(page)).toEqual([]);
		}
	);

	it('a reload keeps the demo, and its pill', { timeout: 60_000 }, async () => {
		await page.reload();
		await waitForStatus(page, 'open');
		await header().getByText('Demo', { exact: true }).waitFor();
		await page.getByRole('button', { name: 'lurk', exact: true }).waitFor();
	});

	it(
		'a page that needs a connection offers the demo as a button, which opens the deck with demo data',
		{ timeout: 120_000 },
		async () => {
			// A fresh tab of the same browser: nothing remembered, so the deck opens unconnected.
			const fresh = await (
				await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' })
			).newPage();
			fresh.setDefaultTimeout(30_000);
			try {
				await fresh.goto(`${site.url}#/`);
				const card = fresh.getByRole('main');
				await card.getByRole('heading', { name: 'Not connected' }).waitFor();
				await card.getByText('Connect to the application first, or try the demo.').waitFor();
				await card.getByRole('button', { name: 'Try the demo' }).click();
				await waitForStatus(fresh, 'open');
				await fresh.getByRole('banner').getByText('Demo', { exact: true }).waitFor();
				// Still on the deck, now with the simulator's buttons on it.
				expect(new URL(fresh.url()).hash).toMatch(/^#\/(\?|$)/);
				await fresh.getByRole('button', { name: 'lurk', exact: true }).waitFor();
			} finally {
				await fresh.context().close();
			}
		}
	);

	it(
		'connecting for real ends the demo: no pill, and a reload does not bring the demo back',
		{ timeout: 60_000 },
		async () => {
			await goToPage(page, 'Connect');
			await page.getByRole('button', { name: 'Disconnect and forget' }).click();
			expect(await header().getByText('Demo', { exact: true }).count()).toBe(0);
			await page.reload();
			await page.getByRole('button', { name: 'Try the demo' }).waitFor();
			expect(await header().getByText('Demo', { exact: true }).count()).toBe(0);
			await header().getByText('Not connected').waitFor();
		}
	);
});
