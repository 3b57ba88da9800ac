/**
 * Lazy chunks that do not come (the server gone before the service worker controls the page, here a
 * stylesheet of the chunk refused once, which is how Vite's preload then fails): the header's "Screen
 * stays on" switch, a share link's banner and the rail's language picker throw nothing out of the page,
 * the page stays usable, and each chunk's script is fetched again once the page connects again (its
 * stylesheet is not: Vite's preload keeps the one it asked for). Through the
 * companion in front of a simulator, one browser for the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, watchPage } from '../harness';
import { startCompanionStack, TOKEN, type CompanionStack } from '../stack';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

describe('lazy chunks that do not come', () => {
	let stack: CompanionStack;
	let browser: Browser;
	beforeAll(async () => {
		stack = await startCompanionStack('lazy-chunks-e2e', {
			companion: { realToken: TOKEN, lanAddresses: () => [] }
		});
		browser = await launchBrowser();
	}, 120_000);
	afterAll(async () => {
		await browser?.close();
		await stack?.close();
	});

	/** Opens `key`'s dashboard with the stylesheet `css` (a chunk's) refused the first time. */
	async function open(
		key: string,
		css: string,
		viewport: { width: number; height: number }
	): Promise<{ page: Page; errors: string[]; refused: () => number }> {
		const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
		const page = await context.newPage();
		page.setDefaultTimeout(20_000);
		const { errors } = watchPage(page);
		let refused = 0;
		await page.route(`**/_app/immutable/assets/${css}.*.css`, async (route) => {
			if (refused++ > 0) return route.continue();
			// Refused once the page is connected: a chunk missed before the first connection is fetched
			// again at it (the layout's retry), so on a busy machine the order would decide what shows.
			await page.locator('[data-status="open"]').waitFor();
			return route.abort('connectionrefused');
		});
		await page.goto(`${stack.companion.url}/#/?token=${key}`);
		return { page, errors, refused: () => refused };
	}

	/** Still usable: the theme switches. */
	async function toggleTheme(page: Page): Promise<void> {
		const theme = await page.locator('.dash').getAttribute('data-theme');
		await page.locator('header .theme').click();
		await expect.poll(() => page.locator('.dash').getAttribute('data-theme')).not.toBe(theme);
	}

	/** The application goes and comes back: the page connects again. */
	async function reconnect(page: Page): Promise<void> {
		stack.sim.sim.stopApi();
		try {
			await page.locator('[data-status="open"]').waitFor({ state: 'detached' });
		} finally {
			stack.sim.sim.startApi();
		}
		await page.locator('[data-status="open"]').waitFor();
	}

	it('the "Screen stays on" switch: none while its chunk is missing, there once connected again', async () => {
		const { page, errors, refused } = await open(TOKEN, 'ScreenAwake', PHONE);
		await page.locator('[data-status="open"]').waitFor();
		// The first key on the page fetches the switch's chunk.
		await page.keyboard.press('Shift');
		await expect.poll(refused).toBe(1);
		expect(await page.locator('header .awake').count()).toBe(0);
		await toggleTheme(page);

		await reconnect(page);
		// Its script comes again (Vite keeps a stylesheet it once asked for: that is not fetched again).
		await page.locator('header button.awake').waitFor();
		expect(errors).toEqual([]);
		await page.context().close();
	}, 90_000);

	it("a share link's banner: what to do in its place, the banner once connected again", async () => {
		const res = await fetch(`${stack.companion.url}/__share/links`, {
			method: 'POST',
			headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
			body: JSON.stringify({ label: 'Mika', profile: 'moderation' })
		});
		expect(res.status).toBe(201);
		const { url } = (await res.json()) as { url: string };
		const key = new URLSearchParams(url.split('?')[1]).get('token')!;
		const { page, errors, refused } = await open(key, 'ShareBanner', PHONE);
		await page.locator('[data-status="open"]').waitFor();
		await expect.poll(refused).toBe(1);
		// In the banner's place, what to do, in words the first load has.
		await page.getByRole('alert').getByText('This page could not be loaded').waitFor();
		expect(await page.locator('.share-banner').count()).toBe(0);
		await toggleTheme(page);

		await reconnect(page);
		await page.locator('.share-banner').getByText('Mika').waitFor();
		expect(errors).toEqual([]);
		await page.context().close();
	}, 90_000);

	it("the rail's language picker: the rail works without it, it comes once connected again", async () => {
		const { page, errors, refused } = await open(TOKEN, 'LanguagePicker', DESKTOP);
		await page.locator('[data-status="open"]').waitFor();
		await expect.poll(refused).toBe(1);
		const rail = page.getByRole('navigation', { name: 'Pages' });
		expect(await rail.locator('.language').count()).toBe(0);
		await rail.getByRole('link', { name: 'Chat', exact: true }).click();
		await page.waitForURL(/#\/chat/);

		await reconnect(page);
		await rail.getByRole('combobox').waitFor();
		expect(errors).toEqual([]);
		await page.context().close();
	}, 90_000);
});
