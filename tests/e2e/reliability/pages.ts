/** Every page of the app, and small probes the reliability tests share (connection state, JS heap). */
import type { Page } from 'playwright-core';

/** Each widget with options that make it show something; `debug` exposes its connection state. */
export const WIDGET_PAGES: readonly { route: string; params: Record<string, string | number> }[] = [
	{ route: '/widget/counter', params: { name: 'wins', debug: 1 } },
	{ route: '/widget/song-queue', params: { debug: 1 } },
	{ route: '/widget/now-playing', params: { debug: 1 } },
	{ route: '/widget/chat', params: { debug: 1 } },
	{ route: '/widget/events', params: { debug: 1 } }
];

/**
 * The page of the build a widget runs in, as a file name beside the site's root: widget.html#/widget/…,
 * what the builder links to (index.html#/widget/… only sends old addresses there).
 */
export const WIDGET_ENTRIES: readonly string[] = ['widget.html'];

/** A label for an entry in test names. */
export const entryLabel = (entry: string) => entry || 'index.html';

/** Every dashboard page of the menu. */
export const DASHBOARD_ROUTES: readonly string[] = [
	'/',
	'/lights',
	'/chat',
	'/stream',
	'/polls',
	'/commands',
	'/songs',
	'/counters',
	'/tts',
	'/routines',
	'/widgets',
	'/share',
	'/about',
	'/connect'
];

export const WIDGET_VIEWPORT = { width: 480, height: 270 };

/** The connection state a page shows: the widget's debug corner, or the dashboard's badge. */
export async function statusOf(page: Page): Promise<string | undefined> {
	return page.evaluate(
		() =>
			document
				.querySelector('.debug[data-status], .badge[data-status]')
				?.getAttribute('data-status') ?? undefined
	);
}

/** Waits until the page shows this connection state; says which state it showed if not. */
export async function waitForStatus(page: Page, status: string, timeout = 15_000): Promise<void> {
	try {
		await page
			.locator(`.debug[data-status="${status}"], .badge[data-status="${status}"]`)
			.first()
			.waitFor({ timeout });
	} catch (error) {
		throw new Error(
			`${page.url().replace(/token=[^&]+/, 'token=…')} did not reach "${status}" (shows "${await statusOf(page)}"): ${(error as Error).message.split('\n')[0]}`
		);
	}
}

/** JS heap in use after a full garbage collection, through the DevTools protocol. */
export async function heapAfterGc(page: Page): Promise<number> {
	const cdp = await page.context().newCDPSession(page);
	try {
		// Twice: the first pass can leave finalised objects for the next one.
		await cdp.send('HeapProfiler.collectGarbage');
		await cdp.send('HeapProfiler.collectGarbage');
		const { usedSize } = await cdp.send('Runtime.getHeapUsage');
		return usedSize;
	} finally {
		await cdp.detach();
	}
}
