/**
 * The Everything page makes the cells a first screen holds with the setup and the rest a slice at a
 * time in idle time (issue 27, the deck's first press). Once idle has passed every item has its
 * button; a search shows all its matches at once, the last section's among them, idle or not; and
 * scrolled to the middle before idle ever came, the cells there are made (no empty gap stays in
 * view). With idle held back (requestIdleCallback never calls back) only search and scrolling make
 * cells, so what they make is seen apart from idle's slices. Screenshot to test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startStack, type Stack } from '../stack';

const PHONE = { width: 390, height: 844 };
/** Idle never comes: requestIdleCallback takes the work and never runs it. */
const NO_IDLE = async (page: Page): Promise<void> => {
	await page.addInitScript(() => {
		window.requestIdleCallback = () => 0;
		window.cancelIdleCallback = () => {};
	});
};

const keys = (page: Page) =>
	page.$$eval('.cell[data-key]', (cells) => cells.map((c) => (c as HTMLElement).dataset.key!));

describe('Everything page made in slices', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	});
	afterAll(async () => stack?.close());

	async function open(prepare?: (page: Page) => Promise<void>) {
		const opened = await stack.open('/', {}, PHONE, { prepare });
		opened.page.setDefaultTimeout(15_000);
		await opened.page.getByRole('button', { name: 'lurk', exact: true }).waitFor();
		return opened;
	}

	it('has every button once idle has passed, and a search finds any of them at once', async () => {
		const { page, errors } = await open();
		await page.locator('.later').waitFor({ state: 'detached' });
		const all = await keys(page);
		expect(new Set(all).size).toBe(all.length);
		expect(all.length).toBeGreaterThan(40);
		expect(all).toContain('chat-command:lurk');
		expect(all.at(-1)).toBe('gamma-points:Spotlight');
		const titles = await page.locator('main section h2').allTextContents();
		await page.context().close();

		// Idle held back: each section's title as the search shows its whole section, so every
		// button is reachable by search before idle comes.
		const held = await open(NO_IDLE);
		expect(await held.page.locator('.cell').count()).toBeLessThan(all.length);
		const found = new Set<string>();
		for (const title of titles) {
			await held.page.getByRole('searchbox').fill(title);
			await held.page.locator('main section h2', { hasText: title }).first().waitFor();
			(await keys(held.page)).forEach((k) => found.add(k));
		}
		expect([...found].sort()).toEqual([...all].sort());
		await held.page.getByRole('searchbox').fill('Spotlight');
		await held.page.getByRole('button', { name: 'Spotlight', exact: true }).waitFor();
		// The search cleared, the page is back to the cells made so far, and the rest still to come.
		await held.page.getByRole('searchbox').fill('');
		await held.page.locator('.later').waitFor();
		expect(errors).toEqual([]);
		expect(held.errors).toEqual([]);
		await held.page.context().close();
	});

	it('scrolled to the middle before idle, the cells there are made: no empty gap in view', async () => {
		const { page, errors } = await open(NO_IDLE);
		await page.locator('.later').waitFor();
		await page.evaluate(() =>
			scrollTo(0, (document.documentElement.scrollHeight - innerHeight) / 2)
		);
		// In view, from top to bottom: cells, never the stand-in for those not made yet.
		const gap = () =>
			page.evaluate(() => {
				const later = document.querySelector('.later')?.getBoundingClientRect();
				const cells = [...document.querySelectorAll('.cell')].filter((c) => {
					const r = c.getBoundingClientRect();
					return r.bottom > 0 && r.top < innerHeight;
				});
				return { later: Boolean(later && later.top < innerHeight), cells: cells.length > 0 };
			});
		await expect.poll(gap, { timeout: 10_000 }).toEqual({ later: false, cells: true });
		expect(await page.evaluate(() => scrollY)).toBeGreaterThan(PHONE.height);
		await page.screenshot({ path: 'test-results/deck-everything-middle-390x844.png' });
		expect(errors).toEqual([]);
		await page.context().close();
	});
});
