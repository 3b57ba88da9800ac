/**
 * Share links end to end: the real companion server (serving the real build) in front of a
 * simulator, the streamer's /share page, and a co-streamer's dashboard opened through a music link.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startCompanion, type Companion } from '../../../src/server/companion';
import { startSimServer, type SimServer } from '../../../src/server/sim-server';
import { seriousViolations } from '../axe';
import { BUILD_DIR, launchBrowser, serveBuild } from '../harness';
import { PHONE, TOKEN } from '../stack';

const NOT_ALLOWED = 'not allowed by this share link';

describe('share links through the companion server', () => {
	let sim: SimServer;
	let companion: Companion;
	let bare: Companion;
	let browser: Browser;
	let dir: string;
	const logs: string[] = [];
	let streamer: Page;
	let key = '';

	async function open(url: string): Promise<Page> {
		const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
		const page = await context.newPage();
		page.setDefaultTimeout(8000);
		await page.goto(url);
		return page;
	}
	const whoami = (k: string) => fetch(`${companion.url}/__share/whoami`, { headers: { authorization: `Bearer ${k}` } });

	beforeAll(async () => {
		dir = mkdtempSync(join(tmpdir(), 'share-e2e-'));
		sim = await startSimServer({ port: 0, host: '127.0.0.1', token: TOKEN });
		const common = { port: 0, host: '127.0.0.1', api: sim.url, buildDir: BUILD_DIR, log: (line: string) => logs.push(line) };
		companion = await startCompanion({ ...common, sharesFile: join(dir, 'links.json'), realToken: TOKEN });
		bare = await startCompanion({ ...common, sharesFile: join(dir, 'bare.json') });
		browser = await launchBrowser();
		streamer = await open(`${companion.url}/#/share?token=${TOKEN}`);
	});
	afterAll(async () => {
		await browser?.close();
		await companion?.close();
		await bare?.close();
		await sim?.close();
		if (dir) rmSync(dir, { recursive: true, force: true });
	});

	it('the streamer creates a music link; its address stays hidden until shown', async () => {
		await streamer.getByRole('heading', { name: 'Links (0)' }).waitFor();
		const form = streamer.getByRole('form', { name: 'New share link' });
		await form.getByLabel('Label (optional)').fill('Alex (music)');
		await form.getByRole('radio', { name: /Music/ }).check();
		await form.getByRole('button', { name: 'Create link' }).click();
		await form.getByText('Link created').waitFor();
		const card = streamer.getByRole('listitem', { name: 'Alex (music)' });
		await card.getByText('Music · Never expires').waitFor();
		expect(await card.locator('code').textContent()).toMatch(/token=share_••••••••$/);
		await card.getByRole('button', { name: 'Show link Alex (music)' }).click();
		const url = (await card.locator('code').textContent()) ?? '';
		expect(url.startsWith(`${companion.url}/#/?token=share_`)).toBe(true);
		key = new URL(url.replace('#/?', '?')).searchParams.get('token') ?? '';
		expect((await whoami(key)).status).toBe(200);
		await card.getByRole('button', { name: 'Copy link Alex (music)' }).click();
		await card.getByRole('status').waitFor();
	});

	it('has no serious or critical axe violations on the share page, with a link listed', { timeout: 60_000 }, async () => {
		expect(await seriousViolations(streamer)).toEqual([]);
		expect(await streamer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
	});

	it('a custom link needs at least one command, and never offers routines', async () => {
		const form = streamer.getByRole('form', { name: 'New share link' });
		await form.getByRole('radio', { name: /Custom/ }).check();
		expect(await form.getByRole('checkbox', { name: 'Run actions' }).count()).toBe(0);
		await form.getByRole('checkbox', { name: 'Text to speech' }).waitFor();
		await form.getByRole('button', { name: 'Create link' }).click();
		await form.getByText('Commands: a custom link needs a non-empty list of send types.').waitFor();
		await form.getByRole('radio', { name: /Music/ }).check();
	});

	it('the dashboard opened through the link enables only song controls; the rest says why', async () => {
		const co = await open(`${companion.url}/#/songs?token=${key}`);
		await co.getByText('Shared link “Alex (music)” (Music)').waitFor();
		const nav = await co.getByRole('navigation', { name: 'Pages' }).getByRole('link').allTextContents();
		expect(nav).toContain('Songs');
		for (const hidden of ['Deck', 'Lights', 'Commands', 'TTS', 'Routines', 'Share']) expect(nav).not.toContain(hidden);

		const pause = co.getByRole('button', { name: 'Pause', exact: true });
		await expect.poll(() => pause.isEnabled()).toBe(true);
		sim.sim.clearLog();
		await pause.click();
		await expect.poll(() => sim.sim.requestLog.filter((r) => r.type === 'song-request').length).toBe(1);
		expect(sim.sim.requestLog.find((r) => r.type === 'song-request')).toMatchObject({ params: { action: 'pause' }, status: 200 });

		await co.goto(`${companion.url}/#/commands?token=${key}`);
		await co.getByText(`Managing chatbot commands ${NOT_ALLOWED}.`).waitFor();
		const states = co.getByRole('form', { name: 'Turn commands on or off' });
		expect(await states.getByRole('button', { name: 'Turn off' }).isDisabled()).toBe(true);
		await states.getByText(NOT_ALLOWED).first().waitFor();

		await co.goto(`${companion.url}/#/?token=${key}`);
		const lurk = co.getByRole('button', { name: 'lurk', exact: true });
		await lurk.waitFor();
		expect(await lurk.isDisabled()).toBe(true);
		expect(await lurk.getAttribute('aria-describedby')).toBeTruthy();
		await co.getByText(NOT_ALLOWED).first().waitFor();

		await co.goto(`${companion.url}/#/tts?token=${key}`);
		expect(await co.getByRole('button', { name: 'Speak' }).isDisabled()).toBe(true);
		await co.getByText(NOT_ALLOWED).first().waitFor();
		expect(sim.sim.requestLog.filter((r) => r.type && r.type !== 'song-request' && r.type !== 'get-variable-value')).toEqual([]);
		await co.context().close();
	});

	it('revoking asks first; Cancel keeps the link; revoked, the link stops working at once', async () => {
		const card = streamer.getByRole('listitem', { name: 'Alex (music)' });
		await card.getByRole('button', { name: 'Revoke Alex (music)' }).click();
		const dialog = streamer.getByRole('dialog', { name: 'Revoke Alex (music)?' });
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		expect((await whoami(key)).status).toBe(200);
		await card.getByRole('button', { name: 'Revoke Alex (music)' }).click();
		await dialog.getByRole('button', { name: 'Revoke Alex (music)' }).click();
		await streamer.getByRole('heading', { name: 'Links (0)' }).waitFor();
		expect((await whoami(key)).status).toBe(401);

		const co = await open(`${companion.url}/#/songs?token=${key}`);
		await co.getByText(/Share link: This share link is unknown or was revoked/).waitFor();
		expect(await co.getByRole('button', { name: 'Skip' }).isDisabled()).toBe(true);
		await co.context().close();
		expect(logs.some((line) => line.includes(TOKEN) || line.includes(key))).toBe(false);
	});

	it('explains how to turn share links on: companion without the token, or a page it does not serve', async () => {
		const page = await open(`${bare.url}/#/share?token=${TOKEN}`);
		await page.getByText('was started without the application', { exact: false }).waitFor();
		await page.getByText('STREAM_TOKEN=your-token npm start').waitFor();
		await page.context().close();

		const site = await serveBuild();
		try {
			const plain = await open(`${site.url}#/share?token=${TOKEN}&host=127.0.0.1&port=${sim.port}`);
			await plain.getByText('which this page is not served by').waitFor();
			expect(await plain.getByRole('form', { name: 'New share link' }).count()).toBe(0);
			await plain.context().close();
		} finally {
			await site.close();
		}
	});
});
