import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from '../axe';
import { appUrl } from '../harness';
import { PHONE, connection, startStack, type Stack } from '../stack';
import {
	assertNothingSentBefore,
	dialog,
	onlySend,
	openConnected,
	openSections,
	sent
} from './page-helpers';
import { alertEnvelope } from '../../../src/lib/sim/events';

describe('stream page', () => {
	let stack: Stack;
	let page: Page;
	let errors: string[];
	beforeAll(async () => {
		stack = await startStack();
		({ page, errors } = await openConnected(stack, '/stream'));
		await openSections(page);
		await page.getByText('No clip made through the application yet.').waitFor();
	});
	afterAll(async () => stack?.close());

	const card = (name: string) => page.getByRole('region', { name, exact: true });
	const click = async (where: Locator, name: string) => {
		stack.sim.sim.clearLog();
		await where.getByRole('button', { name, exact: true }).click();
	};
	const confirmIn = async (title: string, label: string) =>
		dialog(page, title).getByRole('button', { name: label, exact: true }).click();

	it('has the Stream mode switch, the same one as on Lights: it shows the reported state and sends the opposite', async () => {
		const mode = (checked?: boolean) =>
			card('Stream mode').getByRole('switch', { name: 'Stream mode', exact: true, checked });
		await mode(true).waitFor();
		for (const [value, after] of [
			[false, false],
			[true, true]
		] as const) {
			stack.sim.sim.clearLog();
			await mode().click();
			expect(await onlySend(stack)).toEqual({
				type: 'toggle-stream-mode',
				params: { value },
				status: 200
			});
			// It moves only once the application reports the new state.
			await mode(after).waitFor();
		}
		for (const size of [
			{ width: 390, height: 844 },
			{ width: 1280, height: 800 }
		]) {
			await page.setViewportSize(size);
			await page.screenshot({ path: `test-results/stream-mode-${size.width}x${size.height}.png` });
		}
		await page.setViewportSize(PHONE);
	});

	it('title and category go to the chosen platform, among those the catalog lists', async () => {
		const title = card('Title');
		expect(
			await title.getByRole('radio').evaluateAll((r) => r.map((x) => (x as HTMLInputElement).value))
		).toEqual(['alpha', 'beta', 'gamma', 'all']);
		await title.getByLabel('beta').check();
		await title.getByLabel('Stream title').fill('Cozy {{game}} night');
		await click(title, 'Change title');
		expect(await onlySend(stack)).toEqual({
			type: 'change-stream-title',
			params: { value: 'Cozy {{game}} night', platform: 'beta' },
			status: 200
		});
		await title.getByText('Sent (the platform does not report back)').waitFor();

		const category = card('Category');
		expect(
			await category
				.getByRole('radio')
				.evaluateAll((r) => r.map((x) => (x as HTMLInputElement).value))
		).toEqual(['alpha', 'gamma', 'all']);
		await category.getByLabel('gamma').check();
		await category.getByLabel('Category name').fill('Just Chatting');
		await click(category, 'Change category');
		expect(await onlySend(stack)).toEqual({
			type: 'change-current-category',
			params: { value: 'Just Chatting', platform: 'gamma' },
			status: 200
		});

		// An empty title is named before anything is sent.
		await title.getByLabel('Stream title').fill('   ');
		await click(title, 'Change title');
		await title.getByText('Stream title is required', { exact: true }).waitFor();
		expect(stack.sends()).toEqual([]);
	});

	it('says the title cannot be read, prefills the category the application reported, and sends to every platform one request each with its receipt', async () => {
		const title = card('Title');
		await title
			.getByText('The application does not report the current title: type the new one.')
			.waitFor();
		const category = card('Category');
		await category.getByLabel('alpha', { exact: true }).check();
		await category.getByLabel('Category name').fill('');
		await category
			.getByText(
				'The application reports the category only when it changes, and no change on alpha was seen since this page opened.'
			)
			.waitFor();
		stack.sim.sim.emit(
			alertEnvelope(
				'alpha-categoryChanged',
				{ value: 'Retro Games' },
				{ category: 'Retro Games' },
				Date.now()
			)
		);
		await category
			.getByText(/^Current category, as the application reported it at .*:\s+prefilled below\.$/)
			.waitFor();
		expect(await category.getByLabel('Category name').inputValue()).toBe('Retro Games');

		await title.getByLabel('every platform').check();
		await title.getByLabel('Stream title').fill('All at once');
		stack.sim.sim.clearLog();
		await title
			.getByRole('button', { name: 'Change title on every platform', exact: true })
			.click();
		const all = await sent(stack, 3);
		expect(all.map(({ type, params, status }) => ({ type, params, status }))).toEqual(
			['alpha', 'beta', 'gamma'].map((platform) => ({
				type: 'change-stream-title',
				params: { value: 'All at once', platform },
				status: 200
			}))
		);
		const receipts = title
			.getByRole('list', { name: 'Title: one request per platform' })
			.getByRole('listitem');
		expect(await receipts.count()).toBe(3);
		for (const [i, platform] of ['alpha', 'beta', 'gamma'].entries()) {
			await receipts.nth(i).getByText('Sent (the platform does not report back)').waitFor();
			expect(await receipts.nth(i).textContent()).toContain(platform);
		}
		await title.getByLabel('alpha', { exact: true }).check();
	});

	it('marker, announcement: alpha only, exactly their params', async () => {
		const marker = card('Marker');
		await marker.getByText('alpha only').waitFor();
		await click(marker, 'Add marker');
		expect(await onlySend(stack)).toEqual({
			type: 'create-stream-marker',
			params: { platform: 'alpha' },
			status: 200
		});
		await marker.getByLabel(/Description/).fill('Boss fight');
		await click(marker, 'Add marker');
		expect(await onlySend(stack)).toEqual({
			type: 'create-stream-marker',
			params: { value: 'Boss fight', platform: 'alpha' },
			status: 200
		});

		const announcement = card('Announcement');
		await announcement.getByLabel('Announcement').fill('Giveaway at {{time}}!');
		await click(announcement, 'Send announcement');
		expect(await onlySend(stack)).toEqual({
			type: 'send-announcement',
			params: { value: 'Giveaway at {{time}}!', platform: 'alpha' },
			status: 200
		});
	});

	it('clip, then its link read from the variables the service writes', async () => {
		const clip = card('Clip');
		await click(clip, 'Create clip');
		expect(await onlySend(stack)).toEqual({
			type: 'clip',
			params: { platform: 'alpha' },
			status: 200
		});
		const link = clip.getByRole('link');
		await link.waitFor();
		const url = await link.getAttribute('href');
		expect(url).toMatch(/^https:\/\/clips\.alpha\.example\/Clip-/);
		const variables = stack.sim.sim.snapshot().variables as Record<string, { value: unknown }>;
		expect(url).toBe(variables.alpha_last_clip_url?.value);
		await clip.getByText(/^New clip/).waitFor();
		expect(
			stack.sim.sim.requestLog
				.filter((r) => r.type === 'get-variable-value')
				.map((r) => (r.params as { name: string }).name)
		).toContain('alpha_last_clip_url');
	});

	it('commercial asks first; Cancel sends nothing; out of range is named and not sent', async () => {
		const commercial = card('Commercial');
		await commercial.getByRole('button', { name: '90 s' }).click();
		await click(commercial, 'Run commercial');
		await dialog(page, 'Run a 90 s commercial?').waitFor();
		expect(await seriousViolations(page)).toEqual([]); // the confirmation itself is accessible
		await dialog(page, 'Run a 90 s commercial?').getByRole('button', { name: 'Cancel' }).click();
		await assertNothingSentBefore(
			stack,
			() => card('Marker').getByRole('button', { name: 'Add marker' }).click(),
			'create-stream-marker'
		);

		await click(commercial, 'Run commercial');
		expect(stack.sends()).toEqual([]);
		await confirmIn('Run a 90 s commercial?', 'Run 90 s commercial');
		expect(await onlySend(stack)).toEqual({
			type: 'run-commercial',
			params: { duration: 90, platform: 'alpha' },
			status: 200
		});

		await commercial.getByLabel(/Length/).fill('200');
		await click(commercial, 'Run commercial');
		await commercial.getByText('Length must be between 30 and 180 s').waitFor();
		expect(await dialog(page, /commercial/).count()).toBe(0);
		expect(stack.sends()).toEqual([]);
	});

	it('chat modes: on sends value true with its duration, off sends false, both after confirming; clear chat confirms', async () => {
		const modes = card('Chat modes');
		await modes.getByLabel(/Delay between messages/).fill('10');
		await click(modes, 'Slow mode on');
		await confirmIn('Turn slow mode on (10 s)?', 'Slow mode on (10 s)');
		expect(await onlySend(stack)).toEqual({
			type: 'set-slow-mode',
			params: { value: true, duration: 10, platform: 'alpha' },
			status: 200
		});

		await click(modes, 'Slow mode off');
		await confirmIn('Turn slow mode off?', 'Slow mode off');
		expect(await onlySend(stack)).toMatchObject({
			type: 'set-slow-mode',
			params: { value: false, platform: 'alpha' },
			status: 200
		});

		await modes.getByLabel(/Minimum follow age/).fill('200000');
		await click(modes, 'Follower mode on');
		await modes.getByText('Minimum follow age must be between 0 and 129600 min').waitFor();
		expect(stack.sends()).toEqual([]);
		await modes.getByLabel(/Minimum follow age/).fill('1440');
		await click(modes, 'Follower mode on');
		await confirmIn('Turn follower mode on (1440 min)?', 'Follower mode on (1440 min)');
		expect(await onlySend(stack)).toEqual({
			type: 'set-follow-mode',
			params: { value: true, duration: 1440, platform: 'alpha' },
			status: 200
		});

		for (const mode of ['Subscriber mode', 'Emote mode'] as const) {
			const type = mode === 'Subscriber mode' ? 'set-subscriber-mode' : 'set-emotes-mode';
			await click(modes, `${mode} on`);
			await confirmIn(`Turn ${mode.toLowerCase()} on?`, `${mode} on`);
			expect(await onlySend(stack)).toEqual({
				type,
				params: { value: true, platform: 'alpha' },
				status: 200
			});
			await click(modes, `${mode} off`);
			await confirmIn(`Turn ${mode.toLowerCase()} off?`, `${mode} off`);
			expect(await onlySend(stack)).toEqual({
				type,
				params: { value: false, platform: 'alpha' },
				status: 200
			});
		}
		expect(stack.sim.sim.snapshot().chatModes).toMatchObject({
			slow: { on: false },
			follow: { on: true, duration: 1440 },
			subscriber: false,
			emotes: false
		});

		await click(modes, 'Clear chat');
		await dialog(page, 'Clear chat?').getByRole('button', { name: 'Cancel' }).click();
		await assertNothingSentBefore(
			stack,
			() => card('Marker').getByRole('button', { name: 'Add marker' }).click(),
			'create-stream-marker'
		);
		await click(modes, 'Clear chat');
		await confirmIn('Clear chat?', 'Clear chat');
		expect(await onlySend(stack)).toEqual({
			type: 'clear-chat',
			params: { platform: 'alpha' },
			status: 200
		});
	});

	it('pin needs an id; unpin without one unpins the current message', async () => {
		const pin = card('Pinned message');
		await click(pin, 'Pin');
		await pin.getByText('Message id is required', { exact: true }).waitFor();
		expect(stack.sends()).toEqual([]);
		await click(pin, 'Unpin current');
		expect(await onlySend(stack)).toEqual({
			type: 'unpin-message',
			params: { platform: 'alpha' },
			status: 200
		});
		await pin.getByLabel('Message id').fill('msg-42');
		await click(pin, 'Pin');
		expect(await onlySend(stack)).toEqual({
			type: 'pin-message',
			params: { value: 'msg-42', platform: 'alpha' },
			status: 200
		});
		expect(stack.sim.sim.snapshot().pinnedMessage).toBe('msg-42');
		await click(pin, 'Unpin this id');
		expect(await onlySend(stack)).toEqual({
			type: 'unpin-message',
			params: { value: 'msg-42', platform: 'alpha' },
			status: 200
		});
		expect(errors).toEqual([]);
	});

	it('Enter in a field submits its card: title, pin, commercial (which still asks first)', async () => {
		const enter = async (where: Locator, label: string | RegExp, value: string) => {
			stack.sim.sim.clearLog();
			const field = where.getByLabel(label);
			await field.fill(value);
			await field.press('Enter');
		};
		const title = card('Title');
		await title.getByLabel('alpha').check();
		await enter(title, 'Stream title', 'Sent with Enter');
		expect(await onlySend(stack)).toEqual({
			type: 'change-stream-title',
			params: { value: 'Sent with Enter', platform: 'alpha' },
			status: 200
		});

		await enter(card('Pinned message'), 'Message id', 'msg-enter');
		expect(await onlySend(stack)).toEqual({
			type: 'pin-message',
			params: { value: 'msg-enter', platform: 'alpha' },
			status: 200
		});

		await enter(card('Commercial'), /Length/, '60');
		await confirmIn('Run a 60 s commercial?', 'Run 60 s commercial');
		expect(await onlySend(stack)).toEqual({
			type: 'run-commercial',
			params: { duration: 60, platform: 'alpha' },
			status: 200
		});
	});

	it('while the interface is off, buttons say so instead of failing silently', async () => {
		stack.sim.sim.stopApi();
		await card('Marker').getByText('Interface turned off').waitFor();
		expect(await card('Marker').getByRole('button', { name: 'Add marker' }).isDisabled()).toBe(
			true
		);
		stack.sim.sim.startApi();
		await page.getByRole('button', { name: 'Retry' }).click();
		await page.locator('[data-status="open"]').waitFor();
		expect(await card('Marker').getByRole('button', { name: 'Add marker' }).isDisabled()).toBe(
			false
		);
	});

	it("shows the application's own failure message, and does not retry", async () => {
		// The simulator acknowledges every valid clip, so a second page's socket is routed and the
		// application's answer replaced by a failure reply worded as the application words one.
		const context = await stack.browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
		const clipFrames: unknown[] = [];
		await context.routeWebSocket(/\/api\?/, (ws) => {
			const server = ws.connectToServer();
			ws.onMessage((message) => {
				const frame = JSON.parse(String(message)) as { type?: string; context?: unknown };
				if (frame.type !== 'clip') return server.send(message);
				clipFrames.push(frame);
				ws.send(
					JSON.stringify({
						event: 'socketapi:response',
						context: frame.context,
						status: 400,
						error: 'Missing scope clips:edit for alpha'
					})
				);
			});
		});
		const other = await context.newPage();
		other.setDefaultTimeout(8000);
		await other.goto(appUrl(stack.site.url, '/stream', connection(stack.sim)));
		await other.locator('[data-status="open"]').waitFor();
		await openSections(other);
		const clip = other.getByRole('region', { name: 'Clip', exact: true });
		await clip.getByRole('button', { name: 'Create clip' }).click();
		await clip.getByText('Failed: Missing scope clips:edit for alpha').waitFor();
		// A later command on the same socket is answered: the failed one was sent once, never again.
		const marker = other.getByRole('region', { name: 'Marker', exact: true });
		await marker.getByRole('button', { name: 'Add marker' }).click();
		await marker.getByText('Sent (the platform does not report back)').waitFor();
		expect(clipFrames).toHaveLength(1);
		await context.close();
	});

	it('has no horizontal scrolling and no serious or critical axe violations', async () => {
		expect(
			await page.evaluate(
				() => document.documentElement.scrollWidth <= document.documentElement.clientWidth
			)
		).toBe(true);
		expect(await seriousViolations(page)).toEqual([]);
	});
});
