/**
 * Each widget against the simulator: first paint shows current data, and it follows what other
 * clients change (REST sends from this test) and what the application pushes (emitted events).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startStack, type Stack } from '../stack';
import { alertEnvelope, chatDeletion, chatEnvelope, openConnected, sendAsOtherClient, waitForText, widgetText } from './helpers';

let stack: Stack;
const pages: Page[] = [];
beforeAll(async () => {
	stack = await startStack();
});
afterEach(async () => {
	for (const page of pages.splice(0)) await page.context().close();
});
afterAll(async () => stack?.close());

async function open(route: string, params: Record<string, string | number | boolean> = {}) {
	const opened = await openConnected(stack, route, params);
	pages.push(opened.page);
	return opened;
}

describe('counter widget', () => {
	it('follows changes by polling alone when no event announces them (stream mode off: no alerts)', async () => {
		// Alerts, variableChanged included, reach sockets only while stream mode is on (protocol facts §3.6).
		await sendAsOtherClient(stack, 'toggle-stream-mode', { value: false });
		try {
			const { page, errors } = await openConnected(stack, '/widget/counter', { name: 'losses', interval: 500 }, undefined, 'widget.html');
			pages.push(page);
			await waitForText(page, /^\d+$/);
			stack.sim.sim.clearLog();
			// A few intervals at most; the bound leaves room for a loaded machine.
			const withinIntervals = 2500;
			await sendAsOtherClient(stack, 'set-counter-value', { name: 'losses', value: 7 });
			await waitForText(page, /^7$/, withinIntervals);
			await sendAsOtherClient(stack, 'update-variable-value', { name: 'losses', value: '+5' });
			await waitForText(page, /^12$/, withinIntervals);
			await sendAsOtherClient(stack, 'update-variable-value', { name: 'losses', value: '-2' });
			await waitForText(page, /^10$/, withinIntervals);
			await sendAsOtherClient(stack, 'update-variable-value', { name: 'losses', value: '=0' });
			await waitForText(page, /^0$/, withinIntervals);
			expect(errors).toEqual([]);
		} finally {
			await sendAsOtherClient(stack, 'toggle-stream-mode', { value: true });
		}
	});

	it('shows the current value at once, then follows set-counter-value and counter math within the interval', async () => {
		const { page, errors } = await open('/widget/counter', { name: 'wins', label: 'Wins', prefix: 'W: ' });
		await waitForText(page, 'Wins W: 3');
		// Within one polling interval (1 s by default); the bound leaves room for a loaded machine.
		const withinInterval = 4000;
		await sendAsOtherClient(stack, 'set-counter-value', { name: 'wins', value: 40 });
		await waitForText(page, 'W: 40', withinInterval);
		await sendAsOtherClient(stack, 'update-variable-value', { name: 'wins', value: '+5' });
		await waitForText(page, 'W: 45', withinInterval);
		await sendAsOtherClient(stack, 'update-variable-value', { name: 'wins', value: '-2' });
		await waitForText(page, 'W: 43', withinInterval);
		await sendAsOtherClient(stack, 'update-variable-value', { name: 'wins', value: '=10' });
		await waitForText(page, 'W: 10', withinInterval);
		expect(errors).toEqual([]);
	});

	it('reads sooner than its interval when the variable-changed alert names the counter', async () => {
		const { page } = await open('/widget/counter', { name: 'deaths', interval: 60000 });
		await waitForText(page, /^7$/);
		// The simulator fires appstream-variableChanged (enabled, stream mode on) for this write.
		await sendAsOtherClient(stack, 'set-counter-value', { name: 'deaths', value: 8 });
		await waitForText(page, /^8$/, 5000);
	});

	it('formats the number, draws the goal bar, and asks for a name when it has none', async () => {
		const { page } = await open('/widget/counter', { name: 'alpha_total_follower_count', format: 'grouped', goal: 20000 });
		await waitForText(page, '10,452');
		expect(await page.locator('[role="progressbar"]').getAttribute('aria-valuenow')).toBe('10452');
		const { page: unnamed } = await open('/widget/counter', {});
		await unnamed.getByText('no counter name: add name=<variable> to the URL').waitFor();
		const { page: quiet } = await stack.open('/widget/counter', {});
		pages.push(quiet);
		await quiet.locator('.hint').getByText(/no counter name/).waitFor();
	});
});

describe('song widgets', () => {
	it('the song queue shows the song playing and the requests, and follows add, skip and clear', async () => {
		const { page, errors } = await open('/widget/song-queue', { limit: 5 });
		await waitForText(page, /Midnight Arcade.*Neon Lakes.*moss_moth.*1 Paper Boats.*2 Static Bloom/);
		await expect(page.locator('.fill').count()).resolves.toBe(1);
		await sendAsOtherClient(stack, 'song-request', { action: 'add', value: 'Juniper Fox - Winter Lanterns', username: 'lumenfox' });
		await waitForText(page, /3 Winter Lanterns · Juniper Fox lumenfox$/);
		await sendAsOtherClient(stack, 'song-request', { action: 'skip' });
		await waitForText(page, /^Paper Boats Harbor Lights requested by quietkettle .*1 Static Bloom.*2 Winter Lanterns/);
		await sendAsOtherClient(stack, 'song-request', { action: 'clear' });
		await waitForText(page, /^Paper Boats Harbor Lights requested by quietkettle \d+:\d\d \d+:\d\d$/);
		expect(errors).toEqual([]);
	});

	it('now playing shows the song alone, hides itself when nothing plays, and comes back with the next song', async () => {
		const { page } = await open('/widget/now-playing');
		const { page: shown } = await open('/widget/now-playing', { hideIdle: 0 });
		await page.locator('.widget article').waitFor();
		expect(await page.locator('.widget ol').count()).toBe(0);
		await sendAsOtherClient(stack, 'song-request', { action: 'clear' });
		await sendAsOtherClient(stack, 'song-request', { action: 'skip' });
		await page.locator('.widget article').waitFor({ state: 'detached' });
		expect(await widgetText(page)).toBe('');
		await waitForText(shown, /^Nothing playing$/);
		await sendAsOtherClient(stack, 'song-request', { action: 'add', value: 'Aurora Fields - Quiet Comet', username: 'ana' });
		await waitForText(page, /^Quiet Comet Aurora Fields requested by ana \d:\d\d \d:\d\d$/);
	});
});

describe('chat widget', () => {
	it('shows new messages, hides commands and chosen users, and removes deleted ones', async () => {
		const { page, errors } = await open('/widget/chat', { hideCommands: 1, hideUsers: 'PandaBot,nightbot' });
		stack.sim.sim.emit(chatEnvelope('m-1', 'hello from alpha', { username: 'ana', displayname: 'Ana', color: '#ff00aa' }));
		stack.sim.sim.emit(chatEnvelope('m-2', '!lurk', { username: 'bo' }));
		stack.sim.sim.emit(chatEnvelope('m-3', 'I am a bot', { username: 'nightbot' }));
		stack.sim.sim.emit(chatEnvelope('m-4', 'gamma says hi', { username: 'cy' }, 'gamma'));
		stack.sim.sim.emit(chatEnvelope('m-5', 'from elsewhere', { username: 'di' }, 'tiktok'));
		await waitForText(page, /Ana: hello from alpha.*cy: gamma says hi.*tiktok di: from elsewhere/);
		expect(await widgetText(page)).not.toMatch(/lurk|bot/);
		expect(await page.locator('li[data-id="m-1"] .name').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 0, 170)');
		expect(await page.locator('li[data-id="m-1"] svg[data-platform="alpha"]').count()).toBe(1);
		stack.sim.sim.emit(chatDeletion('m-1'));
		await page.locator('li[data-id="m-1"]').waitFor({ state: 'detached' });
		expect(await widgetText(page)).toMatch(/cy: gamma says hi/);
		expect(errors).toEqual([]);
	});

	it('keeps only the last `limit` messages, and fades lines out after the chosen time', async () => {
		const { page } = await open('/widget/chat', { limit: 3, fade: 1 });
		for (let i = 1; i <= 6; i++) stack.sim.sim.emit(chatEnvelope(`n-${i}`, `line ${i}`, { username: 'ana' }));
		await waitForText(page, /^ana: line 4 ana: line 5 ana: line 6$/);
		await page.locator('li[data-id="n-6"]').waitFor({ state: 'detached', timeout: 6000 });
	});
});

describe('bounded', () => {
	it('a flood of chat lines and alerts leaves only what the widgets show', async () => {
		const { page: chat } = await open('/widget/chat', { limit: 20 });
		const { page: events } = await open('/widget/events', { limit: 5 });
		for (let i = 0; i < 3000; i++) {
			stack.sim.sim.emit(chatEnvelope(`flood-${i}`, `line ${i}`, { username: 'ana' }));
			stack.sim.sim.emit(alertEnvelope('alpha-follower', { value: `f${i}` }, { displayname: `f${i}` }));
		}
		await waitForText(chat, /ana: line 2999$/, 20_000);
		await waitForText(events, /^f2999 followed/, 20_000);
		expect(await chat.locator('.widget li').count()).toBe(20);
		expect(await events.locator('.widget li').count()).toBe(5);
	}, 60_000);
});

describe('events widget', () => {
	it('shows injected alerts as readable lines, newest first, replays hidden', async () => {
		const { page, errors } = await open('/widget/events');
		stack.sim.sim.emit(alertEnvelope('alpha-follower', { value: 'Ana', username: 'Ana' }, { username: 'ana', displayname: 'Ana', userId: 'u1' }));
		stack.sim.sim.emit(alertEnvelope('alpha-bits', { value: 100, username: 'Bo' }, { username: 'bo', displayname: 'Bo', amount: 100, bits: 100 }));
		stack.sim.sim.emit(alertEnvelope('appstream-donation', { value: 5 }, { username: 'cy', displayname: 'Cy', amount: 5, currency: 'USD', currencySymbol: '$' }));
		stack.sim.sim.emit(alertEnvelope('alpha-raid', { value: 42 }, { displayname: 'Old', amount: 42 }, true));
		stack.sim.sim.emit(alertEnvelope('appstream-variableChanged', { value: 3 }, { variable_name: 'deaths', variable_value: 3 }));
		await waitForText(page, /^Cy donated \$5 Bo cheered 100 bits Ana followed$/);
		expect(errors).toEqual([]);
	});

	it('filters by parts of alert keys, and shows one at a time in popup mode', async () => {
		const { page } = await open('/widget/events', { include: 'follower', replays: 1 });
		const { page: popup } = await open('/widget/events', { mode: 'popup' });
		stack.sim.sim.emit(alertEnvelope('gamma-follower', { value: 'Gus' }, { displayname: 'Gus' }, true));
		stack.sim.sim.emit(alertEnvelope('alpha-subscriber', { value: 'Sue' }, { displayname: 'Sue', months: 6 }));
		await waitForText(page, /^Gus followed$/);
		await waitForText(popup, /^Sue subscribed for 6 months$/);
	});
});
