/**
 * The widget builder in the streamer's language: a German browser sees the builder's frame, the
 * widget's options and the URL card in German, the widget's own language field named "Widget-Sprache"
 * apart from the menu's "Sprache", and the alert box's control name checked against the protocol's
 * rule in German. Screenshots at 1280×800 and 390×844 in German, 390×844 in French and 360×740 in
 * German (the builder's labels are the dashboard's longest), where no label is cut off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startStack, type Stack } from '../stack';
import { clippedIn, overflows } from './language-helpers';

/** Labels, buttons and headings of the page whose text is wider than their box (cut off). */
const clipped = (page: Page) =>
	clippedIn(page, 'main label, main button, main h1, main h2, main legend, main summary, main p');
const fold = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('the widget builder in the browser’s language', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	}, 120_000);
	afterAll(async () => stack?.close());

	it(
		'German at 1280×800: frame, options and URL in German; the control name warns in German',
		{ timeout: 120_000 },
		async () => {
			const { page, errors } = await stack.open(
				'/widgets',
				{},
				{ width: 1280, height: 800 },
				{ locale: 'de-DE' }
			);
			const main = page.getByRole('main');
			await main.getByRole('heading', { name: 'Optionen: Zähler' }).waitFor();
			expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
			await main.getByRole('heading', { name: 'Vorschau', exact: true }).waitFor();
			await main.getByRole('heading', { name: 'Widget-URL', exact: true }).waitFor();
			await main.getByRole('button', { name: 'Auf Standard zurücksetzen' }).waitFor();
			await main.getByRole('button', { name: 'URL kopieren', exact: true }).waitFor();
			expect(fold(await main.getByText(/^Größe der Browserquelle/).textContent())).toBe(
				'Größe der Browserquelle: 400 × 220 px (Breite × Höhe)'
			);
			// The widget's language is its own field, never confused with the dashboard's.
			await main.getByLabel('Widget-Sprache', { exact: true }).selectOption('fr');
			expect(await main.getByLabel('Sprache', { exact: true }).count()).toBe(0);
			await expect.poll(() => page.getByTestId('widget-url').innerText()).toMatch(/lang=fr/);

			await main.getByRole('radio', { name: 'Alert-Box' }).check();
			await main.getByRole('heading', { name: 'Optionen: Alert-Box' }).waitFor();
			const control = main.getByLabel('Steuervariable', { exact: true });
			const warning = main.getByTestId('option-warning');
			expect(await warning.count()).toBe(0);
			await control.fill('alerts main');
			await warning.waitFor();
			expect(fold(await warning.textContent())).toMatch(
				/^Ein Alerts-Teilen-Link kann nur eine Variable namens alertbox_ .*höchstens 120 Zeichen/
			);
			expect(await control.getAttribute('aria-describedby')).toMatch(/opt-control-warning/);
			await warning.scrollIntoViewIfNeeded();
			await page.screenshot({ path: 'test-results/language-builder-de-1280x800.png' });
			await control.fill('alertbox_brb');
			await expect.poll(() => warning.count()).toBe(0);
			expect(await overflows(page)).toBe(false);
			expect(await clipped(page)).toEqual([]);
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);

	it.each([
		{ locale: 'de-DE', width: 390, height: 844 },
		{ locale: 'fr-FR', width: 390, height: 844 },
		{ locale: 'de-DE', width: 360, height: 740 }
	])(
		'$locale at $width×$height: every label of the alert box’s form whole (screenshots)',
		{ timeout: 120_000 },
		async ({ locale, width, height }) => {
			const lang = locale.slice(0, 2);
			const { page, errors } = await stack.open('/widgets', {}, { width, height }, { locale });
			const main = page.getByRole('main');
			await main
				.getByRole('button', { name: lang === 'de' ? 'URL kopieren' : 'Copier l’URL' })
				.waitFor();
			await main
				.getByRole('radio', { name: lang === 'de' ? 'Alert-Box' : 'Boîte d’alertes' })
				.check();
			// Every kind unfolded, so its long labels are on screen too.
			for (const details of await main.locator('details').all())
				await details.evaluate((el) => el.setAttribute('open', ''));
			expect(await overflows(page)).toBe(false);
			expect(await clipped(page)).toEqual([]);
			await page.screenshot({
				path: `test-results/language-builder-${lang}-${width}x${height}.png`
			});
			await page.screenshot({
				path: `test-results/language-builder-${lang}-${width}x${height}-full.png`,
				fullPage: true
			});
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);
});
