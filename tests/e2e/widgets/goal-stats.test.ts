/**
 * The goal and stream stats widgets against the simulator, in both profiles (the legacy one has no
 * websocket reads nor subscriptions: reads go over REST, and everything is pushed).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startStack, type Stack } from '../stack';
import {
	alertEnvelope,
	openConnected,
	sendAsOtherClient,
	waitForText,
	widgetText
} from './helpers';

let browser: Browser | undefined;
const stacks: Stack[] = [];
afterAll(async () => {
	for (const stack of stacks.reverse()) await stack.close();
});

describe.each(['current', 'legacy'] as const)('goal and stats widgets (%s profile)', (profile) => {
	let stack: Stack;
	const pages: Page[] = [];
	beforeAll(async () => {
		stack = await startStack({ profile, browser });
		browser ??= stack.browser;
		stacks.push(stack);
	});
	afterEach(async () => {
		for (const page of pages.splice(0)) await page.context().close();
	});

	const set = (name: string, value: unknown) =>
		sendAsOtherClient(stack, 'update-variable-value', { name, value });
	async function open(
		route: string,
		params: Record<string, string | number | boolean> = {},
		motion: 'full' | 'reduced' = 'reduced'
	) {
		const opened = await openConnected(
			stack,
			route,
			params,
			{ width: 640, height: 200 },
			{
				motion
			}
		);
		pages.push(opened.page);
		return opened;
	}
	const debugText = (page: Page) => page.locator('.debug').innerText();

	afterAll(() => {
		// The widgets only read: every request but this file's own writes is a read or the handshake.
		const own = new Set(['update-variable-value', 'toggle-stream-mode']);
		const other = stack.sim.sim.requestLog.filter(
			(r) =>
				!own.has(r.type ?? '') &&
				r.type !== 'get-variable-value' &&
				!['/api/meta', '/api/retrieve', '/api/premium'].includes(r.path ?? '') &&
				!(r.path === '/api' && r.status === 101) &&
				r.note !== 'subscribe' &&
				!/^retrieve/.test(r.note ?? '')
		);
		expect(other).toEqual([]);
	});

	it('shows the follower goal by default, and moves with a variable change and with a goal alert', async () => {
		await set('total_follower_count', 100);
		await set('follower_goal', 200);
		// A long interval: only the cues (variable changed, goal alert) can move it in time.
		const { page, errors } = await open('/widget/goal', { interval: 60000 });
		await waitForText(page, /^Follower goal 100 \/ 200$/);
		expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

		await set('total_follower_count', 150);
		await waitForText(page, /^Follower goal 150 \/ 200$/);

		// With stream mode off no variable-changed alert fires: only the goal alert can cue the read.
		await sendAsOtherClient(stack, 'toggle-stream-mode', { value: false });
		try {
			await set('total_follower_count', 160);
			stack.sim.sim.emit(
				alertEnvelope('alpha-goalProgressed', { value: 160, current: 160, target: 200 }, {})
			);
			await waitForText(page, /^Follower goal 160 \/ 200$/);
		} finally {
			await sendAsOtherClient(stack, 'toggle-stream-mode', { value: true });
		}
		expect(errors).toEqual([]);
	});

	it('celebrates a goal reached on screen with full motion, not under reduced motion', async () => {
		await set('subscriber_goal', 50);
		await set('total_subscriber_count', 40);
		const { page: moving } = await open('/widget/goal', { preset: 'subscribers' }, 'full');
		const { page: still } = await open('/widget/goal', { preset: 'subscribers' });
		await waitForText(moving, /^Sub goal 40 \/ 50$/);
		await waitForText(still, /^Sub goal 40 \/ 50$/);
		await set('total_subscriber_count', 50);
		await moving.locator('.goal-widget.celebrate[data-reached="true"]').waitFor();
		await still.locator('.goal-widget[data-reached="true"]').waitFor();
		expect(await still.locator('.celebrate').count()).toBe(0);
		// celebrate=0 never glows.
		await set('total_subscriber_count', 10);
		const { page: off } = await open(
			'/widget/goal',
			{ preset: 'subscribers', celebrate: 0 },
			'full'
		);
		await waitForText(off, /^Sub goal 10 \/ 50$/);
		await set('total_subscriber_count', 60);
		await off.locator('.goal-widget[data-reached="true"]').waitFor();
		expect(await off.locator('.celebrate').count()).toBe(0);
	});

	it('hides N seconds after the goal is reached, and shows again when the target moves on', async () => {
		await set('deaths_goal', 5);
		await set('deaths', 3);
		const { page } = await open('/widget/goal', {
			current: 'deaths',
			target: 'deaths_goal',
			label: 'Deaths',
			hideAfter: 1
		});
		await waitForText(page, /^Deaths 3 \/ 5$/);
		await set('deaths', 5);
		await page.locator('.goal-widget[data-reached="true"]').waitFor();
		await page.locator('.goal-widget').waitFor({ state: 'detached' });
		expect(await widgetText(page)).toBe('');
		await set('deaths_goal', 10);
		await waitForText(page, /^Deaths 5 \/ 10$/);
	});

	it('a counter against a fixed number; a non-number shows "—" with the reason in the debug corner', async () => {
		await set('hugs_total', 7);
		const { page } = await open('/widget/goal', { current: 'hugs_total', target: '20' });
		await waitForText(page, /^Follower goal 7 \/ 20$/);
		await set('hugs_total', 'lots');
		await waitForText(page, /^Follower goal —$/);
		expect(await page.getByRole('progressbar').count()).toBe(0);
		await expect.poll(() => debugText(page)).toMatch(/hugs_total holds "lots", not a number/);
	});

	it('the hype train preset shows only while a train runs, with its level', async () => {
		await set('alpha_hypetrain_active', false);
		const { page } = await open('/widget/goal', { preset: 'hypetrain', interval: 60000 });
		await page
			.locator('.debug')
			.getByText(/Last update: \d/)
			.waitFor();
		expect(await widgetText(page)).toBe('');
		// Idle is no error: the rest values (a target of 0) are not reported.
		expect(await debugText(page)).toMatch(/Last error: none/);
		await sendAsOtherClient(stack, 'toggle-stream-mode', { value: false });
		try {
			await set('alpha_hypetrain_level', 2);
			await set('alpha_hypetrain_progress', 300);
			await set('alpha_hypetrain_level_goal', 1500);
			await set('alpha_hypetrain_active', true);
			stack.sim.sim.emit(alertEnvelope('alpha-hypetrainStarted', { value: 2 }, {}));
			await waitForText(page, /^Hype train · level 2 300 \/ 1,500$/);
		} finally {
			await sendAsOtherClient(stack, 'toggle-stream-mode', { value: true });
		}
	});

	it('stats: live or offline and viewers per platform, summed on demand, uptime ticking without reads', async () => {
		await set('alpha_live', true);
		await set('alpha_current_viewer_count', 321);
		await set('gamma_live', false);
		const { page, errors } = await open('/widget/stats', { interval: 60000 });
		await waitForText(page, /^Live \d+:\d\d:\d\d 321 viewers Offline 0 viewers$/);
		const alpha = page.locator('[data-platform="alpha"][data-live="true"]');
		await alpha.waitFor();
		await page.locator('[data-platform="gamma"][data-live="false"]').waitFor();
		expect(await page.locator('li[data-platform="beta"]').count()).toBe(0);

		// The uptime ticks in the page: no read goes out for it.
		const reads = () =>
			stack.sim.sim.requestLog.filter((r) => r.type === 'get-variable-value').length;
		const before = reads();
		const first = await alpha.locator('.uptime').innerText();
		await expect.poll(() => alpha.locator('.uptime').innerText()).not.toBe(first);
		expect(reads()).toBe(before);

		await set('gamma_live', true);
		await set('gamma_current_viewer_count', 7);
		const { page: summed } = await open('/widget/stats', { sum: 1, layout: 'stack' });
		await waitForText(summed, /^Live \d+:\d\d:\d\d 328 viewers$/);
		const { page: one } = await open('/widget/stats', { platforms: 'gamma', uptime: 0 });
		await waitForText(one, /^Live 7 viewers$/);
		expect(errors).toEqual([]);
		await set('gamma_live', false);
	});

	it('stats: a name that is no platform and a viewer count that is no number go to the debug corner', async () => {
		await set('alpha_live', true);
		await set('alpha_current_viewer_count', 128);
		const { page: odd } = await open('/widget/stats', { platforms: 'alpha,myspace' });
		await expect.poll(() => debugText(odd)).toMatch(/"myspace" is not a platform/);
		await set('alpha_current_viewer_count', 'many');
		await waitForText(odd, /^Live \d+:\d\d:\d\d — viewers$/);
		await expect
			.poll(() => debugText(odd))
			.toMatch(/alpha_current_viewer_count holds many, not a number/);
		await set('alpha_current_viewer_count', 128);
	});
});
