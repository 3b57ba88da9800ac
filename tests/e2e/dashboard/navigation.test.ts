/**
 * Navigation as a person uses it: at 390×844 a bottom bar of chosen pages plus More (every other page
 * in a sheet, settings-like ones grouped), every page in two taps, the page shown always visible, the
 * last page reopened; a rail at desktop width; dock mode at 350×700 and with `?dock=1`. Against both
 * simulator profiles (an older application has no /api/meta and no features), in one browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../axe';
import { appUrl, launchBrowser } from '../harness';
import { connection, startStack, type Stack } from '../stack';
import { goToPage, pagesNav } from './page-helpers';
import { PAGES } from '../../../src/lib/ui/nav';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const DOCK = { width: 350, height: 700 };
const PROFILES = ['current', 'legacy'] as const;

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
}, 120_000);
afterAll(async () => browser?.close());

describe.each(PROFILES)('navigation (%s profile)', (profile) => {
	let stack: Stack;
	let page: Page;
	let errors: string[];
	const hashPath = () => new URL(page.url()).hash.replace(/^#/, '').replace(/[?#].*$/, '') || '/';
	const more = () => pagesNav(page).getByRole('button', { name: /^More pages/ });
	const sheet = () => pagesNav(page).getByRole('dialog', { name: 'More pages' });

	beforeAll(async () => {
		stack = await startStack({ profile, browser });
		({ page, errors } = await stack.open('/', {}, PHONE));
		page.setDefaultTimeout(15_000);
		await page.locator('[data-status="open"]').waitFor();
	}, 120_000);
	afterAll(async () => stack?.close());

	it(
		'at 390×844 the bar holds the chosen pages plus More, and every page is at most two taps away with the page shown visible',
		{ timeout: 120_000 },
		async () => {
			const bar = await pagesNav(page).getByRole('link').allTextContents();
			expect(bar).toEqual(['Deck', 'Chat', 'Stream', 'Songs']);
			await more().waitFor();
			for (const { href, label, short } of PAGES) {
				const taps = await goToPage(page, label);
				expect(taps).toBeLessThanOrEqual(2);
				await expect.poll(hashPath).toBe(href);
				await expect.poll(() => sheet().isVisible()).toBe(false);
				const onBar = pagesNav(page).getByRole('link', { name: label, exact: true });
				if (taps === 1) {
					expect(await onBar.getAttribute('aria-current')).toBe('page');
					expect(await more().textContent()).toContain('More');
				} else {
					// Not on the bar: the More button names the page and is marked.
					expect(await more().getAttribute('aria-label')).toBe(`More pages, now on ${label}`);
					expect(await more().textContent()).toContain(short ?? label);
					expect(await more().evaluate((b) => b.classList.contains('current'))).toBe(true);
				}
			}
			expect(errors).toEqual([]);
		}
	);

	it(
		'the More sheet is a dialog: focus moves in, Escape closes it and focus returns to More; settings pages are grouped',
		{ timeout: 60_000 },
		async () => {
			await goToPage(page, 'Deck');
			await more().click();
			await sheet().waitFor();
			expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(
				true
			);
			expect(
				await sheet().getByRole('list', { name: 'Settings' }).getByRole('link').allTextContents()
			).toEqual(['Widgets', 'Share', 'Scene check', 'About', 'Connect']);
			expect(
				await sheet().getByRole('list', { name: 'Other pages' }).getByRole('link').allTextContents()
			).toEqual(['Lights', 'Polls', 'Commands', 'Counters', 'TTS', 'Routines']);
			expect(await seriousViolations(page)).toEqual([]);
			await page.keyboard.press('Escape');
			await expect.poll(() => sheet().isVisible()).toBe(false);
			expect(await more().evaluate((b) => b === document.activeElement)).toBe(true);
		}
	);

	it(
		'the streamer chooses the bar pages; the choice and the last page used survive a fresh start',
		{ timeout: 90_000 },
		async () => {
			await more().click();
			await sheet().getByText("Choose the bar's pages").click();
			await sheet().getByRole('checkbox', { name: 'Songs' }).uncheck();
			await sheet().getByRole('checkbox', { name: 'Polls' }).check();
			await page.keyboard.press('Escape');
			expect(await pagesNav(page).getByRole('link').allTextContents()).toEqual([
				'Deck',
				'Chat',
				'Stream',
				'Polls'
			]);
			await goToPage(page, 'Polls');
			await goToPage(page, 'Counters');
			await expect.poll(hashPath).toBe('/counters');
			// Opened again without a page in the address (a home-screen icon): the last page, connected from what the device kept.
			await page.goto(stack.site.url);
			await page.locator('[data-status="open"]').waitFor();
			await expect.poll(hashPath).toBe('/counters');
			expect(await more().getAttribute('aria-label')).toBe('More pages, now on Counters');
			expect(await pagesNav(page).getByRole('link').allTextContents()).toEqual([
				'Deck',
				'Chat',
				'Stream',
				'Polls'
			]);
			// An address naming a page is left alone.
			await page.goto(`${stack.site.url}#/lights`);
			await page.locator('[data-status="open"]').waitFor();
			await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'attached' });
			// The reopened page may still be on its way (SvelteKit starting for it): the address asked for wins.
			await expect.poll(hashPath).toBe('/lights');
			await page.getByRole('heading', { name: 'Lights', level: 1 }).waitFor();
			expect(await seriousViolations(page)).toEqual([]);
		}
	);

	it(
		'bar names are never cut ("Comm…"): an icon over a short name that fits, at 360, 390 and 350 px with the longest names',
		{ timeout: 90_000 },
		async () => {
			const { page: narrow } = await stack.open('/', {}, { width: 360, height: 780 });
			narrow.setDefaultTimeout(15_000);
			await narrow.evaluate(() =>
				localStorage.setItem(
					'stream-control:nav-bar',
					JSON.stringify(['/lights', '/stream', '/commands', '/counters', '/routines'])
				)
			);
			await narrow.reload();
			await narrow.locator('[data-status="open"]').waitFor();
			const nav = pagesNav(narrow);
			expect(await nav.getByRole('link').allTextContents()).toEqual([
				'Lights',
				'Stream',
				'Cmds',
				'Counts',
				'Rtns'
			]);
			// The link keeps the page's full name for assistive technology.
			await nav.getByRole('link', { name: 'Commands', exact: true }).waitFor();
			for (const size of [
				{ width: 360, height: 780 },
				{ width: 390, height: 844 },
				{ width: 350, height: 700 }
			]) {
				await narrow.setViewportSize(size);
				// More names the page shown when it is not on the bar: every long name in turn.
				for (const target of ['Deck', 'TTS', 'Widgets', 'Connect', 'About']) {
					await goToPage(narrow, target);
					await nav.getByRole('button', { name: `More pages, now on ${target}` }).waitFor();
					for (const item of await nav
						.locator(':scope > ul > li > a, :scope > ul > li > .more')
						.all()) {
						const fits = await item.evaluate(
							(el) =>
								[el, ...el.querySelectorAll('span')].every((e) => e.scrollWidth <= e.clientWidth) &&
								el.getBoundingClientRect().right <= innerWidth
						);
						expect(fits, `${await item.textContent()} at ${size.width} px`).toBe(true);
						// An icon over each page's name (More has its own).
						expect(
							await item.evaluate(
								(el) => el.matches('button') || getComputedStyle(el, '::before').content !== 'none'
							)
						).toBe(true);
					}
				}
				await goToPage(narrow, 'Connect');
				await narrow.screenshot({
					path: `test-results/nav-bar-${profile}-${size.width}x${size.height}.png`
				});
			}
			await narrow.context().close();
		}
	);

	it(
		'a skip link: the first Tab on the deck focuses "Skip to buttons", and Enter moves focus to the first tile',
		{ timeout: 60_000 },
		async () => {
			for (const size of [PHONE, DESKTOP]) {
				const { page: deck } = await stack.open('/', {}, size);
				deck.setDefaultTimeout(15_000);
				await deck.getByRole('button', { name: 'lurk', exact: true }).waitFor();
				await deck.keyboard.press('Tab');
				const skip = deck.getByRole('button', { name: 'Skip to buttons' });
				expect(await skip.evaluate((b) => b === document.activeElement)).toBe(true);
				// Visible while focused: a sighted keyboard user sees where the Tab went.
				const box = (await skip.boundingBox())!;
				expect(box.width).toBeGreaterThan(40);
				expect(box.height).toBeGreaterThan(20);
				await deck.screenshot({
					path: `test-results/skip-link-${profile}-${size.width}x${size.height}.png`
				});
				await deck.keyboard.press('Enter');
				const first = deck.locator('main .view button').first();
				await expect.poll(() => first.evaluate((b) => b === document.activeElement)).toBe(true);
				expect(await first.textContent()).toContain('lurk');
				await deck.context().close();
			}
		}
	);

	it(
		'at 1280×800 a rail lists every page, with no bottom bar or More',
		{ timeout: 60_000 },
		async () => {
			await page.setViewportSize(DESKTOP);
			await expect.poll(() => pagesNav(page).getByRole('link').count()).toBe(PAGES.length);
			expect(await more().count()).toBe(0);
			const box = (await pagesNav(page).boundingBox())!;
			expect(box.x).toBeLessThan(10);
			expect(box.width).toBeLessThan(250);
			await goToPage(page, 'About');
			await expect
				.poll(() =>
					pagesNav(page).getByRole('link', { name: 'About' }).getAttribute('aria-current')
				)
				.toBe('page');
			expect(await seriousViolations(page)).toEqual([]);
			await page.setViewportSize(PHONE);
		}
	);
});

describe.each(PROFILES)('dock mode (%s profile)', (profile) => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack({ profile, browser });
	}, 120_000);
	afterAll(async () => stack?.close());

	/** Above the first tile in dock mode: the status row with the page menu, the deck's page strip and a section title (≈ 125 px). */
	const DOCK_CHROME = 130;

	/** How many deck tiles are wholly inside the viewport, and the first one's top. */
	async function tiles(page: Page) {
		const buttons = page.locator('main section .grid button');
		await buttons.first().waitFor();
		return page.evaluate(() => {
			const all = [...document.querySelectorAll('main section .grid > *')].map((b) =>
				b.getBoundingClientRect()
			);
			return {
				first: all[0]!.top,
				inView: all.filter((r) => r.top >= 0 && r.bottom <= innerHeight).length
			};
		});
	}

	it(
		'at 350×700 it is offered once; one tap drops the chrome, packs more tiles near the top, and is remembered',
		{ timeout: 120_000 },
		async () => {
			const { page, errors } = await stack.open('/', {}, DOCK);
			page.setDefaultTimeout(15_000);
			await page.locator('[data-status="open"]').waitFor();
			const before = await tiles(page);
			const offer = page.getByRole('complementary', { name: 'Dock mode offer' });
			await offer.waitFor();
			expect(await seriousViolations(page)).toEqual([]);
			await offer.getByRole('button', { name: 'Dock mode' }).click();
			await expect.poll(() => page.locator('.dash[data-dock]').count()).toBe(1);
			expect(await offer.count()).toBe(0);
			// Measured once the dense layout has settled.
			await expect.poll(async () => (await tiles(page)).first).toBeLessThan(DOCK_CHROME);
			const after = await tiles(page);
			// The page menu sits in the status row, clear of the deck's own controls.
			expect(
				await page.evaluate(() => {
					const menu = document
						.querySelector('nav[aria-label="Pages"] .more')!
						.getBoundingClientRect();
					return [...document.querySelectorAll('main button')]
						.map((b) => b.getBoundingClientRect())
						.filter(
							(r) =>
								r.width &&
								r.left < menu.right &&
								r.right > menu.left &&
								r.top < menu.bottom &&
								r.bottom > menu.top
						).length;
				})
			).toBe(0);
			expect(after.inView).toBeGreaterThan(before.inView);
			expect(await page.getByRole('link', { name: 'Stream control' }).isVisible()).toBe(false);
			// The status stays in sight, and every page is still in the menu, which names the page shown.
			expect(await page.locator('[data-status="open"]').isVisible()).toBe(true);
			const menu = pagesNav(page).getByRole('button', { name: 'More pages, now on Deck' });
			await menu.click();
			await pagesNav(page)
				.getByRole('dialog', { name: 'Pages' })
				.getByRole('link', { name: 'Songs' })
				.click();
			await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/songs/);
			expect(await seriousViolations(page)).toEqual([]);
			await page.reload();
			await page.locator('[data-status="open"]').waitFor();
			expect(await page.locator('.dash[data-dock]').count()).toBe(1);
			expect(await page.getByRole('complementary', { name: 'Dock mode offer' }).count()).toBe(0);
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);

	it(
		'?dock=1 in the address turns it on at any width, without an offer',
		{ timeout: 90_000 },
		async () => {
			const context = await stack.browser.newContext({
				viewport: DESKTOP,
				reducedMotion: 'reduce'
			});
			const page = await context.newPage();
			page.setDefaultTimeout(15_000);
			await page.goto(appUrl(stack.site.url, '/', { ...connection(stack.sim), dock: 1 }));
			await page.locator('[data-status="open"]').waitFor();
			expect(await page.locator('.dash[data-dock]').count()).toBe(1);
			expect((await tiles(page)).first).toBeLessThan(DOCK_CHROME);
			expect(await page.getByRole('complementary', { name: 'Dock mode offer' }).count()).toBe(0);
			expect(await seriousViolations(page)).toEqual([]);
			await context.close();
		}
	);
});
