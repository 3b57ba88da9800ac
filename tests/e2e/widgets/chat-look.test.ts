/**
 * The chat widget's look against the simulator: badges, emotes and the plate by default, no line cut
 * at the builder's size, themes and a Custom CSS box, the broadcasting software hiding the source,
 * and reduced motion. Image addresses never reach the network: page.route answers them with a local
 * PNG, and the test reads the <img> elements it made.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chatEnvelope as simChat } from '$lib/sim/events';
import { appUrl, watchPage } from '../harness';
import { connection } from '../stack';
import { chatEnvelope, stackForFile, waitForText } from './helpers';

const PNG = readFileSync(resolve(import.meta.dirname, '../../../static/icon-192.png'));

const file = stackForFile();

interface Opened {
	page: Page;
	errors: string[];
	/** Every https image address the page asked for, with the Referer it sent (none expected). */
	images: { url: string; referer?: string }[];
}

async function openChat(
	params: Record<string, string | number> = {},
	viewport = { width: 400, height: 360 },
	options: { motion?: 'reduce' | 'no-preference'; obs?: boolean } = {}
): Promise<Opened> {
	const context = await file.stack.browser.newContext({
		viewport,
		reducedMotion: options.motion ?? 'no-preference'
	});
	const page = await context.newPage();
	file.pages.push(page);
	if (options.obs) await page.addInitScript(() => Object.assign(window, { obsstudio: {} }));
	const images: Opened['images'] = [];
	await page.route('https://**/*', (route) => {
		const request = route.request();
		images.push({ url: request.url(), referer: request.headers()['referer'] });
		return route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
	});
	const { errors } = watchPage(page);
	await page.goto(
		appUrl(`${file.stack.site.url}widget.html`, '/widget/chat', {
			...connection(file.stack.sim),
			debug: 1,
			...params
		})
	);
	await page.locator('.debug[data-status="open"]').waitFor();
	return { page, errors, images };
}

/** A simulator chat line as the application sends it, badges and emotes included. */
const say = (id: string, text: string, author: Parameters<typeof simChat>[1], platform = 'alpha') =>
	file.stack.sim.sim.emit(simChat(platform, author, text, id, Date.now()));

