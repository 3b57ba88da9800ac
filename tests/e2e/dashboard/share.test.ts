/**
 * Share links end to end: the real companion server (serving the real build) in front of a
 * simulator, the streamer's /share page, and a co-streamer's dashboard opened through a music link.
 * Against both simulator profiles, in one browser.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startCompanion, type Companion } from '../../../src/server/companion';
import { startSimServer, type SimServer } from '../../../src/server/sim-server';
import { seriousViolations } from '../axe';
import { BUILD_DIR, launchBrowser, serveBuild } from '../harness';
import { decodeQr } from '../qr';
import { waitForStatus } from '../reliability/pages';
import { PHONE, TOKEN } from '../stack';
import { goToPage } from './page-helpers';

/** The phone the co-streamer tests use (the older tests keep the 360 px one). */
const PHONE_390 = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const DOCK = { width: 350, height: 700 };

const NOT_ALLOWED = 'not allowed by this share link';

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
}, 120_000);
afterAll(async () => browser?.close());

describe.each(['current', 'legacy'] as const)(
	'share links through the companion server (%s profile)',
	(profile) => {
		let sim: SimServer;
		let companion: Companion;
		let bare: Companion;
		let dir: string;
		const logs: string[] = [];
		let streamer: Page;
		let key = '';

		/** Every console line of every page, to check no key or token ever shows there. */
		const consoleLines: string[] = [];
		async function open(url: string, init?: () => void, viewport = PHONE): Promise<Page> {
			const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
			if (init) await context.addInitScript(init);
			const page = await context.newPage();
			page.setDefaultTimeout(20_000);
			page.on('console', (m) => consoleLines.push(m.text()));
			await page.goto(url);
			return page;
		}
		const whoami = (k: string) =>
			fetch(`${companion.url}/__share/whoami`, { headers: { authorization: `Bearer ${k}` } });

		beforeAll(async () => {
			dir = mkdtempSync(join(tmpdir(), 'share-e2e-'));
			sim = await startSimServer({ port: 0, host: '127.0.0.1', token: TOKEN, profile });
			const common = {
				port: 0,
				host: '127.0.0.1',
				api: sim.url,
				buildDir: BUILD_DIR,
				log: (line: string) => logs.push(line)
			};
			companion = await startCompanion({
				...common,
				sharesFile: join(dir, 'links.json'),
				realToken: TOKEN
			});
			bare = await startCompanion({ ...common, sharesFile: join(dir, 'bare.json') });
			streamer = await open(`${companion.url}/#/share?token=${TOKEN}`);
		});
		afterAll(async () => {
			// The profiles run one after the other: whatever this one left open (the streamer's page) goes.
			for (const context of browser?.contexts() ?? []) await context.close();
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

		it(
			'has no serious or critical axe violations on the share page, with a link listed',
			{ timeout: 120_000 },
			async () => {
				expect(await seriousViolations(streamer)).toEqual([]);
				expect(
					await streamer.evaluate(() => document.documentElement.scrollWidth)
				).toBeLessThanOrEqual(360);
			}
		);

		it('a custom link needs at least one command, and never offers routines', async () => {
			const form = streamer.getByRole('form', { name: 'New share link' });
			await form.getByRole('radio', { name: /Custom/ }).check();
			expect(await form.getByRole('checkbox', { name: 'Run actions' }).count()).toBe(0);
			await form.getByRole('checkbox', { name: 'Text to speech' }).waitFor();
			await form.getByRole('button', { name: 'Create link' }).click();
			await form
				.getByText('Commands: a custom link needs a non-empty list of send types.')
				.waitFor();
			await form.getByRole('radio', { name: /Music/ }).check();
		});

		it('the dashboard opened through the link enables only song controls; the rest says why', async () => {
			const co = await open(`${companion.url}/#/songs?token=${key}`);
			await co.getByText('Shared link “Alex (music)” (Music)').waitFor();
			const nav = await co
				.getByRole('navigation', { name: 'Pages' })
				.getByRole('link')
				.allTextContents();
			expect(nav).toContain('Songs');
			for (const hidden of ['Deck', 'Lights', 'Commands', 'TTS', 'Routines', 'Share'])
				expect(nav).not.toContain(hidden);

			const pause = co.getByRole('button', { name: 'Pause', exact: true });
			await expect.poll(() => pause.isEnabled()).toBe(true);
			sim.sim.clearLog();
			await pause.click();
			await expect
				.poll(() => sim.sim.requestLog.filter((r) => r.type === 'song-request').length)
				.toBe(1);
			expect(sim.sim.requestLog.find((r) => r.type === 'song-request')).toMatchObject({
				params: { action: 'playpause', play: false },
				status: 200
			});

			await co.goto(`${companion.url}/#/commands?token=${key}`);
			await co.getByText(`Managing chatbot commands ${NOT_ALLOWED}.`).waitFor();
			const states = co.getByRole('form', { name: 'Turn commands on or off' });
			expect(await states.getByRole('button', { name: 'Turn off' }).isDisabled()).toBe(true);
			await states.getByText(NOT_ALLOWED).first().waitFor();

			// The link itself (the deck's address) lands on Songs: the deck has nothing a music link may press.
			await co.goto(`${companion.url}/#/?token=${key}`);
			await co.getByRole('heading', { name: 'Songs' }).waitFor();
			expect(co.url()).toBe(`${companion.url}/#/songs`);
			// The Lights page leaves out what the link cannot use, named once under "Not in this link".
			const outside = co.getByRole('group').filter({ hasText: 'Not in this link' });
			await co.goto(`${companion.url}/#/lights?token=${key}`);
			await outside.getByText(/^Not in this link \(5\)$/).click();
			expect(await outside.getByRole('listitem').allTextContents()).toEqual([
				'Live state',
				'Colour',
				'Default',
				'Fuze',
				'Queue'
			]);
			expect(
				await co
					.getByRole('button')
					.filter({ hasText: /Lights back to default|Set colour/ })
					.count()
			).toBe(0);

			await co.goto(`${companion.url}/#/tts?token=${key}`);
			expect(await co.getByRole('button', { name: 'Speak' }).isDisabled()).toBe(true);
			await co.getByText(NOT_ALLOWED).first().waitFor();
			expect(
				sim.sim.requestLog.filter(
					(r) => r.type && r.type !== 'song-request' && r.type !== 'get-variable-value'
				)
			).toEqual([]);
			await co.context().close();
		});

		it(
			'a link that may play alerts gets a deck of alerts only; the other buttons are counted under "Not in this link"',
			{ timeout: 120_000 },
			async () => {
				const manage = (method: string, path: string, body?: object) =>
					fetch(`${companion.url}${path}`, {
						method,
						headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
						body: body && JSON.stringify(body)
					});
				const link = await (
					await manage('POST', '/__share/links', {
						label: 'Alerts only',
						profile: 'custom',
						types: ['alert']
					})
				).json();
				// whoami's answer is held until the page has been read: until it comes, the page is the
				// checking state and no control at all (the deck showed whole for a moment before).
				const context = await browser.newContext({ viewport: PHONE_390, reducedMotion: 'reduce' });
				let release = () => {};
				const released = new Promise<void>((resolve) => (release = resolve));
				let asked = () => {};
				const whoamiAsked = new Promise<void>((resolve) => (asked = resolve));
				await context.route('**/__share/whoami', async (route) => {
					asked();
					await released;
					await route.continue();
				});
				const co = await context.newPage();
				co.setDefaultTimeout(20_000);
				co.on('console', (m) => consoleLines.push(m.text()));
				await co.goto(`${companion.url}${link.path}`);
				await whoamiAsked;
				const checking = co
					.getByRole('status')
					.filter({ hasText: 'Checking what this share link allows…' });
				await checking.waitFor();
				// Connected meanwhile: only the link's scope is missing.
				await waitForStatus(co, 'open');
				// The deck's view is not there at all (before, it was, with the layout), nor any control in
				// the page (the dock offer of a narrow window aside).
				expect(await co.locator('main .view').count()).toBe(0);
				expect(await co.getByRole('button', { name: 'lurk', exact: true }).count()).toBe(0);
				expect(await co.locator('main > :not(.offer) button').count()).toBe(0);
				expect(
					await checking
						.getByText('Its controls show here once the companion server has answered.')
						.count()
				).toBe(1);
				await co.screenshot({ path: `test-results/share-checking-${profile}-390x844.png` });
				release();
				await co.getByRole('heading', { name: 'Alerts', exact: true }).waitFor();
				expect(co.url()).toBe(`${companion.url}/#/`);
				expect(await checking.count()).toBe(0);
				// The deck's first render is the scoped one: one read says it.
				expect(await co.getByRole('button', { name: 'lurk', exact: true }).count()).toBe(0);
				expect(await co.getByText(NOT_ALLOWED).count()).toBe(0);
				const outside = co.getByRole('group').filter({ hasText: 'Not in this link' });
				await outside.getByText(/^Not in this link \(\d+\)$/).click();
				await outside.getByText(/^Commands \(\d+\)$/).waitFor();
				expect(await outside.getByText(/^Alerts/).count()).toBe(0);
				const first = co.locator('.grid button[data-receipt], .grid .send button').first();
				sim.sim.clearLog();
				await first.click();
				await expect
					.poll(() => sim.sim.requestLog.filter((r) => r.type === 'alert').length)
					.toBe(1);
				expect(await seriousViolations(co)).toEqual([]);
				await co.context().close();

				// No answer to whoami at all: the checking state gives way to the link's "could not be checked".
				const unanswered = await browser.newContext({
					viewport: PHONE_390,
					reducedMotion: 'reduce'
				});
				await unanswered.route('**/__share/whoami', (route) => route.abort());
				const off = await unanswered.newPage();
				off.setDefaultTimeout(20_000);
				await off.goto(`${companion.url}${link.path}`);
				await off
					.getByRole('alert')
					.getByText(/could not be checked: the companion server did not answer/)
					.waitFor();
				expect(await off.getByText('Checking what this share link allows…').count()).toBe(0);
				await unanswered.close();
				expect((await manage('DELETE', `/__share/links/${link.id}`)).status).toBe(200);
			}
		);

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
			await co
				.getByRole('alert')
				.getByText(/This share link is unknown or was revoked/)
				.waitFor();
			await co
				.getByRole('alert')
				.getByText(/Only the streamer who sent you the link can give you a new one/)
				.waitFor();
			expect(await co.getByRole('button', { name: 'Skip' }).count()).toBe(0);
			await co.context().close();
			expect(logs.some((line) => line.includes(TOKEN) || line.includes(key))).toBe(false);
		});

		// At a phone, a desktop and a dock's width: each size gets its own link.
		describe.each([PHONE_390, DESKTOP, DOCK])('a moderation link at %o', (viewport) => {
			const label = `Mods ${viewport.width}`;
			let modUrl = '';
			let mod: Page;

			it(
				'the streamer gets it as a QR code (decoded: the link itself) and through the share sheet',
				{ timeout: 120_000 },
				async () => {
					const form = streamer.getByRole('form', { name: 'New share link' });
					await form.getByLabel('Label (optional)').fill(label);
					await form.getByRole('radio', { name: /Moderation/ }).check();
					await form.getByRole('button', { name: 'Create link' }).click();
					const card = streamer.getByRole('listitem', { name: label });
					await card.getByRole('button', { name: `Show link ${label}` }).click();
					modUrl = (await card.locator('code').textContent()) ?? '';
					expect(modUrl).toMatch(new RegExp(`^${companion.url}/#/\\?token=share_`));
					expect(await card.getByRole('img').count()).toBe(0);
					await card.getByRole('button', { name: `QR code ${label}` }).click();
					expect(
						await decodeQr(card.getByRole('img', { name: `QR code of the share link ${label}` }))
					).toBe(modUrl);
					// Plain http has no Web Share API: no dead button.
					expect(await card.getByRole('button', { name: /^Share…/ }).count()).toBe(0);

					// Where the browser has one (a phone over https), the link goes to the share sheet.
					const withSheet = await open(
						`${companion.url}/#/share?token=${TOKEN}`,
						() => {
							const shared: unknown[] = [];
							Object.assign(window, { sharedData: shared });
							Object.defineProperty(navigator, 'share', {
								value: async (data: unknown) => void shared.push(data),
								configurable: true
							});
						},
						PHONE_390
					);
					const other = withSheet.getByRole('listitem', { name: label });
					await other.getByRole('button', { name: `Share… ${label}` }).click();
					await other.getByText('Shared.').waitFor();
					expect(
						await withSheet.evaluate(
							() => (window as unknown as { sharedData: unknown[] }).sharedData
						)
					).toEqual([
						{
							title: `Stream control: ${label}`,
							text: `A share link for the stream dashboard (${label})`,
							url: modUrl
						}
					]);
					await withSheet.context().close();
				}
			);

			it(
				'lands on Chat, with the key out of the address bar, and sends a chat line that reaches the application',
				{ timeout: 120_000 },
				async () => {
					mod = await open(modUrl, undefined, viewport);
					await mod.getByRole('heading', { name: 'Chat and events' }).waitFor();
					expect(mod.url()).toBe(`${companion.url}/#/chat`);
					await mod
						.getByText(`Shared link “${label}” (Moderation): only what it allows is shown.`)
						.waitFor();
					await waitForStatus(mod, 'open');
					const box = mod.getByRole('region', { name: 'Send to chat' });
					await box.getByLabel('Message').fill(`Be nice, chat (${label})`);
					sim.sim.clearLog();
					await box.getByRole('button', { name: 'Send to chat' }).click();
					await expect
						.poll(() => sim.sim.requestLog.filter((r) => r.type === 'chatbot-message'))
						.toMatchObject([{ params: { value: `Be nice, chat (${label})` }, status: 200 }]);
					expect(await seriousViolations(mod)).toEqual([]);
				}
			);

			it(
				'its Stream page shows the chat modes it may use and names the rest under "Not in this link"',
				{ timeout: 120_000 },
				async () => {
					await goToPage(mod, 'Stream');
					await mod
						.getByRole('region', { name: 'Chat modes' })
						.getByText('Slow mode', { exact: true })
						.first()
						.waitFor();
					// Clearing chat belongs to the stream group, not to moderation: left out, not greyed.
					expect(await mod.getByRole('button', { name: 'Clear chat' }).count()).toBe(0);
					expect(await mod.getByRole('region', { name: 'Title' }).count()).toBe(0);
					const outside = mod.getByRole('group').filter({ hasText: 'Not in this link' });
					await outside.getByText('Not in this link (8)').click();
					expect(await outside.getByRole('listitem').allTextContents()).toEqual([
						'Stream mode',
						'Title',
						'Category',
						'Marker',
						'Clip',
						'Announcement',
						'Commercial',
						'Pinned message'
					]);
					expect(await mod.getByText(NOT_ALLOWED).count()).toBe(0);
					expect(await seriousViolations(mod)).toEqual([]);
				}
			);

			it(
				'revoked while the page is open: the page says so at once, who to ask, and no longer what the link allowed',
				{ timeout: 120_000 },
				async () => {
					await goToPage(mod, 'Chat');
					const card = streamer.getByRole('listitem', { name: label });
					await card.getByRole('button', { name: `Revoke ${label}` }).click();
					await streamer
						.getByRole('dialog', { name: `Revoke ${label}?` })
						.getByRole('button', { name: `Revoke ${label}` })
						.click();
					const alert = mod
						.getByRole('alert')
						.filter({ hasText: `Share link “${label}” no longer works.` });
					await alert.waitFor();
					await alert.getByText(/unknown or was revoked/).waitFor();
					await alert
						.getByText(/Only the streamer who sent you the link can give you a new one/)
						.waitFor();
					expect(await mod.getByText(/Moderation\)|only what it allows/).count()).toBe(0);
					expect(await mod.getByRole('button', { name: 'Send to chat' }).isDisabled()).toBe(true);
					expect(await seriousViolations(mod)).toEqual([]);
					await mod.context().close();
					// The browser itself names a refused socket's address (with the revoked key); nothing else may.
					expect(
						consoleLines.filter(
							(line) =>
								line.includes(TOKEN) ||
								(line.includes('share_') && !/^WebSocket connection to '.*' failed/.test(line))
						)
					).toEqual([]);
					expect(logs.filter((line) => line.includes(TOKEN) || line.includes('share_'))).toEqual(
						[]
					);
				}
			);
		});

		it('explains how to turn share links on: companion without the token, or a page it does not serve', async () => {
			const page = await open(`${bare.url}/#/share?token=${TOKEN}`);
			await page.getByText('was started without the application', { exact: false }).waitFor();
			await page.getByText('STREAM_TOKEN=your-token npm start').waitFor();
			await page.context().close();

			const site = await serveBuild();
			try {
				const plain = await open(
					`${site.url}#/share?token=${TOKEN}&host=127.0.0.1&port=${sim.port}`
				);
				await plain.getByText('which this page is not served by').waitFor();
				expect(await plain.getByRole('form', { name: 'New share link' }).count()).toBe(0);
				await plain.context().close();
			} finally {
				await site.close();
			}
		});

		it(
			'the streamer turns share links on from the dashboard on this PC, without a restart or a saved file',
			{ timeout: 120_000 },
			async () => {
				const page = await open(`${bare.url}/#/share?token=${TOKEN}`, undefined, PHONE_390);
				await page.getByText('The same in PowerShell, cmd, bash').click();
				await page.getByText(`$env:STREAM_TOKEN='your-token'; npm start`).waitFor();
				await page.getByText('set "STREAM_TOKEN=your-token" && npm start').waitFor();
				expect(bare.sharesOn()).toBe(false);
				await page.getByRole('button', { name: 'Turn share links on' }).click();
				await page.getByRole('form', { name: 'New share link' }).waitFor();
				await page.getByRole('heading', { name: 'Links (0)' }).waitFor();
				expect(bare.sharesOn()).toBe(true);
				expect(existsSync(join(dir, '.stream-token'))).toBe(false);
				expect(await seriousViolations(page)).toEqual([]);
				await page.context().close();
				expect(logs.filter((line) => line.includes(TOKEN))).toEqual([]);
			}
		);
	}
);
