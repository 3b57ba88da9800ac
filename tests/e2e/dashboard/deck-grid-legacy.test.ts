/**
 * The streamer's deck grid against an older application (no /api/meta, no features): what it cannot
 * run says why and sends nothing; toggles show the state the application reports and follow a change
 * made elsewhere; every other button sends its one request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../axe';
import { startStack, type Stack } from '../stack';
import { fitsScreen, seedDeck, sendElsewhere } from './deck-helpers';
import { sent } from './page-helpers';

describe('deck grid (legacy profile)', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack({ profile: 'legacy' });
	});
	afterAll(async () => stack?.close());

	it.each([
		{ width: 360, height: 780 },
		{ width: 1280, height: 800 },
		{ width: 350, height: 700 }
	])(
		'at %o: fits, a routine says it needs an update, toggles follow the application, presses send one request',
		async (viewport) => {
			const { page, errors } = await stack.open('/', {}, viewport);
			page.setDefaultTimeout(10_000);
			await page.locator('[data-status="open"]').waitFor();
			await seedDeck(page, stack);
			const g = page.getByRole('group', { name: /^Live: 3 × 4 grid/ });
			await g.waitFor();
			const routine = g.getByRole('button', { name: /^Pause queue/ });
			await g.getByText('needs an up-to-date application').waitFor();
			expect(await routine.isDisabled()).toBe(true);
			expect(await fitsScreen(page)).toEqual({ scrolls: false, outside: [] });

			expect(await sendElsewhere(stack, 'toggle-stream-mode', { value: true })).toBe(200);
			const stream = g.getByRole('button', { name: /^Stream mode/ });
			await expect.poll(() => stream.getAttribute('aria-pressed')).toBe('true');
			expect(await sendElsewhere(stack, 'toggle-stream-mode', { value: false })).toBe(200);
			await expect
				.poll(() => stream.getAttribute('aria-pressed'), { timeout: 15_000 })
				.toBe('false');

			stack.sim.sim.clearLog();
			await stream.click();
			expect((await sent(stack)).map((r) => [r.type, r.params])).toEqual([
				['toggle-stream-mode', { value: true }]
			]);
			stack.sim.sim.clearLog();
			await g.getByRole('button', { name: /Lurk/ }).click();
			expect((await sent(stack)).map((r) => [r.type, r.params])).toEqual([
				['chat-command', { value: 'lurk' }]
			]);
			await g
				.locator('.tile')
				.filter({ has: page.getByRole('button', { name: /Lurk/ }) })
				.locator('.receipt')
				.filter({ hasText: /^(Done|Sent)/ })
				.waitFor();
			expect(await seriousViolations(page)).toEqual([]);
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);
});
