/**
 * The timer widget against the simulator: a fresh source shows a 5-minute clock; the deck's four
 * timer buttons each send one update-variable-value with the whole document, which every copy of the
 * widget shows, a refresh included; a bad value shows "—" and why; at zero its text or nothing; and
 * the legacy profile (no alerts pushed) follows by polling.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DeckDocument } from '../../../src/lib/app/deck/layout';
import { readTimerState, resetTimer, timeLeft } from '../../../src/lib/protocol/timer-state';
import { seedDeck, tile } from '../dashboard/deck-helpers';
import { startStack, type Stack } from '../stack';
import { sendAsOtherClient, waitForText, widgetText } from './helpers';

const DECK: DeckDocument = {
	version: 2,
	pages: [
		{
			id: 'timer',
			name: 'Timer',
			columns: 2,
			rows: 2,
			buttons: [
				tile(
					0,
					0,
					{ kind: 'timer', name: 'timer_main', op: 'start', seconds: 300 },
					{ label: 'Start timer' }
				),
				tile(
					1,
					0,
					{ kind: 'timer', name: 'timer_main', op: 'pause', seconds: 0 },
					{ label: 'Pause timer' }
				),
				tile(
					0,
					1,
					{ kind: 'timer', name: 'timer_main', op: 'add', seconds: 60 },
					{ label: 'Add a minute' }
				),
				tile(
					1,
					1,
					{ kind: 'timer', name: 'timer_main', op: 'reset', seconds: 300 },
					{ label: 'Reset timer' }
				)
			]
		}
	]
};

const WIDE = { width: 800, height: 450 };
const state = (page: Page) => page.locator('.timer').getAttribute('data-state');

describe('timer widget', () => {
	let stack: Stack;
	let legacy: Stack;
	beforeAll(async () => {
		stack = await startStack();
		legacy = await startStack({ profile: 'legacy', browser: stack.browser });
	});
	afterAll(async () => {
		await legacy?.close();
		await stack?.close();
	});

	it('with no options: a 5-minute clock, not started, so a fresh source is never blank', async () => {
		const { page, errors } = await stack.open('/widget/timer', {}, WIDE);
		await waitForText(page, /^5:00$/);
		expect(await state(page)).toBe('unset');
		await page.screenshot({ path: 'test-results/timer-default-800x450.png', omitBackground: true });
		expect(errors).toEqual([]);
	});

	it('the deck buttons start, pause, add time and reset; each is one write both copies and a refresh show', async () => {
		const deck = (await stack.open('/')).page;
		await seedDeck(deck, stack, DECK);
		const press = async (label: string) => {
			const button = deck.getByRole('button', { name: label, exact: true });
			await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
			stack.sim.sim.clearLog();
			await button.click();
			await expect.poll(() => stack.sends().length, { timeout: 10_000 }).toBe(1);
			const [sent] = stack.sends();
			expect(sent).toMatchObject({ type: 'update-variable-value', status: 200 });
			expect(sent!.params).toMatchObject({ name: 'timer_main' });
			const read = readTimerState((sent!.params as { value: unknown }).value);
			if (!read.ok) throw new Error(read.reason);
			return read.state;
		};
		const one = (await stack.open('/widget/timer', { label: 'Subathon', debug: 0 }, WIDE)).page;
		const two = (await stack.open('/widget/timer', {}, { width: 1920, height: 1080 })).page;
		await waitForText(one, /^Subathon 5:00$/);

		const started = await press('Start timer');
		expect(started).toMatchObject({ running: true, length: 300_000 });
		await expect.poll(() => state(one), { timeout: 10_000 }).toBe('running');
		await expect.poll(() => state(two), { timeout: 10_000 }).toBe('running');

		const paused = await press('Pause timer');
		expect(paused.running).toBe(false);
		const shown = `${Math.floor(Math.ceil(paused.left / 1000) / 60)}:${String(Math.ceil(paused.left / 1000) % 60).padStart(2, '0')}`;
		await waitForText(one, new RegExp(`^Subathon ${shown}$`));
		await waitForText(two, new RegExp(`^${shown}$`));

		const added = await press('Add a minute');
		expect(added).toEqual({ ...paused, left: paused.left + 60_000 });
		const later = `${Math.floor(Math.ceil(added.left / 1000) / 60)}:${String(Math.ceil(added.left / 1000) % 60).padStart(2, '0')}`;
		await waitForText(one, new RegExp(`^Subathon ${later}$`));
		await waitForText(two, new RegExp(`^${later}$`));
		await one.screenshot({ path: 'test-results/timer-paused-800x450.png', omitBackground: true });
		await two.screenshot({ path: 'test-results/timer-1920x1080.png', omitBackground: true });

		// A source refresh reads the same timer.
		await two.reload();
		await waitForText(two, new RegExp(`^${later}$`));

		const reset = await press('Reset timer');
		expect(reset).toEqual(resetTimer(300_000));
		await waitForText(one, /^Subathon 5:00$/);
		expect(await state(one)).toBe('paused');

		// Started again, both copies count the same second (one document, one end time).
		const again = await press('Start timer');
		expect(timeLeft(again, Date.now())).toBeLessThanOrEqual(300_000);
		await expect.poll(() => state(two), { timeout: 10_000 }).toBe('running');
		await expect
			.poll(async () => {
				const [a, b] = await Promise.all([widgetText(one), widgetText(two)]);
				return a === `Subathon ${b}`;
			})
			.toBe(true);
	});

	it('a value that is not a timer shows "—" with the reason in the debug corner', async () => {
		await sendAsOtherClient(stack, 'update-variable-value', { name: 'timer_bad', value: 'oops' });
		const { page, errors } = await stack.open(
			'/widget/timer',
			{ name: 'timer_bad', debug: 1 },
			WIDE
		);
		await waitForText(page, /^—$/);
		await page.getByText('the timer variable holds text that is not JSON').first().waitFor();
		await sendAsOtherClient(stack, 'update-variable-value', { name: 'timer_bad', value: 42 });
		await page.getByText('the timer variable holds a number, not a timer').first().waitFor();
		expect(errors).toEqual([]);
	});

	it('at zero: the text of the streamer’s choice, or nothing', async () => {
		await sendAsOtherClient(stack, 'update-variable-value', {
			name: 'timer_done',
			value: { running: true, end: Date.now() - 1000, left: 0, length: 60_000 }
		});
		const words = (
			await stack.open('/widget/timer', { name: 'timer_done', zeroText: 'Time’s up!' }, WIDE)
		).page;
		await waitForText(words, /^Time’s up!$/);
		await words.screenshot({ path: 'test-results/timer-zero-800x450.png', omitBackground: true });
		const hidden = (await stack.open('/widget/timer', { name: 'timer_done', hideAtZero: 1 }, WIDE))
			.page;
		await hidden.locator('[data-status="open"]').waitFor();
		await expect.poll(() => hidden.locator('.timer').count()).toBe(0);
	});

	it('counts down to a time and counts up', async () => {
		const to = new Date(Date.now() + 3 * 3_600_000).toISOString();
		const { page } = await stack.open('/widget/timer', { mode: 'to', to }, WIDE);
		// Any time in the last ten minutes before three hours: the page may take a while to open on a busy machine.
		await waitForText(page, /^(2:5\d:\d\d|3:00:00)$/);
		await sendAsOtherClient(stack, 'update-variable-value', {
			name: 'timer_up',
			value: { running: false, end: 0, left: -65_000, length: 0 }
		});
		const up = (await stack.open('/widget/timer', { mode: 'up', name: 'timer_up' }, WIDE)).page;
		await waitForText(up, /^1:05$/);
	});

	it('stops drawing while the broadcasting software hides the source, and shows the right time at once when shown', async () => {
		await sendAsOtherClient(stack, 'update-variable-value', {
			name: 'timer_hidden',
			value: { running: true, end: Date.now() + 600_000, left: 0, length: 600_000 }
		});
		const { page, errors } = await stack.open('/widget/timer', { name: 'timer_hidden' }, WIDE, {
			prepare: async (p) => {
				await p.addInitScript(() =>
					Object.assign(window, { obsstudio: { pluginVersion: '30.2.0' } })
				);
				await p.clock.install();
			}
		});
		await waitForText(page, /^(9:[0-5]\d|10:00)$/);
		const seconds = (text: string) => {
			const [m, s] = text.split(':').map(Number);
			return m! * 60 + s!;
		};
		const fire = (name: string, detail: Record<string, boolean>) =>
			page.evaluate(([n, d]) => dispatchEvent(new CustomEvent(n, { detail: d })), [
				name,
				detail
			] as const);
		await fire('obsSourceVisibleChanged', { visible: false });
		await fire('obsSourceActiveChanged', { active: false });
		await page.locator('.widget.source-hidden').waitFor();
		const hidden = await widgetText(page);
		// Half a minute passes on the page's clock, every timer due in it firing: a hidden clock draws nothing.
		await page.clock.runFor(30_000);
		expect(await widgetText(page)).toBe(hidden);
		await fire('obsSourceVisibleChanged', { visible: true });
		await expect.poll(() => widgetText(page)).not.toBe(hidden);
		// Shown again, the first frame already holds the half minute that passed (and what the machine took).
		const gone = seconds(hidden) - seconds(await widgetText(page));
		expect(gone).toBeGreaterThanOrEqual(30);
		expect(gone).toBeLessThan(120);
		expect(errors).toEqual([]);
	});

	it('the builder: a live preview of the clock, and subathon mode says it needs the companion and what to run', async () => {
		const { page, errors } = await stack.open('/widgets', {}, { width: 1280, height: 800 });
		await page.getByLabel('Timer', { exact: true }).check();
		const preview = page.frameLocator('iframe[title="Preview of the Timer widget"]');
		// The deck test above left timer_main running: any clock will do.
		await preview.locator('.timer').waitFor();
		await page.getByLabel('Mode', { exact: true }).selectOption('subathon');
		await page.getByText(/Subathon mode needs the companion/).waitFor();
		await page.getByText('npm start -- --subathon "subscriber=60,bits=1/100"').waitFor();
		await page.getByLabel('Timer variable', { exact: true }).fill('timer_b');
		await page
			.getByText('npm start -- --subathon "subscriber=60,bits=1/100" --subathon-timer timer_b')
			.waitFor();
		await page.screenshot({ path: 'test-results/timer-builder-1280x800.png', fullPage: true });
		expect(errors).toEqual([]);
	});

	it('legacy profile: follows the variable by polling', async () => {
		const { page, errors } = await legacy.open('/widget/timer', { interval: 500 }, WIDE);
		await waitForText(page, /^5:00$/);
		await sendAsOtherClient(legacy, 'update-variable-value', {
			name: 'timer_main',
			value: { running: false, end: 0, left: 90_000, length: 300_000 }
		});
		await waitForText(page, /^1:30$/);
		expect(errors).toEqual([]);
	});
});
