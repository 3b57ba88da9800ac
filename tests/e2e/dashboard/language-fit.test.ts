/**
 * Every page fits in every language (issues 30 and 29): each dashboard page at 360×740 in German,
 * French, Spanish and Brazilian Portuguese scrolls no sideways and cuts no words (no text wider than
 * its box, no ellipsis, no select's value cut off); the deck in each language at 390×844 keeps a hold
 * button's receipt whole; the dock in German; a widget in each language. Screenshots in test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DASHBOARD_ROUTES } from '../reliability/pages';
import { startStack, type Stack } from '../stack';
import { chatEnvelope } from '../../../src/lib/sim/events';
import { cutSelects, emitFollowAndBits, overflows } from './language-helpers';
import { seedDeck, tile } from './deck-helpers';
import type { DeckDocument } from '../../../src/lib/app/deck/layout';

const LOCALES = ['de-DE', 'fr-FR', 'es-ES', 'pt-BR'];
const LURK = { kind: 'trigger', type: 'chat-command', name: 'lurk' } as const;

/** A phone's page with a hold button and tiles whose words the dashboard says in its language. */
const DECK: DeckDocument = {
	version: 2,
	pages: [
		{
			id: 'live',
			name: 'Live',
			columns: 3,
			rows: 5,
			buttons: [
				tile(0, 0, LURK, { label: 'Lurk' }),
				tile(1, 0, LURK, { label: 'BRB' }, { press: 'hold' }),
				tile(2, 0, { kind: 'toggle', target: 'stream-mode' }, { label: 'Mode' }),
				tile(
					0,
					1,
					{ kind: 'switch', target: 'command', name: 'lurk', on: false },
					{ label: 'Off' }
				),
				tile(1, 1, { kind: 'trigger', type: 'alert', name: 'alpha-follower' }, { label: '' }),
				tile(2, 1, { kind: 'counter', name: 'deaths', step: 'add', amount: 1 }, { label: '+1' })
			]
		}
	]
};
const langOf = (locale: string) => (locale === 'pt-BR' ? 'pt-BR' : locale.slice(0, 2));

/**
 * Visible words cut off, by their text: a box (not inline) holding text of its own that is wider than
 * the box, or taller where it hides the rest (a clamp, `overflow: hidden`); and a select whose chosen
 * value is wider than the room beside its arrow (cutSelects).
 */
