/**
 * The whole hostile corpus through the simulator to every page and widget: names of every kind in the
 * setup, chat lines and user names, alerts, variable values, song titles, and error messages (a
 * disabled command whose name the application's message echoes, and failures whose text the test
 * chooses). A canary (`window.__pwned`, set by every payload that runs) and a look for injected
 * elements in every frame prove that all of it stays text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { alertEnvelope, chatEnvelope, commandEnvelope } from '../../../src/lib/sim/events';
import {
	findInjections,
	HOSTILE_NAMES,
	HOSTILE_PAYLOADS,
	IMG,
	SCRIPT,
	SVG,
	payload,
	type InjectionReport
} from '../../support/hostile-corpus';
import { startStack, type OpenPage, type Stack } from '../stack';
import { openSections } from '../dashboard/page-helpers';
import { waitForText } from '../widgets/helpers';
import {
	ALL_PAYLOADS_TEXT,
	DISABLED_COMMAND,
	HOSTILE_COUNTER,
	HOSTILE_VARIABLE,
	hostileSetup
} from './hostile-setup';
import { DASHBOARD_ROUTES, waitForStatus, WIDGET_VIEWPORT } from './pages';

const CLEAN: InjectionReport = { pwned: undefined, injected: [] };

let stack: Stack;
beforeAll(async () => {
	stack = await startStack({ setup: hostileSetup() });
}, 60_000);
afterAll(async () => stack?.close());

/** Injections in the page and in every frame it holds (the widget builder's preview). */
async function injections(page: Page): Promise<InjectionReport> {
	const reports = await Promise.all(
		page
			.frames()
			.filter((frame) => !frame.isDetached())
			.map((frame) => frame.evaluate(findInjections))
	);
	return {
		pwned: reports.map((r) => r.pwned).find((p) => p !== undefined),
		injected: reports.flatMap((r) => r.injected)
	};
}

/** Everything the feed and widgets show from the socket: chat lines, viewer commands and alerts, all hostile. */
function emitHostileEvents(from = 0, count = HOSTILE_PAYLOADS.length): void {
	const now = Date.now();
	for (let i = from; i < from + count; i++) {
		stack.sim.sim.emit(
			chatEnvelope(
				i % 3 ? 'alpha' : 'gamma',
				{ username: payload(i + 1), displayname: payload(i + 2), color: payload(i + 3) },
				payload(i),
				`hostile-${i}`,
				now
			)
		);
		stack.sim.sim.emit(commandEnvelope('alpha', payload(i + 4), payload(i + 5), now));
		stack.sim.sim.emit(
			alertEnvelope(
				i % 2 ? `alpha-${payload(i)}` : 'alpha-follower',
				{ value: payload(i + 6), username: payload(i + 7) },
				{ displayname: payload(i + 8), username: payload(i + 9), amount: payload(i + 10) },
				now
			)
		);
	}
}

/** What each dashboard page is asked to do so that more hostile text reaches it. */
const ACTIONS: Record<string, (opened: OpenPage) => Promise<void>> = {
	'/': async ({ page }) => {
		await page.getByRole('button', { name: SCRIPT, exact: true }).first().waitFor();
		// The application's own error echoes the name; then an error text of our choosing (a deck cell says "Refused").
		await page.getByRole('button', { name: DISABLED_COMMAND, exact: true }).click();
		await page
			.getByText(/Refused: .*off <script>/)
			.first()
			.waitFor();
		stack.sim.sim.failNext({ type: 'chat-command', status: 400, message: ALL_PAYLOADS_TEXT });
		await page.getByRole('button', { name: 'lurk', exact: true }).click();
		await page
			.getByText(/Refused: .*<img src=x onerror/)
			.first()
			.waitFor();
	},
	'/chat': async ({ page }) => {
		const feed = page.getByRole('list', { name: /newest first/ });
		await feed.getByText(SCRIPT, { exact: false }).first().waitFor();
		await feed.getByRole('button').first().click();
		await page.getByRole('dialog').first().waitFor();
	},
	'/lights': async ({ page }) => {
		// The light list is collapsed under its summary: open it so the lights' names are on the page.
		await page.getByText('Lights: every light').first().click();
	},
	'/stream': async ({ page }) => {
		await openSections(page);
		await page.getByText(`Last clip (${IMG})`, { exact: false }).waitFor();
	},
	'/counters': async ({ page }) => {
		await page.getByLabel('Counter name').fill(HOSTILE_COUNTER);
		await page.getByRole('button', { name: 'Watch' }).click();
		await page.getByLabel(`${HOSTILE_COUNTER} value`).waitFor();
		const read = page.getByRole('form', { name: 'Read a variable' });
		await read.getByLabel('Variable name').fill(HOSTILE_VARIABLE);
		await read.getByRole('button', { name: 'Read' }).click();
		await read.getByText(SCRIPT, { exact: false }).waitFor();
		const loyalty = page.getByRole('form', { name: 'Loyalty points' });
		await loyalty.getByLabel('Viewer').fill(IMG);
		await loyalty.getByRole('button', { name: 'Look up' }).click();
		await loyalty.getByText(`${IMG}: 10`, { exact: false }).waitFor();
		stack.sim.sim.failNext({ type: 'set-counter-value', status: 500, message: ALL_PAYLOADS_TEXT });
		const card = page.getByRole('article', { name: HOSTILE_COUNTER });
		await card.getByText('Step and exact value').click();
		await card.getByLabel('Exact value').fill('3');
		await card.getByRole('button', { name: 'Set' }).click();
		await card.getByText(SVG, { exact: false }).first().waitFor();
	},
	'/songs': async ({ page }) => {
		await page.getByText(payload(0), { exact: false }).first().waitFor();
	},
	'/about': async ({ page }) => {
		await page.getByText(SVG, { exact: false }).first().waitFor();
	},
	'/widgets': async ({ page }) => {
		await page.getByLabel('Variable name').first().fill(HOSTILE_VARIABLE);
		await page.getByLabel('Label').first().fill(SCRIPT);
		// The preview loads the widget with the payload as its label (an option in the frame's address).
		await page.frameLocator('iframe').first().getByText(SCRIPT).first().waitFor();
	}
};

