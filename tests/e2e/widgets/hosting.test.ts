/**
 * Widgets as browser sources: transparent, no scrollbars, loadable over http, from a subpath and as a
 * local file; they only ever read; they ride out restarts and a switched-off interface; bad options
 * are reported in the debug corner and never in the console.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, BUILD_DIR, serveBuild, watchPage } from '../harness';
import { WIDGET_ENTRIES } from '../reliability/pages';
import { defaultSetup } from '../../../src/lib/sim/default-setup';
import { connection, startStack, type Stack } from '../stack';
import {
	alertEnvelope,
	chatEnvelope,
	openConnected,
	sendAsOtherClient,
	transparency,
	waitForText
} from './helpers';

/** Each widget with options that make it show something from the default setup, and what it shows. */
const WIDGETS: { route: string; params: Record<string, string>; shows: RegExp }[] = [
	{ route: '/widget/counter', params: { name: 'wins' }, shows: /^\d+$/ },
	{ route: '/widget/song-queue', params: {}, shows: /Midnight Arcade.*Paper Boats/ },
	{ route: '/widget/now-playing', params: {}, shows: /^Midnight Arcade Neon Lakes/ },
	{ route: '/widget/chat', params: {}, shows: /^$/ },
	{ route: '/widget/events', params: {}, shows: /^$/ }
];

let stack: Stack;
const pages: Page[] = [];
// Paused: a played song ends after 214 s, and this file can run longer than that on a loaded machine,
// which would move the queue under the texts below.
const setup = defaultSetup();
setup.songs.playing = false;
beforeAll(async () => {
	stack = await startStack({ setup });
});
afterEach(async () => {
	for (const page of pages.splice(0)) await page.context().close();
});
afterAll(async () => stack?.close());

async function newPage(): Promise<Page> {
	const context = await stack.browser.newContext({
		viewport: { width: 480, height: 270 },
		reducedMotion: 'reduce'
	});
	const page = await context.newPage();
	pages.push(page);
	return page;
}

describe('widgets only read', () => {
	it('sends nothing but reads: variable reads, retrieve, meta and its subscription', async () => {
		stack.sim.sim.clearLog();
		for (const w of WIDGETS) {
			const { page } = await openConnected(stack, w.route, w.params);
			pages.push(page);
		}
		stack.sim.sim.emit(chatEnvelope('r-1', 'hello', { username: 'ana' }));
		stack.sim.sim.emit(alertEnvelope('alpha-follower', { value: 'Ana' }, { displayname: 'Ana' }));
		await waitForText(pages[3]!, /ana: hello/);
		await waitForText(pages[4]!, /Ana followed/);
		await waitForText(pages[1]!, WIDGETS[1]!.shows);
		const log = stack.sim.sim.requestLog;
		const allowed = (r: (typeof log)[number]) =>
			r.transport === 'http'
				? ['/api/meta', '/api/retrieve'].includes(r.path ?? '') ||
					(r.path === '/api/send' && r.type === 'get-variable-value')
				: (r.path === '/api' && r.status === 101) ||
					r.type === 'get-variable-value' ||
					r.note === 'subscribe' ||
					/^retrieve/.test(r.note ?? '');
		expect(log.filter((r) => !allowed(r))).toEqual([]);
		expect(log.some((r) => r.type === 'get-variable-value')).toBe(true);
		// No `name`: a scene full of widgets does not notify the streamer.
		expect(stack.sim.sim.clients.every((c) => c.name === undefined)).toBe(true);
		const subscribed = log
			.filter((r) => r.note === 'subscribe')
			.map((r) => (r.frame as { subscribe: string[] }).subscribe.join(','));
		// Each widget's own types only: premium and the states flags are the dashboard's (StreamClient).
		expect(new Set(subscribed)).toEqual(new Set(['alert', 'alert,modqueue_list', 'chat']));
	}, 45_000);
});

