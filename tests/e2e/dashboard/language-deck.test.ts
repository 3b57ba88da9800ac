/**
 * The deck's buttons in the streamer's language (issue 30): with the browser in German, tiles say their
 * states, a hold's badge and a refused tap in German, on a phone (390×844), at 360×740 and in the dock
 * (350×700); screenshots in German and French are saved in test-results/. And in the dock during an
 * outage (issue 29), a counter's label and its live line ("Deaths: ?") never overlap, in English and
 * German, at the dock's smallest rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DeckDocument } from '../../../src/lib/app/deck/layout';
import { startStack, type Stack } from '../stack';
import { seedDeck, tile } from './deck-helpers';

const LURK = { kind: 'trigger', type: 'chat-command', name: 'lurk' } as const;

/** Several kinds of buttons, labelled as a German streamer would (their own words stay theirs). */
function deckFor(dock: boolean, lang: 'en' | 'de'): DeckDocument {
	const [columns, rows] = dock ? [4, 6] : [3, 5];
	const de = lang === 'de';
	return {
		version: 2,
		pages: [
			{
				id: 'live',
				name: 'Live',
				columns,
				rows,
				buttons: [
					tile(0, 0, LURK, { label: de ? 'Lurk-Befehl' : 'Lurk command' }),
					tile(1, 0, { kind: 'toggle', target: 'stream-mode' }, { label: 'Stream-Modus' }),
					tile(
						2,
						0,
						{ kind: 'counter', name: 'deaths', step: 'add', amount: 1 },
						{
							// The dock's test holds the longest label; a phone's grid stays roomy for it.
							label: dock
								? de
									? 'Noch ein Tod in diesem Bosskampf'
									: 'Another death in this boss fight'
								: de
									? 'Tod im Bosskampf'
									: 'Death counter',
							live: de ? 'Tode: {{deaths}}' : 'Deaths: {{deaths}}'
						}
					),
					tile(
						0,
						1,
						LURK,
						{ label: de ? 'Gleich geht’s los' : 'Starting soon' },
						{ press: 'hold' }
					),
					tile(
						1,
						1,
						{ kind: 'switch', target: 'command', name: 'lurk', on: false },
						{ label: de ? 'Lurk aus' : 'Lurk off' }
					),
					// No label of its own: the tile says the alert in the dashboard's language.
					tile(2, 1, { kind: 'trigger', type: 'alert', name: 'alpha-follower' }, { label: '' }),
					tile(0, 2, { kind: 'light', color: '#ff8800' }, { label: de ? 'Orange' : 'Orange' })
				]
			}
		]
	};
}

/** Whether two elements' boxes intersect (a hair's tolerance for sub-pixel rounding). */
const intersect = (page: Page, a: string, b: string, within: string) =>
	page.evaluate(
		([a, b, within]) => {
			const tile = document.querySelector(within!)!;
			const x = tile.querySelector(a!)!.getBoundingClientRect();
			const y = tile.querySelector(b!)!.getBoundingClientRect();
			return (
				x.left < y.right - 0.5 &&
				y.left < x.right - 0.5 &&
				x.top < y.bottom - 0.5 &&
				y.top < x.bottom - 0.5
			);
		},
		[a, b, within]
	);

