/**
 * Token hygiene in the browser: every dashboard page and every widget is opened with every request
 * and websocket recorded. Nothing goes anywhere but the configured API origin and the page's own
 * origin (everything is bundled), no request carries a Referer, the token appears in no console line,
 * and a Content-Security-Policy limits connections to the API origin once the page has its settings.
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSimServer, type SimServer } from '../../../src/server/sim-server';
import { appUrl, BUILD_DIR, launchBrowser, serveBuild } from '../harness';
import { TOKEN } from '../stack';
import {
	DASHBOARD_ROUTES,
	waitForStatus,
	WIDGET_ENTRIES,
	WIDGET_PAGES,
	WIDGET_VIEWPORT
} from './pages';
import { openRecorded, policies, tryElsewhere, type Traffic } from './traffic';

let sim: SimServer;
let elsewhere: SimServer;
let site: Awaited<ReturnType<typeof serveBuild>>;
let browser: Browser;
let apiOrigin: string;

beforeAll(async () => {
	sim = await startSimServer({ port: 0, token: TOKEN, demo: true });
	// Another server a page must not reach: it answers anything, so only the policy can stop the page.
	elsewhere = await startSimServer({ port: 0, token: TOKEN });
	site = await serveBuild('', { bare: true });
	browser = await launchBrowser();
	apiOrigin = `http://127.0.0.1:${sim.port}`;
}, 60_000);

afterAll(async () => {
	await browser?.close();
	await site?.close();
	await elsewhere?.close();
	await sim?.close();
});

/** Everything one page did must stay between the page's origin and the API; the token only in API requests. */
async function expectClean(t: Traffic, pageOrigin: string, label: string): Promise<void> {
	await t.settled();
	const foreign = t.requests.filter((r) => {
		const url = new URL(r.url);
		// Chat badges, emotes and avatars are images on the platforms' https CDNs, as the message names
		// them: allowed (img-src https:), sent with no referrer; the checks below keep the token out of them.
		if (r.image && url.protocol === 'https:') return false;
		return (
			url.protocol !== 'data:' &&
			url.origin !== apiOrigin &&
			!(pageOrigin === 'file:' ? url.protocol === 'file:' : url.origin === pageOrigin)
		);
	});
	expect({ label, foreign }).toEqual({ label, foreign: [] });
	expect({
		label,
		sockets: t.sockets.filter((s) => new URL(s).origin !== apiOrigin.replace(/^http/, 'ws'))
	}).toEqual({ label, sockets: [] });
	// An empty Referer carries nothing (Chromium sends one for a stylesheet index.html links from file://).
	expect({ label, referers: t.requests.filter((r) => Boolean(r.referer)) }).toEqual({
		label,
		referers: []
	});
	expect({
		label,
		tokenOutsideApi: t.requests
			.filter((r) => r.url.includes(TOKEN) && new URL(r.url).origin !== apiOrigin)
			.map((r) => r.url)
	}).toEqual({ label, tokenOutsideApi: [] });
	expect({
		label,
		tokenInConsole: t.consoleLines.filter(
			(l) => l.includes(TOKEN) || l.includes(encodeURIComponent(TOKEN))
		)
	}).toEqual({ label, tokenInConsole: [] });
	expect({ label, errors: t.errors }).toEqual({ label, errors: [] });
}

describe('token hygiene in the browser', () => {
	it(
		'every dashboard page talks to its own origin and the API only, sends no Referer, logs no token, and is locked to the API',
		{ timeout: 180_000 },
		async () => {
			const pageOrigin = new URL(site.url).origin;
			for (const route of DASHBOARD_ROUTES) {
				const t = await openRecorded(
					browser,
					appUrl(site.url, route, { token: TOKEN, host: '127.0.0.1', port: sim.port })
				);
				await waitForStatus(t.page, 'open');
				// Let the page read what it shows (settings, variables, the builder's preview).
				await t.quiet();
				expect(
					t.requests.some((r) => new URL(r.url).origin === apiOrigin) || t.sockets.length > 0
				).toBe(true);
				await expectClean(t, pageOrigin, route);
				const policy = await policies(t.page);
				expect(policy.static).toMatch(/default-src 'none'/);
				expect(policy.lock).toBe(`connect-src ${apiOrigin} ws://127.0.0.1:${sim.port}`);
				await t.page.context().close();
			}
		}
	);

	it(
		'every widget does the same, and a page cannot reach any other address',
		{ timeout: 120_000 },
		async () => {
			const pageOrigin = new URL(site.url).origin;
			for (const w of WIDGET_ENTRIES.flatMap((entry) =>
				WIDGET_PAGES.map((page) => ({ ...page, entry }))
			)) {
				const t = await openRecorded(
					browser,
					appUrl(site.url + w.entry, w.route, {
						token: TOKEN,
						host: '127.0.0.1',
						port: sim.port,
						...w.params
					}),
					WIDGET_VIEWPORT
				);
				await waitForStatus(t.page, 'open');
				await t.quiet();
				await expectClean(t, pageOrigin, w.route);
				expect(await tryElsewhere(t.page, `http://127.0.0.1:${elsewhere.port}`)).toEqual({
					fetched: false,
					socketOpened: false,
					violations: ['connect-src', 'connect-src']
				});
				expect(elsewhere.sim.requestLog).toEqual([]);
				await t.page.context().close();
			}
		}
	);

	it(
		'from a local file (file://) pages connect, lock to the API and stay clean',
		{ timeout: 90_000 },
		async () => {
			const file = (page: string) => pathToFileURL(resolve(BUILD_DIR, page)).href;
			for (const [page, route, params] of [
				['index.html', '/', {}],
				['index.html', '/widget/chat', { debug: 1 }],
				['widget.html', '/widget/chat', { debug: 1 }]
			] as const) {
				const t = await openRecorded(
					browser,
					appUrl(file(page), route, { token: TOKEN, host: '127.0.0.1', port: sim.port, ...params })
				);
				await waitForStatus(t.page, 'open');
				await expectClean(t, 'file:', `file ${route}`);
				expect((await policies(t.page)).lock).toBe(
					`connect-src ${apiOrigin} ws://127.0.0.1:${sim.port}`
				);
				expect((await tryElsewhere(t.page, `http://127.0.0.1:${elsewhere.port}`)).fetched).toBe(
					false
				);
				await t.page.context().close();
			}
		}
	);

	it('demo mode makes no connection at all, and cannot', { timeout: 60_000 }, async () => {
		for (const [entry, route, params] of [
			['', '/', {}],
			['', '/widget/chat', { debug: 1 }],
			['', '/widget/counter', { debug: 1, name: 'deaths' }],
			['widget.html', '/widget/chat', { debug: 1 }]
		] as const) {
			const t = await openRecorded(
				browser,
				appUrl(site.url + entry, route, { demo: 1, ...params })
			);
			await waitForStatus(t.page, 'open');
			await t.quiet(3_000);
			await t.settled();
			// As live: the demo chat's badges and emotes are the platform's https images, sent without a Referer.
			const offSite = t.requests.filter((r) => !r.url.startsWith(site.url));
			expect({
				route,
				requests: offSite
					.filter((r) => !(r.image && r.url.startsWith('https:') && !r.referer))
					.map((r) => r.url),
				sockets: t.sockets
			}).toEqual({ route, requests: [], sockets: [] });
			expect(t.errors).toEqual([]);
			expect((await policies(t.page)).lock).toBe("connect-src 'none'");
			expect((await tryElsewhere(t.page, apiOrigin)).fetched).toBe(false);
			await t.page.context().close();
		}
	});
});
