/**
 * A moderator joining mid-stream, on a phone (390×844) through the companion: the last 50 chat lines
 * are there at once, marked as earlier, for the streamer's dashboard and for a moderation share link;
 * a timeout's length is picked in minutes and sent in the platform's unit, and its receipt shows beside
 * the button, without scrolling.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chatEnvelope } from '../../../src/lib/sim/events';
import { CHAT_HISTORY_PATH } from '../../../src/server/chat-history';
import { launchBrowser, watchPage } from '../harness';
import { startCompanionStack, TOKEN, type CompanionStack } from '../stack';

const PHONE = { width: 390, height: 844 };

/** Waits until `check` holds (polled), for set-up outside a test where expect.poll cannot run. */
async function until(check: () => boolean | Promise<boolean>, what: string, timeout = 60_000) {
	const end = Date.now() + timeout;
	while (!(await check())) {
		if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 100));
	}
}

describe('moderation on a phone through the companion', () => {
	let browser: Browser;
	let stack: CompanionStack;
	const say = (text: string, id: string, username = 'viewer') =>
		stack.sim.sim.emit(chatEnvelope('alpha', { username }, text, id, Date.now()));

	beforeAll(async () => {
		stack = await startCompanionStack('moderation-e2e', {
			companion: { realToken: TOKEN, lanAddresses: () => [] }
		});
		browser = await launchBrowser();
		// Chat before any dashboard is open: the companion hears it (once its own socket is up).
		let probe = 0;
		await until(async () => {
			say(`probe ${probe}`, `probe-${probe++}`);
			const res = await fetch(`${stack.companion.url}${CHAT_HISTORY_PATH}`, {
				headers: { authorization: `Bearer ${TOKEN}` }
			});
			return ((await res.json()) as { lines: unknown[] }).lines.length > 0;
		}, "the companion's chat socket");
		for (let i = 0; i < 60; i++) say(`before ${i}`, `b-${i}`, `early${i % 5}`);
	}, 120_000);
	afterAll(async () => {
		await browser?.close();
		await stack?.close();
	});

	async function openChat(token: string): Promise<{ page: Page; errors: string[] }> {
		const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
		const page = await context.newPage();
		page.setDefaultTimeout(20_000);
		const { errors } = watchPage(page);
		await page.goto(`${stack.companion.url}/#/chat?token=${token}`);
		await page.locator('[data-status="open"]').waitFor();
		return { page, errors };
	}
	const feed = (page: Page) => page.getByRole('list', { name: /newest first/ });
	const earlierRows = (page: Page) =>
		feed(page)
			.getByRole('button')
			.filter({ hasText: /·\s+earlier/ });

	it('the streamer connecting later sees the last 50 lines, marked earlier; live lines are not', async () => {
		const { page, errors } = await openChat(TOKEN);
		await feed(page).getByText('before 59').waitFor();
		await expect.poll(() => earlierRows(page).count()).toBe(50);
		expect(await feed(page).getByText('before 10', { exact: true }).count()).toBe(1);
		expect(await feed(page).getByText('before 9', { exact: true }).count()).toBe(0);
		say('live now', 'live-1', 'latecomer');
		const live = feed(page).getByRole('button', { name: /live now/ });
		await live.waitFor();
		expect(await live.textContent()).not.toMatch(/earlier/);
		await page.screenshot({ path: 'test-results/moderation-earlier-390.png' });

		// A timeout picked in minutes, sent in alpha's seconds; the receipt beside the button, in view.
		await feed(page)
			.getByRole('button', { name: /before 59/ })
			.click();
		const sheet = page.getByRole('dialog', { name: 'early4' });
		await sheet.waitFor();
		await sheet.getByRole('button', { name: '1 h', exact: true }).click();
		stack.sim.sim.clearLog();
		await sheet.getByRole('button', { name: 'Timeout early4' }).click();
		await page
			.getByRole('dialog', { name: 'Timeout early4?' })
			.getByRole('button', { name: 'Timeout early4 for 1 h' })
			.click();
		await expect
			.poll(() =>
				stack.sim.sim.requestLog.filter((r) => r.type === 'timeout-user').map((r) => r.params)
			)
			.toEqual([{ value: 'early4', platform: 'alpha', duration: 3600 }]);
		const receipt = sheet.locator('.act [role="status"]');
		await expect.poll(() => receipt.textContent()).toMatch(/Done|Sent/);
		const box = (await receipt.boundingBox())!;
		expect(box.y).toBeGreaterThanOrEqual(0);
		expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
		// Inside the sheet's visible part, not under its fold.
		const sheetBox = (await sheet.boundingBox())!;
		expect(box.y + box.height).toBeLessThanOrEqual(sheetBox.y + sheetBox.height);
		await page.screenshot({ path: 'test-results/moderation-receipt-390.png' });
		expect(errors).toEqual([]);
	});

	it("a moderator's share link sees the earlier lines too", async () => {
		const res = await fetch(`${stack.companion.url}/__share/links`, {
			method: 'POST',
			headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
			body: JSON.stringify({ label: 'mod', profile: 'moderation' })
		});
		expect(res.status).toBe(201);
		const { url } = (await res.json()) as { url: string };
		const key = new URLSearchParams(url.split('?')[1]).get('token')!;
		const { page, errors } = await openChat(key);
		await feed(page).getByText('before 59').waitFor();
		expect(await earlierRows(page).count()).toBeGreaterThanOrEqual(49);
		expect(errors).toEqual([]);
	});
});
