/**
 * The shared deck's refusal in the dashboard's language (issue 30): a phone in German adds a page
 * offline while the PC fills the shared deck to its page limit; back online, the companion refuses the
 * merge as data (kind and values) and the deck's line says it in German, whole at 390×844.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { GRID_LIMITS } from '../../../src/lib/app/deck/layout';
import { launchBrowser, watchPage } from '../harness';
import { startCompanionStack, TOKEN, type CompanionStack } from '../stack';
import { fold, PHONE, shownWhole } from './language-helpers';

describe('the shared deck’s refusal in German', () => {
	let stack: CompanionStack;
	let browser: Browser;

	beforeAll(async () => {
		stack = await startCompanionStack('language-deck-sync', { companion: { realToken: TOKEN } });
		browser = await launchBrowser();
	}, 120_000);
	afterAll(async () => {
		await browser?.close();
		await stack?.close();
	});

	/** The PC's push: `count` new pages named from `from` on top of the shared deck at `base`. */
	async function pcPush(base: number, from: number, count: number) {
		const pages = Array.from({ length: count }, (_, i) => ({
			id: `pc${from + i}`,
			name: `PC ${from + i}`,
			columns: 3,
			rows: 4,
			buttons: []
		}));
		const at = Date.now();
		const res = await fetch(`${stack.companion.url}/__companion/deck`, {
			method: 'PUT',
			headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
			body: JSON.stringify({
				base,
				by: 'PC',
				doc: { version: 2, pages },
				pages: Object.fromEntries(pages.map((p) => [p.id, { base: null, dirty: true, at }])),
				removed: {}
			})
		});
		expect(res.status).toBe(200);
		return ((await res.json()) as { rev: number }).rev;
	}

	it(
		'a merge past the page limit is said in German on the deck',
		{ timeout: 180_000 },
		async () => {
			const max = GRID_LIMITS.pages;
			const rev = await pcPush(0, 0, max - 1);
			const context = await browser.newContext({
				viewport: PHONE,
				locale: 'de-DE',
				reducedMotion: 'reduce'
			});
			const page = await context.newPage();
			page.setDefaultTimeout(20_000);
			const { errors } = watchPage(page);
			await page.goto(`${stack.companion.url}/#/?token=${TOKEN}`);
			await page.locator('[data-status="open"]').waitFor();
			const tabs = page.getByRole('group', { name: 'Deck-Seiten' }).getByRole('button');
			await expect.poll(() => tabs.count()).toBe(max);

			// Offline, the phone adds a page of its own (the deck holds it: max pages).
			await page.getByRole('button', { name: 'Bearbeiten', exact: true }).click();
			await page.getByRole('button', { name: 'Fertig' }).waitFor();
			await context.setOffline(true);
			await page.getByLabel('Name der neuen Seite').fill('Meine Seite');
			await page.getByRole('button', { name: 'Seite hinzufügen' }).click();
			await page
				.getByRole('status')
				.filter({ hasText: 'Seite Meine Seite hinzugefügt.' })
				.waitFor();
			await page.getByText(/^Offline: Änderungen am Deck bleiben auf diesem Gerät/).waitFor();
			await page.getByRole('button', { name: 'Fertig' }).click();

			// Meanwhile the PC fills the shared deck; back online, the merge would pass the limit.
			await pcPush(rev, max - 1, 1);
			await context.setOffline(false);
			const line = page.getByText(/^Der Companion hat dieses Deck abgelehnt/);
			await line.waitFor();
			expect(fold(await line.textContent())).toBe(
				`Der Companion hat dieses Deck abgelehnt (das zusammengeführte Deck hätte ${max + 1} Seiten, ein Deck fasst aber höchstens ${max}: Lösche auf diesem Gerät ein paar Seiten, dann wird es erneut gesendet): Es bleibt nur auf diesem Gerät.`
			);
			await shownWhole(page, line, 'language-deck-sync-refused-de-390x844');
			expect(errors).toEqual([]);
			await context.close();
		}
	);
});