/** A payload each page must show as text (proof the hostile data reached it); pages not listed show none of it. */
const SHOWS: Record<string, string> = {
	'/': SCRIPT,
	'/lights': IMG,
	'/chat': SCRIPT,
	'/stream': IMG,
	'/polls': SCRIPT,
	'/commands': SCRIPT,
	'/songs': IMG,
	'/counters': IMG,
	'/tts': IMG,
	'/about': SVG,
	'/connect': SVG
};

/** The page's text, with the labels of options and controls (a select's options are not in innerText). */
const pageText = (page: Page) =>
	page.evaluate(() =>
		[
			document.body.innerText,
			...[...document.querySelectorAll('option, [aria-label]')].map(
				(el) => `${el.textContent} ${el.getAttribute('aria-label')}`
			)
		].join('\n')
	);

describe('hostile text on every dashboard page', () => {
	for (const route of DASHBOARD_ROUTES)
		it(`${route} shows it as text and runs nothing`, { timeout: 60_000 }, async () => {
			const opened = await stack.open(route);
			const { page, errors } = opened;
			page.setDefaultTimeout(15_000);
			await waitForStatus(page, 'open');
			emitHostileEvents();
			await ACTIONS[route]?.(opened);
			if (SHOWS[route])
				await expect.poll(() => pageText(page), { timeout: 15_000 }).toContain(SHOWS[route]);
			expect(await injections(page)).toEqual(CLEAN);
			expect(errors).toEqual([]);
			await page.context().close();
		});
});

describe('hostile text in every widget', () => {
	const openWidget = async (route: string, params: Record<string, string | number> = {}) => {
		const opened = await stack.open(route, { debug: 1, ...params }, WIDGET_VIEWPORT);
		opened.page.setDefaultTimeout(15_000);
		await waitForStatus(opened.page, 'open');
		return opened;
	};

	it('chat: every payload as message, user name and colour', { timeout: 60_000 }, async () => {
		const { page, errors } = await openWidget('/widget/chat', { limit: 100 });
		emitHostileEvents();
		await expect.poll(() => page.locator('.widget li').count()).toBe(HOSTILE_PAYLOADS.length);
		expect(await injections(page)).toEqual(CLEAN);
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it(
		'events: every payload as alert key, user name, value and amount',
		{ timeout: 60_000 },
		async () => {
			const { page, errors } = await openWidget('/widget/events', { limit: 50 });
			for (let from = 0; from < HOSTILE_PAYLOADS.length; from += 25) {
				emitHostileEvents(from, 25);
				stack.sim.sim.emit(
					alertEnvelope(
						'alpha-follower',
						{ value: 'sentinel' },
						{ displayname: `Sentinel${from}` },
						Date.now()
					)
				);
				await waitForText(page, `Sentinel${from} followed`);
				expect(await injections(page)).toEqual(CLEAN);
			}
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);

	it(
		'counter: a value holding every payload, and payloads in its own label, prefix and suffix',
		{ timeout: 60_000 },
		async () => {
			const { page, errors } = await openWidget('/widget/counter', {
				name: HOSTILE_VARIABLE,
				label: SCRIPT,
				prefix: SVG,
				suffix: IMG
			});
			await waitForText(page, SCRIPT);
			expect(await page.locator('.widget .counter').innerText()).toContain(
				`${SVG}${HOSTILE_PAYLOADS[0]}`
			);
			expect(await injections(page)).toEqual(CLEAN);
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);

	it(
		'song queue and now playing: payloads as titles, artists, requesters and cover addresses',
		{ timeout: 60_000 },
		async () => {
			for (const route of ['/widget/song-queue', '/widget/now-playing']) {
				const { page, errors } = await openWidget(route, { limit: 25 });
				await waitForText(page, IMG);
				expect(await page.locator('.widget img').count()).toBe(0);
				expect(await injections(page)).toEqual(CLEAN);
				expect(errors).toEqual([]);
				await page.context().close();
			}
		}
	);

	it(
		'names that are also object properties (__proto__, constructor…) are ordinary names',
		{ timeout: 60_000 },
		async () => {
			const { page, errors } = await openWidget('/widget/chat', { limit: 20 });
			HOSTILE_NAMES.forEach((name, i) =>
				stack.sim.sim.emit(chatEnvelope('alpha', { username: name }, name, name, Date.now() + i))
			);
			await waitForText(page, new RegExp(`${HOSTILE_NAMES.at(-1)}: ${HOSTILE_NAMES.at(-1)}`));
			expect(await page.locator('.widget li').count()).toBe(HOSTILE_NAMES.length);
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);
});
