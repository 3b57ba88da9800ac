/**
 * The deck opens without SvelteKit's router (src/deck-entry): nothing of SvelteKit is fetched until the
 * first other page, which starts SvelteKit over the same connection (one websocket in all, never
 * closed); back returns to the deck. A page asked for while SvelteKit starts is the one it shows. When
 * SvelteKit's files cannot be fetched, the deck stays, says so, and the next try loads the page afresh.
 * Against both simulator profiles, in one browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appUrl, launchBrowser, watchPage } from '../harness';
import { PHONE, connection, startStack, type Stack } from '../stack';
import { pagesNav } from './page-helpers';

const KIT_ENTRY = /\/_app\/immutable\/entry\/(start|app)\.[^/]+\.js$/;
/** SvelteKit's route files (layouts and pages), which it loads once started. */
const KIT_NODE = /\/_app\/immutable\/nodes\/[^/]+\.js$/;

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
}, 120_000);
afterAll(async () => browser?.close());

/** The deck at a phone's size, with what it fetched and the websockets it opened and closed. */
async function openDeck(stack: Stack) {
	const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
	const page = await context.newPage();
	page.setDefaultTimeout(15_000);
	const fetched: string[] = [];
	const sockets = { opened: 0, closed: 0 };
	page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
	page.on('websocket', (socket) => {
		sockets.opened++;
		socket.on('close', () => sockets.closed++);
	});
	const { errors } = watchPage(page);
	await page.goto(appUrl(stack.site.url, '/', connection(stack.sim)));
	await deckShown(page);
	return { page, fetched, sockets, errors, close: () => context.close() };
}

async function deckShown(page: Page) {
	await page.getByRole('button', { name: 'lurk', exact: true }).waitFor();
	await page.locator('[data-status="open"]').waitFor();
}
const hashPath = (page: Page) => new URL(page.url()).hash.replace(/^#/, '').replace(/[?#].*$/, '') || '/';

describe.each(['current', 'legacy'] as const)('the deck first, then SvelteKit (%s profile)', (profile) => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack({ profile, browser });
	}, 120_000);
	afterAll(async () => stack?.close());

	it('loads nothing of SvelteKit for the deck; the first other page starts it over the same connection, and back shows the deck', async () => {
		const deck = await openDeck(stack);
		try {
			expect(deck.fetched.filter((path) => KIT_ENTRY.test(path))).toEqual([]);
			expect(deck.sockets).toEqual({ opened: 1, closed: 0 });

			await pagesNav(deck.page).getByRole('link', { name: 'Songs', exact: true }).click();
			await deck.page.getByRole('heading', { name: 'Songs', level: 1 }).waitFor();
			expect(deck.fetched.filter((path) => KIT_ENTRY.test(path))).toHaveLength(2);
			await deck.page.locator('[data-status="open"]').waitFor();
			expect(deck.sockets, 'after Songs').toEqual({ opened: 1, closed: 0 });
			// The deck's layout left once SvelteKit's was in: one menu, one header.
			expect(await pagesNav(deck.page).count()).toBe(1);
			expect(await deck.page.locator('header').count()).toBe(1);

			await deck.page.goBack();
			await deckShown(deck.page);
			expect(hashPath(deck.page)).toBe('/');
			expect(deck.sockets, 'back on the deck').toEqual({ opened: 1, closed: 0 });
			await pagesNav(deck.page).getByRole('link', { name: 'Chat', exact: true }).click();
			await deck.page.getByRole('heading', { name: 'Chat', level: 1 }).waitFor();
			expect(deck.sockets).toEqual({ opened: 1, closed: 0 });
			expect(deck.errors).toEqual([]);
		} finally {
			await deck.close();
		}
	});
});

describe('the deck while SvelteKit starts, or cannot', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack({ browser });
	}, 120_000);
	afterAll(async () => stack?.close());

	it('shows the last page asked for while SvelteKit was on its way, not the first', async () => {
		const deck = await openDeck(stack);
		try {
			// SvelteKit has started for Songs, but its route files wait until a second page has been asked
			// for on the deck's own menu (SvelteKit listens to the address only once its first page is in).
			let release!: () => void;
			const released = new Promise<void>((done) => (release = done));
			await deck.page.route(KIT_NODE, async (route) => {
				await released;
				await route.continue();
			});
			await pagesNav(deck.page).getByRole('link', { name: 'Songs', exact: true }).click();
			await expect.poll(() => deck.fetched.filter((path) => KIT_NODE.test(path)).length).toBeGreaterThan(0);
			await pagesNav(deck.page).getByRole('link', { name: 'Chat', exact: true }).click();
			release();
			await deck.page.getByRole('heading', { name: 'Chat', level: 1 }).waitFor();
			await expect.poll(() => hashPath(deck.page)).toBe('/chat');
			expect(deck.sockets).toEqual({ opened: 1, closed: 0 });
			expect(deck.errors).toEqual([]);
		} finally {
			await deck.close();
		}
	});

	it('stays on the deck with the connection open, says so, and the next try opens the page', async () => {
		const deck = await openDeck(stack);
		try {
			await deck.page.route(KIT_ENTRY, (route) => route.abort());
			await pagesNav(deck.page).getByRole('link', { name: 'Songs', exact: true }).click();
			await deck.page.getByRole('alert').filter({ hasText: 'That page could not be loaded' }).waitFor();
			expect(hashPath(deck.page)).toBe('/');
			await deckShown(deck.page);
			// The menu is back on the deck too.
			await expect.poll(() => pagesNav(deck.page).getByRole('link', { name: 'Deck', exact: true }).getAttribute('aria-current')).toBe('page');

			expect(deck.sockets).toEqual({ opened: 1, closed: 0 });

			// The browser keeps the failed module: the next try loads the page afresh, at Songs.
			await deck.page.unroute(KIT_ENTRY);
			await pagesNav(deck.page).getByRole('link', { name: 'Songs', exact: true }).click();
			await deck.page.getByRole('heading', { name: 'Songs', level: 1 }).waitFor();
			await deck.page.locator('[data-status="open"]').waitFor();
			expect(await deck.page.getByRole('alert').filter({ hasText: 'That page could not be loaded' }).count()).toBe(0);
			expect(deck.errors).toEqual([]);
		} finally {
			await deck.close();
		}
	});
});
