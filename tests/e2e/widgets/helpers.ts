/** Helpers for widget tests: another client's REST sends, transparency probes, event builders. */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startStack, TOKEN, type OpenOptions, type Stack } from '../stack';

/** What another client (a deck, a bot) would do: a REST send straight to the simulator. */
export async function sendAsOtherClient(
	stack: Stack,
	type: string,
	params: Record<string, unknown>
): Promise<unknown> {
	const res = await fetch(`${stack.sim.url}/api/send?token=${encodeURIComponent(TOKEN)}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ type, params })
	});
	if (!res.ok) throw new Error(`${type} answered ${res.status}: ${await res.text()}`);
	return res.json();
}

/** Text of the widget itself as laid out (not the debug corner), whitespace collapsed. */
export function visibleText(): string {
	const root = document.querySelector('.widget');
	if (!root) return '';
	return [...root.children]
		.filter((child) => !child.classList.contains('debug'))
		.map((child) => (child as HTMLElement).innerText)
		.join(' ')
		.replace(/\s+/g, ' ')
		.trim();
}

export async function widgetText(page: Page): Promise<string> {
	return page.evaluate(visibleText);
}

/** Waits until the widget's text matches (the widget polls on its own interval); says what it showed if not. */
export async function waitForText(
	page: Page,
	pattern: RegExp | string,
	timeout = 8000
): Promise<void> {
	const source =
		typeof pattern === 'string' ? pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : pattern.source;
	try {
		await page.waitForFunction(
			(src) => {
				// The same reading as visibleText (a page function cannot call one from this module).
				const root = document.querySelector('.widget');
				const children = root
					? [...root.children].filter((child) => !child.classList.contains('debug'))
					: [];
				const text = children
					.map((child) => (child as HTMLElement).innerText)
					.join(' ')
					.replace(/\s+/g, ' ')
					.trim();
				return new RegExp(src).test(text);
			},
			source,
			{ timeout }
		);
	} catch (error) {
		throw new Error(
			`${(error as Error).message}\nwanted ${pattern}\nthe widget shows: ${JSON.stringify(await widgetText(page))}`
		);
	}
}

/** Computed backgrounds of html and body, and the alpha of the four corner pixels of a transparent screenshot. */
export async function transparency(
	page: Page
): Promise<{ html: string; body: string; corners: number[] }> {
	const { html, body } = await page.evaluate(() => ({
		html: getComputedStyle(document.documentElement).backgroundColor,
		body: getComputedStyle(document.body).backgroundColor
	}));
	const png = await page.screenshot({ omitBackground: true });
	const probe = await page.context().newPage();
	const corners = await probe.evaluate(async (b64) => {
		const img = new Image();
		img.src = `data:image/png;base64,${b64}`;
		await img.decode();
		const canvas = document.createElement('canvas');
		canvas.width = img.width;
		canvas.height = img.height;
		const ctx = canvas.getContext('2d')!;
		ctx.drawImage(img, 0, 0);
		const at = (x: number, y: number) => ctx.getImageData(x, y, 1, 1).data[3]!;
		return [
			at(0, 0),
			at(img.width - 1, 0),
			at(0, img.height - 1),
			at(img.width - 1, img.height - 1)
		];
	}, png.toString('base64'));
	await probe.close();
	return { html, body, corners };
}

export function chatEnvelope(
	messageId: string,
	text: string,
	user: { username: string; displayname?: string; color?: string },
	origin = 'alpha'
) {
	return {
		type: 'chat',
		origin,
		data: {
			id: `${origin}-${messageId}`,
			channel: origin,
			message: text,
			extraSettings: {
				username: user.username,
				displayname: user.displayname ?? user.username,
				userId: `u-${user.username}`,
				avatar: '',
				userColor: user.color ?? '#4ecdc4',
				badges: [],
				userLevels: { anyone: true },
				messageId,
				time: '12:00:00',
				timestamp: Date.now()
			}
		}
	};
}

export const chatDeletion = (messageId: string) => ({
	type: 'chat',
	origin: 'alpha',
	data: { shouldRemove: messageId, extraSettings: { time: '12:00:00', timestamp: Date.now() } }
});

export function alertEnvelope(
	key: string,
	dynamic: Record<string, unknown>,
	extra: Record<string, unknown>,
	replay = false
) {
	const dash = key.indexOf('-');
	return {
		type: 'alert',
		origin: dash > 0 ? key.slice(0, dash) : 'appstream',
		event: key,
		data: { dynamic, replay, extraSettings: { ...extra, time: '12:00:00', timestamp: Date.now() } }
	};
}

/** Opens a widget (debug corner on) and waits until its socket is open, so emitted events reach it. */
/** Opens a widget with its debug corner and waits until it is connected (options: motion, and entry '' for index.html or 'widget.html'). */
export async function openConnected(
	stack: Stack,
	route: string,
	params: Record<string, string | number | boolean> = {},
	viewport = { width: 640, height: 360 },
	options: OpenOptions = {}
) {
	const opened = await stack.open(route, { debug: 1, ...params }, viewport, options);
	await opened.page.locator('.debug[data-status="open"]').waitFor();
	return opened;
}

export async function waitUntil(check: () => boolean, timeout = 5000): Promise<void> {
	const end = Date.now() + timeout;
	while (!check()) {
		if (Date.now() > end) throw new Error('condition not met in time');
		await new Promise((r) => setTimeout(r, 50));
	}
}

/**
 * The file's one stack (simulator, site, browser), started before its tests and closed after them;
 * pages put in `pages` are closed after each test, so no test sees another's.
 */
export function stackForFile(): { readonly stack: Stack; readonly pages: Page[] } {
	let stack: Stack | undefined;
	const pages: Page[] = [];
	beforeAll(async () => {
		stack = await startStack();
	});
	afterEach(async () => {
		for (const page of pages.splice(0)) await page.context().close();
	});
	afterAll(async () => stack?.close());
	return {
		get stack() {
			if (!stack) throw new Error('the stack starts in beforeAll: use it inside a test or hook');
			return stack;
		},
		pages
	};
}
