/**
 * The streamer's own deck grid against the simulator (current profile): it fits the screen, each
 * button sends exactly its one request with the receipt on the tile, live state follows changes made
 * elsewhere and says "unknown" when the connection is lost, pages turn by tab, arrow keys and swipe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../axe';
import { checkSend } from '../../../src/lib/protocol';
import { startStack, type Stack } from '../stack';
import { fitsScreen, seedDeck, sendElsewhere } from './deck-helpers';
import { sent } from './page-helpers';

const VIEWPORTS = [
	{ width: 360, height: 780 },
	{ width: 1280, height: 800 },
	{ width: 350, height: 700 }
];

describe('deck grid (current profile)', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	});
	afterAll(async () => stack?.close());

	async function openDeck(viewport = VIEWPORTS[0]): Promise<{ page: Page; errors: string[] }> {
		const opened = await stack.open('/', {}, viewport);
		opened.page.setDefaultTimeout(10_000);
		await opened.page.locator('[data-status="open"]').waitFor();
		await seedDeck(opened.page, stack);
		await opened.page.getByRole('group', { name: /^Live: 3 × 4 grid/ }).waitFor();
		return opened;
	}
	const grid = (page: Page) => page.getByRole('group', { name: /grid$/ });

	it.each(VIEWPORTS)('fits a %o screen without scrolling, and is axe clean', async (viewport) => {
		const { page, errors } = await openDeck(viewport);
		await grid(page).getByRole('button', { name: /Lurk/ }).waitFor();
		expect(await fitsScreen(page)).toEqual({ scrolls: false, outside: [] });
		expect(await seriousViolations(page)).toEqual([]);
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('each button sends exactly its one documented request, and the pressed tile shows the receipt', async () => {
		const { page } = await openDeck();
		const g = grid(page);
		await g.getByRole('button', { name: 'Stream mode', pressed: true }).waitFor();
		const presses: [RegExp, string, Record<string, unknown>][] = [
			[/Lurk/, 'chat-command', { value: 'lurk' }],
			[/^Stream mode/, 'toggle-stream-mode', { value: false }],
			[/^Death/, 'update-variable-value', { name: 'deaths', value: '+1' }],
			[/^Orange/, 'hex-color', { value: '#ff8800' }],
			[/^Disable lurk/, 'set-command-state', { name: 'lurk', value: false, kind: 'chat' }],
			[/^Say hello/, 'chatbot-message', { value: 'Hello chat!' }],
			[/^Test follow/, 'alert', { value: 'alpha-follower' }],
			[/^Fuze/, 'toggle-fuze', { value: true }],
			[/^Pause queue/, 'run-actions', { actions: [{ base: 'app', type: 'pauseQueue', value: {} }] }]
		];
		for (const [name, type, params] of presses) {
			stack.sim.sim.clearLog();
			const button = g.getByRole('button', { name });
			await expect.poll(() => button.isEnabled()).toBe(true);
			await button.click();
			const log = await sent(stack);
			// Exactly the catalog's request: the params given, with the defaults the catalog's schema applies.
			const check = checkSend(type, params);
			expect(check.ok).toBe(true);
			expect(log.map((r) => [r.type, r.params])).toEqual([
				[type, check.ok ? check.params : undefined]
			]);
			const tile = g.locator('.tile').filter({ has: page.getByRole('button', { name }) });
			await tile
				.locator('.receipt')
				.filter({ hasText: /^(Done|Sent)/ })
				.waitFor();
		}
		// The switch's state cannot be read back: the tile says so instead of showing a guess.
		await g.getByText('Sets it off · state unreadable').waitFor();
		await page.context().close();
	});

	it('live state follows changes made elsewhere, and is unknown while the connection is lost', async () => {
		expect(await sendElsewhere(stack, 'set-counter-value', { name: 'deaths', value: 7 })).toBe(200);
		expect(await sendElsewhere(stack, 'toggle-stream-mode', { value: true })).toBe(200);
		const { page } = await openDeck();
		const g = grid(page);
		const stream = g.getByRole('button', { name: /^Stream mode/ });
		await g.getByText('Deaths: 7').waitFor();
		await expect.poll(() => stream.getAttribute('aria-pressed')).toBe('true');
		expect(await sendElsewhere(stack, 'toggle-stream-mode', { value: false })).toBe(200);
		await expect.poll(() => stream.getAttribute('aria-pressed')).toBe('false');
		expect(await sendElsewhere(stack, 'set-counter-value', { name: 'deaths', value: 8 })).toBe(200);
		await g.getByText('Deaths: 8').waitFor();
		// The tile never flips on its own: only the application's report changes it.
		expect(await sendElsewhere(stack, 'toggle-stream-mode', { value: true })).toBe(200);
		await expect.poll(() => stream.getAttribute('aria-pressed')).toBe('true');

		stack.sim.sim.stopApi();
		try {
			await expect.poll(() => stream.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe(null);
			await g
				.locator('.tile')
				.filter({ has: page.getByRole('button', { name: /^Stream mode/ }) })
				.getByText('unknown')
				.waitFor();
			await g.getByText('Deaths: ?').waitFor();
		} finally {
			stack.sim.sim.startApi();
		}
		// The interface turned off stops reconnecting until the streamer asks (the badge's Retry).
		await page.getByRole('button', { name: 'Retry' }).click();
		await page.locator('[data-status="open"]').waitFor();
		await expect.poll(() => stream.getAttribute('aria-pressed')).toBe('true');
		await g.getByText('Deaths: 8').waitFor();
		await page.context().close();
	});

	it('pages turn by tab, page jump, arrow keys and swipe; the Everything page stays', async () => {
		const { page } = await openDeck();
		const tabs = page.getByRole('group', { name: 'Deck pages' });
		expect(await tabs.getByRole('button').allTextContents()).toEqual([
			'Live',
			'Scenes',
			'Everything'
		]);
		await grid(page)
			.getByRole('button', { name: /^Scenes page/ })
			.click();
		await page.getByRole('group', { name: /^Scenes: 2 × 2 grid/ }).waitFor();
		stack.sim.sim.clearLog();
		await page.getByRole('button', { name: 'Gameplay', exact: true }).click();
		expect((await sent(stack)).map((r) => [r.type, r.params])).toEqual([
			['studio-scene', { value: 'Gameplay' }]
		]);
		await page.keyboard.press('ArrowRight');
		await page.getByRole('searchbox').waitFor();
		await page.getByRole('button', { name: 'lurk', exact: true }).waitFor();
		await page.keyboard.press('ArrowRight');
		await page.getByRole('group', { name: /^Live: 3 × 4 grid/ }).waitFor();
		await page.getByRole('status').filter({ hasText: 'Page 1 of 3: Live' }).waitFor();
		await page.keyboard.press('ArrowLeft');
		await page.getByRole('searchbox').waitFor();

		// A sideways swipe that starts on a button turns the page without pressing it.
		await tabs.getByRole('button', { name: 'Live' }).click();
		const lurk = grid(page).getByRole('button', { name: /Lurk/ });
		const box = (await lurk.boundingBox())!;
		stack.sim.sim.clearLog();
		await page.mouse.move(box.x + box.width - 5, box.y + box.height / 2);
		await page.mouse.down();
		await page.mouse.move(box.x + 5, box.y + box.height / 2, { steps: 5 });
		await page.mouse.up();
		await page.getByRole('group', { name: /^Scenes: 2 × 2 grid/ }).waitFor();
		// Nothing was pressed: a later harmless press is the only request.
		await page.getByRole('button', { name: 'Gameplay', exact: true }).click();
		expect((await sent(stack)).map((r) => r.type)).toEqual(['studio-scene']);
		await page.context().close();
	});
});
