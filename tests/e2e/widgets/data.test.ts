/**
 * Each widget against the simulator: first paint shows current data, and it follows what other
 * clients change (REST sends from this test) and what the application pushes (emitted events).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
	alertEnvelope,
	chatDeletion,
	chatEnvelope,
	openConnected,
	sendAsOtherClient,
	stackForFile,
	waitForText,
	widgetText
} from './helpers';

const file = stackForFile();

async function open(route: string, params: Record<string, string | number | boolean> = {}) {
	const opened = await openConnected(file.stack, route, params);
	file.pages.push(opened.page);
	return opened;
}

describe('counter widget', () => {
	it('shows the current value at once, then follows set-counter-value and counter math within the interval', async () => {
		const { page, errors } = await open('/widget/counter', {
			name: 'wins',
			label: 'Wins',
			prefix: 'W: '
		});
		await waitForText(page, 'Wins W: 3');
		// With stream mode on, the variable-changed alert makes it read at once (the polling path alone is
		// tested below); the bound leaves room for a loaded machine.
		const withinInterval = 4000;
		await sendAsOtherClient(file.stack, 'set-counter-value', { name: 'wins', value: 40 });
		await waitForText(page, 'W: 40', withinInterval);
		await sendAsOtherClient(file.stack, 'update-variable-value', { name: 'wins', value: '+5' });
		await waitForText(page, 'W: 45', withinInterval);
		await sendAsOtherClient(file.stack, 'update-variable-value', { name: 'wins', value: '-2' });
		await waitForText(page, 'W: 43', withinInterval);
		await sendAsOtherClient(file.stack, 'update-variable-value', { name: 'wins', value: '=10' });
		await waitForText(page, 'W: 10', withinInterval);
		expect(errors).toEqual([]);
	});

	it('follows set-counter-value and counter math by polling alone, within its interval, when no alert can arrive', async () => {
		await sendAsOtherClient(file.stack, 'set-counter-value', { name: 'polled', value: 5 });
		// Stream mode off: the application pushes no alert at all, so only the widget's own polling can see a change.
		await sendAsOtherClient(file.stack, 'toggle-stream-mode', { value: false });
		try {
			const interval = 1000;
			const withinInterval = interval + 1500;
			// In widget.html, the page the builder links to.
			const { page, errors } = await openConnected(
				file.stack,
				'/widget/counter',
				{ name: 'polled', interval },
				undefined,
				{ entry: 'widget.html' }
			);
			file.pages.push(page);
			// An events widget listening for exactly that alert: it stays empty while stream mode is off.
			const { page: alerts } = await open('/widget/events', {
				include: 'variableChanged',
				exclude: '',
				limit: 10
			});
			await waitForText(page, /^5$/);
			await sendAsOtherClient(file.stack, 'set-counter-value', { name: 'polled', value: 40 });
			await waitForText(page, /^40$/, withinInterval);
			await sendAsOtherClient(file.stack, 'update-variable-value', { name: 'polled', value: '+5' });
			await waitForText(page, /^45$/, withinInterval);
			await sendAsOtherClient(file.stack, 'update-variable-value', { name: 'polled', value: '-2' });
			await waitForText(page, /^43$/, withinInterval);
			await sendAsOtherClient(file.stack, 'update-variable-value', {
				name: 'polled',
				value: '=10'
			});
			await waitForText(page, /^10$/, withinInterval);
			expect(errors).toEqual([]);
			// The listener would have shown those alerts: with stream mode back on, the next write's alert is its first line.
			await sendAsOtherClient(file.stack, 'toggle-stream-mode', { value: true });
			await sendAsOtherClient(file.stack, 'set-counter-value', { name: 'polled', value: 11 });
			await alerts.locator('.widget li').first().waitFor();
			expect(await alerts.locator('.widget li').count()).toBe(1);
		} finally {
			await sendAsOtherClient(file.stack, 'toggle-stream-mode', { value: true });
		}
	});

	it('animates a value change with full motion, and not at all with reduced motion', async () => {
		const animationOf = (page: Page) =>
			page.locator('.counter .value').evaluate((el) => ({
				classes: [...el.classList].filter((c) => c.startsWith('anim-')),
				name: getComputedStyle(el).animationName
			}));
		const { page: moving } = await openConnected(
			file.stack,
			'/widget/counter',
			{ name: 'hugs', animation: 'pop' },
			undefined,
			{ motion: 'full' }
		);
		const { page: still } = await openConnected(
			file.stack,
			'/widget/counter',
			{ name: 'hugs', animation: 'pop' },
			undefined,
			{ motion: 'reduced' }
		);
		file.pages.push(moving, still);
		const before = Number(await moving.locator('.counter').getAttribute('data-value'));
		await waitForText(still, String(before));
		// The first value is painted without animation.
		expect(await animationOf(moving)).toEqual({ classes: [], name: 'none' });
		await sendAsOtherClient(file.stack, 'set-counter-value', { name: 'hugs', value: before + 1 });
		await waitForText(moving, String(before + 1));
		await waitForText(still, String(before + 1));
		const moved = await animationOf(moving);
		expect(moved.classes).toEqual(['anim-pop']);
		expect(moved.name).toMatch(/pop/);
		expect(await animationOf(still)).toEqual({ classes: [], name: 'none' });
	});

	it('reads sooner than its interval when the variable-changed alert names the counter', async () => {
		const { page } = await open('/widget/counter', { name: 'deaths', interval: 60000 });
		await waitForText(page, /^7$/);
		// The simulator fires appstream-variableChanged (enabled, stream mode on) for this write.
		await sendAsOtherClient(file.stack, 'set-counter-value', { name: 'deaths', value: 8 });
		await waitForText(page, /^8$/, 5000);
	});

	it('formats the number, draws the goal bar, and asks for a name when it has none', async () => {
		const { page } = await open('/widget/counter', {
			name: 'alpha_total_follower_count',
			format: 'grouped',
			goal: 20000
		});
		await waitForText(page, '10,452');
		expect(await page.locator('[role="progressbar"]').getAttribute('aria-valuenow')).toBe('10452');
		const { page: unnamed } = await open('/widget/counter', {});
		await unnamed.getByText('no counter name: add name=<variable> to the URL').waitFor();
		const { page: quiet } = await file.stack.open('/widget/counter', {});
		file.pages.push(quiet);
		await quiet
			.locator('.hint')
			.getByText(/no counter name/)
			.waitFor();
	});
});

describe('song widgets', () => {
	it("with reduced motion the song's bar still runs for the song's time, in steps", async () => {
		const { page } = await openConnected(file.stack, '/widget/now-playing', {}, undefined, {
			motion: 'reduced'
		});
		file.pages.push(page);
		const fill = page.locator('.fill');
		await fill.waitFor();
		// The frame ends decorative animations at once (1 ms); this one is the song's remaining time.
		const style = await fill.evaluate((el) => {
			const s = getComputedStyle(el);
			return { duration: parseFloat(s.animationDuration), timing: s.animationTimingFunction };
		});
		expect(style.duration).toBeGreaterThan(1);
		expect(style.timing).toMatch(/^steps\(/);
	});

	it('the song queue shows the song playing and the requests, and follows add, skip and clear', async () => {
		const { page, errors } = await open('/widget/song-queue', { limit: 5 });
		await waitForText(
			page,
			/Midnight Arcade.*Neon Lakes.*moss_moth.*1 Paper Boats.*2 Static Bloom/
		);
		await expect(page.locator('.fill').count()).resolves.toBe(1);
		await sendAsOtherClient(file.stack, 'song-request', {
			action: 'add',
			value: 'Juniper Fox - Winter Lanterns',
			username: 'lumenfox'
		});
		await waitForText(page, /3 Winter Lanterns · Juniper Fox lumenfox$/);
		await sendAsOtherClient(file.stack, 'song-request', { action: 'skip' });
		await waitForText(
			page,
			/^Paper Boats Harbor Lights requested by quietkettle .*1 Static Bloom.*2 Winter Lanterns/
		);
		await sendAsOtherClient(file.stack, 'song-request', { action: 'clear' });
		await waitForText(
			page,
			/^Paper Boats Harbor Lights requested by quietkettle \d+:\d\d \d+:\d\d$/
		);
		expect(errors).toEqual([]);
	});

	it('now playing shows the song alone, hides itself when nothing plays, and comes back with the next song', async () => {
		const { page } = await open('/widget/now-playing');
		const { page: shown } = await open('/widget/now-playing', { hideIdle: 0 });
		await page.locator('.widget article').waitFor();
		expect(await page.locator('.widget ol').count()).toBe(0);
		await sendAsOtherClient(file.stack, 'song-request', { action: 'clear' });
		await sendAsOtherClient(file.stack, 'song-request', { action: 'skip' });
		await page.locator('.widget article').waitFor({ state: 'detached' });
		expect(await widgetText(page)).toBe('');
		await waitForText(shown, /^Nothing playing$/);
		await sendAsOtherClient(file.stack, 'song-request', {
			action: 'add',
			value: 'Aurora Fields - Quiet Comet',
			username: 'ana'
		});
		await waitForText(page, /^Quiet Comet Aurora Fields requested by ana \d:\d\d \d:\d\d$/);
	});
});

describe('song queue hideIdle', () => {
	it('hides when nothing plays and the queue is empty, and shows otherwise (hideIdle=0 always shows)', async () => {
		const { page } = await open('/widget/song-queue');
		const { page: shown } = await open('/widget/song-queue', { hideIdle: 0 });
		await sendAsOtherClient(file.stack, 'song-request', {
			action: 'add',
			value: 'Aurora Fields - First Light',
			username: 'ana'
		});
		await sendAsOtherClient(file.stack, 'song-request', {
			action: 'add',
			value: 'Aurora Fields - Second Wind',
			username: 'bo'
		});
		await waitForText(page, /Second Wind/);
		// Something plays, nothing waits: still shown.
		await sendAsOtherClient(file.stack, 'song-request', { action: 'clear' });
		await waitForText(page, /^\S.* \d+:\d\d \d+:\d\d$/);
		await page.locator('.widget section.songs').waitFor();
		// Nothing plays and nothing waits: hidden, while hideIdle=0 says so.
		await sendAsOtherClient(file.stack, 'song-request', { action: 'skip' });
		await page.locator('.widget section.songs').waitFor({ state: 'detached' });
		expect(await widgetText(page)).toBe('');
		await waitForText(shown, /^Nothing playing$/);
		await sendAsOtherClient(file.stack, 'song-request', {
			action: 'add',
			value: 'Aurora Fields - Third Bell',
			username: 'cy'
		});
		await waitForText(page, /^Third Bell Aurora Fields requested by cy/);
	});
});

describe('chat widget', () => {
	it('shows new messages, hides commands and chosen users, and removes deleted ones', async () => {
		const { page, errors } = await open('/widget/chat', {
			hideCommands: 1,
			hideUsers: 'PandaBot,nightbot'
		});
		file.stack.sim.sim.emit(
			chatEnvelope('m-1', 'hello from alpha', {
				username: 'ana',
				displayname: 'Ana',
				color: '#ff00aa'
			})
		);
		file.stack.sim.sim.emit(chatEnvelope('m-2', '!lurk', { username: 'bo' }));
		file.stack.sim.sim.emit(chatEnvelope('m-3', 'I am a bot', { username: 'nightbot' }));
		file.stack.sim.sim.emit(chatEnvelope('m-4', 'gamma says hi', { username: 'cy' }, 'gamma'));
		file.stack.sim.sim.emit(chatEnvelope('m-5', 'from elsewhere', { username: 'di' }, 'tiktok'));
		// Newest first in the page (the layout stacks them from the bottom up).
		await waitForText(page, /tiktok di: from elsewhere.*cy: gamma says hi.*Ana: hello from alpha/);
		expect(await widgetText(page)).not.toMatch(/lurk|bot/);
		expect(
			await page.locator('li[data-id="m-1"] .name').evaluate((el) => getComputedStyle(el).color)
		).toBe('rgb(255, 0, 170)');
		expect(await page.locator('li[data-id="m-1"] svg[data-platform="alpha"]').count()).toBe(1);
		file.stack.sim.sim.emit(chatDeletion('m-1'));
		await page.locator('li[data-id="m-1"]').waitFor({ state: 'detached' });
		expect(await widgetText(page)).toMatch(/cy: gamma says hi/);
		expect(errors).toEqual([]);
	});

	it('puts the newest line at the top with direction=top, at the bottom by default', async () => {
		const { page: top } = await open('/widget/chat', { direction: 'top' });
		const { page: bottom } = await open('/widget/chat');
		for (const n of ['one', 'two', 'three'])
			file.stack.sim.sim.emit(chatEnvelope(`dir-${n}`, n, { username: 'ana' }));
		// Newest first in the page either way; the layout puts it at the top or at the bottom.
		await waitForText(top, /^ana: three ana: two ana: one$/);
		await waitForText(bottom, /^ana: three ana: two ana: one$/);
		const y = (page: Page, id: string) =>
			page.locator(`li[data-id="${id}"]`).evaluate((el) => el.getBoundingClientRect().top);
		expect(await y(top, 'dir-three')).toBeLessThan(await y(top, 'dir-one'));
		expect(await y(bottom, 'dir-three')).toBeGreaterThan(await y(bottom, 'dir-one'));
	});

	it('leaves out platform icons with platformIcons=0 and user colours with userColors=0', async () => {
		const { page: plain } = await open('/widget/chat', {
			platformIcons: 0,
			userColors: 0,
			color: '#00ff00'
		});
		const { page: styled } = await open('/widget/chat', { color: '#00ff00' });
		file.stack.sim.sim.emit(
			chatEnvelope('pi-1', 'coloured', { username: 'ana', color: '#ff00aa' })
		);
		await waitForText(plain, /^ana: coloured$/);
		await waitForText(styled, /^ana: coloured$/);
		const seen = (page: Page) =>
			page.locator('li[data-id="pi-1"]').evaluate((li) => ({
				icons: li.querySelectorAll('svg').length,
				color: getComputedStyle(li.querySelector('.name')!).color
			}));
		expect(await seen(plain)).toEqual({ icons: 0, color: 'rgb(0, 255, 0)' });
		expect(await seen(styled)).toEqual({ icons: 1, color: 'rgb(255, 0, 170)' });
	});

	it('lightens a name colour the default dark plate would swallow; without the plate it is as sent', async () => {
		const { page: plated } = await open('/widget/chat');
		const { page: bare } = await open('/widget/chat', { plate: 0 });
		file.stack.sim.sim.emit(
			chatEnvelope('dark-1', 'purple', { username: 'ana', color: '#6c5ce7' })
		);
		await waitForText(plated, /^ana: purple$/);
		await waitForText(bare, /^ana: purple$/);
		const nameColor = (page: Page) =>
			page.locator('li[data-id="dark-1"] .name').evaluate((el) => getComputedStyle(el).color);
		expect(await nameColor(bare)).toBe('rgb(108, 92, 231)');
		const [r, g, b] = (await nameColor(plated)).match(/\d+/g)!.map(Number);
		// Lighter on every channel, still its blue-violet.
		expect(r).toBeGreaterThan(108);
		expect(g).toBeGreaterThan(92);
		expect(b).toBeGreaterThanOrEqual(231);
		expect(b).toBeGreaterThan(r!);
		await plated.screenshot({ path: 'test-results/chat-readable-name-plate.png' });
		await bare.screenshot({ path: 'test-results/chat-readable-name-no-plate.png' });
	});

	it('keeps only the last `limit` messages, and fades lines out after the chosen time', async () => {
		const { page } = await open('/widget/chat', { limit: 3, fade: 1 });
		for (let i = 1; i <= 6; i++)
			file.stack.sim.sim.emit(chatEnvelope(`n-${i}`, `line ${i}`, { username: 'ana' }));
		await waitForText(page, /^ana: line 6 ana: line 5 ana: line 4$/);
		await page.locator('li[data-id="n-6"]').waitFor({ state: 'detached', timeout: 6000 });
	});
});

describe('bounded', () => {
	it('a flood of chat lines and alerts leaves only what the widgets show', async () => {
		const { page: chat } = await open('/widget/chat', { limit: 20 });
		const { page: events } = await open('/widget/events', { limit: 5 });
		for (let i = 0; i < 3000; i++) {
			file.stack.sim.sim.emit(chatEnvelope(`flood-${i}`, `line ${i}`, { username: 'ana' }));
			file.stack.sim.sim.emit(
				alertEnvelope('alpha-follower', { value: `f${i}` }, { displayname: `f${i}` })
			);
		}
		await waitForText(chat, /^ana: line 2999 /, 20_000);
		await waitForText(events, /^f2999 followed/, 20_000);
		expect(await chat.locator('.widget li').count()).toBe(20);
		expect(await events.locator('.widget li').count()).toBe(5);
	}, 60_000);
});

describe('events widget', () => {
	it('shows injected alerts as readable lines, newest first, replays hidden', async () => {
		const { page, errors } = await open('/widget/events');
		file.stack.sim.sim.emit(
			alertEnvelope(
				'alpha-follower',
				{ value: 'Ana', username: 'Ana' },
				{ username: 'ana', displayname: 'Ana', userId: 'u1' }
			)
		);
		file.stack.sim.sim.emit(
			alertEnvelope(
				'alpha-bits',
				{ value: 100, username: 'Bo' },
				{ username: 'bo', displayname: 'Bo', amount: 100, bits: 100 }
			)
		);
		file.stack.sim.sim.emit(
			alertEnvelope(
				'appstream-donation',
				{ value: 5 },
				{ username: 'cy', displayname: 'Cy', amount: 5, currency: 'USD', currencySymbol: '$' }
			)
		);
		file.stack.sim.sim.emit(
			alertEnvelope('alpha-raid', { value: 42 }, { displayname: 'Old', amount: 42 }, true)
		);
		file.stack.sim.sim.emit(
			alertEnvelope(
				'appstream-variableChanged',
				{ value: 3 },
				{ variable_name: 'deaths', variable_value: 3 }
			)
		);
		// A currency code formats as that currency in the widget's language (Intl).
		await waitForText(page, /^Cy donated \$5\.00 Bo cheered 100 bits Ana followed$/);
		expect(errors).toEqual([]);
	});

	it('filters by parts of alert keys, and shows one at a time in popup mode', async () => {
		const { page } = await open('/widget/events', { include: 'follower', replays: 1 });
		const { page: popup } = await open('/widget/events', { mode: 'popup' });
		file.stack.sim.sim.emit(
			alertEnvelope('gamma-follower', { value: 'Gus' }, { displayname: 'Gus' }, true)
		);
		file.stack.sim.sim.emit(
			alertEnvelope('alpha-subscriber', { value: 'Sue' }, { displayname: 'Sue', months: 6 })
		);
		await waitForText(page, /^Gus followed$/);
		await waitForText(popup, /^Sue subscribed for 6 months$/);
	});

	it('one at a time, each alert leaves after `duration` seconds', async () => {
		const { page } = await open('/widget/events', { mode: 'popup', duration: 1 });
		file.stack.sim.sim.emit(
			alertEnvelope('alpha-follower', { value: 'Ada' }, { displayname: 'Ada' })
		);
		await waitForText(page, /^Ada followed$/);
		// Gone after its second (the bound only leaves room for a loaded machine).
		await page.locator('.widget .popup').waitFor({ state: 'detached', timeout: 8000 });
		expect(await widgetText(page)).toBe('');
	});
});
