/**
 * Deck tiles that tell the truth mid-stream (issue 29): a tap on a hold button says "Hold to fire" on
 * the tile and sends nothing; a receipt says what became of this press and fades; a lost connection
 * clears every old receipt; and a tile's label, state line and receipt keep their own places at every
 * size and in every state (connected, pressed, refused, outage, recovered), with no reload after an
 * outage. Boxes are compared, and each state is saved as a screenshot in test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DeckDocument } from '../../../src/lib/app/deck/layout';
import { startStack, type Stack } from '../stack';
import { seedDeck, tile } from './deck-helpers';
import { assertNothingSentBefore, onlySend } from './page-helpers';
import { brokenWords } from './language-helpers';

const SIZES = [
	{ width: 360, height: 780, dock: false },
	{ width: 390, height: 844, dock: false },
	{ width: 1280, height: 800, dock: false },
	{ width: 350, height: 700, dock: true }
];
const TWO = 'Starting soon';
/** How long a settled receipt stays (RECEIPT_MS in src/routes/(app)/tile-receipt.svelte.ts). */
const RECEIPT_MS = 5000;
const FOUR = 'Starting soon scene now';

/** The grid a page gets at each size (lib/app/deck/grid), with 2- and 4-word labels, tap and hold. */
function deckFor(dock: boolean, width: number): DeckDocument {
	const [columns, rows] = dock ? [4, 6] : width >= 1000 ? [6, 4] : [3, 5];
	const lurk = { kind: 'trigger', type: 'chat-command', name: 'lurk' } as const;
	return {
		version: 2,
		pages: [
			{
				id: 'live',
				name: 'Live',
				columns,
				rows,
				buttons: [
					tile(0, 0, lurk, { label: TWO }),
					tile(1, 0, lurk, { label: FOUR }),
					tile(2, 0, { kind: 'toggle', target: 'stream-mode' }, { label: 'Stream mode' }),
					tile(0, 1, lurk, { label: `${TWO} held` }, { press: 'hold' }),
					tile(1, 1, lurk, { label: `${FOUR} held` }, { press: 'hold' }),
					tile(
						2,
						1,
						{ kind: 'counter', name: 'deaths', step: 'add', amount: 1 },
						{ label: 'Death counter', live: 'Deaths: {{deaths}}' }
					)
				]
			}
		]
	};
}

interface TileGeometry {
	label: string;
	tile: number;
	/** What overlaps what inside the tile, and which label is clipped. */
	faults: string[];
}
interface GridGeometry {
	/** The grid reaches down to the room left above the bar (fit-to-screen), or past it when a banner takes the room; else why not. */
	fitted: true | string;
	tiles: TileGeometry[];
}

