/**
 * The dashboard in the streamer's language: a German browser with nothing chosen on the device sees the
 * navigation and the deck in German from the first render (never English first); the picker under
 * Settings switches to English without a reload, and the choice is kept after one. Screenshots of the
 * deck and the More sheet in German and French at 360×740 and 390×844, where no label is cut off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startStack, type Stack } from '../stack';
import { clippedIn, overflows } from './language-helpers';

const SIZES = [
	{ width: 360, height: 740 },
	{ width: 390, height: 844 }
];

/** Records English words of the deck's chrome if they are ever rendered (a flash of English). */
const WATCH_ENGLISH = `
	window.__english = [];
	new MutationObserver(() => {
		const text = document.body ? document.body.innerText : '';
		for (const word of ['Everything', 'Edit', 'Not connected'])
			if (text.includes(word) && !window.__english.includes(word)) window.__english.push(word);
	}).observe(document, { subtree: true, childList: true, characterData: true });
`;

/** Labels of the bar and the sheet whose text is wider than their box (cut off), by their text. */
const clipped = (page: Page) => clippedIn(page, 'nav a, nav button, .tabs button, .edit');

describe('the dashboard in the browser’s language', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	}, 120_000);
	afterAll(async () => stack?.close());

	it(
		'German browser, nothing chosen: German at once; the picker switches to English without a reload, kept after one',
		{ timeout: 120_000 },
		async () => {
			const { page, errors } = await stack.open(
				'/',
				{},
				{ width: 390, height: 844 },
				{ locale: 'de-DE', prepare: async (p) => void (await p.addInitScript(WATCH_ENGLISH)) }
			);
			const nav = page.getByRole('navigation', { name: 'Seiten' });
			await page.getByRole('button', { name: 'lurk', exact: true }).waitFor();
			await page.locator('[data-status="open"]').waitFor();
			expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
			expect(await nav.getByRole('button', { name: 'Weitere Seiten' }).textContent()).toMatch(
				/Mehr/
			);
			expect(await page.getByRole('group', { name: 'Deck-Seiten' }).textContent()).toMatch(/Alles/);
			await page.getByRole('button', { name: 'Bearbeiten', exact: true }).waitFor();
			expect(await page.getByRole('heading', { name: 'Befehle', exact: true }).count()).toBe(1);
			expect(await page.getByRole('searchbox', { name: 'Deck durchsuchen' }).count()).toBe(1);
			expect(await page.locator('[data-status="open"]').textContent()).toMatch(/Verbunden/);
			expect(await page.evaluate(() => (window as { __english?: string[] }).__english)).toEqual([]);

			await nav.getByRole('button', { name: 'Weitere Seiten' }).click();
			const sheet = page.getByRole('dialog', { name: 'Weitere Seiten' });
			await sheet.waitFor();
			const links = (await sheet.getByRole('link').allTextContents()).map((t) => t.trim());
			expect(links).toEqual(expect.arrayContaining(['Umfragen', 'Befehle', 'Verbinden', 'Info']));
			await sheet.getByRole('heading', { name: 'Einstellungen' }).waitFor();

			// A mark on the window survives only if the page is not reloaded.
			await page.evaluate(() => Object.assign(window, { __notReloaded: true }));
			await sheet.getByRole('combobox', { name: 'Dashboard-Sprache' }).selectOption('en');
			await page.getByRole('dialog', { name: 'More pages' }).waitFor();
			await page.getByRole('combobox', { name: 'Dashboard language' }).waitFor();
			await page.keyboard.press('Escape');
			await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
			await page.getByRole('navigation', { name: 'Pages' }).waitFor();
			expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
			expect(await page.evaluate(() => (window as { __notReloaded?: boolean }).__notReloaded)).toBe(
				true
			);

			// Kept on the device: English after a reload, though the browser still asks for German.
			await page.reload();
			await page.getByRole('button', { name: 'lurk', exact: true }).waitFor();
			await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
			expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

			// Following the browser again: German without a reload, and nothing kept after one.
			await page.locator('nav button.more').click();
			const picker = page.getByRole('dialog').getByRole('combobox', { name: 'Dashboard language' });
			expect(await picker.locator('option').first().textContent()).toBe(
				"Browser's language (Deutsch)"
			);
			await picker.selectOption('');
			await page.getByRole('combobox', { name: 'Dashboard-Sprache' }).waitFor();
			await page.keyboard.press('Escape');
			await page.getByRole('button', { name: 'Bearbeiten', exact: true }).waitFor();
			await page.reload();
			await page.getByRole('button', { name: 'Bearbeiten', exact: true }).waitFor();
			expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);

	it.each(['de-DE', 'fr-FR'])(
		'%s: the deck and the More sheet fit at 360×740 and 390×844, no label cut off (screenshots)',
		{ timeout: 120_000 },
		async (locale) => {
			const lang = locale.slice(0, 2);
			for (const size of SIZES) {
				const { page, errors } = await stack.open('/', {}, size, { locale });
				await page.getByRole('button', { name: 'lurk', exact: true }).waitFor();
				await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
				expect(await overflows(page)).toBe(false);
				expect(await clipped(page)).toEqual([]);
				await page.screenshot({
					path: `test-results/language-${lang}-deck-${size.width}x${size.height}.png`
				});
				await page.locator('nav button.more').click();
				await page.getByRole('dialog').getByRole('combobox').waitFor();
				expect(await clipped(page)).toEqual([]);
				await page.screenshot({
					path: `test-results/language-${lang}-sheet-${size.width}x${size.height}.png`
				});
				expect(errors).toEqual([]);
				await page.context().close();
			}
		}
	);
});
