/**
 * Pairing a phone in one scan: the streamer's dashboard on the PC (through the companion) shows a QR
 * code behind a tap, with the chosen LAN address and the token; the phone opens it connected, takes
 * the token out of its address bar and keeps it on the device. Against both simulator profiles, in one
 * browser.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SETTINGS_STORAGE_KEY } from '../../../src/lib/client/remembered-settings';
import { startCompanion, type Companion } from '../../../src/server/companion';
import { startSimServer, type SimServer } from '../../../src/server/sim-server';
import { seriousViolations } from '../axe';
import { BUILD_DIR, launchBrowser, watchPage } from '../harness';
import { decodeQr } from '../qr';
import { waitForStatus } from '../reliability/pages';
import { TOKEN } from '../stack';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const DOCK = { width: 350, height: 700 };

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
}, 120_000);
afterAll(async () => browser?.close());

describe.each(['current', 'legacy'] as const)('open on your phone (%s profile)', (profile) => {
	let sim: SimServer;
	let companion: Companion;
	let dir: string;
	let pc: Page;
	let pcConsole: string[];
	let scanned = '';

	async function open(url: string, viewport: { width: number; height: number }) {
		const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
		const page = await context.newPage();
		page.setDefaultTimeout(20_000);
		const watched = watchPage(page);
		await page.goto(url);
		return { page, lines: () => [...watched.consoleLines, ...watched.errors] };
	}

	beforeAll(async () => {
		dir = mkdtempSync(join(tmpdir(), 'pair-e2e-'));
		sim = await startSimServer({ port: 0, host: '127.0.0.1', token: TOKEN, profile });
		// Two "LAN" addresses that Chromium can reach here: loopback aliases stand in for Wi-Fi and a VPN.
		companion = await startCompanion({
			port: 0,
			host: '0.0.0.0',
			api: sim.url,
			buildDir: BUILD_DIR,
			sharesFile: join(dir, 'links.json'),
			lanAddresses: () => ['127.0.0.2', '127.0.0.3'],
			log: () => {}
		});
		const opened = await open(`${companion.url}/#/connect?token=${TOKEN}`, DESKTOP);
		pc = opened.page;
		pcConsole = [];
		pc.on('console', (m) => pcConsole.push(m.text()));
	}, 120_000);
	afterAll(async () => {
		await pc?.context().close();
		await companion?.close();
		await sim?.close();
		if (dir) rmSync(dir, { recursive: true, force: true });
	});

	it(
		'on the PC: the code stays hidden until tapped, for the address the streamer picks, and holds the token in the fragment',
		{ timeout: 120_000 },
		async () => {
			await waitForStatus(pc, 'open');
			const card = pc.getByRole('region', { name: 'Open on your phone' });
			await card.getByText('whoever scans it controls your stream').waitFor();
			expect(await card.getByRole('img').count()).toBe(0);
			const address = card.getByLabel('Address the phone opens');
			expect(await address.locator('option').allTextContents()).toEqual([
				`http://127.0.0.2:${companion.port}`,
				`http://127.0.0.3:${companion.port}`
			]);
			await address.selectOption(`http://127.0.0.3:${companion.port}`);
			await card.getByRole('button', { name: 'Show the code' }).click();
			const code = card.getByRole('img', {
				name: /QR code: this dashboard at http:\/\/127\.0\.0\.3/
			});
			scanned = (await decodeQr(code)) ?? '';
			expect(scanned).toBe(`http://127.0.0.3:${companion.port}/#/?token=${TOKEN}`);
			await card.getByRole('button', { name: 'Hide the code' }).click();
			expect(await card.getByRole('img').count()).toBe(0);
		}
	);

	it('the PC dashboard took the token out of its own address bar too', async () => {
		expect(pc.url()).toBe(`${companion.url}/#/connect`);
		expect(pcConsole.filter((line) => line.includes(TOKEN))).toEqual([]);
	});

	it(
		'has no serious or critical axe violations with the code shown, at 1280, 390 and 350 wide, where the code still scans',
		{ timeout: 90_000 },
		async () => {
			await pc.getByRole('button', { name: 'Show the code' }).click();
			expect(await seriousViolations(pc)).toEqual([]);
			const code = pc
				.getByRole('region', { name: 'Open on your phone' })
				.getByRole('img', { name: /^QR code: this dashboard at / });
			for (const viewport of [PHONE, DOCK]) {
				await pc.setViewportSize(viewport);
				expect(await seriousViolations(pc)).toEqual([]);
				expect(await pc.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
					viewport.width
				);
				expect(await decodeQr(code)).toBe(scanned);
			}
			await pc.setViewportSize(PHONE);
		}
	);

	it(
		'the phone opens the scanned address connected, clears the token from the address bar and keeps it',
		{ timeout: 120_000 },
		async () => {
			const { page: phone, lines } = await open(scanned, PHONE);
			await waitForStatus(phone, 'open');
			await phone.getByRole('button', { name: 'lurk', exact: true }).waitFor();
			expect(phone.url()).toBe(`http://127.0.0.3:${companion.port}/#/`);
			const kept = await phone.evaluate((key) => localStorage.getItem(key), SETTINGS_STORAGE_KEY);
			expect(JSON.parse(kept ?? '{}')).toMatchObject({
				token: TOKEN,
				host: '127.0.0.3',
				port: companion.port
			});
			const hrefs = await phone
				.getByRole('navigation', { name: 'Pages' })
				.getByRole('link')
				.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
			expect(hrefs.filter((h) => h?.includes('token'))).toEqual([]);

			// A press reaches the application; a reload starts from what the phone kept.
			sim.sim.clearLog();
			await phone.getByRole('button', { name: 'lurk', exact: true }).click();
			await expect
				.poll(() => sim.sim.requestLog.filter((r) => r.type === 'chat-command').length)
				.toBe(1);
			await phone.reload();
			await waitForStatus(phone, 'open');
			expect(phone.url()).not.toContain(TOKEN);
			expect(lines().filter((line) => line.includes(TOKEN))).toEqual([]);
			await phone.context().close();
		}
	);
});
