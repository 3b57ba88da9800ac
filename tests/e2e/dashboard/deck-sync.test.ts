/**
 * One deck on every device, through the companion: a phone (390×844), a PC (1280×800) and a dock
 * (350×700) each see the others' changes; the dock goes offline, keeps editing, and on reconnect its
 * changes are merged page by page (the page changed later elsewhere wins, the dock's version is kept as
 * a backup page), with no page lost on any device. A share link's holder sees the deck and cannot edit.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, watchPage } from '../harness';
import { startCompanionStack, TOKEN, type CompanionStack } from '../stack';

describe('one deck on every device', () => {
	let stack: CompanionStack;
	let browser: Browser;

	async function open(
		viewport: { width: number; height: number },
		query = ''
	): Promise<Page & { errors: string[] }> {
		const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
		const page = await context.newPage();
		page.setDefaultTimeout(20_000);
		const { errors } = watchPage(page);
		await page.goto(`${stack.companion.url}/#/?token=${TOKEN}${query}`);
		await page.locator('[data-status="open"]').waitFor();
		return Object.assign(page, { errors });
	}
	const tabs = (page: Page) =>
		page.getByRole('group', { name: 'Deck pages' }).getByRole('button').allTextContents();
	async function addPage(page: Page, name: string) {
		await page.getByLabel('New page name').fill(name);
		await page.getByRole('button', { name: 'Add page' }).click();
		await page
			.getByRole('status')
			.filter({ hasText: `Page ${name} added.` })
			.waitFor();
	}
	async function addButton(page: Page, search: string, choice: string) {
		await page.getByRole('button', { name: 'Add button' }).click();
		const picker = page.getByRole('region', { name: 'Add a button' });
		await picker.getByLabel('Search what to add').fill(search);
		await picker.getByRole('button', { name: choice, exact: true }).click();
		await picker.getByText(`${choice} added.`).waitFor();
	}
	/** The labels of a page's tiles, seen outside edit mode. */
	async function labels(page: Page, name: string): Promise<string[]> {
		await page
			.getByRole('group', { name: 'Deck pages' })
			.getByRole('button', { name, exact: true })
			.click();
		const grid = page.getByRole('group', { name: new RegExp(`^${escape(name)}: `) });
		await grid.waitFor();
		return (await grid.locator('.tile .label').allTextContents()).map((t) => t.trim());
	}
	const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

	beforeAll(async () => {
		stack = await startCompanionStack('deck-sync', { companion: { realToken: TOKEN } });
		browser = await launchBrowser();
	});
	afterAll(async () => {
		await browser?.close();
		await stack?.close();
	});

	it(
		'phone, PC and dock share one deck; offline edits merge on reconnect with no page lost',
		{
			timeout: 180_000
		},
		async () => {
			const pc = await open({ width: 1280, height: 800 });
			const phone = await open({ width: 390, height: 844 });
			const dock = await open({ width: 350, height: 700 }, '&dock=1');

			// Made on the PC: every other dashboard shows it without a reload.
			await pc.getByRole('button', { name: 'Edit', exact: true }).click();
			await addPage(pc, 'Live');
			await addButton(pc, 'lurk', 'lurk');
			await pc.getByRole('button', { name: 'Done editing' }).click();
			for (const device of [phone, dock])
				await expect.poll(() => tabs(device)).toEqual(['Live', 'Everything']);
			expect(await labels(dock, 'Live')).toEqual(['lurk']);

			// The dock goes offline in edit mode (its code is fetched on the first Edit press) and keeps
			// editing: its Live page gets a button, and a page of its own.
			await dock.getByRole('button', { name: 'Edit', exact: true }).click();
			await dock.getByRole('button', { name: 'Done editing' }).waitFor();
			await dock.context().setOffline(true);
			await addButton(dock, 'gameplay', 'Gameplay');
			await dock.getByText(/^Offline: changes to the deck stay on this device/).waitFor();
			await addPage(dock, 'Dock page');
			await addButton(dock, 'orange', 'Orange light');
			await dock.getByRole('button', { name: 'Done editing' }).click();
			expect(await tabs(dock)).toEqual(['Live', 'Dock page', 'Everything']);

			// Meanwhile the phone changes Live too (later than the dock did), and the PC adds Scenes.
			await phone.getByRole('button', { name: 'Edit', exact: true }).click();
			await addButton(phone, 'red', 'Red light');
			await phone.getByRole('button', { name: 'Done editing' }).click();
			await pc.getByRole('button', { name: 'Edit', exact: true }).click();
			await addPage(pc, 'Scenes');
			await addButton(pc, 'neon', 'Neon Night');
			await pc.getByRole('button', { name: 'Done editing' }).click();
			for (const device of [phone, pc])
				await expect.poll(() => tabs(device)).toEqual(['Live', 'Scenes', 'Everything']);
			expect(await labels(pc, 'Live')).toEqual(['lurk', 'Red light']);

			// Back online: the dock's changes join. Live keeps the phone's later version; the dock's is a backup page.
			await dock.context().setOffline(false);
			const merged = [
				'Live',
				expect.stringMatching(/^Live \(from dock, \d\d:\d\d\)$/),
				'Dock page',
				'Scenes',
				'Everything'
			];
			for (const device of [dock, phone, pc]) await expect.poll(() => tabs(device)).toEqual(merged);
			const backup = (await tabs(pc))[1]!;
			for (const device of [dock, phone, pc]) {
				expect(await labels(device, 'Live')).toEqual(['lurk', 'Red light']);
				expect(await labels(device, backup)).toEqual(['lurk', 'Gameplay']);
				expect(await labels(device, 'Dock page')).toEqual(['Orange light']);
				expect(await labels(device, 'Scenes')).toEqual(['Neon Night']);
			}
			await dock.getByText(/^Offline:/).waitFor({ state: 'detached' });
			for (const [device, name] of [
				[phone, 'phone-390'],
				[pc, 'pc-1280'],
				[dock, 'dock-350']
			] as const)
				await device.screenshot({ path: `test-results/deck-sync-${name}.png` });

			// The shared deck is in an owner-only file beside the share links, without the token.
			const file = join(stack.dir, '.stream-decks.json');
			expect(statSync(file).mode & 0o777).toBe(0o600);
			expect(readFileSync(file, 'utf8')).not.toContain(TOKEN);
			for (const device of [dock, phone, pc]) expect(device.errors).toEqual([]);
			for (const device of [dock, phone, pc]) await device.context().close();
		}
	);

	it("a share link's holder sees the streamer's deck and its changes, and no Edit", async () => {
		const asStreamer = (method: string, path: string, body?: object) =>
			fetch(`${stack.companion.url}${path}`, {
				method,
				headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
				body: body && JSON.stringify(body)
			});
		const made = await asStreamer('POST', '/__share/links', {
			label: 'Commands',
			profile: 'custom',
			types: ['chat-command']
		});
		const { key } = (await made.json()) as { key: string };
		const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
		const co = await context.newPage();
		co.setDefaultTimeout(20_000);
		await co.goto(`${stack.companion.url}/#/?token=${key}`);
		const shared = async () =>
			(await (await asStreamer('GET', '/__companion/deck')).json()) as {
				rev: number;
				doc: { version: 2; pages: { name: string }[] } | null;
			};
		const names = ((await shared()).doc?.pages ?? []).map((p) => p.name);
		await expect.poll(() => tabs(co)).toEqual([...names, 'Everything']);
		expect(await co.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);

		// The streamer adds a page: the holder sees it.
		const { rev, doc } = await shared();
		const page = {
			id: 'streamer',
			name: 'From the streamer',
			columns: 2,
			rows: 2,
			buttons: []
		};
		const sent = await asStreamer('PUT', '/__companion/deck', {
			base: rev,
			by: 'PC',
			doc: { version: 2, pages: [...(doc?.pages ?? []), page] },
			pages: {},
			removed: {}
		});
		expect(sent.status).toBe(200);
		await expect.poll(() => tabs(co)).toContain('From the streamer');
		await co.screenshot({ path: 'test-results/deck-sync-share-390.png' });
		await context.close();
	});
});