const cutOff = async (page: Page) => [
	...(await cutSelects(page)).map((cut) => `select ${cut}`),
	...(await page.evaluate(() => {
		const found: string[] = [];
		for (const el of document.querySelectorAll<HTMLElement>('body *')) {
			if (el.getClientRects().length === 0 || el.closest('.visually-hidden')) continue;
			const style = getComputedStyle(el);
			// Clipped out of sight on purpose: the skip link until focused, words only read out.
			if (style.clipPath !== 'none' || style.clip.startsWith('rect')) continue;
			if (style.visibility === 'hidden' || el instanceof HTMLSelectElement) continue;
			const said = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
			if (style.display === 'inline' || style.display === 'contents') continue;
			const own = [...el.childNodes].some(
				(n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim()
			);
			if (!own || el.matches('input, textarea, select, option, svg *')) continue;
			const hides = (o: string) => o === 'hidden' || o === 'clip';
			const clamped = style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '';
			// A field's own box (a range's thumb) is measured, not the words: its label is left out.
			const field = el.querySelector('input:not([type="radio"]):not([type="checkbox"]), textarea');
			const wide = !field && el.scrollWidth > el.clientWidth + 1;
			const tall = (hides(style.overflowY) || clamped) && el.scrollHeight > el.clientHeight + 1;
			if (wide || tall) found.push(`${wide ? 'wide' : 'tall'}: ${said.slice(0, 80)}`);
		}
		return found;
	}))
];

describe('every page fits in every language', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	}, 120_000);
	afterAll(async () => stack?.close());

	/** The page connected, in the browser's language, once the document speaks it. */
	async function open(
		route: string,
		locale: string,
		size: { width: number; height: number },
		params: Record<string, string | number> = {}
	) {
		const opened = await stack.open(route, params, size, { locale });
		opened.page.setDefaultTimeout(15_000);
		await opened.page.locator('[data-status="open"]').first().waitFor();
		await expect
			.poll(() => opened.page.evaluate(() => document.documentElement.lang))
			.toBe(langOf(locale));
		return opened;
	}

	it.each(LOCALES)(
		'%s: every dashboard page at 360×740, no sideways scrolling and no word cut off',
		{ timeout: 240_000 },
		async (locale) => {
			const faults: string[] = [];
			for (const route of DASHBOARD_ROUTES) {
				const { page, errors } = await open(route, locale, { width: 360, height: 740 });
				await page.getByRole('heading', { level: 1 }).first().waitFor();
				const name = `${langOf(locale)}${route === '/' ? '-deck' : route.replace('/', '-')}`;
				await page.screenshot({
					path: `test-results/language-fit-${name}-360x740.png`,
					fullPage: true
				});
				if (await overflows(page)) faults.push(`${route}: scrolls sideways`);
				for (const cut of await cutOff(page)) faults.push(`${route}: ${cut}`);
				for (const error of errors) faults.push(`${route}: ${error}`);
				await page.context().close();
			}
			expect(faults).toEqual([]);
		}
	);

	it.each(['en-US', ...LOCALES])(
		'%s: the deck at 390×844, a tap on a hold button says so in whole words (screenshot)',
		{ timeout: 60_000 },
		async (locale) => {
			const { page, errors } = await open('/', locale, { width: 390, height: 844 });
			await seedDeck(page, stack, DECK);
			await page.locator('[data-status="open"]').waitFor();
			const held = page.getByRole('button', { name: 'BRB', exact: true });
			await expect.poll(() => held.isEnabled()).toBe(true);
			await held.click();
			const receipt = page.locator('.deck-grid .tile').nth(1).locator('.receipt .said.hold');
			await receipt.waitFor();
			await page.screenshot({
				path: `test-results/language-fit-deck-${langOf(locale)}-390x844.png`
			});
			// Whole: no line cut by the clamp, no word past the tile.
			const cut = await receipt.evaluate(
				(el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1
			);
			expect(cut, (await receipt.textContent()) ?? '').toBe(false);
			expect(await overflows(page)).toBe(false);
			expect(await cutOff(page)).toEqual([]);
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);

	it('de-DE: the dock (350×700), its tiles and bar whole (screenshot)', async () => {
		const { page, errors } = await open('/', 'de-DE', { width: 350, height: 700 }, { dock: 1 });
		await seedDeck(page, stack, DECK);
		await page.locator('[data-status="open"]').waitFor();
		await expect
			.poll(() => page.getByRole('button', { name: 'Lurk', exact: true }).isEnabled())
			.toBe(true);
		await page.screenshot({ path: 'test-results/language-fit-dock-de-350x700.png' });
		expect(await overflows(page)).toBe(false);
		expect(await cutOff(page)).toEqual([]);
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it.each(['en', 'de', 'fr', 'es', 'pt-BR'])(
		'%s: the events widget at 800×450 says its lines whole (screenshot)',
		async (lang) => {
			const { page, errors } = await open(
				'/widget/events',
				lang === 'pt-BR' ? 'pt-BR' : `${lang}-${lang.toUpperCase()}`,
				{ width: 800, height: 450 },
				{ lang, debug: 1 }
			);
			const now = Date.now();
			emitFollowAndBits(stack.sim.sim, { platform: 'alpha', cheerer: 'quietkettle', at: now });
			stack.sim.sim.emit(chatEnvelope('alpha', { username: 'moss_moth' }, 'gg', 'fit-1', now));
			await page.getByText('quietkettle').first().waitFor();
			await page.screenshot({
				path: `test-results/language-fit-widget-events-${lang}-800x450.png`
			});
			expect(await overflows(page)).toBe(false);
			expect(await cutOff(page)).toEqual([]);
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);
});
