/**
 * The screen stays on: the Wake Lock API in a secure context (a fake of it, so the test sees each
 * request and release), nosleep.js's silent video from the first tap where the page is not a secure
 * context, and a page that says so when neither works. The "Screen stays on" switch is kept on the device.
 * All of it starts at the first tap or key on the page (a chunk of its own, out of the deck's first load).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { appUrl } from '../harness';
import { connection, startStack, type Stack } from '../stack';

const PHONE = { width: 390, height: 844 };

/** A fake Wake Lock API: requests and releases are counted on window.__wake; the tab's visibility is ours to set. */
function fakeWakeLock() {
	const wake = { requests: 0, releases: 0, held: 0, sentinels: [] as EventTarget[] };
	(window as unknown as { __wake: typeof wake }).__wake = wake;
	let visibility: DocumentVisibilityState = 'visible';
	Object.defineProperty(document, 'visibilityState', { get: () => visibility });
	(window as unknown as { __setVisible(v: boolean): void }).__setVisible = (visible) => {
		visibility = visible ? 'visible' : 'hidden';
		// The browser lets go of every lock when the tab is hidden.
		if (!visible)
			for (const s of wake.sentinels.splice(0)) {
				wake.held--;
				s.dispatchEvent(new Event('release'));
			}
		document.dispatchEvent(new Event('visibilitychange'));
	};
	Object.defineProperty(navigator, 'wakeLock', {
		configurable: true,
		value: {
			request: async (type: string) => {
				if (type !== 'screen') throw new TypeError('screen only');
				wake.requests++;
				wake.held++;
				const sentinel = new EventTarget() as EventTarget & { release(): Promise<void> };
				wake.sentinels.push(sentinel);
				sentinel.release = async () => {
					const at = wake.sentinels.indexOf(sentinel);
					if (at < 0) return;
					wake.sentinels.splice(at, 1);
					wake.releases++;
					wake.held--;
					sentinel.dispatchEvent(new Event('release'));
				};
				return sentinel;
			}
		}
	});
}

/** Plain http on a LAN address: no Wake Lock API (it is for secure contexts only). */
function notSecure() {
	Object.defineProperty(window, 'isSecureContext', { get: () => false });
	delete (Navigator.prototype as { wakeLock?: unknown }).wakeLock;
	// Counts the silent video's plays, and whether each came within a tap.
	const plays: boolean[] = [];
	(window as unknown as { __plays: boolean[] }).__plays = plays;
	const play = HTMLMediaElement.prototype.play;
	HTMLMediaElement.prototype.play = function () {
		plays.push(navigator.userActivation.isActive);
		return play.call(this);
	};
}

/** Neither way: not a secure context, and no video may play (a data-saver mode). */
function noVideo() {
	HTMLMediaElement.prototype.play = () =>
		Promise.reject(new DOMException('not allowed', 'NotAllowedError'));
}

describe('the screen stays on', () => {
	let stack: Stack;
	const contexts: BrowserContext[] = [];
	beforeAll(async () => {
		stack = await startStack();
	});
	afterAll(async () => {
		for (const c of contexts) await c.close();
		await stack?.close();
	});

	async function open(...scripts: (() => void)[]): Promise<Page> {
		const context = await stack.browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
		contexts.push(context);
		for (const script of scripts) await context.addInitScript(script);
		const page = await context.newPage();
		page.setDefaultTimeout(8000);
		await page.goto(appUrl(stack.site.url, '/', connection(stack.sim)));
		await page.locator('[data-status="open"]').waitFor();
		return page;
	}
	const wake = (page: Page) =>
		page.evaluate(() => {
			const { requests, releases, held } = (
				window as unknown as { __wake: { requests: number; releases: number; held: number } }
			).__wake;
			return { requests, releases, held };
		});
	const indicator = (page: Page) =>
		page.getByRole('banner').getByRole('button', { name: 'Screen stays on' });

	/** A key pressed on the page, outside any control: the first one brings the switch. */
	const firstKey = (page: Page) => page.keyboard.press('Shift');

	it('holds a wake lock in a secure context, asks again when the tab returns, and lets go when switched off, on the device', async () => {
		const page = await open(fakeWakeLock);
		// Nothing before the first tap or key: not even the switch's code.
		expect(await wake(page)).toEqual({ requests: 0, releases: 0, held: 0 });
		expect(await indicator(page).count()).toBe(0);
		await firstKey(page);
		await expect.poll(() => wake(page)).toEqual({ requests: 1, releases: 0, held: 1 });
		const button = indicator(page);
		await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
		await expect.poll(() => button.getAttribute('data-status')).toBe('on');
		await page.screenshot({ path: 'test-results/screen-awake-on-390.png' });

		// Hidden, the browser let go; shown again, the page asks again.
		await page.evaluate(() =>
			(window as unknown as { __setVisible(v: boolean): void }).__setVisible(false)
		);
		expect((await wake(page)).held).toBe(0);
		await page.evaluate(() =>
			(window as unknown as { __setVisible(v: boolean): void }).__setVisible(true)
		);
		await expect.poll(() => wake(page)).toMatchObject({ requests: 2, held: 1 });

		await button.click();
		await expect.poll(() => button.getAttribute('aria-pressed')).toBe('false');
		await expect.poll(() => wake(page)).toMatchObject({ held: 0 });
		await page.screenshot({ path: 'test-results/screen-awake-off-390.png' });

		// Kept on the device: a reload asks for nothing until it is switched on again.
		await page.reload();
		await page.locator('[data-status="open"]').waitFor();
		await firstKey(page);
		await expect.poll(() => indicator(page).getAttribute('aria-pressed')).toBe('false');
		expect(await wake(page)).toEqual({ requests: 0, releases: 0, held: 0 });
		await indicator(page).click();
		await expect.poll(() => wake(page)).toMatchObject({ requests: 1, held: 1 });
	});

	it('where the page is not a secure context, the silent video starts at the first tap', async () => {
		const page = await open(notSecure);
		const button = indicator(page);
		expect(await button.count()).toBe(0);

		// Any first tap: here the theme switch. The switch, then nosleep.js, are fetched from it.
		await page.getByRole('button', { name: /Switch to (light|dark) theme/ }).click();
		await expect.poll(() => button.getAttribute('data-status'), { timeout: 8000 }).toBe('on');
		expect(
			await page.evaluate(() => (window as unknown as { __plays: boolean[] }).__plays)
		).toEqual([true]);
		// nosleep.js came from the page's own origin, in a chunk of its own.
		const scripts = await page.evaluate(() =>
			performance
				.getEntriesByType('resource')
				.map((e) => e.name)
				.filter((url) => url.endsWith('.js'))
		);
		expect(scripts.length).toBeGreaterThan(0);
		expect(scripts.filter((url) => !url.startsWith(stack.site.url))).toEqual([]);
		await page.screenshot({ path: 'test-results/screen-awake-fallback-390.png' });
	});

	it('says so when neither works', async () => {
		const page = await open(notSecure, noVideo);
		await page.getByRole('button', { name: /Switch to (light|dark) theme/ }).click();
		const status = page
			.getByRole('banner')
			.getByRole('status')
			.filter({ hasText: 'Screen may sleep' });
		await status.waitFor();
		expect(await status.getAttribute('title')).toMatch(/cannot keep the screen on/);
		await page.screenshot({ path: 'test-results/screen-awake-unavailable-390.png' });
	});
});
