/**
 * Random and malformed websocket frames (fast-check) pushed at every page and widget through the
 * simulator's raw frames: text that is not JSON, any JSON, envelopes and replies of the right names
 * with values of the wrong shapes, settings replies nobody asked for, and a few classic nasties
 * (deep nesting, prototype keys, huge frames). No page may throw, and each stays usable afterwards.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { alertEnvelope, chatEnvelope } from '../../../src/lib/sim/events';
import { frame, NASTY_FRAMES } from './frame-arbitraries';
import { startStack, type OpenPage, type Stack } from '../stack';
import { goToPage } from '../dashboard/page-helpers';
import { sendAsOtherClient, waitForText } from '../widgets/helpers';
import { DASHBOARD_ROUTES, waitForStatus, WIDGET_PAGES, WIDGET_VIEWPORT } from './pages';

// ── The pages ───────────────────────────────────────────────────────────────────────────────────
let stack: Stack;
beforeAll(async () => {
	stack = await startStack();
}, 60_000);
afterAll(async () => stack?.close());

const isPwned = (page: Page) =>
	page.evaluate(() => (window as { __pwned?: unknown }).__pwned !== undefined);

/** Pushes generated batches, then the nasty frames, at every open page; after each batch no page may have thrown. */
async function bombard(pages: OpenPage[]): Promise<void> {
	const thrown = () =>
		pages.flatMap((p) => p.errors.map((e) => `${p.page.url().split('#')[1]?.split('?')[0]}: ${e}`));
	// The app writes nothing to the console, so a caught-and-logged failure would show here.
	const consoleBefore = pages.map((p) => p.consoleLines.length);
	await fc.assert(
		fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 25 }), async (frames) => {
			for (const p of pages) p.errors.length = 0;
			for (const f of frames) stack.sim.sim.emitRaw(f);
			// Give the pages a moment to handle them; a throw shows up as a pageerror.
			await new Promise((r) => setTimeout(r, 150));
			expect(thrown()).toEqual([]);
		}),
		{ numRuns: 40 }
	);
	for (const f of NASTY_FRAMES) stack.sim.sim.emitRaw(f);
	await new Promise((r) => setTimeout(r, 1000));
	expect(thrown()).toEqual([]);
	expect(pages.flatMap((p, i) => p.consoleLines.slice(consoleBefore[i]))).toEqual([]);
	for (const p of pages) {
		expect(await isPwned(p.page)).toBe(false);
		await waitForStatus(p.page, 'open');
	}
}

describe('malformed frames', () => {
	it('every widget survives them and still shows new data', { timeout: 150_000 }, async () => {
		const pages: OpenPage[] = [];
		for (const w of WIDGET_PAGES)
			pages.push(
				await stack.open(w.route, { ...w.params, name: 'hugs', limit: 5 }, WIDGET_VIEWPORT)
			);
		for (const p of pages) await waitForStatus(p.page, 'open');
		await bombard(pages);
		const [counter, queue, nowPlaying, chat, events] = pages.map((p) => p.page) as [
			Page,
			Page,
			Page,
			Page,
			Page
		];
		await sendAsOtherClient(stack, 'set-counter-value', { name: 'hugs', value: 77 });
		await waitForText(counter, /^77$/);
		stack.sim.sim.emit(
			chatEnvelope('alpha', { username: 'survivor' }, 'still here', 'after-fuzz', Date.now())
		);
		await waitForText(chat, /survivor: still here/);
		stack.sim.sim.emit(
			alertEnvelope(
				'alpha-follower',
				{ value: 'Survivor' },
				{ displayname: 'Survivor' },
				Date.now()
			)
		);
		await waitForText(events, /Survivor followed/);
		await sendAsOtherClient(stack, 'song-request', {
			action: 'add',
			value: 'Fuzz Band - After The Noise',
			username: 'tester'
		});
		await waitForText(queue, /After The Noise/);
		await sendAsOtherClient(stack, 'song-request', { action: 'clear' });
		await sendAsOtherClient(stack, 'song-request', {
			action: 'add',
			value: 'Fuzz Band - Last One Standing',
			username: 'tester'
		});
		await sendAsOtherClient(stack, 'song-request', { action: 'skip' });
		await waitForText(nowPlaying, /^Last One Standing/);
		for (const p of pages) await p.page.context().close();
	});

	// Dashboard pages in groups, so a few share each barrage without loading all of them at once.
	const groups = [
		DASHBOARD_ROUTES.slice(0, 5),
		DASHBOARD_ROUTES.slice(5, 10),
		DASHBOARD_ROUTES.slice(10)
	];
	for (const routes of groups)
		it(
			`dashboard pages ${routes.join(' ')} survive them and still work`,
			{ timeout: 150_000 },
			async () => {
				const pages: OpenPage[] = [];
				for (const route of routes) pages.push(await stack.open(route));
				for (const p of pages) await waitForStatus(p.page, 'open');
				await bombard(pages);
				for (const { page } of pages) {
					// A button that needs nothing from the application…
					const theme = page.getByRole('button', { name: /theme/ });
					const before = await theme.getAttribute('aria-label');
					await theme.click();
					expect(await theme.getAttribute('aria-label')).not.toBe(before);
				}
				// …and one that sends, once the setup was read again (injected settings replies may have replaced it).
				stack.sim.sim.restart();
				for (const { page } of pages) {
					await waitForStatus(page, 'open');
					await goToPage(page, 'Deck');
					stack.sim.sim.clearLog();
					await page.getByRole('button', { name: 'lurk', exact: true }).click();
					await page.getByText('Done').first().waitFor();
					expect(stack.sends().map((r) => [r.type, r.params])).toEqual([
						['chat-command', { value: 'lurk' }]
					]);
				}
				for (const p of pages) expect(p.errors).toEqual([]);
				for (const p of pages) await p.page.context().close();
			}
		);
});
