/**
 * Connect, Share and Scene check in the streamer's language: with the browser in German, each page's
 * heading and a button speak German (served without the companion, Share and Scene check say how to get
 * one). Screenshots at 390×844 in German and French, and Connect (the longest labels) at 360×740 in
 * German, where nothing may overflow the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startStack, type Stack } from '../stack';
import { clippedIn, overflows } from './language-helpers';

/** Buttons and labels whose text is wider than their box (cut off), by their text. */
const clipped = (page: Page) => clippedIn(page, 'main button, main label, main summary, main h1');

const PAGES = [
	{
		route: '/connect',
		name: 'connect',
		heading: 'Verbinden',
		button: 'Testen'
	},
	{
		route: '/share',
		name: 'share',
		heading: 'Freigabelinks',
		button: undefined,
		also: 'Freigabelinks sind nicht eingeschaltet'
	},
	{
		route: '/check',
		name: 'check',
		heading: 'Szenen-Check',
		button: undefined,
		also: 'Der Szenen-Check braucht den Companion'
	}
] as const;

describe('connect, share and scene check in the browser’s language', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	}, 120_000);
	afterAll(async () => stack?.close());

	it(
		'German browser: each page’s heading and buttons speak German',
		{ timeout: 120_000 },
		async () => {
			for (const p of PAGES) {
				const { page, errors } = await stack.open(
					p.route,
					{},
					{ width: 390, height: 844 },
					{
						locale: 'de-DE'
					}
				);
				await page.getByRole('heading', { name: p.heading, exact: true, level: 1 }).waitFor();
				if (p.button) await page.getByRole('button', { name: p.button, exact: true }).waitFor();
				if ('also' in p) await page.getByText(p.also).first().waitFor();
				if (p.name === 'connect') {
					await page.getByRole('button', { name: 'Demo ausprobieren' }).waitFor();
					await page.getByRole('button', { name: 'Trennen und vergessen' }).waitFor();
					await page.getByText('Aus der Anwendung: Einstellungen → API.').waitFor();
				}
				expect(errors).toEqual([]);
				await page.context().close();
			}
		}
	);

	it.each([
		['de-DE', { width: 390, height: 844 }],
		['fr-FR', { width: 390, height: 844 }],
		['de-DE', { width: 360, height: 740 }]
	] as const)(
		'%s at %o: every page fits, no label cut off (screenshots)',
		{ timeout: 120_000 },
		async (locale, size) => {
			const lang = locale.slice(0, 2);
			for (const p of PAGES) {
				if (size.width === 360 && p.name !== 'connect') continue;
				const { page, errors } = await stack.open(p.route, {}, size, { locale });
				await page.getByRole('heading', { level: 1 }).first().waitFor();
				await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
				expect(await overflows(page)).toBe(false);
				expect(await clipped(page)).toEqual([]);
				await page.screenshot({
					path: `test-results/language-setup-${lang}-${p.name}-${size.width}x${size.height}.png`,
					fullPage: true
				});
				expect(errors).toEqual([]);
				await page.context().close();
			}
		}
	);
});
