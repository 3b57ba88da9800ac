/**
 * A deck leaving the device: exported as a JSON file and imported (a bad file refused, naming the
 * field and the rule, with nothing changed), and carried to a co-streamer by a share link made on the
 * companion server, whose scope still decides what can be pressed.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../axe';
import { launchBrowser } from '../harness';
import { PHONE, startCompanionStack, TOKEN, type CompanionStack } from '../stack';
import { SAMPLE_DECK } from './deck-helpers';

describe('deck export, import and share links', () => {
	let stack: CompanionStack;
	let browser: Browser;

	async function open(url: string): Promise<Page> {
		const context = await browser.newContext({
			viewport: PHONE,
			reducedMotion: 'reduce',
			acceptDownloads: true
		});
		const page = await context.newPage();
		page.setDefaultTimeout(20_000);
		await page.goto(url);
		return page;
	}
	const key = () => `stream-control:deck:v2:127.0.0.1:${new URL(stack.companion.url).port}`;
	const sends = () =>
		stack.sim.sim.requestLog.filter((r) => r.type && r.type !== 'get-variable-value');
	/**
	 * Puts a deck on the page's device and reloads. On the deck, first waits until the page's own deck
	 * reached the companion and came back marked as shared: until then its answer could write the page's
	 * deck over the one put there. (Other pages do not share the deck.)
	 */
	async function putDeck(page: Page, { onDeck = true } = {}): Promise<void> {
		if (onDeck)
			await expect
				.poll(() =>
					page.evaluate((k) => localStorage.getItem(k)?.includes('"sync"') ?? false, key())
				)
				.toBe(true);
		await page.evaluate(
			([k, v]) => localStorage.setItem(k!, v!),
			[key(), JSON.stringify(SAMPLE_DECK)]
		);
		await page.reload();
	}

	beforeAll(async () => {
		stack = await startCompanionStack('deck-portable', { companion: { realToken: TOKEN } });
		browser = await launchBrowser();
	});
	afterAll(async () => {
		await browser?.close();
		await stack?.close();
	});

	it('exports the deck as JSON; a bad file is refused naming the field and rule; a good one is added or replaces, as asked', async () => {
		const page = await open(`${stack.companion.url}/#/?token=${TOKEN}`);
		await page.locator('[data-status="open"]').waitFor();
		await putDeck(page);
		await page.getByRole('group', { name: /^Live: 3 × 4 grid/ }).waitFor();
		await page.getByRole('button', { name: 'Edit', exact: true }).click();

		const download = page.waitForEvent('download');
		await page.getByRole('button', { name: 'Export deck' }).click();
		const file = await (await download).path();
		expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(SAMPLE_DECK);

		const bad = structuredClone(SAMPLE_DECK);
		bad.pages[0]!.buttons[1]!.col = 0;
		const input = page.getByLabel('Import a deck file');
		await input.setInputFiles({
			name: 'broken.json',
			mimeType: 'application/json',
			buffer: Buffer.from(JSON.stringify(bad))
		});
		await page
			.getByRole('alert')
			.getByText(
				'broken.json: The file is not a deck this version can read: pages[0].buttons[1].col overlaps button t1. Nothing was changed.'
			)
			.waitFor();
		expect(
			await page.getByRole('group', { name: 'Deck pages' }).getByRole('button').allTextContents()
		).toEqual(['Live', 'Scenes', 'Everything']);
		// Through the companion the stored deck also carries its sync marks (`sync`).
		const stored = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), key()))!);
		expect({ version: stored.version, pages: stored.pages }).toEqual(SAMPLE_DECK);

		// A press leaves a receipt on its tile; a copy of that button brought in by a file has none.
		const tabs = page.getByRole('group', { name: 'Deck pages' });
		await page.getByRole('button', { name: 'Done editing' }).click();
		await page.getByRole('button', { name: /Lurk/ }).click();
		await page.locator('.tile[data-receipt]').waitFor();
		await page.getByRole('button', { name: 'Edit', exact: true }).click();

		// The import asks: add after the pages here, or replace them.
		const importFile = async () => {
			await input.setInputFiles({
				name: 'deck.json',
				mimeType: 'application/json',
				buffer: readFileSync(file)
			});
			const ask = page.getByRole('group', { name: /^deck\.json holds 2 pages\./ });
			await ask.waitFor();
			return ask;
		};
		let ask = await importFile();
		expect(await seriousViolations(page)).toEqual([]);
		await page.screenshot({ path: 'test-results/deck-import-ask-390.png' });
		await ask.getByRole('button', { name: 'Add after my pages' }).click();
		await page
			.getByRole('status')
			.filter({ hasText: '2 pages imported from deck.json, after your own.' })
			.waitFor();
		// Names stay unique: the added Live is Live 2.
		expect(await tabs.getByRole('button').allTextContents()).toEqual([
			'Live',
			'Scenes',
			'Live 2',
			'Scenes 2',
			'Everything'
		]);
		await page.getByRole('button', { name: 'Done editing' }).click();
		await tabs.getByRole('button', { name: 'Live 2' }).click();
		await page.getByRole('group', { name: /^Live 2: 3 × 4 grid/ }).waitFor();
		expect(await page.locator('.tile[data-receipt]').count()).toBe(0);
		await page.getByRole('button', { name: 'Edit', exact: true }).click();
		await page.getByRole('button', { name: 'Undo' }).click();
		await expect.poll(() => tabs.getByRole('button').count()).toBe(3);

		// Replace: the file's pages instead of these, with no receipt; undo brings the old deck back.
		ask = await importFile();
		await ask.getByRole('button', { name: 'Replace my deck' }).click();
		await page
			.getByRole('status')
			.filter({ hasText: 'Your deck was replaced by the 2 pages of deck.json.' })
			.waitFor();
		expect(await tabs.getByRole('button').allTextContents()).toEqual([
			'Live',
			'Scenes',
			'Everything'
		]);
		await page.getByRole('button', { name: 'Done editing' }).click();
		await page.getByRole('group', { name: /^Live: 3 × 4 grid/ }).waitFor();
		expect(await page.locator('.tile[data-receipt]').count()).toBe(0);
		await page.getByRole('button', { name: 'Edit', exact: true }).click();

		// Cancel imports nothing.
		ask = await importFile();
		await ask.getByRole('button', { name: 'Cancel' }).click();
		await page.getByRole('status').filter({ hasText: 'deck.json was not imported.' }).waitFor();
		expect(await tabs.getByRole('button').count()).toBe(3);
		expect(await seriousViolations(page)).toEqual([]);
		await page.context().close();
	});

	it("a co-streamer's link carries the layout; the link's scope still decides what can be pressed", async () => {
		const manage = (method: string, path: string, body?: object) =>
			fetch(`${stack.companion.url}${path}`, {
				method,
				headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
				body: body && JSON.stringify(body)
			});
		expect(
			(
				await manage('POST', '/__share/links', {
					label: 'Commands only',
					profile: 'custom',
					types: ['chat-command']
				})
			).status
		).toBeLessThan(300);

		const streamer = await open(`${stack.companion.url}/#/share?token=${TOKEN}`);
		await putDeck(streamer, { onDeck: false });
		const card = streamer.getByRole('listitem', { name: 'Commands only' });
		await card.getByRole('checkbox', { name: /^Carry my deck layout/ }).check();
		await card.getByRole('button', { name: /^Show link/ }).click();
		const url = (await card.locator('code').textContent())!;
		expect(url).toMatch(/#\/\?token=share_[^&]+&deck=[zj]\./);

		const co = await open(url);
		const grid = co.getByRole('group', { name: /^Live: 3 × 4 grid/ });
		await grid.waitFor();
		await co.getByText('This link brought the streamer’s deck layout.').waitFor();
		expect(co.url()).not.toContain('deck=');
		const lurk = grid.getByRole('button', { name: /Lurk/ });
		await expect.poll(() => lurk.isEnabled()).toBe(true);
		const stream = grid.getByRole('button', { name: /^Stream mode/ });
		expect(await stream.isDisabled()).toBe(true);
		await grid
			.locator('.tile')
			.filter({ has: co.getByRole('button', { name: /^Stream mode/ }) })
			.getByText('not allowed by this share link')
			.waitFor();
		stack.sim.sim.clearLog();
		await lurk.click();
		await expect.poll(() => sends().length).toBe(1);
		expect(sends().map((r) => [r.type, r.params])).toEqual([['chat-command', { value: 'lurk' }]]);
		expect(await seriousViolations(co)).toEqual([]);
		await co.context().close();
		await streamer.context().close();
	});
});