describe('the deck’s buttons in German', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	}, 120_000);
	afterAll(async () => stack?.close());

	async function openDeck(
		locale: string,
		size: { width: number; height: number },
		dock = false,
		lang: 'en' | 'de' = 'de'
	) {
		const opened = await stack.open('/', dock ? { dock: 1 } : {}, size, { locale });
		const { page } = opened;
		page.setDefaultTimeout(15_000);
		await page.locator('[data-status="open"]').waitFor();
		await seedDeck(page, stack, deckFor(dock, lang));
		await page.locator('[data-status="open"]').waitFor();
		const lurk = page.getByRole('button', { name: lang === 'de' ? 'Lurk-Befehl' : 'Lurk command' });
		await expect.poll(() => lurk.isEnabled()).toBe(true);
		return opened;
	}
	// By its label alone: a button's name also holds its live text.
	const tileOf = (page: Page, label: string) =>
		page
			.locator('.deck-grid .tile')
			.filter({ has: page.locator('.label', { hasText: new RegExp(`^\\s*${label}\\s*$`) }) });
	const text = async (page: Page, label: string, part: string) =>
		((await tileOf(page, label).locator(part).textContent()) ?? '').replace(/\s+/g, ' ').trim();

	it('a phone in German: states, hold, a refused tap and a default label speak German', async () => {
		const { page, errors } = await openDeck('de-DE', { width: 390, height: 844 });
		await page.getByRole('button', { name: 'Bearbeiten', exact: true }).waitFor();
		expect(await page.getByRole('group', { name: 'Live: Raster 3 × 5' }).count()).toBe(1);
		await expect.poll(() => text(page, 'Stream-Modus', '.state .text')).toMatch(/^(An|Aus)$/);
		expect(await text(page, 'Lurk aus', '.state .text')).toBe(
			'Schaltet es aus · Zustand nicht lesbar'
		);
		expect(await text(page, 'Gleich geht’s los', '.state .mode')).toBe('halten');
		await page
			.getByRole('button', { name: 'Follow testen (alpha)' })
			.or(page.getByRole('button', { name: 'Follow testen', exact: true }))
			.first()
			.waitFor();
		// A tap on a hold button sends nothing, and the tile says so.
		await page.getByRole('button', { name: 'Gleich geht’s los', exact: true }).click();
		await tileOf(page, 'Gleich geht’s los')
			.locator('.receipt')
			.getByText('Halten: nichts gesendet')
			.waitFor();
		await page.getByRole('button', { name: 'Lurk-Befehl', exact: true }).click();
		await tileOf(page, 'Lurk-Befehl').locator('.receipt').getByText('Erledigt').waitFor();
		await page.screenshot({ path: 'test-results/language-deck-de-390x844.png' });
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it.each([
		{ locale: 'fr-FR', size: { width: 390, height: 844 }, name: 'fr-390x844' },
		{ locale: 'de-DE', size: { width: 360, height: 740 }, name: 'de-360x740' }
	])('$name: screenshot, no label clipped', async ({ locale, size, name }) => {
		const { page, errors } = await openDeck(locale, size);
		await page.screenshot({ path: `test-results/language-deck-${name}.png` });
		// Each label, live line and state line whole: nothing cut inside it, nothing past its button.
		const clipped = await page.evaluate(() =>
			[
				...document.querySelectorAll<HTMLElement>(
					'.deck-grid .label, .deck-grid .live, .deck-grid .state .line'
				)
			]
				.filter((el) => {
					const box = el.getBoundingClientRect();
					const around = el.closest('button, .state')!.getBoundingClientRect();
					return (
						el.scrollHeight > el.clientHeight + 1 ||
						el.scrollWidth > el.clientWidth + 1 ||
						box.top < around.top - 0.5 ||
						box.bottom > around.bottom + 0.5
					);
				})
				.map((el) => el.textContent)
		);
		expect(clipped).toEqual([]);
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it.each([
		{ locale: 'en-US', lang: 'en' as const, label: 'Another death in this boss fight' },
		{ locale: 'de-DE', lang: 'de' as const, label: 'Noch ein Tod in diesem Bosskampf' }
	])(
		'the dock during an outage ($lang): a counter’s label and its live line never overlap',
		{ timeout: 120_000 },
		async ({ locale, lang, label }) => {
			const { page } = await openDeck(locale, { width: 350, height: 700 }, true, lang);
			const counter = tileOf(page, label);
			await counter.evaluate((t) => t.setAttribute('data-probe', ''));
			stack.sim.sim.stopApi();
			try {
				await page.locator('[data-status="open"]').waitFor({ state: 'detached' });
				await counter.locator('.state .why').waitFor();
				await expect.poll(() => text(page, label, '.live')).toMatch(/: \?$/);
				await page.screenshot({ path: `test-results/language-deck-dock-outage-${lang}.png` });
				await counter.screenshot({ path: `test-results/language-deck-dock-counter-${lang}.png` });
				// Label and live line each whole, side by side or stacked, never over each other.
				await expect.poll(() => intersect(page, '.label', '.live', '[data-probe]')).toBe(false);
				const whole = await counter.evaluate((t) =>
					['.label', '.live'].every((s) => {
						const el = t.querySelector<HTMLElement>(s)!;
						const box = el.getBoundingClientRect();
						const button = t.querySelector('button')!.getBoundingClientRect();
						return (
							el.scrollHeight <= el.clientHeight + 1 &&
							box.top >= button.top - 0.5 &&
							box.bottom <= button.bottom + 0.5
						);
					})
				);
				expect(whole).toBe(true);
			} finally {
				stack.sim.sim.startApi();
			}
			await page.context().close();
		}
	);

	it(
		'edit mode in German: its controls, the picker and the button editor',
		{ timeout: 120_000 },
		async () => {
			const { page, errors } = await openDeck('de-DE', { width: 390, height: 844 });
			await page.getByRole('button', { name: 'Bearbeiten', exact: true }).click();
			const edit = page.getByRole('region', { name: 'Deck bearbeiten' });
			await edit.getByRole('button', { name: 'Fertig', exact: true }).waitFor();
			await edit.getByRole('button', { name: 'Seite hinzufügen' }).waitFor();
			await edit.getByRole('button', { name: 'Button hinzufügen' }).click();
			await page.getByRole('heading', { name: 'Button hinzufügen' }).waitFor();
			await page.screenshot({ path: 'test-results/language-deck-edit-picker-de-390x844.png' });
			await page.getByRole('button', { name: 'Fertig', exact: true }).last().click();
			await edit.getByRole('button', { name: /^Lurk-Befehl, Spalte 1, Zeile 1/ }).click();
			await edit.getByRole('button', { name: 'Lurk-Befehl bearbeiten' }).click();
			await page.getByRole('button', { name: 'Button speichern' }).waitFor();
			await page.getByRole('combobox', { name: 'Art' }).waitFor();
			await page.screenshot({
				path: 'test-results/language-deck-edit-de-390x844.png',
				fullPage: true
			});
			await page.getByRole('button', { name: 'Abbrechen', exact: true }).first().click();
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);
});
