/**
 * The everyday fixes of the phone-first work, each at a phone's, a desktop's and a dock's size, against
 * both simulator profiles, in one browser: what a person sees and exactly what is sent. Each page's own
 * test file covers the rest of its behaviour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { alertEnvelope, chatEnvelope } from '../../../src/lib/sim/events';
import { seriousViolations } from '../axe';
import { launchBrowser } from '../harness';
import { startStack, TOKEN, type Stack } from '../stack';
import { dialog, goToPage, onlySend, sent } from './page-helpers';

const SIZES = [
	{ width: 390, height: 844 },
	{ width: 1280, height: 800 },
	{ width: 350, height: 700 }
];

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
}, 120_000);
afterAll(async () => browser?.close());

describe.each(['current', 'legacy'] as const)('everyday fixes (%s profile)', (profile) => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack({ profile, browser });
	}, 120_000);
	afterAll(async () => stack?.close());

	/** Presses a button and returns the one request it sent. */
	async function press(page: Page, name: string) {
		stack.sim.sim.clearLog();
		await page.getByRole('button', { name, exact: true }).click();
		return onlySend(stack);
	}

	it.each(SIZES)(
		'at %o: lights, chat, polls, stream, deck and the widget builder',
		{ timeout: 120_000 },
		async (viewport) => {
			const { page, errors } = await stack.open('/lights', {}, viewport);
			page.setDefaultTimeout(15_000);
			await page.locator('[data-status="open"]').waitFor();

			// Lights: a tapped swatch sends its colour at once; the light list waits, collapsed, under its summary.
			await page.getByText('Lights: every light').waitFor();
			expect(await page.getByLabel('Key Light').isVisible()).toBe(false);
			expect(await press(page, 'Blue')).toEqual({
				type: 'hex-color',
				params: { value: '#0040ff', brightness: 100, transition: 0, duration: 4000 },
				status: 200
			});

			// Chat: an alert reads like the events widget; a timeout length is one tap.
			await goToPage(page, 'Chat');
			const feed = page.getByRole('list', { name: /newest first/ });
			const viewer = `viewer${viewport.width}`;
			stack.sim.sim.emit(
				alertEnvelope(
					'alpha-follower',
					{ value: 'quietkettle', username: 'quietkettle' },
					{ username: 'quietkettle', displayname: 'quietkettle' },
					Date.now()
				)
			);
			stack.sim.sim.emit(
				chatEnvelope(
					'alpha',
					{ username: viewer },
					`hello at ${viewport.width}`,
					`m-${viewport.width}`,
					Date.now()
				)
			);
			await feed.getByText('quietkettle followed').waitFor();
			expect(await feed.getByText('alpha-follower').count()).toBe(0);
			await feed.getByRole('button', { name: new RegExp(`hello at ${viewport.width}`) }).click();
			const sheet = page.getByRole('dialog', { name: viewer });
			await sheet.getByRole('button', { name: '1 h', exact: true }).click();
			// Minutes on every platform, sent in alpha's seconds.
			expect(await sheet.getByLabel('Length (minutes)').inputValue()).toBe('60');
			stack.sim.sim.clearLog();
			await sheet.getByRole('button', { name: `Timeout ${viewer}` }).click();
			await dialog(page, `Timeout ${viewer}?`)
				.getByRole('button', { name: `Timeout ${viewer} for 1 h` })
				.click();
			expect(await onlySend(stack)).toEqual({
				type: 'timeout-user',
				params: { value: viewer, platform: 'alpha', duration: 3600 },
				status: 200
			});
			// Checked once the press has settled: while it is answered the button is disabled and dimmed,
			// and axe reading it mid-change reported the dimmed colour as low contrast (CI, once).
			await expect
				.poll(() => sheet.getByRole('button', { name: `Timeout ${viewer}` }).isEnabled())
				.toBe(true);
			expect(await seriousViolations(page)).toEqual([]);
			await sheet.getByRole('button', { name: 'Close', exact: true }).click();
			await sheet.waitFor({ state: 'hidden' });

			// Polls: with nothing running it says so, and offers no End.
			await goToPage(page, 'Polls');
			const poll = page.getByRole('region', { name: 'Poll', exact: true });
			await poll.getByText('No poll is running.').waitFor();
			expect(await poll.getByRole('button', { name: 'End poll' }).count()).toBe(0);

			// Stream: a title goes to every platform at once, one request each.
			await goToPage(page, 'Stream');
			const title = page.getByRole('region', { name: 'Title', exact: true });
			await title.getByLabel('every platform').check();
			await title.getByLabel('Stream title').fill(`Live at ${viewport.width}`);
			stack.sim.sim.clearLog();
			await title
				.getByRole('button', { name: 'Change title on every platform', exact: true })
				.click();
			const titles = await sent(stack, 3);
			expect(titles.map(({ type, params, status }) => ({ type, params, status }))).toEqual(
				['alpha', 'beta', 'gamma'].map((platform) => ({
					type: 'change-stream-title',
					params: { value: `Live at ${viewport.width}`, platform },
					status: 200
				}))
			);

			// Deck: alerts by readable name (not alpha-follower); the pressed tile itself shows the receipt.
			await goToPage(page, 'Deck');
			await page
				.getByRole('group', { name: 'Deck pages' })
				.getByRole('button', { name: 'Everything', exact: true })
				.click();
			const follow = page.getByRole('button', { name: /^Test follow/ }).first();
			await expect.poll(() => follow.isEnabled()).toBe(true);
			stack.sim.sim.clearLog();
			await follow.click();
			expect(await onlySend(stack)).toMatchObject({
				type: 'alert',
				params: { value: 'alpha-follower' },
				status: 200
			});
			await expect.poll(() => follow.getAttribute('data-receipt')).toMatch(/^(confirmed|sent)$/);
			await page
				.locator('.cell')
				.filter({ has: follow })
				.getByText(/^(Done|Sent)/)
				.first()
				.waitFor();
			expect(await seriousViolations(page)).toEqual([]);

			// Builder: the recommended size is copied in one tap; choosing another widget masks the token again.
			await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
			await goToPage(page, 'Widgets');
			const shownUrl = () => page.getByTestId('widget-url').innerText();
			// The builder opens on the counter widget.
			await expect.poll(shownUrl).toContain('#/widget/counter?');
			await page.getByRole('button', { name: 'Reveal token' }).click();
			await expect.poll(shownUrl).toContain(`token=${TOKEN}`);
			await page.getByText('Browser source size: 400 × 220 px (width × height)').waitFor();
			await page.getByRole('button', { name: 'Copy size' }).click();
			await page.getByText('Copied 400x220.').waitFor();
			expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('400x220');
			await page.getByLabel('Now playing', { exact: true }).check();
			await expect.poll(shownUrl).toContain('#/widget/now-playing?');
			expect(await shownUrl()).not.toContain(TOKEN);
			expect(
				await page.getByRole('button', { name: 'Reveal token' }).getAttribute('aria-pressed')
			).toBe('false');
			expect(await seriousViolations(page)).toEqual([]);
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);
});
