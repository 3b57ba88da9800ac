/**
 * The scene check end to end: the real companion (serving the real build) in front of a simulator,
 * five widgets each in its own browser context connected through it, and the streamer's #/check
 * page showing them, finding each blocker, fixing what the interface can fix, and rehearsing into the
 * widgets while the simulator's request log shows that the application received nothing.
 * Also: a widget that cannot connect opens its debug corner by itself after 10 s (Playwright's clock).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { defaultSetup } from '../../../src/lib/sim/default-setup';
import { launchBrowser } from '../harness';
import { startCompanionStack, TOKEN, type CompanionStack } from '../stack';
import { goToPage } from './page-helpers';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const fold = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

let browser: Browser;
let stack: CompanionStack;
const contexts: BrowserContext[] = [];

async function open(url: string, viewport = PHONE, clock = false): Promise<Page> {
	const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
	contexts.push(context);
	const page = await context.newPage();
	if (clock) await page.clock.install();
	page.setDefaultTimeout(20_000);
	await page.goto(url);
	return page;
}
const widgetUrl = (route: string, params = '', token = TOKEN) =>
	`${stack.companion.url}/widget.html#/widget/${route}?token=${token}${params}`;
const simSend = (type: string, params: object) =>
	fetch(`${stack.sim.url}/api/send`, {
		method: 'POST',
		headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
		body: JSON.stringify({ type, params })
	});
const blockerIds = (page: Page) =>
	page
		.locator('[data-blocker]')
		.evaluateAll((els) => els.map((e) => e.getAttribute('data-blocker')));

beforeAll(async () => {
	browser = await launchBrowser();
	const setup = defaultSetup();
	setup.alerts = setup.alerts.filter((key) => !key.endsWith('-follower'));
	setup.songs.nowPlaying = null;
	stack = await startCompanionStack('scene-e2e', {
		sim: { setup },
		companion: { widgetPingMs: 500 }
	});
}, 120_000);
afterAll(async () => {
	for (const context of contexts) await context.close();
	await browser?.close();
	await stack?.close();
});

describe('a widget that cannot connect', () => {
	it('opens its debug corner by itself after 10 s, with a probable cause', async () => {
		const page = await open(widgetUrl('counter', '&name=wins', 'wrong-token'), undefined, true);
		await page.locator('.widget[data-status="unauthorized"]').waitFor();
		expect(await page.locator('aside.debug').count()).toBe(0);
		await page.clock.runFor(10_500);
		await page.locator('aside.debug').waitFor();
		expect(fold(await page.locator('aside.debug').textContent())).toContain(
			'Probable cause: wrong token in this URL'
		);
		await page.screenshot({ path: 'test-results/widget-blank-debug.png' });
	});
});

describe('scene check through the companion', () => {
	const widgets: Record<string, Page> = {};
	let check: Page;

	it('shows five widgets, each in its own browser context, with their engine and ping', async () => {
		const list: [string, string, string][] = [
			['alert-box', 'alert-box', ''],
			['goal', 'goal', '&current=no_such_goal&target=100'],
			['now-playing', 'now-playing', ''],
			['chat', 'chat', ''],
			['counter', 'counter', '&name=wins']
		];
		for (const [key, route, params] of list) {
			const page = await open(widgetUrl(route, params), { width: 800, height: 450 });
			await page.locator('.widget[data-status="open"]').waitFor();
			widgets[key] = page;
		}
		check = await open(`${stack.companion.url}/#/check?token=${TOKEN}`);
		const rows = check.getByRole('list', { name: 'Connected widgets' }).getByRole('listitem');
		await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(5);
		const text = fold(await rows.allTextContents().then((t) => t.join(' | ')));
		for (const name of ['Alert box', 'Goal', 'Now playing', 'Chat', 'Counter'])
			expect(text).toContain(name);
		expect(text).toMatch(/Engine Chrom/);
		await expect
			.poll(async () => fold(await rows.first().textContent()), { timeout: 20_000 })
			.toContain('answered the last ping');
	}, 120_000);

	it('finds each blocker, and its fix works against the simulator', async () => {
		await expect
			.poll(() => blockerIds(check), { timeout: 20_000 })
			.toEqual(
				expect.arrayContaining(['alerts-disabled', 'song-source', 'goal-variable:no_such_goal'])
			);
		expect(fold(await check.locator('[data-blocker="alerts-disabled"]').textContent())).toContain(
			'follower'
		);
		await simSend('toggle-stream-mode', { value: false });
		await expect.poll(() => blockerIds(check), { timeout: 20_000 }).toContain('stream-mode');
		await check.screenshot({ path: 'test-results/scene-check-phone.png', fullPage: true });
		await check
			.locator('[data-blocker="stream-mode"]')
			.getByRole('button', { name: 'Turn Stream Mode on' })
			.click();
		await expect.poll(() => blockerIds(check), { timeout: 20_000 }).not.toContain('stream-mode');
		expect(stack.sim.sim.requestLog.some((r) => r.type === 'toggle-stream-mode')).toBe(true);
		await check
			.locator('[data-blocker="goal-variable:no_such_goal"]')
			.getByRole('button', { name: /Create no_such_goal/ })
			.click();
		await expect
			.poll(() => blockerIds(check), { timeout: 20_000 })
			.not.toContain('goal-variable:no_such_goal');
	}, 120_000);

	it('rehearses into the widgets, and the application receives nothing', async () => {
		const seq = stack.sim.sim.requestLog.at(-1)?.seq ?? 0;
		const form = check.getByRole('region', { name: 'Rehearse' });
		await form.getByLabel('Alert', { exact: true }).selectOption('bits');
		await form.getByLabel('Amount').fill('500');
		await form.getByLabel('Viewer name').fill('Rehearsal');
		await form.getByRole('button', { name: 'Send the test' }).click();
		await expect
			.poll(async () => fold(await form.getByRole('status').textContent()), { timeout: 20_000 })
			.toMatch(/Sent to \d+ widget/);
		await expect
			.poll(async () => fold(await widgets['alert-box']!.locator('.widget').textContent()), {
				timeout: 20_000
			})
			.toContain('Rehearsal cheered 500 bits!');
		// A chat line to the chat widget only.
		await form.getByLabel('What').selectOption('chat');
		const chatRow = check.locator('[data-kind="chat"]');
		const chatId = await chatRow.getAttribute('data-widget-id');
		await form.getByLabel('To').selectOption(chatId!);
		await form.getByLabel('Text').fill('a line from the rehearsal');
		await form.getByRole('button', { name: 'Send the test' }).click();
		await expect
			.poll(async () => fold(await widgets.chat!.locator('.widget').textContent()), {
				timeout: 20_000
			})
			.toContain('a line from the rehearsal');
		await expect
			.poll(async () => fold(await chatRow.textContent()), { timeout: 20_000 })
			.toMatch(/Last event chat \(test\)/);
		// A goal step moves the goal bar on top of the real value (0, created by the fix above).
		await form.getByLabel('What').selectOption('goal');
		await form.getByLabel('To').selectOption('all');
		await form.getByLabel('Step').fill('5');
		await form.getByRole('button', { name: 'Send the test' }).click();
		await expect
			.poll(async () => fold(await widgets.goal!.locator('.widget').textContent()), {
				timeout: 20_000
			})
			.toContain('5 / 100');
		// Nothing but the scene check's own reads reached the application: no alert, no chat line.
		const sent = stack.sim.sim
			.requestsSince(seq)
			.filter((r) => r.type !== undefined && r.type !== 'get-variable-value');
		expect(sent).toEqual([]);
		await check.setViewportSize(DESKTOP);
		await check.screenshot({ path: 'test-results/scene-check-desktop.png', fullPage: true });
	}, 120_000);

	it("rehearses from the builder's preview too", async () => {
		const builder = await open(`${stack.companion.url}/#/widgets?token=${TOKEN}`, DESKTOP);
		await builder.getByRole('radio', { name: 'Alert box' }).check();
		const preview = builder.frameLocator('iframe');
		await preview.locator('.widget[data-status="open"]').waitFor();
		const form = builder.getByRole('region', { name: 'Rehearse' });
		await form.getByLabel('Viewer name').fill('PreviewFan');
		// The preview may reconnect once more while the builder settles (its URL follows the widget keys),
		// and a rehearsal reaches only the sockets open when it is sent: send again until it shows. The
		// form sends to this builder's preview only (its socket carries the preview id the form names).
		await expect
			.poll(
				async () => {
					const shown = fold(await preview.locator('.widget').textContent());
					if (!shown.includes('PreviewFan followed!'))
						await form.getByRole('button', { name: 'Send the test' }).click();
					return shown;
				},
				{ timeout: 60_000, interval: 2_000 }
			)
			.toContain('PreviewFan followed!');
		// Only the preview: the five widgets "in the scene" (an alert box among them) were sent nothing.
		expect(fold(await form.getByRole('status').textContent())).toMatch(/^Sent to 1 widget;/);
		// No choice of widgets is offered there: the preview is the target.
		expect(await form.getByLabel('To').count()).toBe(0);
		// The scene check lists the preview by its own name.
		await expect
			.poll(async () =>
				fold(await check.getByRole('list', { name: 'Connected widgets' }).textContent())
			)
			.toContain('Alert box (builder preview)');
		await builder.screenshot({ path: 'test-results/builder-rehearse-desktop.png' });
		await builder.setViewportSize(PHONE);
		await form.scrollIntoViewIfNeeded();
		await builder.screenshot({ path: 'test-results/builder-rehearse-phone.png' });
	}, 120_000);

	it('is under Settings in More on a phone', async () => {
		const page = await open(`${stack.companion.url}/#/?token=${TOKEN}`);
		expect(await goToPage(page, 'Scene check')).toBe(2);
		await page.getByRole('heading', { name: 'Scene check' }).waitFor();
	});

	it('a connected widget opens its debug corner 10 s after the interface goes off, and hides it once back', async () => {
		const page = await open(widgetUrl('counter', '&name=wins'), undefined, true);
		await page.locator('.widget[data-status="open"]').waitFor();
		const control = (what: string) =>
			fetch(`${stack.sim.url}/__sim/${what}`, {
				method: 'POST',
				headers: { authorization: `Bearer ${TOKEN}` }
			});
		await control('stop');
		await page.locator('.widget:not([data-status="open"])').waitFor();
		await page.clock.runFor(10_500);
		await page.locator('aside.debug').waitFor();
		expect(fold(await page.locator('aside.debug').textContent())).toContain('Probable cause:');
		await control('start');
		// The widget's own retries run on the page's clock: move it on until it is connected again.
		for (
			let i = 0;
			i < 60 && (await page.locator('.widget[data-status="open"]').count()) === 0;
			i++
		)
			await page.clock.runFor(1000);
		await page.locator('.widget[data-status="open"]').waitFor();
		await expect.poll(() => page.locator('aside.debug').count(), { timeout: 20_000 }).toBe(0);
	}, 120_000);

	it('says the application is unreachable when it goes away', async () => {
		await stack.sim.close();
		await expect.poll(() => blockerIds(check), { timeout: 20_000 }).toContain('unreachable');
		expect(fold(await check.locator('[data-blocker="unreachable"]').textContent())).toContain(
			'not reachable'
		);
	});
});