/** The grid's fit to the screen, and every tile: its height, and what overlaps or is clipped in it. */
function geometry(page: Page): Promise<GridGeometry> {
	return page.evaluate(() => {
		const box = (el: Element | null) => el?.getBoundingClientRect();
		const overlap = (a?: DOMRect, b?: DOMRect) =>
			Boolean(
				a &&
				b &&
				a.width > 0 &&
				b.width > 0 &&
				a.left < b.right - 0.5 &&
				b.left < a.right - 0.5 &&
				a.top < b.bottom - 0.5 &&
				b.top < a.bottom - 0.5
			);
		const inside = (a?: DOMRect, b?: DOMRect) =>
			Boolean(
				a &&
				b &&
				a.left >= b.left - 0.5 &&
				a.right <= b.right + 0.5 &&
				a.top >= b.top - 0.5 &&
				a.bottom <= b.bottom + 0.5
			);
		const grid = document.querySelector('.deck-grid')!;
		const main = grid.closest('main');
		const room =
			document.documentElement.clientHeight -
			(main ? parseFloat(getComputedStyle(main).paddingBottom) || 0 : 0) -
			4;
		const bottom = grid.getBoundingClientRect().bottom;
		const fitted = bottom >= room - 2 || `its bottom at ${bottom} px, the room ends at ${room} px`;
		const tiles = [...document.querySelectorAll<HTMLElement>('.deck-grid .tile')].map((t) => {
			const label = t.querySelector<HTMLElement>('.label')!;
			const button = t.querySelector('button')!;
			const line = t.querySelector<HTMLElement>('.state .line');
			const [l, bt, st, rc, md, tb] = [
				box(label),
				box(button),
				box(t.querySelector('.state')),
				box(t.querySelector('.receipt')),
				box(t.querySelector('.mode')),
				box(t)
			];
			const faults = [
				!inside(l, bt) && 'label outside its button',
				!inside(bt, tb) && 'button outside the tile',
				!inside(st, tb) && 'state line outside the tile',
				!inside(rc, tb) && 'receipt outside the tile',
				label.scrollWidth > label.clientWidth && 'label clipped sideways',
				label.scrollHeight > label.clientHeight + 1 &&
					`label cut short (${label.scrollHeight} > ${label.clientHeight})`,
				line &&
					(line.scrollWidth > line.clientWidth + 1 || line.scrollHeight > line.clientHeight + 1) &&
					`state line clipped ("${line.textContent}")`,
				button.scrollHeight > button.clientHeight + 1 && 'button content cut',
				overlap(bt, st) && 'button over the state line',
				overlap(bt, rc) && 'button over the receipt',
				overlap(st, rc) && 'state line over the receipt',
				overlap(md, l) && '"hold" over the label'
			].filter((f): f is string => Boolean(f));
			return { label: label.textContent ?? '', tile: tb!.height, faults };
		});
		return { fitted, tiles };
	});
}