describe.each(WIDGET_ENTRIES)('browser source hosting, %s', (entry) => {
	const pageFile = entry;

	// One test per widget, so each gets the whole timeout on a loaded machine.
	it.each(WIDGETS.map((w) => [w.route, w] as const))(
		'%s is transparent, has no scrollbars and carries no dashboard styles',
		async (_, w) => {
			const page = await newPage();
			await page.goto(
				appUrl(stack.site.url + entry, w.route, { ...connection(stack.sim), ...w.params })
			);
			await page.locator('.widget').waitFor();
			await waitForText(page, w.shows);
			const seen = await transparency(page);
			expect({ route: w.route, ...seen }).toEqual({
				route: w.route,
				html: 'rgba(0, 0, 0, 0)',
				body: 'rgba(0, 0, 0, 0)',
				corners: [0, 0, 0, 0]
			});
			const layout = await page.evaluate(() => ({
				overflow: [
					getComputedStyle(document.documentElement).overflow,
					getComputedStyle(document.body).overflow
				],
				scrolls:
					document.documentElement.scrollHeight > innerHeight ||
					document.documentElement.scrollWidth > innerWidth,
				dashboard: document.querySelector('.dash') !== null
			}));
			expect(layout).toEqual({ overflow: ['hidden', 'hidden'], scrolls: false, dashboard: false });
		},
		45_000
	);

	it(`every widget loads from a local file (file://…/${pageFile}#/widget/…)`, async () => {
		const file = pathToFileURL(resolve(BUILD_DIR, pageFile)).href;
		for (const w of WIDGETS) {
			const page = await newPage();
			const watched = watchPage(page);
			await page.goto(appUrl(file, w.route, { ...connection(stack.sim), ...w.params, debug: 1 }));
			await page.locator('.debug[data-status="open"]').waitFor();
			await waitForText(page, w.shows);
			expect(watched.errors).toEqual([]);
		}
		const chat = pages.at(-2)!;
		stack.sim.sim.emit(chatEnvelope('f-1', 'seen from a file', { username: 'ana' }));
		await waitForText(chat, /ana: seen from a file/);
	}, 45_000);

	it('demo mode runs over http and from a local file, without the application', async () => {
		const file = pathToFileURL(resolve(BUILD_DIR, pageFile)).href;
		for (const base of [stack.site.url + entry, file]) {
			const page = await newPage();
			const watched = watchPage(page);
			const loaded: string[] = [];
			page.on('request', (r) => loaded.push(r.url().split('/').pop()!));
			await page.goto(`${base}#/widget/chat?demo=1&debug=1`);
			// The in-page simulator's demo traffic: chat lines with no server at all.
			await page.locator('.widget li').first().waitFor({ timeout: 15_000 });
			expect(await page.locator('.debug').getAttribute('data-status')).toBe('open');
			expect(watched.errors).toEqual([]);
			// widget.html fetches its simulator as widget-demo.js, only for demo mode.
			expect(loaded).toContain('widget-demo.js');
		}
	}, 45_000);

	it('widgets work when the build is served from a subpath', async () => {
		const site = await serveBuild('/obs/overlays');
		try {
			const opened: Page[] = [];
			for (const w of WIDGETS) {
				const page = await newPage();
				await page.goto(
					appUrl(site.url + entry, w.route, { ...connection(stack.sim), ...w.params, debug: 1 })
				);
				expect(page.url()).toContain(`/obs/overlays/${entry}#/widget/`);
				await page.locator('.debug[data-status="open"]').waitFor();
				await waitForText(page, w.shows);
				opened.push(page);
			}
			// Chat and events show only what arrives: one of each, seen from the subpath.
			stack.sim.sim.emit(chatEnvelope('sub-1', 'seen from a subpath', { username: 'ana' }));
			stack.sim.sim.emit(alertEnvelope('alpha-follower', { value: 'Sub' }, { displayname: 'Sub' }));
			await waitForText(opened[3]!, /^ana: seen from a subpath$/);
			await waitForText(opened[4]!, /^Sub followed$/);
		} finally {
			await site.close();
		}
	}, 45_000);
});

describe('the widget-only page', () => {
	it('holds no dashboard code and is much smaller than the app', () => {
		// Whitespace folded: the formatter wraps long prose in the markup, and the page keeps the line break.
		const fold = (text: string) => text.replace(/\s+/g, ' ');
		const widgetPage = fold(readFileSync(resolve(BUILD_DIR, 'widget.html'), 'utf8'));
		// The whole app in one file (index.html itself now loads its pages as split chunks).
		const app = fold(readFileSync(resolve(BUILD_DIR, 'standalone.html'), 'utf8'));
		// Strings only dashboard pages carry: the deck's search, the routines page, the share page.
		for (const dashboardOnly of [
			'Search commands, alerts, scenes',
			'Routines can never be shared',
			'Share links'
		]) {
			expect(app).toContain(dashboardOnly);
			expect(widgetPage).not.toContain(dashboardOnly);
		}
		expect(widgetPage.length).toBeLessThan(app.length / 2);
	});

	it('carries no simulator: demo mode loads widget-demo.js beside it, and says so when it is missing', async () => {
		const widgetPage = readFileSync(resolve(BUILD_DIR, 'widget.html'), 'utf8');
		const demo = readFileSync(resolve(BUILD_DIR, 'widget-demo.js'), 'utf8');
		// A line of the simulator's demo chat.
		expect(demo).toContain('that was a clean run');
		expect(widgetPage).not.toContain('that was a clean run');
		const page = await newPage();
		await page.route('**/widget-demo.js', (route) => route.abort());
		await page.goto(`${stack.site.url}widget.html#/widget/counter?demo=1&name=wins`);
		await page.getByText('Demo mode needs widget-demo.js beside this page').waitFor();
		// And a widget that does not ask for demo never fetches it.
		const fetched: string[] = [];
		const plain = await newPage();
		plain.on('request', (r) => fetched.push(r.url()));
		await plain.goto(
			appUrl(`${stack.site.url}widget.html`, '/widget/counter', {
				...connection(stack.sim),
				name: 'wins'
			})
		);
		await waitForText(plain, /^\d+$/);
		expect(fetched.filter((url) => url.includes('widget-demo'))).toEqual([]);
	});
});