describe('chat: badges, emotes and defaults', () => {
	it('shows https badges and native emotes as images, text as text, on a plate, commands hidden', async () => {
		const { page, errors, images } = await openChat();
		say('b-1', '!lurk', { username: 'lurker' });
		say('b-2', 'hi Kappa <b>bold</b> LUL', { username: 'modbee', mod: true, subscriber: true });
		say('b-3', 'Kappa stays text here', { username: 'gammy' }, 'gamma');
		file.stack.sim.sim.emit({
			...chatEnvelope('b-4', 'tricky <img src=x onerror=alert(1)>', { username: 'hax' }),
			data: {
				id: 'alpha-b-4',
				channel: 'alpha',
				message: 'tricky <img src=x onerror=alert(1)>',
				extraSettings: {
					username: 'hax',
					messageId: 'b-4',
					avatar: 'javascript:alert(1)',
					badges: ['http://cdn.example/b.png', 'data:image/png;base64,AAAA', 42, '/x.png'],
					emotesRaw: '25:0-999/<b>:1-2/25:7-3,x-y'
				}
			}
		});
		await waitForText(
			page,
			// Newest first; the emotes are pictures (their names are their alt text).
			/^hax: tricky <img src=x onerror=alert\(1\)> gammy: Kappa stays text here modbee: hi <b>bold<\/b>$/
		);
		expect(await page.locator('li[data-id="b-1"]').count()).toBe(0);

		const line = (id: string) =>
			page.locator(`li[data-id="${id}"]`).evaluate((li) => ({
				badges: [...li.querySelectorAll('img.badge')].map((img) => ({
					src: img.getAttribute('src'),
					alt: img.getAttribute('alt'),
					referrer: img.getAttribute('referrerpolicy')
				})),
				emotes: [...li.querySelectorAll('img.emote')].map((img) => ({
					src: img.getAttribute('src'),
					alt: img.getAttribute('alt'),
					referrer: img.getAttribute('referrerpolicy')
				})),
				images: li.querySelectorAll('img').length,
				textElements:
					li.querySelector('.text')!.children.length - li.querySelectorAll('.text img').length,
				levels: li.getAttribute('data-levels'),
				plate: getComputedStyle(li.querySelector('.plate')!).backgroundColor
			}));
		const badge = (uuid: string) => ({
			src: `https://static-cdn.jtvnw.net/badges/v1/${uuid}/1`,
			alt: '',
			referrer: 'no-referrer'
		});
		const emote = (id: string, alt: string) => ({
			src: `https://static-cdn.jtvnw.net/emoticons/v2/${id}/default/dark/1.0`,
			alt,
			referrer: 'no-referrer'
		});
		expect(await line('b-2')).toEqual({
			badges: [
				badge('3267646d-33f0-4b17-b3df-f923a41db1d0'),
				badge('5d9f2208-5dd8-11e7-8513-2ff4adfae661')
			],
			emotes: [emote('25', 'Kappa'), emote('425618', 'LUL')],
			images: 4,
			textElements: 0,
			levels: 'mod subscriber follower anyone',
			plate: 'rgba(0, 0, 0, 0.65)'
		});
		// gamma sends no emotes tag: its "Kappa" stays text; hostile addresses and ranges make nothing.
		expect(await line('b-3')).toMatchObject({ badges: [], emotes: [], images: 0, textElements: 0 });
		expect(await line('b-4')).toMatchObject({ badges: [], emotes: [], images: 0, textElements: 0 });
		// The images loaded (from the local PNG), and without a Referer.
		await page.waitForFunction(() =>
			[...document.querySelectorAll('li[data-id="b-2"] img')].every(
				(img) => (img as HTMLImageElement).naturalWidth > 0
			)
		);
		expect(images.length).toBeGreaterThanOrEqual(4);
		expect(images.every((i) => i.url.startsWith('https://static-cdn.jtvnw.net/'))).toBe(true);
		expect(images.filter((i) => i.referer)).toEqual([]);
		// The page allows images from https (and inline covers), never http: or this origin.
		const policy = await page
			.locator('meta[http-equiv="content-security-policy"]')
			.first()
			.getAttribute('content');
		expect(policy).toMatch(/(^|; )img-src https: data:(;|$)/);
		expect(policy).toMatch(/script-src 'self' 'sha256-/);
		expect(errors).toEqual([]);
	});

	it('shows avatars with avatars=1, leaves badges and emotes out with badges=0&emotes=0', async () => {
		const { page } = await openChat({ avatars: 1, badges: 0, emotes: 0 });
		file.stack.sim.sim.emit({
			...chatEnvelope('a-1', 'Kappa', { username: 'pic' }),
			data: {
				id: 'alpha-a-1',
				message: 'Kappa',
				extraSettings: {
					username: 'pic',
					messageId: 'a-1',
					avatar: 'https://cdn.example/pic.png',
					badges: ['https://cdn.example/badge.png'],
					emotesRaw: '25:0-4'
				}
			}
		});
		await waitForText(page, 'pic: Kappa');
		expect(
			await page
				.locator('li[data-id="a-1"] img')
				.evaluateAll((imgs) =>
					imgs.map((i) => `${i.className.split(' ')[0]} ${i.getAttribute('src')}`)
				)
		).toEqual(['avatar https://cdn.example/pic.png']);
	});
});

describe('chat: no line cut at the builder size', () => {
	for (const direction of ['bottom', 'top'])
		it(`400×360, default options, newest at the ${direction}: every line in view is whole`, async () => {
			const { page } = await openChat(direction === 'top' ? { direction } : {});
			const long = (n: number) =>
				`message ${n}: ${'a fairly long line of chat that wraps over several rows '.repeat(1 + (n % 3))}end ${n}`;
			for (let n = 1; n <= 30; n++)
				file.stack.sim.sim.emit(chatEnvelope(`cut-${n}`, long(n), { username: `viewer${n}` }));
			await page.locator('li[data-id="cut-30"]').waitFor();
			const seen = await page.evaluate(() =>
				[...document.querySelectorAll('.widget li')].map((li) => {
					const r = li.getBoundingClientRect();
					return { id: li.getAttribute('data-id'), top: r.top, bottom: r.bottom, left: r.left };
				})
			);
			const inView = seen.filter((l) => l.left < 400);
			expect(inView.length).toBeGreaterThanOrEqual(2);
			for (const l of inView) {
				expect(l.top, l.id!).toBeGreaterThanOrEqual(0);
				expect(l.bottom, l.id!).toBeLessThanOrEqual(360);
			}
			// The newest is in view; every line in view is newer than every line out of it.
			expect(inView.map((l) => l.id)).toContain('cut-30');
			const number = (id: string | null) => Number(id!.slice(4));
			const oldestInView = Math.min(...inView.map((l) => number(l.id)));
			const out = seen.filter((l) => l.left >= 400).map((l) => number(l.id));
			expect(out.every((n) => n < oldestInView)).toBe(true);
			const path = `test-results/chat-${direction}-400x360.png`;
			await page.screenshot({ path });
		});
});

describe('chat: themes and Custom CSS', () => {
	it('a theme sets the look; a Custom CSS <style> (as OBS adds it) overrides the theme and the options', async () => {
		const { page } = await openChat({ theme: 'neon' });
		say('t-1', 'neon PogChamp', { username: 'glow', vip: true });
		await waitForText(page, 'glow: neon');
		const look = () =>
			page.evaluate(() => {
				const root = document.querySelector('.widget')!;
				const plate = getComputedStyle(document.querySelector('li[data-id="t-1"] .plate')!);
				const name = getComputedStyle(document.querySelector('li[data-id="t-1"] .name')!);
				return {
					theme: root.classList.contains('theme-neon'),
					border: plate.borderTopColor,
					radius: plate.borderTopLeftRadius,
					size: getComputedStyle(root).fontSize,
					name: name.color
				};
			});
		expect(await look()).toMatchObject({
			theme: true,
			border: 'rgb(255, 61, 242)',
			radius: '16px',
			size: '20px'
		});
		// What OBS does with the source's Custom CSS box: a <style> appended to the page.
		await page.evaluate(() => {
			const style = document.createElement('style');
			style.textContent = `
				.widget { --w-radius: 0px; --w-border: 2px solid rgb(0, 0, 255); --w-size: 30px !important; }
				.w-chat [data-levels~="vip"] .name { color: rgb(0, 200, 0) !important; }`;
			document.head.append(style);
		});
		expect(await look()).toMatchObject({
			border: 'rgb(0, 0, 255)',
			radius: '0px',
			size: '30px',
			name: 'rgb(0, 200, 0)'
		});
	});

	it(
		'screenshots: each theme at 400×360, 800×450 and 1920×1080',
		{ timeout: 240_000 },
		async () => {
			for (const theme of ['clean', 'bold', 'neon', 'minimal']) {
				const { page } = await openChat({ theme });
				// The debug corner (on for the connection wait) is not part of the look.
				await page.addStyleTag({ content: '.debug { display: none !important; }' });
				say(`${theme}-1`, 'hello chat!', { username: 'moss_moth', subscriber: true });
				say(`${theme}-2`, 'that was a clean run PogChamp', { username: 'northwind_tv', mod: true });
				say(`${theme}-3`, 'gg Kappa', { username: 'quietkettle', vip: true, subscriber: true });
				say(`${theme}-4`, 'first time here, love the lights', { username: 'sunny_gamma' }, 'gamma');
				say(`${theme}-5`, 'LUL what was that', { username: 'StreamerName', broadcaster: true });
				await page.locator(`li[data-id="${theme}-5"]`).waitFor();
				await page.waitForFunction(() =>
					[...document.querySelectorAll('.widget img')].every(
						(img) => (img as HTMLImageElement).complete
					)
				);
				for (const viewport of [
					{ width: 400, height: 360 },
					{ width: 800, height: 450 },
					{ width: 1920, height: 1080 }
				]) {
					await page.setViewportSize(viewport);
					await page.screenshot({
						path: `test-results/chat-${theme}-${viewport.width}x${viewport.height}.png`
					});
				}
			}
		}
	);
});

describe('chat: broadcasting software and motion', () => {
	it('with window.obsstudio, hiding the source pauses animations and stops the clock; showing it resyncs at once', async () => {
		const { page, errors } = await openChat({ fade: 1 }, undefined, { obs: true });
		say('v-1', 'fading line', { username: 'ana' });
		await page.locator('li[data-id="v-1"]').waitFor();
		const fire = (name: string, detail: Record<string, boolean>) =>
			page.evaluate(([n, d]) => dispatchEvent(new CustomEvent(n as string, { detail: d })), [
				name,
				detail
			] as const);
		await fire('obsSourceVisibleChanged', { visible: false });
		await fire('obsSourceActiveChanged', { active: false });
		await page.locator('.widget.source-hidden').waitFor();
		expect(
			await page
				.locator('li[data-id="v-1"]')
				.evaluate((li) => getComputedStyle(li).animationPlayState)
		).toBe('paused');
		// Hidden past the fade (1 s) and the removal (1 s more): the line stays, as nothing ticks.
		const shownAt = await page.evaluate(() => Date.now());
		await page.waitForFunction((t) => Date.now() > t + 2500, shownAt, { polling: 250 });
		expect(await page.locator('li[data-id="v-1"]').count()).toBe(1);
		// Shown again: the clock ticks at once, so the faded line leaves before the next frame is drawn.
		const goneAtOnce = await page.evaluate(
			() =>
				new Promise<boolean>((done) => {
					dispatchEvent(new CustomEvent('obsSourceVisibleChanged', { detail: { visible: true } }));
					requestAnimationFrame(() =>
						requestAnimationFrame(() => done(document.querySelector('li[data-id="v-1"]') === null))
					);
				})
		);
		expect(goneAtOnce).toBe(true);
		expect(await page.locator('.widget.source-hidden').count()).toBe(0);
		expect(errors).toEqual([]);
	});

	it('without window.obsstudio, the same events change nothing', async () => {
		const { page } = await openChat();
		await page.evaluate(() =>
			dispatchEvent(new CustomEvent('obsSourceVisibleChanged', { detail: { visible: false } }))
		);
		await page.evaluate(() =>
			dispatchEvent(new CustomEvent('obsSourceActiveChanged', { detail: { active: false } }))
		);
		expect(await page.locator('.widget.source-hidden').count()).toBe(0);
	});

	it('prefers-reduced-motion turns animations off, on every widget', async () => {
		const fadeOf = async (motion: 'reduce' | 'no-preference') => {
			const { page } = await openChat({ fade: 5 }, undefined, { motion });
			say(`m-${motion}`, 'moving?', { username: 'ana' });
			const li = page.locator(`li[data-id="m-${motion}"]`);
			await li.waitFor();
			return li.evaluate((el) => {
				const s = getComputedStyle(el);
				return `${s.animationName} ${s.animationDuration} ${s.animationDelay}`;
			});
		};
		expect(await fadeOf('no-preference')).toMatch(/ 0\.6s 5s$/);
		expect(await fadeOf('reduce')).toMatch(/ 0\.001s 5s$/);
		// Another widget (the counter): any animation inside the shared frame, even one a theme or a
		// Custom CSS box adds, ends at once.
		const context = await file.stack.browser.newContext({ reducedMotion: 'reduce' });
		const page = await context.newPage();
		file.pages.push(page);
		await page.goto(
			appUrl(`${file.stack.site.url}widget.html`, '/widget/counter', {
				...connection(file.stack.sim),
				name: 'wins'
			})
		);
		await page.locator('.widget .value').waitFor();
		const added = await page.evaluate(() => {
			const span = document.createElement('span');
			span.style.animation = 'spin 2s linear infinite';
			document.querySelector('.widget')!.append(span);
			const s = getComputedStyle(span);
			return `${s.animationDuration} ${s.animationIterationCount}`;
		});
		expect(added).toBe('0.001s 1');
	});
});
