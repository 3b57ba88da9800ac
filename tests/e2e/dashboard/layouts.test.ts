/**
 * Layouts by width: at 1280×800 pages lay their cards in columns and an optional side panel puts now
 * playing and chat beside the deck; at 390×844 long pages (Stream, Polls) collapse into sections, the
 * first open, each one's state kept per page (at 350×700 too). Against both simulator profiles, in one browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { alertEnvelope, chatEnvelope } from '../../../src/lib/sim/events';
import { seriousViolations } from '../axe';
import { launchBrowser } from '../harness';
import { startStack, type Stack } from '../stack';
import { goToPage } from './page-helpers';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const DOCK = { width: 350, height: 700 };

type Box = { x: number; y: number; width: number; height: number };
const box = async (l: Locator): Promise<Box> => (await l.boundingBox())!;
/** Side by side: one starts right of where the other ends, and they share some height. */
const sideBySide = (a: Box, b: Box) =>
	(a.x + a.width <= b.x || b.x + b.width <= a.x) && a.y < b.y + b.height && b.y < a.y + a.height;

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
}, 120_000);
afterAll(async () => browser?.close());

describe.each(['current', 'legacy'] as const)('layouts (%s profile)', (profile) => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack({ profile, browser });
	}, 120_000);
	afterAll(async () => stack?.close());

	async function open(route: string, viewport: { width: number; height: number }): Promise<Page> {
		const { page } = await stack.open(route, {}, viewport);
		page.setDefaultTimeout(15_000);
		await page.locator('[data-status="open"]').waitFor();
		return page;
	}

	it(
		'at 1280×800 the Stream page lays its cards in columns, side by side, and is far shorter',
		{ timeout: 90_000 },
		async () => {
			const page = await open('/stream', DESKTOP);
			const card = (name: string) => page.getByRole('region', { name, exact: true });
			await card('Chat modes').waitFor();
			const [title, clip, modes] = await Promise.all([
				box(card('Title')),
				box(card('Clip')),
				box(card('Chat modes'))
			]);
			expect(sideBySide(title, clip)).toBe(true);
			expect(sideBySide(clip, modes)).toBe(true);
			// Every section is open on a wide screen: nothing is hidden to make it short (one column was about 3,100 px).
			expect(await page.locator('.page-section button[aria-expanded="false"]').count()).toBe(0);
			const height = await page.evaluate(() => document.documentElement.scrollHeight);
			expect(height).toBeLessThan(1800);
			expect(await seriousViolations(page)).toEqual([]);
			// Polls and predictions side by side too.
			await goToPage(page, 'Polls');
			const poll = page.getByRole('region', { name: 'Poll', exact: true });
			const prediction = page.getByRole('region', { name: 'Prediction', exact: true });
			await prediction.waitFor();
			expect(sideBySide(await box(poll), await box(prediction))).toBe(true);
			await page.context().close();
		}
	);

	it(
		'at 1280×800 the side panel puts now playing and chat beside the deck, and stays on',
		{ timeout: 90_000 },
		async () => {
			const page = await open('/', DESKTOP);
			const lurk = page.getByRole('button', { name: 'lurk', exact: true });
			await lurk.waitFor();
			const toggle = page.getByRole('button', { name: 'Side panel' });
			expect(await toggle.getAttribute('aria-pressed')).toBe('false');
			await toggle.click();
			const panel = page.getByRole('complementary', { name: 'Side panel' });
			const now = panel.getByRole('region', { name: 'Now playing' });
			await now.waitFor();
			stack.sim.sim.emit(
				chatEnvelope(
					'alpha',
					{ username: 'panel_viewer' },
					'hello from the side',
					'panel-1',
					Date.now()
				)
			);
			await panel.getByText('hello from the side').waitFor();
			// Alerts read as on the Chat page (one function words both), never as raw event keys.
			stack.sim.sim.emit(
				alertEnvelope(
					'alpha-bits',
					{ value: 500, username: 'quietkettle' },
					{ username: 'quietkettle', displayname: 'quietkettle', amount: 500, bits: 500 },
					Date.now()
				)
			);
			stack.sim.sim.emit(
				alertEnvelope(
					'appstream-variableChanged',
					{ value: '7' },
					{ variable_name: 'wins', variable_value: '7' },
					Date.now()
				)
			);
			await panel.getByText('quietkettle cheered 500 bits').waitFor();
			await panel.getByText('wins is now 7').waitFor();
			expect(await panel.getByText(/alpha-bits|appstream-variableChanged/).count()).toBe(0);
			await page.screenshot({ path: `test-results/side-panel-${profile}-1280x800.png` });
			// The deck's first tile and the panel, its song and its chat beside the deck.
			expect(sideBySide(await box(lurk), await box(panel))).toBe(true);
			const deck = await box(page.getByRole('main'));
			expect(sideBySide(deck, await box(now))).toBe(true);
			expect(sideBySide(deck, await box(panel.getByRole('region', { name: 'Chat' })))).toBe(true);
			expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(
				true
			);
			expect(await seriousViolations(page)).toEqual([]);
			await page.reload();
			await page
				.getByRole('complementary', { name: 'Side panel' })
				.getByRole('region', { name: 'Now playing' })
				.waitFor();
			// Where there is no room, no panel and no switch.
			await page.setViewportSize(PHONE);
			await expect
				.poll(() => page.getByRole('complementary', { name: 'Side panel' }).count())
				.toBe(0);
			expect(await page.getByRole('button', { name: 'Side panel' }).count()).toBe(0);
			await page.context().close();
		}
	);

	it.each([PHONE, DOCK])(
		'at %o Stream and Polls collapse into sections, the first open; what the streamer opens stays open',
		{ timeout: 90_000 },
		async (viewport) => {
			const page = await open('/stream', viewport);
			const section = (name: string) => page.getByRole('button', { name, exact: true });
			await section('Stream info').waitFor();
			expect(await section('Stream info').getAttribute('aria-expanded')).toBe('true');
			expect(await section('Clips, announcements and ads').getAttribute('aria-expanded')).toBe(
				'false'
			);
			expect(await section('Chat controls').getAttribute('aria-expanded')).toBe('false');
			expect(await page.getByRole('region', { name: 'Title', exact: true }).isVisible()).toBe(true);
			expect(await page.getByRole('region', { name: 'Chat modes', exact: true }).isVisible()).toBe(
				false
			);
			const tall = await page.evaluate(() => document.documentElement.scrollHeight);
			expect(tall).toBeLessThan(2000);
			expect(await seriousViolations(page)).toEqual([]);
			await section('Chat controls').click();
			await page.getByRole('region', { name: 'Chat modes', exact: true }).waitFor();
			await section('Stream info').click();
			await expect
				.poll(() => page.getByRole('region', { name: 'Title', exact: true }).isVisible())
				.toBe(false);
			await page.reload();
			await page.locator('[data-status="open"]').waitFor();
			await page.getByRole('region', { name: 'Chat modes', exact: true }).waitFor();
			expect(await section('Stream info').getAttribute('aria-expanded')).toBe('false');

			await goToPage(page, 'Polls');
			await section('Polls').waitFor();
			expect(await section('Polls').getAttribute('aria-expanded')).toBe('true');
			expect(await section('Predictions').getAttribute('aria-expanded')).toBe('false');
			expect(await page.getByRole('region', { name: 'Prediction', exact: true }).isVisible()).toBe(
				false
			);
			await section('Predictions').click();
			await page.getByRole('region', { name: 'Prediction', exact: true }).waitFor();
			expect(await seriousViolations(page)).toEqual([]);
			await page.context().close();
		}
	);
});
