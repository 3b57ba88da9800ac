/**
 * Every widget in a Chromium that broadcasting software embeds, on both pages of the build, over http
 * and from file://: live data at first paint, following changes, transparent, no page errors.
 * Called by one test file per engine (one browser per file).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { EngineVersion } from '../engines';
import { appUrl, BUILD_DIR, watchPage } from '../harness';
import { entryLabel, WIDGET_ENTRIES } from '../reliability/pages';
import { connection, startStack, type Stack } from '../stack';
import { chatEnvelope as simChat } from '../../../src/lib/sim/events';
import { CSS_NAMED_COLORS } from '../../support/css-named-colors';
import {
	alertEnvelope,
	chatEnvelope,
	sendAsOtherClient,
	transparency,
	waitForText
} from '../widgets/helpers';

const ROUTES = [
	'/widget/counter',
	'/widget/song-queue',
	'/widget/now-playing',
	'/widget/chat',
	'/widget/events',
	'/widget/timer',
	'/widget/alert-box'
] as const;

export function widgetSuite(version: EngineVersion): void {
	describe(`widgets in Chromium ${version}`, () => {
		let stack: Stack;
		const pages: Page[] = [];
		beforeAll(async () => {
			// The first call unpacks the engine (tens of seconds on a busy machine).
			stack = await startStack({ engine: version });
		}, 180_000);
		afterEach(async () => {
			for (const page of pages.splice(0)) await page.context().close();
		});
		afterAll(async () => stack?.close());

		it('runs the engine it was asked for', async () => {
			expect(stack.browser.version()).toMatch(new RegExp(`^${version}\\.`));
		});

		let round = 0;
		const places = WIDGET_ENTRIES.flatMap((entry) =>
			(['http', 'file'] as const).map((transport) => ({
				entry,
				transport,
				page: entryLabel(entry)
			}))
		);
		it.each(places)(
			'$transport, $page: live data at once, follows changes, transparent, no page errors',
			async ({ entry, transport }) => {
				const n = ++round;
				const tag = `${version} ${transport} ${entryLabel(entry)}`;
				// A known state to read at first paint: the counter's value and the song playing.
				await sendAsOtherClient(stack, 'set-counter-value', { name: 'wins', value: 100 + n });
				await sendAsOtherClient(stack, 'song-request', { action: 'clear' });
				await sendAsOtherClient(stack, 'song-request', {
					action: 'add',
					value: `Engine Band - Opening ${n}`,
					username: 'ana'
				});
				await sendAsOtherClient(stack, 'song-request', { action: 'skip' });
				await sendAsOtherClient(stack, 'update-variable-value', {
					name: 'timer_obs',
					value: { running: false, end: 0, left: (600 + n) * 1000, length: 300_000 }
				});

				const base =
					transport === 'http'
						? stack.site.url + entry
						: pathToFileURL(resolve(BUILD_DIR, entry || 'index.html')).href;
				const context = await stack.browser.newContext({
					viewport: { width: 480, height: 270 },
					reducedMotion: 'reduce'
				});
				const opened = [];
				for (const route of ROUTES) {
					const page = await context.newPage();
					pages.push(page);
					const watched = watchPage(page);
					const name = route === '/widget/timer' ? 'timer_obs' : 'wins';
					await page.goto(appUrl(base, route, { ...connection(stack.sim), name, debug: 1 }));
					opened.push({ route, page, errors: watched.errors });
				}
				const [counter, queue, playing, chat, events, timer, alertBox] = opened.map(
					(o) => o.page
				) as [Page, Page, Page, Page, Page, Page, Page];
				for (const page of opened.map((o) => o.page))
					await page.waitForFunction(
						() => document.querySelector('.debug')?.getAttribute('data-status') === 'open',
						null,
						{ timeout: 15_000 }
					);

				await waitForText(counter, new RegExp(`^${100 + n}$`));
				await waitForText(timer, `${10 + Math.floor(n / 60)}:${String(n % 60).padStart(2, '0')}`);
				await waitForText(queue, new RegExp(`^Opening ${n} Engine Band requested by ana`));
				await waitForText(playing, new RegExp(`^Opening ${n} Engine Band requested by ana`));

				await sendAsOtherClient(stack, 'set-counter-value', { name: 'wins', value: 200 + n });
				await sendAsOtherClient(stack, 'song-request', {
					action: 'add',
					value: `Engine Band - Next ${n}`,
					username: 'bo'
				});
				stack.sim.sim.emit(chatEnvelope(`eng-${tag}`, `hello from ${tag}`, { username: 'ana' }));
				stack.sim.sim.emit(
					alertEnvelope('alpha-follower', { value: `Fan ${n}` }, { displayname: `Fan ${n}` })
				);
				await sendAsOtherClient(stack, 'update-variable-value', {
					name: 'timer_obs',
					value: { running: true, end: Date.now() + 3_600_000, left: 0, length: 300_000 }
				});
				await waitForText(counter, new RegExp(`^${200 + n}$`));
				await waitForText(timer, /^(59:[0-5]\d|1:00:00)$/);
				await waitForText(queue, new RegExp(`1 Next ${n} · Engine Band bo$`));
				await waitForText(chat, `ana: hello from ${tag}`);
				await waitForText(events, new RegExp(`^Fan ${n} followed$`));
				await waitForText(alertBox, new RegExp(`^Fan ${n} followed!$`));
				await sendAsOtherClient(stack, 'song-request', { action: 'skip' });
				await waitForText(playing, new RegExp(`^Next ${n} Engine Band requested by bo`));

				for (const { route, page, errors } of opened) {
					const seen = await transparency(page);
					expect({ route, ...seen, errors }).toEqual({
						route,
						html: 'rgba(0, 0, 0, 0)',
						body: 'rgba(0, 0, 0, 0)',
						corners: [0, 0, 0, 0],
						errors: []
					});
				}
			},
			180_000
		);

		it.each(['http', 'file'] as const)(
			'%s: the goal and stats widgets at first paint, following changes, transparent, no page errors',
			async (transport) => {
				const set = (name: string, value: unknown) =>
					sendAsOtherClient(stack, 'update-variable-value', { name, value });
				await set('total_follower_count', 40);
				await set('follower_goal', 80);
				await set('alpha_live', true);
				await set('alpha_current_viewer_count', 55);
				const base =
					transport === 'http'
						? `${stack.site.url}widget.html`
						: pathToFileURL(resolve(BUILD_DIR, 'widget.html')).href;
				const context = await stack.browser.newContext({
					viewport: { width: 600, height: 120 },
					reducedMotion: 'reduce'
				});
				const open = async (route: string) => {
					const page = await context.newPage();
					pages.push(page);
					const { errors } = watchPage(page);
					await page.goto(appUrl(base, route, { ...connection(stack.sim), debug: 1 }));
					return { page, errors };
				};
				const goal = await open('/widget/goal');
				const stats = await open('/widget/stats');
				await waitForText(goal.page, /^Follower goal 40 \/ 80$/);
				await waitForText(stats.page, /^Live \d+:\d\d:\d\d 55 viewers Offline/);
				await set('total_follower_count', 60);
				await set('alpha_current_viewer_count', 56);
				await waitForText(goal.page, /^Follower goal 60 \/ 80$/);
				await waitForText(stats.page, /56 viewers/, 15_000);
				for (const { page, errors } of [goal, stats]) {
					expect({ ...(await transparency(page)), errors }).toEqual({
						html: 'rgba(0, 0, 0, 0)',
						body: 'rgba(0, 0, 0, 0)',
						corners: [0, 0, 0, 0],
						errors: []
					});
				}
			},
			60_000
		);

		it('colour options: the engine knows every CSS colour name, and a widget takes names from it, not other words', async () => {
			const page = await (
				await stack.browser.newContext({ viewport: { width: 640, height: 360 } })
			).newPage();
			pages.push(page);
			const { errors } = watchPage(page);
			await page.goto(
				appUrl(stack.site.url, '/widget/counter', {
					...connection(stack.sim),
					name: 'deaths',
					color: 'RebeccaPurple',
					outline: 'currentColor',
					barColor: 'inherit',
					debug: 1
				})
			);
			// CSS selectors, not roles: Playwright's role queries need an API Chromium 103 lacks.
			await page.waitForFunction(
				() => document.querySelectorAll('.debug .warnings li').length > 0,
				null,
				{
					timeout: 15_000
				}
			);
			const warnings = await page.$$eval('.debug .warnings li', (items) =>
				items.map((item) => item.textContent)
			);
			expect(warnings).toEqual([
				'Option barColor must be a colour like #ffcc00 or a CSS colour name (given "inherit"): default used',
				'Option outline must be a colour like #ffcc00 or a CSS colour name (given "currentColor"): default used'
			]);
			expect(await page.$eval('.widget', (el) => getComputedStyle(el).color)).toBe(
				'rgb(102, 51, 153)'
			);
			// What the Node tests' stand-in engine says of names (tests/support/css-named-colors.ts).
			const unknown = await page.evaluate(
				(names) => names.filter((name) => !CSS.supports('color', name)),
				[...CSS_NAMED_COLORS]
			);
			expect(unknown).toEqual([]);
			expect(errors).toEqual([]);
		}, 60_000);

		it('the chat background plate: each line on its own coloured plate, padded and rounded', async () => {
			const page = await (
				await stack.browser.newContext({ viewport: { width: 480, height: 270 } })
			).newPage();
			pages.push(page);
			const { errors } = watchPage(page);
			await page.goto(
				appUrl(stack.site.url, '/widget/chat', {
					...connection(stack.sim),
					plate: 1,
					plateColor: '#10203080',
					debug: 1
				})
			);
			await page.waitForFunction(
				() => document.querySelector('.debug')?.getAttribute('data-status') === 'open',
				null,
				{ timeout: 15_000 }
			);
			stack.sim.sim.emit(chatEnvelope(`plate-${version}`, 'on a plate', { username: 'ana' }));
			await waitForText(page, 'ana: on a plate');
			const line = await page.evaluate(() => {
				const plate = document.querySelector('.widget li .plate')!;
				const style = getComputedStyle(plate);
				return {
					background: style.backgroundColor,
					padding: style.paddingLeft,
					radius: style.borderTopLeftRadius,
					width: plate.getBoundingClientRect().width
				};
			});
			expect(line.background).toBe('rgba(16, 32, 48, 0.5)');
			expect(parseFloat(line.padding)).toBeGreaterThan(0);
			expect(parseFloat(line.radius)).toBeGreaterThan(0);
			// The plate hugs the line, not the whole width.
			expect(line.width).toBeLessThan(480);
			expect(errors).toEqual([]);
		}, 60_000);

		it('chat at 400×360: badges and emotes as images (routed to a local picture), no line cut at the top, a theme, hidden by OBS', async () => {
			const context = await stack.browser.newContext({ viewport: { width: 400, height: 360 } });
			const page = await context.newPage();
			pages.push(page);
			await page.addInitScript(() => Object.assign(window, { obsstudio: {} }));
			// A 1×1 PNG: image addresses never reach the network.
			const png = Buffer.from(
				'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
				'base64'
			);
			await page.route('https://**/*', (route) =>
				route.fulfill({ status: 200, contentType: 'image/png', body: png })
			);
			const { errors } = watchPage(page);
			await page.goto(
				appUrl(`${stack.site.url}widget.html`, '/widget/chat', {
					...connection(stack.sim),
					theme: 'neon',
					debug: 1
				})
			);
			// waitForFunction, not locator.waitFor: Playwright's visibility check needs Chromium 105+.
			const until = (check: string) =>
				page.waitForFunction((q) => document.querySelector(q) !== null, check, { timeout: 15_000 });
			await until('.debug[data-status="open"]');
			for (let n = 1; n <= 12; n++)
				stack.sim.sim.emit(
					simChat(
						'alpha',
						{ username: `v${n}`, mod: true, subscriber: true },
						`line ${n} Kappa ${'that wraps over a few rows of the widget '.repeat(2)}`,
						`obs-chat-${version}-${n}`,
						Date.now()
					)
				);
			await until(`li[data-id="obs-chat-${version}-12"]`);
			const seen = await page.evaluate(() => ({
				theme: document.querySelector('.widget')!.classList.contains('theme-neon'),
				badges: document.querySelectorAll('.widget li img.badge').length,
				emotes: [...document.querySelectorAll('.widget li img.emote')].map((i) =>
					i.getAttribute('alt')
				),
				cut: [...document.querySelectorAll('.widget li')]
					.map((li) => li.getBoundingClientRect())
					.filter((r) => r.left < 400 && (r.top < 0 || r.bottom > 360)).length
			}));
			expect(seen.theme).toBe(true);
			expect(seen.badges).toBe(24);
			expect(new Set(seen.emotes)).toEqual(new Set(['Kappa']));
			expect(seen.cut).toBe(0);
			await page.evaluate(() =>
				dispatchEvent(new CustomEvent('obsSourceVisibleChanged', { detail: { visible: false } }))
			);
			await page.evaluate(() =>
				dispatchEvent(new CustomEvent('obsSourceActiveChanged', { detail: { active: false } }))
			);
			await until('.widget.source-hidden');
			await page.evaluate(() =>
				dispatchEvent(new CustomEvent('obsSourceVisibleChanged', { detail: { visible: true } }))
			);
			await until('.widget:not(.source-hidden)');
			expect(errors).toEqual([]);
		}, 60_000);

		it('demo mode from a local file: widget.html loads its simulator beside it', async () => {
			const page = await (
				await stack.browser.newContext({ viewport: { width: 480, height: 270 } })
			).newPage();
			pages.push(page);
			const { errors } = watchPage(page);
			await page.goto(
				`${pathToFileURL(resolve(BUILD_DIR, 'widget.html')).href}#/widget/chat?demo=1&debug=1`
			);
			await page.waitForFunction(() => document.querySelector('.widget li') !== null, null, {
				timeout: 20_000
			});
			expect(errors).toEqual([]);
		}, 60_000);
	});
}
