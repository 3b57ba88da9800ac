/**
 * Untrusted text everywhere a widget shows something (chat lines, user names, alert names, song
 * titles and requesters, variable values, the widget's own URL options): it renders as literal text
 * and runs nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_SETUP_INPUT } from '../../../src/lib/sim/default-setup';
import { parseSetup } from '../../../src/lib/sim/setup';
import { startStack, type Stack } from '../stack';
import { IMG, JS_URL, SCRIPT, SVG } from '../../support/hostile-corpus';
import { alertEnvelope, chatEnvelope, openConnected, waitForText, widgetText } from './helpers';

// The first four payloads of the shared corpus; the whole corpus goes through every page in tests/e2e/reliability.
const PAYLOADS = [IMG, SCRIPT, JS_URL, SVG];

function hostileSetup() {
	const input = structuredClone(DEFAULT_SETUP_INPUT);
	input.songs = {
		source: 'music_player',
		playing: true,
		nowPlaying: {
			title: SCRIPT,
			artist: IMG,
			requester: SVG,
			url: JS_URL,
			image: JS_URL,
			duration: 200
		},
		queue: [
			{ title: IMG, artist: SVG, requester: SCRIPT, image: `x" onerror="window.__pwned=1` },
			{
				title: SVG,
				artist: JS_URL,
				requester: IMG,
				image: 'data:text/html,<script>window.__pwned=1</script>'
			}
		]
	};
	input.variables = { ...input.variables, hostile_var: IMG };
	const parsed = parseSetup(input);
	if (!parsed.ok) throw new Error(parsed.error);
	return parsed.setup;
}

/** What must never be in a widget: executable markup, injected elements, or images from bad addresses. */
async function injected(page: Page) {
	return page.evaluate(() => ({
		pwned: (window as { __pwned?: unknown }).__pwned,
		scripts: document.querySelectorAll('.widget script').length,
		handlers: [...document.querySelectorAll('.widget *')].filter((el) =>
			[...el.attributes].some((a) => a.name.startsWith('on'))
		).length,
		badImages: [...document.querySelectorAll('.widget img')]
			.map((img) => img.getAttribute('src') ?? '')
			.filter((src) => !/^(data:image\/|https?:)/.test(src)),
		strayElements: document.querySelectorAll(
			'.widget img:not(.cover), .widget svg:not(.icon), .widget iframe, .widget object, .widget a'
		).length
	}));
}

const CLEAN = { pwned: undefined, scripts: 0, handlers: 0, badImages: [], strayElements: 0 };

let stack: Stack;
beforeAll(async () => {
	stack = await startStack({ setup: hostileSetup() });
});
afterAll(async () => stack?.close());

describe('hostile text', () => {
	it('chat messages, user names and platforms render as text and run nothing', async () => {
		const { page, errors } = await openConnected(stack, '/widget/chat');
		PAYLOADS.forEach((payload, i) =>
			stack.sim.sim.emit(
				chatEnvelope(`h-${i}`, payload, {
					username: `u${i}`,
					displayname: payload,
					color: `red;background:url(${JS_URL})`
				})
			)
		);
		stack.sim.sim.emit(chatEnvelope('h-9', IMG, { username: SVG, color: SVG }, SCRIPT));
		// The newest line (the chat list is newest-first in the page, shown at the bottom).
		await waitForText(
			page,
			new RegExp(
				SVG.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') +
					': ' +
					IMG.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
			)
		);
		const text = await widgetText(page);
		for (const payload of PAYLOADS) expect(text).toContain(`${payload}: ${payload}`);
		// A colour that is not a plain hex colour is not used at all.
		expect(await page.locator('.widget .name[style]').count()).toBe(0);
		expect(await injected(page)).toEqual(CLEAN);
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('alert names, user names and values in the events widget render as text', async () => {
		const { page, errors } = await openConnected(stack, '/widget/events', { limit: 10 });
		stack.sim.sim.emit(alertEnvelope('alpha-follower', { value: IMG }, { displayname: IMG }));
		stack.sim.sim.emit(
			alertEnvelope('alpha-bits', { value: 100 }, { displayname: SVG, amount: SCRIPT })
		);
		stack.sim.sim.emit(
			alertEnvelope(`alpha-${SCRIPT}`, { value: JS_URL }, { displayname: SCRIPT })
		);
		stack.sim.sim.emit(
			alertEnvelope(
				'appstream-donation',
				{ value: 5 },
				{ displayname: JS_URL, amount: 5, currencySymbol: SVG }
			)
		);
		await waitForText(page, /^.* donated .* followed$/);
		const text = await widgetText(page);
		expect(text).toContain(`${IMG} followed`);
		expect(text).toContain(`${SVG} cheered 100 bits`);
		// An unknown alert key is shown in words: the event part of the key, then its value.
		expect(text).toContain(`${SCRIPT} — <script>window. pwned=1</script>: ${JS_URL}`);
		expect(text).toContain(`${JS_URL} donated ${SVG}5`);
		expect(await injected(page)).toEqual(CLEAN);
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('song titles, artists, requesters and covers in both song widgets render as text; bad cover addresses load nothing', async () => {
		for (const route of ['/widget/song-queue', '/widget/now-playing']) {
			const { page, errors } = await openConnected(stack, route);
			await waitForText(page, new RegExp('^' + SCRIPT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
			const text = await widgetText(page);
			expect(text).toContain(`${SCRIPT} ${IMG} requested by ${SVG}`);
			if (route === '/widget/song-queue') {
				expect(text).toContain(`1 ${IMG} · ${SVG} ${SCRIPT}`);
				expect(text).toContain(`2 ${SVG} · ${JS_URL} ${IMG}`);
			}
			expect(await page.locator('.widget img').count()).toBe(0);
			expect(await injected(page)).toEqual(CLEAN);
			expect(errors).toEqual([]);
			await page.context().close();
		}
	});

	it("a variable's value and the widget's own URL options render as text", async () => {
		const { page, errors } = await openConnected(stack, '/widget/counter', {
			name: 'hostile_var',
			label: SCRIPT,
			prefix: SVG,
			suffix: JS_URL
		});
		await waitForText(page, `${SCRIPT} ${SVG}${IMG}${JS_URL}`);
		expect(await injected(page)).toEqual(CLEAN);
		expect(errors).toEqual([]);
		await page.context().close();
	});
});
