/**
 * The alert box's own sounds: served by the companion with a media folder, the builder offers the
 * folder's files beside the built-in sounds in each look's sound list; without a folder, or away
 * from the companion, it says how to add them. A file that will not decode is skipped with a line in
 * the widget's debug corner, and the alert still shows.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startCompanion, type Companion } from '../../../src/server/companion';
import { BUILD_DIR, launchBrowser } from '../harness';
import { startStack, TOKEN, type Stack } from '../stack';
import { alertEnvelope } from './helpers';

const DESKTOP = { width: 1280, height: 800 };
let browser: Browser;
let stack: Stack;
let dir: string;
const companions: Companion[] = [];
beforeAll(async () => {
	// Broadcasting software plays sound without a click: so does this browser.
	browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
	stack = await startStack({ browser });
	dir = mkdtempSync(join(tmpdir(), 'alert-sounds-'));
	const media = join(dir, 'media');
	mkdirSync(media);
	writeFileSync(join(media, 'airhorn.mp3'), 'ID3 not an mp3 at all');
	writeFileSync(join(media, 'My Chime.ogg'), 'OggS and nothing more');
	writeFileSync(join(media, 'notes.txt'), 'not audio');
	for (const mediaDir of [media, undefined])
		companions.push(
			await startCompanion({
				port: 0,
				host: '127.0.0.1',
				api: stack.sim.url,
				buildDir: BUILD_DIR,
				sharesFile: join(dir, `links-${companions.length}.json`),
				mediaDir,
				log: () => {}
			})
		);
}, 120_000);
afterAll(async () => {
	for (const companion of companions) await companion.close();
	await stack?.close();
	await browser?.close();
	if (dir) rmSync(dir, { recursive: true, force: true });
});

async function builderAt(url: string): Promise<Page> {
	const page = await (
		await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' })
	).newPage();
	page.setDefaultTimeout(15_000);
	await page.goto(url);
	await page.locator('[data-status="open"]').waitFor();
	await page.getByLabel('Alert box', { exact: true }).check();
	return page;
}

const note = (page: Page) =>
	page
		.getByRole('region', { name: 'Your own sounds' })
		.innerText()
		.then((s) => s.replace(/\s+/g, ' '));

describe('alert sounds', () => {
	it(
		"offers the media folder's files beside the built-in sounds, and the URL carries the pick",
		{ timeout: 60_000 },
		async () => {
			const page = await builderAt(`${companions[0]!.url}/#/widgets?token=${TOKEN}`);
			// Each kind's text and look are folded under its name, so the form stays short on a phone.
			await page.locator('summary', { hasText: 'Bits / cheer' }).click();
			const sound = page.getByLabel('Bits / cheer sound');
			await expect
				.poll(() => sound.locator('optgroup[label="Your media folder"] option').allTextContents())
				.toEqual(['My Chime.ogg', 'airhorn.mp3']);
			expect(await sound.locator('optgroup[label="Built in"] option').allTextContents()).toEqual([
				'none',
				'chime',
				'bell',
				'coin',
				'fanfare'
			]);
			expect(await note(page)).toMatch(/2 files of your media folder/);
			await page.getByLabel('Bits / cheer look', { exact: true }).fill('8,zoom');
			await sound.selectOption('airhorn.mp3');
			expect(await page.getByLabel('Bits / cheer look', { exact: true }).inputValue()).toBe(
				'8,zoom,,airhorn.mp3'
			);
			await page.getByLabel('Sound of every alert').selectOption('coin');
			expect(await page.getByLabel('Look of every alert', { exact: true }).inputValue()).toBe(
				',,,coin'
			);
			// Served by the companion, the URL carries a widget key and follows the form from then on.
			await page.getByRole('button', { name: 'Create URL' }).click();
			await page.getByRole('button', { name: 'Reveal key' }).click();
			const url = new URL(await page.getByTestId('widget-url').innerText());
			const params = new URLSearchParams(url.hash.split('?')[1]);
			expect([params.get('bitsLook'), params.get('look')]).toEqual([
				'8,zoom,,airhorn.mp3',
				',,,coin'
			]);
			await expect
				.poll(() => page.locator('summary', { hasText: 'Bits / cheer' }).innerText())
				.toMatch(/Bits \/ cheer\s*· changed/);
			await page.screenshot({ path: 'test-results/alert-sounds-builder-1280.png', fullPage: true });
			await page.setViewportSize({ width: 390, height: 844 });
			await sound.scrollIntoViewIfNeeded();
			await page.screenshot({ path: 'test-results/alert-sounds-builder-390.png' });
			await page.context().close();
		}
	);

	it('says how to add your own sounds without a media folder and away from the companion', async () => {
		const bare = await builderAt(`${companions[1]!.url}/#/widgets?token=${TOKEN}`);
		await expect.poll(() => note(bare)).toMatch(/serves no media folder/);
		expect(await note(bare)).toContain('npm start -- --media DIR');
		expect(await bare.getByLabel('Bits / cheer sound').locator('optgroup').count()).toBe(1);
		await bare.context().close();
		const { page } = await stack.open('/widgets', {}, DESKTOP);
		await page.locator('[data-status="open"]').waitFor();
		await page.getByLabel('Alert box', { exact: true }).check();
		expect(await note(page)).toMatch(/not served by the companion.*npm start -- --media DIR/);
		await page.context().close();
	});

	it(
		'skips a media file that will not decode, with a line in the debug corner, and still shows the alert',
		{ timeout: 60_000 },
		async () => {
			const page = await (
				await browser.newContext({ viewport: { width: 800, height: 450 } })
			).newPage();
			await page.goto(
				`${companions[0]!.url}/widget.html#/widget/alert-box?token=${TOKEN}&debug=1&control=&look=30,,,airhorn.mp3`
			);
			await page.locator('.debug[data-status="open"]').waitFor();
			const res = await fetch(`${stack.sim.url}/__sim/emit?token=${encodeURIComponent(TOKEN)}`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify(
					alertEnvelope('alpha-follower', { value: 'Ana' }, { displayname: 'Ana' })
				)
			});
			expect(res.status).toBe(200);
			await page.locator('.alert', { hasText: 'Ana followed!' }).waitFor();
			await page
				.locator('.debug', { hasText: 'sound airhorn.mp3 was skipped: it did not load or decode' })
				.waitFor();
			await page.screenshot({ path: 'test-results/alert-sounds-undecodable-800.png' });
			await page.context().close();
		}
	);
});
