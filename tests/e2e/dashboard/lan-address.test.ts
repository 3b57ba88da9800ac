/**
 * The companion opened from a LAN-style address: listening on every interface, as `npm start` does,
 * and opened in Chromium at http://127.0.0.2:PORT/ (another origin than 127.0.0.1, still loopback), and
 * at a LAN name (mapped to loopback), which unlike a loopback address is not a secure context.
 * The dashboard and a widget get live data, a press reaches the application, every request stays on
 * the page's own origin, and the console shows no error (CORS, policy or otherwise).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startCompanion, type Companion } from '../../../src/server/companion';
import { startSimServer, type SimServer } from '../../../src/server/sim-server';
import { BUILD_DIR, launchBrowser, watchPage } from '../harness';
import { PHONE, TOKEN } from '../stack';
import { chatEnvelope, waitForText } from '../widgets/helpers';
import { waitForStatus, WIDGET_VIEWPORT } from '../reliability/pages';

const LAN_NAME = 'streamer-pc.lan';

describe('the companion opened at a LAN-style address', () => {
	let sim: SimServer;
	let companion: Companion;
	let browser: Browser;
	let dir: string;
	let base: string;

	/** Opens a page and records its console, uncaught errors and every request's origin. */
	async function open(url: string, viewport = PHONE) {
		const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
		const page = await context.newPage();
		page.setDefaultTimeout(30_000);
		const watched = watchPage(page);
		const origins = new Set<string>();
		page.on('request', (request) => origins.add(new URL(request.url()).origin));
		page.on('requestfailed', (request) => {
			const path = new URL(request.url()).pathname;
			// The companion's waiting reads (the shared deck's long poll) are cut when the page goes: no failure.
			if (request.failure()?.errorText === 'net::ERR_ABORTED' && path.startsWith('/__companion/'))
				return;
			watched.errors.push(`request failed: ${request.failure()?.errorText} ${path}`);
		});
		await page.goto(url);
		return {
			page,
			origins,
			problems: () => [
				...watched.errors,
				...watched.consoleLines.filter((line) => /^(error|warning):/.test(line))
			]
		};
	}

	beforeAll(async () => {
		dir = mkdtempSync(join(tmpdir(), 'lan-e2e-'));
		sim = await startSimServer({ port: 0, host: '127.0.0.1', token: TOKEN });
		companion = await startCompanion({
			port: 0,
			host: '0.0.0.0',
			api: sim.url,
			buildDir: BUILD_DIR,
			sharesFile: join(dir, 'links.json'),
			log: () => {}
		});
		base = `http://127.0.0.2:${companion.port}`;
		// Loopback addresses count as secure contexts; a LAN name does not. This one resolves to loopback.
		browser = await launchBrowser([`--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.2`]);
	});
	afterAll(async () => {
		await browser?.close();
		await companion?.close();
		await sim?.close();
		if (dir) rmSync(dir, { recursive: true, force: true });
	});

	it(
		'the dashboard: live chat arrives, a deck press reaches the application, no console error',
		{ timeout: 60_000 },
		async () => {
			const { page, origins, problems } = await open(`${base}/#/?token=${TOKEN}`);
			await waitForStatus(page, 'open');
			await page.getByRole('button', { name: 'lurk', exact: true }).waitFor();
			sim.sim.clearLog();
			await page.getByRole('button', { name: 'lurk', exact: true }).click();
			await page.getByText('Done').first().waitFor();
			expect(sim.sim.requestLog.filter((r) => r.type === 'chat-command')).toMatchObject([
				{ params: { value: 'lurk' }, status: 200 }
			]);

			// The deck opened without SvelteKit; this starts it, over the same connection (its feed already
			// holds the press above), so the page is ready once its heading shows.
			await page.goto(`${base}/#/chat?token=${TOKEN}`);
			await page.getByRole('heading', { name: 'Chat and events', level: 1 }).waitFor();
			await waitForStatus(page, 'open');
			sim.sim.emit(chatEnvelope('lan-1', 'hello over the LAN', { username: 'lan_viewer' }));
			await page
				.getByRole('list', { name: /newest first/ })
				.getByText('hello over the LAN')
				.waitFor();

			expect([...origins]).toEqual([base]);
			expect(problems()).toEqual([]);
		}
	);

	it(
		'a widget: live chat arrives over the same origin, no console error',
		{ timeout: 60_000 },
		async () => {
			const { page, origins, problems } = await open(
				`${base}/#/widget/chat?token=${TOKEN}&debug=1`,
				WIDGET_VIEWPORT
			);
			await waitForStatus(page, 'open');
			sim.sim.emit(chatEnvelope('lan-2', 'widget over the LAN', { username: 'lan_widget_fan' }));
			await waitForText(page, /lan_widget_fan: widget over the LAN$/);
			expect([...origins]).toEqual([base]);
			expect(problems()).toEqual([]);
		}
	);

	it(
		'the widget builder copies the real widget URL to the clipboard, where the Clipboard API does not exist',
		{ timeout: 120_000 },
		async () => {
			const { page, problems } = await open(
				`http://${LAN_NAME}:${companion.port}/#/widgets?token=${TOKEN}`,
				{ width: 1280, height: 1000 }
			);
			// The premise: a page at a LAN name over http is not a secure context, so navigator.clipboard is missing.
			expect(
				await page.evaluate(() => ({ secure: isSecureContext, api: 'clipboard' in navigator }))
			).toEqual({ secure: false, api: false });
			// Served by the companion, the URL carries a widget key of its own (never the token).
			await page.getByRole('button', { name: 'Create URL' }).click();
			const shown = page.getByTestId('widget-url');
			await page.getByRole('button', { name: 'Reveal key' }).click();
			const url = await shown.innerText();
			expect(url).toContain('token=share_');
			expect(url).not.toContain(TOKEN);
			await page.getByRole('button', { name: 'Hide key' }).click();
			await page.getByRole('button', { name: 'Copy URL', exact: true }).click();
			await page.getByText('Copied to the clipboard.').waitFor();

			// Read the clipboard back from a secure origin (127.0.0.1 is one) in the same browser.
			const reader = await page.context().newPage();
			const secureOrigin = `http://127.0.0.1:${companion.port}`;
			await page.context().grantPermissions(['clipboard-read'], { origin: secureOrigin });
			await reader.goto(`${secureOrigin}/#/about`);
			expect(await reader.evaluate(() => navigator.clipboard.readText())).toBe(url);
			await reader.close();
			expect(problems()).toEqual([]);
		}
	);
});