describe('deck tiles: receipts that tell the truth', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	});
	afterAll(async () => stack?.close());

	async function openDeck(size: (typeof SIZES)[number], locale?: string) {
		const { width, height, dock } = size;
		const opened = await stack.open('/', dock ? { dock: 1 } : {}, { width, height }, { locale });
		opened.page.setDefaultTimeout(15_000);
		await opened.page.locator('[data-status="open"]').waitFor();
		await seedDeck(opened.page, stack, deckFor(dock, width));
		await opened.page.locator('[data-status="open"]').waitFor();
		await opened.page.getByRole('button', { name: TWO, exact: true }).waitFor();
		await expect
			.poll(() => opened.page.getByRole('button', { name: TWO, exact: true }).isEnabled())
			.toBe(true);
		return opened;
	}
	const tileOf = (page: Page, label: string) =>
		page
			.locator('.deck-grid .tile')
			.filter({ has: page.getByRole('button', { name: label, exact: true }) });
	const receiptOf = (page: Page, label: string) => tileOf(page, label).locator('.receipt');

	it('a tap on a hold button shows "Hold to fire" on that tile and sends nothing', async () => {
		const { page, errors } = await openDeck(SIZES[1]!);
		const held = page.getByRole('button', { name: `${TWO} held`, exact: true });
		stack.sim.sim.clearLog();
		await held.click();
		await receiptOf(page, `${TWO} held`).getByText('Hold to fire').waitFor();
		expect(await held.getAttribute('data-hold')).toBe('cancelled');
		await page.screenshot({ path: 'test-results/deck-receipts-hold-tap-390x844.png' });
		// Nothing went out: a later press is the simulator's only request.
		await assertNothingSentBefore(
			stack,
			() => page.getByRole('button', { name: TWO, exact: true }).click(),
			'chat-command'
		);
		// Other tiles say nothing about that tap.
		expect(await receiptOf(page, FOUR).textContent()).toBe('');
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('a receipt says sending, then done or refused with the reason, and fades by itself', async () => {
		const { page, errors } = await openDeck(SIZES[1]!);
		// Every text the receipt takes, in order, from before the press.
		await page.evaluate(() => {
			const el = document.querySelectorAll('.deck-grid .tile .receipt')[0]!;
			const seen: string[] = [];
			(window as unknown as { seen: string[] }).seen = seen;
			new MutationObserver(() => {
				const text = el.textContent ?? '';
				if (text && seen.at(-1) !== text) seen.push(text);
			}).observe(el, { childList: true, subtree: true, characterData: true });
		});
		stack.sim.sim.clearLog();
		await page.getByRole('button', { name: TWO, exact: true }).click();
		const receipt = receiptOf(page, TWO);
		await receipt.getByText('Done').waitFor();
		expect(await onlySend(stack)).toMatchObject({ type: 'chat-command', status: 200 });
		expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([
			'Sending…',
			'Done'
		]);
		// It fades: a few seconds later the tile says nothing again.
		await expect.poll(() => receipt.textContent(), { timeout: 12_000 }).toBe('');

		stack.sim.sim.failNext({
			type: 'chat-command',
			status: 409,
			message: 'The chatbot is not connected'
		});
		await page.getByRole('button', { name: FOUR, exact: true }).click();
		const refused = receiptOf(page, FOUR);
		await refused.getByText(/^Refused: .*The chatbot is not connected/).waitFor();
		expect(await refused.getAttribute('title')).toMatch(/The chatbot is not connected/);
		await page.screenshot({ path: 'test-results/deck-receipts-refused-390x844.png' });
		await expect.poll(() => refused.textContent(), { timeout: 12_000 }).toBe('');
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('when the connection drops every old receipt clears: no "Done" beside "Application unreachable"', async () => {
		const { page } = await openDeck(SIZES[1]!);
		await page.getByRole('button', { name: TWO, exact: true }).click();
		await receiptOf(page, TWO).getByText('Done').waitFor();
		stack.sim.sim.stopApi();
		try {
			await page.locator('[data-status="open"]').waitFor({ state: 'detached' });
			await expect.poll(() => receiptOf(page, TWO).textContent()).toBe('');
			await tileOf(page, TWO).locator('.state .why').waitFor();
			expect(await page.locator('.deck-grid .receipt').allTextContents()).toEqual(
				Array(6).fill('')
			);
			await page.screenshot({ path: 'test-results/deck-receipts-outage-390x844.png' });
		} finally {
			stack.sim.sim.startApi();
		}
		await page.context().close();
	});

	/** The Everything page (no deck of the streamer's own yet), its clock faked and paused once connected. */
	async function openEverything() {
		const opened = await stack.open('/', {}, SIZES[1]!, { prepare: (p) => p.clock.install() });
		const { page } = opened;
		page.setDefaultTimeout(15_000);
		await page.locator('[data-status="open"]').waitFor();
		const lurk = page.getByRole('button', { name: 'lurk', exact: true });
		await expect.poll(() => lurk.isEnabled()).toBe(true);
		// From here on, time moves only when the test says so.
		// A few seconds ahead of the page's time: a busy machine's round trip must not reach it first.
		await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5000);
		const receipt = page.locator('.cell').filter({ has: lurk }).locator('.receipt');
		return { ...opened, lurk, receipt };
	}

	it("on the Everything page a receipt fades after a few seconds, as on the deck's own pages", async () => {
		const { page, errors, lurk, receipt } = await openEverything();
		stack.sim.sim.clearLog();
		await lurk.click();
		await receipt.getByText('Done', { exact: true }).waitFor();
		expect(await onlySend(stack)).toMatchObject({ type: 'chat-command', status: 200 });
		await page.clock.runFor(RECEIPT_MS - 1000);
		expect(await receipt.textContent()).toBe('Done');
		await page.screenshot({ path: 'test-results/deck-everything-receipt-390x844.png' });
		await page.clock.runFor(1500);
		await expect.poll(() => receipt.textContent()).toBe('');
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('on the Everything page the receipts clear when the socket closes, before any fade', async () => {
		const { page, lurk, receipt } = await openEverything();
		await lurk.click();
		await receipt.getByText('Done', { exact: true }).waitFor();
		// The application's socket closes (its API restarting): the clock stands still, so no fade did it.
		stack.sim.sim.restart();
		await expect.poll(() => receipt.textContent()).toBe('');
		expect((await page.locator('.cell .receipt').allTextContents()).filter(Boolean)).toEqual([]);
		await page.context().close();
	});

	it.each(SIZES)(
		'at %o label, state line and receipt keep their places: connected, pressed, refused, outage, recovered',
		{ timeout: 120_000 },
		async (size) => {
			const { page, errors } = await openDeck(size);
			const name = `${size.width}x${size.height}${size.dock ? '-dock' : ''}`;
			/** Once the page has settled (fitted to the screen, labels fitted): no fault, every tile ≥ 32 px. */
			const check = async (state: string) => {
				const faults = async () => {
					const { fitted, tiles } = await geometry(page);
					return [
						...(fitted === true ? [] : [['grid', [`not fitted to the screen ${fitted}`]]]),
						...tiles.filter((t) => t.faults.length).map((t) => [t.label, t.faults]),
						...tiles.filter((t) => t.tile < 32).map((t) => [t.label, [`${t.tile} px tall`]])
					];
				};
				await expect
					.poll(faults, { timeout: 5000 })
					.toEqual([])
					.finally(() => page.screenshot({ path: `test-results/deck-tiles-${name}-${state}.png` }));
				return (await geometry(page)).tiles.map((t) => Math.round(t.tile));
			};
			await check('connected');

			await page.getByRole('button', { name: FOUR, exact: true }).click();
			await receiptOf(page, FOUR).getByText('Done').waitFor();
			await check('pressed');

			stack.sim.sim.failNext({
				type: 'chat-command',
				status: 409,
				message: 'The chatbot is not connected to any platform right now'
			});
			await page.getByRole('button', { name: TWO, exact: true }).click();
			await receiptOf(page, TWO)
				.getByText(/^Refused/)
				.waitFor();
			await check('refused');

			stack.sim.sim.stopApi();
			try {
				await page.locator('[data-status="open"]').waitFor({ state: 'detached' });
				await tileOf(page, TWO).locator('.state .why').waitFor();
				await check('outage');
				if (size.dock) {
					// In the dock the banner keeps to the cause and "Retry now" (what to do is folded under it).
					const banner = page.locator('.connection-banner.shown');
					expect((await banner.boundingBox())?.height).toBeLessThanOrEqual(96);
					await banner.getByText('What to do').click();
					await banner.locator('details[open] p').first().waitFor();
					await page.screenshot({ path: `test-results/deck-tiles-${name}-outage-unfolded.png` });
					await banner.getByText('What to do').click();
				}
			} finally {
				stack.sim.sim.startApi();
			}
			await page
				.getByRole('button', { name: /^Retry/ })
				.first()
				.click();
			await page.locator('[data-status="open"]').waitFor();
			await expect
				.poll(() => page.getByRole('button', { name: TWO, exact: true }).isEnabled())
				.toBe(true);
			// Row 4: fitted to the screen again without a reload, as a fresh page is, and "hold" never over a label.
			const recovered = await check('recovered');
			await page.reload();
			await page.getByRole('button', { name: TWO, exact: true }).waitFor();
			// Within a pixel: the fitted height is floored from a fractional top, which can land either side.
			const reloaded = await check('reloaded');
			expect(reloaded.length).toBe(recovered.length);
			expect(reloaded.filter((h, i) => Math.abs(h - recovered[i]!) > 1)).toEqual([]);
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);

	it.each(['en-US', 'de-DE', 'fr-FR', 'es-ES', 'pt-BR'])(
		'%s: the dock’s outage banner stays short (≤ 96 px) and breaks no word inside',
		{ timeout: 60_000 },
		async (locale) => {
			const { page, errors } = await openDeck(SIZES[3]!, locale);
			stack.sim.sim.stopApi();
			try {
				const banner = page.locator('.connection-banner.shown');
				await banner.waitFor();
				await banner.locator('summary').waitFor();
				await page.screenshot({
					path: `test-results/deck-receipts-dock-outage-${locale}.png`
				});
				expect((await banner.boundingBox())?.height).toBeLessThanOrEqual(96);
				// Each word's letters on one line, inside the banner: none split across two lines.
				expect(await brokenWords(page, '.connection-banner.shown')).toEqual([]);
			} finally {
				stack.sim.sim.startApi();
			}
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);
});
