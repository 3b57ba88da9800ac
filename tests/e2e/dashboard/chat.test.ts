import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chatEnvelope, alertEnvelope, commandEnvelope } from '../../../src/lib/sim/events';
import { seriousViolations } from '../axe';
import { startStack, type Stack } from '../stack';
import { assertNothingSentBefore, dialog, onlySend, openConnected } from './page-helpers';

describe('chat page', () => {
	let stack: Stack;
	let page: Page;
	let errors: string[];
	beforeAll(async () => {
		stack = await startStack();
		({ page, errors } = await openConnected(stack, '/chat'));
		await page.getByText(/Nothing yet/).waitFor();
	});
	afterAll(async () => stack?.close());

	const say = (platform: string, username: string, text: string, id: string) =>
		stack.sim.sim.emit(chatEnvelope(platform, { username }, text, id, Date.now()));
	const feed = () => page.getByRole('list', { name: /newest first/ });
	const sheet = (name: string) => page.getByRole('dialog', { name });
	const openLine = async (text: string, name: string) => {
		await feed()
			.getByRole('button', { name: new RegExp(text) })
			.click();
		await sheet(name).waitFor();
		return sheet(name);
	};
	const closeSheet = async (name: string) => {
		await sheet(name).getByRole('button', { name: 'Close', exact: true }).click();
		await sheet(name).waitFor({ state: 'hidden' });
	};

	it('shows chat, viewer commands and alerts as they arrive, newest first', async () => {
		say('alpha', 'viewer123', 'hello from alpha', 'm-1');
		stack.sim.sim.emit(commandEnvelope('alpha', 'moss_moth', '!lurk', Date.now()));
		stack.sim.sim.emit(
			alertEnvelope(
				'alpha-follower',
				{ value: 'quietkettle', username: 'quietkettle' },
				{ username: 'quietkettle', displayname: 'quietkettle' },
				Date.now()
			)
		);
		// Read like the events widget: a sentence, not the raw key.
		await feed().getByText('quietkettle followed').waitFor();
		expect(await feed().getByText('alpha-follower').count()).toBe(0);
		const rows = await feed().locator(':scope > li').allTextContents();
		expect(rows).toHaveLength(3);
		expect(rows[0]).toContain('quietkettle');
		expect(rows[1]).toContain('!lurk');
		expect(rows[2]).toContain('hello from alpha');
		stack.sim.sim.emit(
			alertEnvelope(
				'alpha-bits',
				{ value: 500, username: 'cheery' },
				{ username: 'cheery', displayname: 'cheery', amount: 500, bits: 500 },
				Date.now()
			)
		);
		await feed().getByText('cheery cheered 500 bits').waitFor();
	});

	it('renders a hostile message and username as text only', async () => {
		say(
			'alpha',
			'<img src=x onerror=window.__pwned=1>',
			'<script>window.__pwned=2</script><b>bold</b><img src=x onerror=window.__pwned=3>',
			'm-evil'
		);
		await feed()
			.getByText('<script>window.__pwned=2</script><b>bold</b>', { exact: false })
			.waitFor();
		expect(await feed().locator('img, script, b').count()).toBe(0);
		expect(
			await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)
		).toBeUndefined();
	});

	it('sends a line as the chatbot to every connected chat, to one platform, or as the streamer; an empty line is named and not sent', async () => {
		const box = page.getByRole('region', { name: 'Send to chat' });
		const send = async () => {
			stack.sim.sim.clearLog();
			await box.getByRole('button', { name: 'Send to chat' }).click();
			return onlySend(stack);
		};
		await box.getByLabel('Message').fill('Welcome {{username}}!');
		expect(await send()).toEqual({
			type: 'chatbot-message',
			params: { value: 'Welcome {{username}}!' },
			status: 200
		});
		await box.getByLabel('Where').selectOption('gamma');
		await box.getByLabel('As the streamer (not the bot)').check();
		expect(await send()).toEqual({
			type: 'chatbot-message',
			params: { value: 'Welcome {{username}}!', platform: 'gamma', userToChatAs: 'self' },
			status: 200
		});
		await box.getByLabel('Message').fill('');
		stack.sim.sim.clearLog();
		await box.getByRole('button', { name: 'Send to chat' }).click();
		await box.getByRole('alert').getByText('Message is required').waitFor();
		expect(stack.sends()).toEqual([]);
	});

	it('a failure from the application shows its message, and the line is sent once', async () => {
		const box = page.getByRole('region', { name: 'Send to chat' });
		await box.getByLabel('Message').fill('hello chat');
		stack.sim.sim.failNext({
			type: 'chatbot-message',
			status: 400,
			message: 'The chatbot is not connected'
		});
		stack.sim.sim.clearLog();
		await box.getByRole('button', { name: 'Send to chat' }).click();
		await box.getByText(/Failed: .*The chatbot is not connected/).waitFor();
		expect(stack.sends().map((r) => [r.type, r.status])).toEqual([['chatbot-message', 400]]);
	});

	it('delete asks first: Cancel sends nothing; confirming sends the message id and the line disappears', async () => {
		const s = await openLine('hello from alpha', 'viewer123');
		stack.sim.sim.clearLog();
		await s.getByRole('button', { name: 'Delete message' }).click();
		const confirm = dialog(page, 'Delete this message from viewer123?');
		await confirm.getByRole('button', { name: 'Cancel' }).click();
		await confirm.waitFor({ state: 'hidden' });
		await assertNothingSentBefore(
			stack,
			() => s.getByRole('button', { name: 'Shoutout viewer123' }).click(),
			'shoutout'
		);

		stack.sim.sim.clearLog();
		await s.getByRole('button', { name: 'Delete message' }).click();
		expect(stack.sends()).toEqual([]);
		await dialog(page, 'Delete this message from viewer123?')
			.getByRole('button', { name: 'Delete message' })
			.click();
		expect(await onlySend(stack)).toEqual({
			type: 'delete-message',
			params: { value: 'm-1', platform: 'alpha' },
			status: 200
		});
		// The application pushes the deletion: the line leaves the feed, the sheet says so.
		await s.getByText('This message was deleted.').waitFor();
		// The delete button is gone with the message; its receipt stays where it was pressed.
		const section = s.getByRole('region', { name: 'Message', exact: true });
		await section.getByText('Sent (the platform does not report back)').waitFor();
		expect(await section.getByRole('button', { name: 'Delete message' }).count()).toBe(0);
		await closeSheet('viewer123');
		await feed().getByText('hello from alpha').waitFor({ state: 'detached' });
	});

	it('offers on alpha every user action, each sending exactly its request; ban confirms with the name', async () => {
		say('alpha', 'viewer123', 'second message', 'm-2');
		const s = await openLine('second message', 'viewer123');
		const user = { value: 'viewer123', platform: 'alpha' };
		for (const [button, type] of [
			['Unban viewer123', 'unban-user'],
			['Add VIP', 'add-vip'],
			['Add moderator', 'add-moderator'],
			['Pin message', 'pin-message']
		] as const) {
			stack.sim.sim.clearLog();
			await s.getByRole('button', { name: button, exact: true }).click();
			expect(await onlySend(stack)).toEqual({
				type,
				params: type === 'pin-message' ? { value: 'm-2', platform: 'alpha' } : user,
				status: 200
			});
		}
		for (const [button, type, title, confirmLabel] of [
			['Ban viewer123', 'ban-user', 'Ban viewer123?', 'Ban viewer123'],
			['Remove VIP', 'remove-vip', 'Remove VIP for viewer123?', 'Remove VIP: viewer123'],
			[
				'Remove moderator',
				'remove-moderator',
				'Remove moderator for viewer123?',
				'Remove moderator: viewer123'
			]
		] as const) {
			stack.sim.sim.clearLog();
			await s.getByRole('button', { name: button, exact: true }).click();
			const confirm = dialog(page, title);
			await confirm.waitFor();
			expect(stack.sends()).toEqual([]);
			await confirm.getByRole('button', { name: confirmLabel, exact: true }).click();
			expect(await onlySend(stack)).toEqual({ type, params: user, status: 200 });
		}

		await s.getByLabel('Translate to').selectOption('es');
		stack.sim.sim.clearLog();
		await s.getByRole('button', { name: 'Post translation' }).click();
		expect(await onlySend(stack)).toEqual({
			type: 'translate-message',
			params: { value: 'second message', username: 'viewer123', language: 'es', platform: 'alpha' },
			status: 200
		});

		// Lengths in minutes everywhere: 10 minutes go to alpha as 600 seconds.
		await s.getByLabel('Length (minutes)').fill('10');
		await s.getByLabel('Reason (optional)').fill('spam');
		stack.sim.sim.clearLog();
		await s.getByRole('button', { name: 'Timeout viewer123' }).click();
		await dialog(page, 'Timeout viewer123?')
			.getByRole('button', { name: 'Timeout viewer123 for 10 m' })
			.click();
		expect(await onlySend(stack)).toEqual({
			type: 'timeout-user',
			params: { ...user, duration: 600, name: 'spam' },
			status: 200
		});
		// One tap for the usual lengths: 1 h is 3600 s on alpha, and the length field shows 60 minutes.
		await s.getByRole('button', { name: '1 h', exact: true }).click();
		expect(
			await s.getByRole('button', { name: '1 h', exact: true }).getAttribute('aria-pressed')
		).toBe('true');
		expect(await s.getByLabel('Length (minutes)').inputValue()).toBe('60');
		stack.sim.sim.clearLog();
		await s.getByRole('button', { name: 'Timeout viewer123' }).click();
		await dialog(page, 'Timeout viewer123?')
			.getByRole('button', { name: 'Timeout viewer123 for 1 h' })
			.click();
		expect(await onlySend(stack)).toEqual({
			type: 'timeout-user',
			params: { ...user, duration: 3600, name: 'spam' },
			status: 200
		});
		await closeSheet('viewer123');
	});

	it('on gamma: timeout in minutes, no ban/VIP/moderator, and a wrong length is named before sending', async () => {
		say('gamma', 'sunny_gamma', 'hi from gamma', 'g-1');
		const s = await openLine('hi from gamma', 'sunny_gamma');
		expect(await s.getByRole('button', { name: /Ban|VIP|moderator|Pin/ }).count()).toBe(0);
		await s
			.getByText('Not on gamma: Ban, Unban, Add VIP, Remove VIP, Add moderator, Remove moderator.')
			.waitFor();
		await s
			.getByText("On gamma, deleting only removes it from the application's chat log.")
			.waitFor();
		await s.getByLabel('Length (minutes)').fill('0');
		stack.sim.sim.clearLog();
		await s.getByRole('button', { name: 'Timeout sunny_gamma' }).click();
		await s.getByText('Length must be at least 1').waitFor();
		expect(stack.sends()).toEqual([]);
		await s.getByLabel('Length (minutes)').fill('5');
		await s.getByRole('button', { name: 'Timeout sunny_gamma' }).click();
		await dialog(page, 'Timeout sunny_gamma?')
			.getByRole('button', { name: 'Timeout sunny_gamma for 5 m' })
			.click();
		expect(await onlySend(stack)).toEqual({
			type: 'timeout-user',
			params: { value: 'sunny_gamma', platform: 'gamma', duration: 5 },
			status: 200
		});
		// The same presets, sent in gamma's unit: 24 h is 1440 minutes.
		expect(
			await s.getByRole('group', { name: 'Timeout length' }).getByRole('button').allTextContents()
		).toEqual(['1 m', '10 m', '1 h', '24 h']);
		await s.getByRole('button', { name: '24 h', exact: true }).click();
		stack.sim.sim.clearLog();
		await s.getByRole('button', { name: 'Timeout sunny_gamma' }).click();
		await dialog(page, 'Timeout sunny_gamma?')
			.getByRole('button', { name: 'Timeout sunny_gamma for 24 h' })
			.click();
		expect(await onlySend(stack)).toEqual({
			type: 'timeout-user',
			params: { value: 'sunny_gamma', platform: 'gamma', duration: 1440 },
			status: 200
		});
		expect(errors).toEqual([]);
	});

	it('pausing keeps lines in place; resuming shows what came meanwhile', async () => {
		await closeSheet('sunny_gamma');
		await page.getByRole('button', { name: 'Pause' }).click();
		say('alpha', 'latecomer', 'arrived while paused', 'm-3');
		await page.getByRole('button', { name: 'Resume (1 new)' }).waitFor();
		expect(await feed().getByText('arrived while paused').count()).toBe(0);
		await page.getByRole('button', { name: /Resume/ }).click();
		await feed().getByText('arrived while paused').waitFor();
	});

	it('Enter in the timeout length asks to confirm the timeout, then sends it', async () => {
		say('gamma', 'enter_gamma', 'enter from gamma', 'g-2');
		const s = await openLine('enter from gamma', 'enter_gamma');
		await s.getByLabel('Length (minutes)').fill('3');
		stack.sim.sim.clearLog();
		await s.getByLabel('Length (minutes)').press('Enter');
		await dialog(page, 'Timeout enter_gamma?')
			.getByRole('button', { name: 'Timeout enter_gamma for 3 m' })
			.click();
		expect(await onlySend(stack)).toEqual({
			type: 'timeout-user',
			params: { value: 'enter_gamma', platform: 'gamma', duration: 3 },
			status: 200
		});
		await closeSheet('enter_gamma');
	});

	it('keeps "Send to chat" in view without scrolling however long the feed grows, on a phone and a desktop', async () => {
		for (let i = 0; i < 120; i++)
			say('alpha', `filler${i % 7}`, `line number ${i} of a long chat`, `fill-${i}`);
		await feed().getByText('line number 119 of a long chat').waitFor();
		for (const size of [
			{ width: 390, height: 844 },
			{ width: 1280, height: 800 }
		]) {
			await page.setViewportSize(size);
			await page.evaluate(() => window.scrollTo(0, 0));
			// The feed is several screens long, and the composer is still on the first one.
			expect(
				await page.evaluate(() => document.documentElement.scrollHeight > innerHeight * 3)
			).toBe(true);
			const composer = page.getByRole('region', { name: 'Send to chat' });
			const send = composer.getByRole('button', { name: 'Send to chat' });
			const field = composer.getByLabel('Message');
			// On a phone the bottom bar covers the viewport's foot: the button must sit above it.
			const bar = await page.getByRole('navigation', { name: 'Pages' }).boundingBox();
			const floor = bar && bar.y > size.height / 2 ? bar.y : size.height;
			for (const target of [send, field]) {
				const b = (await target.boundingBox())!;
				expect(b.y).toBeGreaterThanOrEqual(0);
				expect(b.y + b.height).toBeLessThanOrEqual(floor);
			}
			expect(await page.evaluate(() => scrollY)).toBe(0);
			await page.screenshot({
				path: `test-results/chat-composer-${size.width}x${size.height}.png`
			});
		}
		await page.setViewportSize({ width: 360, height: 780 });
	});

	// Three axe runs over a long feed: three minutes on a busy machine, as the other axe tests.
	it(
		'has no horizontal scrolling and no serious or critical axe violations, with the sheet open too',
		{ timeout: 180_000 },
		async () => {
			expect(
				await page.evaluate(
					() => document.documentElement.scrollWidth <= document.documentElement.clientWidth
				)
			).toBe(true);
			expect(await seriousViolations(page)).toEqual([]);
			await openLine('arrived while paused', 'latecomer');
			expect(await seriousViolations(page)).toEqual([]);
			await closeSheet('latecomer');
			await page.getByRole('button', { name: /light theme/ }).click();
			await openLine('arrived while paused', 'latecomer');
			expect(await seriousViolations(page)).toEqual([]);
		}
	);
});
