/**
 * The chat and automation pages in the streamer's language: with the browser in German each page's
 * heading and a button speak German; the chat page, with a few simulated lines, in each of the five
 * languages at 390×844, and the pages in German and French, fit without a label cut off (screenshots
 * in test-results/, looked at by hand).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { alertEnvelope, chatEnvelope, commandEnvelope } from '../../../src/lib/sim/events';
import { startStack, type Stack } from '../stack';
import { clippedIn, overflows } from './language-helpers';

const PHONE = { width: 390, height: 844 };
/** Each page converted besides chat: its German heading and one of its German buttons. */
const PAGES = [
	{ route: '/songs', heading: 'Songs', button: 'Überspringen' },
	{ route: '/tts', heading: 'Sprachausgabe (TTS)', button: 'Vorlesen' },
	{ route: '/commands', heading: 'Befehle', button: 'Befehl erstellen' },
	{ route: '/routines', heading: 'Abläufe', button: 'Schritt hinzufügen' }
];
const LOCALES = ['en-US', 'es-ES', 'pt-BR', 'de-DE', 'fr-FR'];

/** Buttons, links, labels and headings whose text is wider than their box (cut off), by their text. */
const clipped = (page: Page) =>
	clippedIn(page, 'main button, main label, main h1, main h2, main a');

describe('the chat and automation pages in the browser’s language', () => {
	let stack: Stack;
	let serial = 0;
	beforeAll(async () => {
		stack = await startStack();
	}, 120_000);
	afterAll(async () => stack?.close());

	/** The page connected, in the browser's language, once the document speaks it. */
	async function open(route: string, locale: string, size = PHONE) {
		const opened = await stack.open(route, {}, size, { locale });
		opened.page.setDefaultTimeout(15_000);
		await opened.page.locator('[data-status="open"]').waitFor();
		const lang = locale === 'pt-BR' ? 'pt-BR' : locale.slice(0, 2);
		await expect.poll(() => opened.page.evaluate(() => document.documentElement.lang)).toBe(lang);
		return opened;
	}

	/** A chat line on two platforms, a viewer's command and an alert, as the application sends them. */
	function liven() {
		const n = ++serial;
		const now = Date.now();
		stack.sim.sim.emit(
			chatEnvelope('alpha', { username: 'quietkettle' }, 'hello chat o/', `l-${n}-1`, now)
		);
		stack.sim.sim.emit(commandEnvelope('alpha', 'moss_moth', '!lurk', now));
		stack.sim.sim.emit(
			alertEnvelope(
				'alpha-follower',
				{ value: 'sunny_side', username: 'sunny_side' },
				{ username: 'sunny_side', displayname: 'sunny_side' },
				now
			)
		);
		stack.sim.sim.emit(
			chatEnvelope('gamma', { username: 'enter_gamma' }, 'gg, that was close', `l-${n}-2`, now)
		);
	}

	it('chat in German: heading, Pause, the feed and a line’s sheet speak German', async () => {
		const { page, errors } = await open('/chat', 'de-DE');
		await page.getByRole('heading', { name: 'Chat und Events', level: 1 }).waitFor();
		await page.getByRole('button', { name: 'Anhalten' }).waitFor();
		await page.getByRole('button', { name: 'In den Chat senden' }).waitFor();
		liven();
		const feed = page.getByRole('list', { name: 'Chat, Befehle und Alerts, neueste zuerst' });
		await feed.getByText('gg, that was close').waitFor();
		expect((await feed.textContent())?.replace(/\s+/g, ' ')).toMatch(/moss_moth hat !lurk benutzt/);
		await page.getByRole('button', { name: 'Anhalten' }).click();
		liven();
		await page.getByRole('button', { name: /^Weiter \(\d+ neu\)$/ }).click();
		await page.getByRole('button', { name: 'Anhalten' }).waitFor();

		await feed
			.getByRole('button', { name: /gg, that was close/ })
			.first()
			.click();
		const sheet = page.getByRole('dialog', { name: 'enter_gamma' });
		await sheet.getByRole('button', { name: 'Schließen' }).waitFor();
		await sheet.getByRole('heading', { name: 'Nutzer enter_gamma' }).waitFor();
		await sheet.getByRole('button', { name: 'enter_gamma timeouten', exact: true }).waitFor();
		expect(await sheet.getByRole('group', { name: 'Timeout-Dauer' }).textContent()).toMatch(
			/1\s*Min\..*24\s*Std\./
		);
		await sheet.getByText(/^Nicht auf gamma: Bannen, Entbannen/).waitFor();
		expect(await clipped(page)).toEqual([]);
		await page.screenshot({ path: 'test-results/language-chat-de-sheet-390x844.png' });
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it.each(LOCALES)(
		'%s: the chat page with live lines fits 390×844, nothing cut off (screenshot)',
		{ timeout: 60_000 },
		async (locale) => {
			const { page, errors } = await open('/chat', locale);
			liven();
			await page.getByText('gg, that was close').first().waitFor();
			await page.getByText('sunny_side').first().waitFor();
			expect(await overflows(page)).toBe(false);
			expect(await clipped(page)).toEqual([]);
			// The feed's lines in view, under the composer (the bar stays on the screen's bottom edge).
			await page.evaluate(() =>
				document.querySelector('main ol > li')?.scrollIntoView({ block: 'center' })
			);
			await page.screenshot({ path: `test-results/language-chat-${locale}-390x844.png` });
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);

	it.each(PAGES)(
		'$route in German, then in French: heading and button speak the language; 390×844 fits (screenshots)',
		{ timeout: 60_000 },
		async ({ route, heading, button }) => {
			for (const locale of ['de-DE', 'fr-FR']) {
				const { page, errors } = await open(route, locale);
				if (locale === 'de-DE') {
					await page.getByRole('heading', { name: heading, level: 1, exact: true }).waitFor();
					await page.getByRole('button', { name: button, exact: true }).first().waitFor();
				}
				expect(await overflows(page)).toBe(false);
				expect(await clipped(page)).toEqual([]);
				await page.screenshot({
					path: `test-results/language-chat-${locale.slice(0, 2)}${route.replace('/', '-')}-390x844.png`,
					fullPage: true
				});
				expect(errors).toEqual([]);
				await page.context().close();
			}
		}
	);

	it.each(['/commands', '/routines'])(
		'%s in German at 360×740, the longest labels: nothing cut off, no sideways scrolling (screenshot)',
		{ timeout: 60_000 },
		async (route) => {
			const { page, errors } = await open(route, 'de-DE', { width: 360, height: 740 });
			await page.getByRole('heading', { level: 1 }).waitFor();
			expect(await overflows(page)).toBe(false);
			expect(await clipped(page)).toEqual([]);
			await page.screenshot({
				path: `test-results/language-chat-de${route.replace('/', '-')}-360x740.png`,
				fullPage: true
			});
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);
});
