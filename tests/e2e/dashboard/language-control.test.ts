/**
 * The control pages (Lights, Stream, Counters, Polls, About) in the browser's language: with the
 * browser in German, each page's heading and a button (or the table's column, on About) speak German.
 * Screenshots of every page in German and French at 390×844, and of Stream (the longest labels) in
 * German at 360×740: no label is cut off and nothing is wider than the screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startStack, type Stack } from '../stack';
import { clippedIn, overflows } from './language-helpers';

const PHONE = { width: 390, height: 844 };
const NARROW = { width: 360, height: 740 };

/** Each page, and what it says in German: a heading, and a button (a column header on About). */
const PAGES = [
	{ route: '/lights', heading: 'Aktueller Zustand', control: ['button', 'Farbe setzen'] },
	{ route: '/stream', heading: 'Stream-Infos', control: ['button', 'Titel ändern'] },
	{ route: '/counters', heading: 'Zähler', control: ['button', 'Beobachten'] },
	{ route: '/polls', heading: 'Umfrage', control: ['button', 'Umfrage starten'] },
	{ route: '/about', heading: 'Über diese Installation', control: ['columnheader', 'Befehl'] }
] as const;

/**
 * Labels in the page whose text is wider than their box (cut off), by their text. A label holding a
 * form control is left out: the control's own box (a range's thumb) is measured, not the words.
 */
const clipped = (page: Page) =>
	clippedIn(
		page,
		'main button, main label, main summary, main legend, main h2, main h3, main th, main p',
		{ fields: false }
	);

describe('the control pages in the browser’s language', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	}, 120_000);
	afterAll(async () => stack?.close());

	async function open(route: string, locale: string, size: { width: number; height: number }) {
		const opened = await stack.open(route, {}, size, { locale });
		await opened.page.locator('[data-status="open"]').waitFor();
		await expect
			.poll(() => opened.page.evaluate(() => document.documentElement.lang))
			.toBe(locale.slice(0, 2));
		return opened;
	}

	it.each(PAGES)(
		'$route in German: its heading and a control speak German',
		{ timeout: 60_000 },
		async ({ route, heading, control }) => {
			const { page, errors } = await open(route, 'de-DE', PHONE);
			await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
			await page.getByRole(control[0], { name: control[1], exact: true }).first().waitFor();
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);

	it.each(['de-DE', 'fr-FR'])(
		'%s: every control page fits at 390×844, no label cut off (screenshots)',
		{ timeout: 120_000 },
		async (locale) => {
			const lang = locale.slice(0, 2);
			for (const { route } of PAGES) {
				const { page, errors } = await open(route, locale, PHONE);
				await page.locator('main h1').waitFor({ state: 'attached' });
				await page.screenshot({
					path: `test-results/language-control-${lang}${route.replace('/', '-')}-390x844.png`,
					fullPage: true
				});
				expect(await overflows(page)).toBe(false);
				expect([route, await clipped(page)]).toEqual([route, []]);
				expect(errors).toEqual([]);
				await page.context().close();
			}
		}
	);

	it(
		'Stream, the longest labels, in German at 360×740: fits, no label cut off (screenshot)',
		{
			timeout: 60_000
		},
		async () => {
			const { page, errors } = await open('/stream', 'de-DE', NARROW);
			await page.getByRole('button', { name: 'Titel ändern', exact: true }).waitFor();
			expect(await overflows(page)).toBe(false);
			expect(await clipped(page)).toEqual([]);
			await page.screenshot({
				path: 'test-results/language-control-de-stream-360x740.png',
				fullPage: true
			});
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);
});
