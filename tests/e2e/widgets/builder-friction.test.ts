/**
 * The widget builder's everyday friction: the URL and its QR carry the LAN address the streamer picks
 * (the same picker as phone pairing and share links), the counter is picked from the names the
 * streamer watches (a plain line when there are none), another widget masks the token again, the
 * browser source's size can be copied, and the chat widget can put each line on a plate.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startCompanion, type Companion } from '../../../src/server/companion';
import { seriousViolations } from '../axe';
import { BUILD_DIR } from '../harness';
import { decodeQr } from '../qr';
import { startStack, TOKEN, type Stack } from '../stack';
import { goToPage } from '../dashboard/page-helpers';
import { chatEnvelope } from './helpers';

const DESKTOP = { width: 1280, height: 1000 };
const shownUrl = (page: Page) => page.getByTestId('widget-url').innerText();

describe('widget builder friction', () => {
	let stack: Stack;
	let companion: Companion;
	let dir: string;
	beforeAll(async () => {
		stack = await startStack();
		dir = mkdtempSync(join(tmpdir(), 'builder-e2e-'));
		// Loopback aliases stand in for the PC's Wi-Fi and VPN addresses.
		companion = await startCompanion({
			port: 0,
			host: '0.0.0.0',
			api: stack.sim.url,
			buildDir: BUILD_DIR,
			sharesFile: join(dir, 'links.json'),
			lanAddresses: () => ['127.0.0.2', '127.0.0.3'],
			log: () => {}
		});
	}, 120_000);
	afterAll(async () => {
		await companion?.close();
		await stack?.close();
		if (dir) rmSync(dir, { recursive: true, force: true });
	});

	async function builder(): Promise<Page> {
		const { page } = await stack.open('/widgets', {}, DESKTOP);
		page.setDefaultTimeout(15_000);
		await page.locator('[data-status="open"]').waitFor();
		return page;
	}

	it(
		'served by the companion, the URL and its QR code carry the LAN address picked, and the widget runs there',
		{ timeout: 120_000 },
		async () => {
			const context = await stack.browser.newContext({
				viewport: DESKTOP,
				reducedMotion: 'reduce'
			});
			const page = await context.newPage();
			page.setDefaultTimeout(15_000);
			await page.goto(`${companion.url}/#/widgets?token=${TOKEN}`);
			await page.locator('[data-status="open"]').waitFor();
			await page.getByLabel('Chat', { exact: true }).check();
			// Served by the companion, the URL carries a widget key of its own, never the token.
			await page.getByRole('button', { name: 'Create URL' }).click();
			const address = page.getByLabel('Address in the URL');
			// The LAN addresses arrive from the companion some time after the page opens: wait for them.
			await expect
				.poll(() => address.locator('option').allTextContents())
				.toEqual([
					`http://127.0.0.1:${companion.port}`,
					`http://127.0.0.2:${companion.port}`,
					`http://127.0.0.3:${companion.port}`
				]);
			expect(await address.inputValue()).toBe(`http://127.0.0.1:${companion.port}`);
			await address.selectOption(`http://127.0.0.3:${companion.port}`);
			await page.getByRole('button', { name: 'Reveal key' }).click();
			await expect.poll(() => shownUrl(page)).toMatch(/^http:\/\/127\.0\.0\.3:/);
			const url = await shownUrl(page);
			expect(url.startsWith(`http://127.0.0.3:${companion.port}/widget.html#/widget/chat?`)).toBe(
				true
			);
			expect(url).toContain('token=share_');
			expect(url).not.toContain(TOKEN);
			await page.getByRole('button', { name: 'Show QR code' }).click();
			expect(await decodeQr(page.getByRole('img', { name: /QR code of the widget URL/ }))).toBe(
				url
			);
			expect(await seriousViolations(page)).toEqual([]);

			// Another PC's broadcasting software opens it: live chat through the companion at that address.
			const widget = await context.newPage();
			await widget.goto(url);
			await widget.locator('.widget').waitFor();
			await expect
				.poll(
					async () => {
						stack.sim.sim.emit(chatEnvelope('lan-1', 'hello over the LAN', { username: 'ana' }));
						return widget.locator('.widget').innerText();
					},
					{ timeout: 15_000, interval: 1000 }
				)
				.toContain('hello over the LAN');
			await context.close();
		}
	);

	it(
		'the counter is picked from the names watched on the Counters page; with none, a plain line says where they come from',
		{ timeout: 90_000 },
		async () => {
			const page = await builder();
			await page
				.getByText('No counters known yet: watch one on the Counters page, or type its name.')
				.waitFor();
			expect(await page.getByRole('group', { name: 'Known counters' }).count()).toBe(0);

			await goToPage(page, 'Counters');
			await page.getByLabel('Counter name').fill('deaths');
			await page.getByRole('button', { name: 'Watch', exact: true }).click();
			await page.getByLabel('Counter name').fill('wins');
			await page.getByRole('button', { name: 'Watch', exact: true }).click();
			await page.getByLabel('deaths value').waitFor();
			await goToPage(page, 'Widgets');
			const known = page.getByRole('group', { name: 'Known counters' });
			expect(await known.getByRole('button').allTextContents()).toEqual(['wins', 'deaths']);
			await known.getByRole('button', { name: 'deaths' }).click();
			expect(await page.getByLabel('Variable name', { exact: true }).inputValue()).toBe('deaths');
			expect(await known.getByRole('button', { name: 'deaths' }).getAttribute('aria-pressed')).toBe(
				'true'
			);
			await expect.poll(() => shownUrl(page)).toMatch(/[?&]name=deaths(&|$)/);
			expect(await page.getByText('No counters known yet').count()).toBe(0);
			await page.context().close();
		}
	);

	it(
		'another widget masks the token again; the recommended size is shown per widget and copied',
		{ timeout: 90_000 },
		async () => {
			const page = await builder();
			await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
			await page.getByRole('button', { name: 'Reveal token' }).click();
			expect(await shownUrl(page)).toContain(`token=${TOKEN}`);
			await page.getByText('Browser source size: 400 × 220 px (width × height)').waitFor();
			await page.getByRole('button', { name: 'Copy size' }).click();
			await page.getByText('Copied 400x220.').waitFor();
			expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('400x220');

			await page.getByLabel('Now playing', { exact: true }).check();
			await expect.poll(() => shownUrl(page)).toContain('#/widget/now-playing?');
			expect(await shownUrl(page)).toContain('token=••••••••');
			expect(await shownUrl(page)).not.toContain(TOKEN);
			expect(
				await page.getByRole('button', { name: 'Reveal token' }).getAttribute('aria-pressed')
			).toBe('false');
			await page.getByText('Browser source size: 500 × 140 px (width × height)').waitFor();
			await page.getByRole('button', { name: 'Copy size' }).click();
			expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('500x140');
			await page.context().close();
		}
	);

	it(
		'the chat widget puts each line on a plate (on by default) of the chosen colour, in the preview',
		{ timeout: 90_000 },
		async () => {
			const page = await builder();
			await page.getByLabel('Chat', { exact: true }).check();
			// The plate is on by default: the link does not need to say so.
			expect(
				await page.getByLabel('Background plate behind each message', { exact: true }).isChecked()
			).toBe(true);
			await page.getByLabel('Plate colour', { exact: true }).fill('#000000cc');
			await expect.poll(() => shownUrl(page)).toMatch(/[?&]plateColor=%23000000cc(&|$)/);
			expect(await shownUrl(page)).not.toMatch(/[?&]plate=/);
			const frame = page.frameLocator('iframe');
			await frame.locator('.widget').waitFor();
			// The preview reloads as the options change, so a line can first land in the frame of a previous URL:
			// send lines until the newest one shows, on the chosen plate.
			let sent = 0;
			await expect
				.poll(
					async () => {
						stack.sim.sim.emit(chatEnvelope(`plate-${++sent}`, 'on a plate', { username: 'ana' }));
						const lines = frame.locator('.widget li');
						if ((await lines.count()) === 0) return 'no line yet';
						return lines
							.first()
							.evaluate((li) => getComputedStyle(li.querySelector('.plate')!).backgroundColor);
					},
					{ timeout: 30_000, interval: 1000 }
				)
				.toBe('rgba(0, 0, 0, 0.8)');
			expect(await seriousViolations(page)).toEqual([]);
			await page.context().close();
		}
	);
});