describe('unattended', () => {
	it('keeps its last data while disconnected, reconnects after a restart and after the interface comes back, and reads again', async () => {
		const { page, errors } = await openConnected(stack, '/widget/counter', { name: 'hugs' });
		pages.push(page);
		await waitForText(page, /^0$/);
		stack.sim.sim.restart();
		await page.locator('.debug[data-status="open"]').waitFor();
		await sendAsOtherClient(stack, 'set-counter-value', { name: 'hugs', value: 12 });
		await waitForText(page, /^12$/);

		stack.sim.sim.stopApi();
		await page.locator('.debug[data-status="stopped"]').waitFor();
		await page.getByText('Interface turned off').waitFor();
		await waitForText(page, /^12$/);
		stack.sim.sim.startApi();
		await sendAsOtherClient(stack, 'set-counter-value', { name: 'hugs', value: 13 });
		// The client stops after a 1000 close; the widget tries again by itself a few seconds later.
		await page.locator('.debug[data-status="open"]').waitFor({ timeout: 15_000 });
		await waitForText(page, /^13$/);
		expect(errors).toEqual([]);
	}, 45_000);

	it('invalid options fall back to defaults and are listed in the debug corner, with nothing in the console', async () => {
		const { page, consoleLines, errors } = await stack.open(
			'/widget/counter',
			{
				name: 'deaths',
				size: '9999',
				format: 'roman',
				color: 'url(javascript:alert(1))',
				outline: 'banana',
				shadow: 'maybe',
				debug: 1
			},
			{ width: 640, height: 360 }
		);
		pages.push(page);
		const warnings = page.getByRole('list', { name: 'Option warnings' });
		await warnings.waitFor();
		expect(await warnings.getByRole('listitem').allTextContents()).toEqual([
			'Option format must be one of plain, grouped, compact, fixed2 (given "roman"): default used',
			'Option size must be between 8 and 400 (given "9999"): default used',
			'Option color must be a colour like #ffcc00 or a CSS colour name (given "url(javascript:alert(1))"): default used',
			'Option outline must be a colour like #ffcc00 or a CSS colour name (given "banana"): default used',
			'Option shadow must be true or false (given "maybe"): default used'
		]);
		await waitForText(page, /^\d+$/);
		expect(await page.locator('.widget').evaluate((el) => getComputedStyle(el).fontSize)).toBe(
			'64px'
		);
		expect(consoleLines).toEqual([]);
		expect(errors).toEqual([]);
	});
});

describe('an old widget address (index.html#/widget/…, from before widget.html)', () => {
	it('lands on widget.html with its fragment intact, over http and from a local file', async () => {
		const fragment =
			'#' +
			appUrl('http://127.0.0.1/', '/widget/counter', {
				...connection(stack.sim),
				name: 'wins',
				debug: 1
			}).split('#')[1];
		const indexFile = pathToFileURL(resolve(BUILD_DIR, 'index.html')).href;
		for (const [old, landing] of [
			[`${stack.site.url}index.html${fragment}`, `${stack.site.url}widget.html${fragment}`],
			[`${stack.site.url}${fragment}`, `${stack.site.url}widget.html${fragment}`],
			[
				`${indexFile}${fragment}`,
				`${pathToFileURL(resolve(BUILD_DIR, 'widget.html')).href}${fragment}`
			]
		]) {
			const page = await newPage();
			await page.goto(old!);
			await page.waitForURL(landing!);
			await page.locator('.debug[data-status="open"]').waitFor();
			await waitForText(page, /^\d+$/);
		}
	}, 60_000);
});
