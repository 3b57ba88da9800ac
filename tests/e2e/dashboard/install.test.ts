/**
 * Home screen: dashboard pages link a web manifest that Chromium loads and parses, with icons that
 * load; widget pages do not link it. Each page has its own title, and the browser's bar colour
 * follows the theme.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startStack, type Stack } from '../stack';
import { goToPage, openConnected } from './page-helpers';

/** Width and height from a PNG's IHDR chunk (after the 8-byte signature and the chunk header). */
function pngSize(bytes: Uint8Array): [number, number] {
	expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
	const view = new DataView(bytes.buffer, bytes.byteOffset);
	return [view.getUint32(16), view.getUint32(20)];
}

const manifestHref = (page: Page) =>
	page.evaluate(
		() => (document.querySelector('link[rel="manifest"]') as HTMLLinkElement | null)?.href
	);

describe('installable dashboard', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	});
	afterAll(async () => stack?.close());

	it('a dashboard page links a manifest that Chromium loads and parses, with icons that load', async () => {
		const { page, consoleLines, errors } = await openConnected(stack, '/lights');
		const href = await manifestHref(page);
		expect(href).toBe(new URL('manifest.webmanifest', stack.site.url).href);

		// The browser's own reading (it obeys the page's policy: manifest-src).
		const cdp = await page.context().newCDPSession(page);
		const read = (await cdp.send('Page.getAppManifest')) as {
			url: string;
			errors: unknown[];
			data?: string;
		};
		expect(read.url).toBe(href);
		expect(read.errors).toEqual([]);
		const manifest = JSON.parse(read.data ?? 'null') as Record<string, unknown> & {
			icons: { src: string; sizes: string; type: string; purpose?: string }[];
		};
		expect(manifest).toMatchObject({
			name: 'Stream control',
			short_name: 'Stream control',
			start_url: './',
			scope: './',
			display: 'standalone',
			background_color: '#0f1115',
			theme_color: '#0f1115'
		});
		expect(manifest.icons.map((i) => [i.sizes, i.purpose ?? 'any'])).toEqual([
			['192x192', 'any'],
			['512x512', 'any'],
			['512x512', 'maskable']
		]);
		for (const icon of manifest.icons) {
			const answer = await fetch(new URL(icon.src, href));
			expect(answer.status).toBe(200);
			const size = Number(icon.sizes.split('x')[0]);
			expect(pngSize(new Uint8Array(await answer.arrayBuffer()))).toEqual([size, size]);
		}
		const touchIcon = await page.evaluate(
			() => (document.querySelector('link[rel="apple-touch-icon"]') as HTMLLinkElement | null)?.href
		);
		expect(pngSize(new Uint8Array(await (await fetch(touchIcon!)).arrayBuffer()))).toEqual([
			180, 180
		]);
		expect(consoleLines).toEqual([]);
		expect(errors).toEqual([]);
	});

	it('a widget page does not link it', async () => {
		const { page } = await stack.open('/widget/counter', { name: 'wins' });
		await page.waitForFunction(() => document.body.textContent?.match(/\d/));
		expect(await manifestHref(page)).toBeUndefined();
	});

	it('each page has its own title, and the bar colour follows the theme', async () => {
		const { page } = await openConnected(stack, '/');
		await expect.poll(() => page.title()).toBe('Deck · Stream control');
		const themeColor = () =>
			page.evaluate(() =>
				[...document.querySelectorAll('meta[name="theme-color"]')].map((m) =>
					m.getAttribute('content')
				)
			);
		expect(await themeColor()).toEqual(['#0f1115']);
		await goToPage(page, 'Songs');
		await expect.poll(() => page.title()).toBe('Songs · Stream control');
		await page.getByRole('button', { name: 'Switch to light theme' }).click();
		await expect.poll(themeColor).toEqual(['#f6f7fb']);
		await goToPage(page, 'Connect');
		await expect.poll(() => page.title()).toBe('Connect · Stream control');
	});
});
