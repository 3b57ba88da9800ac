/**
 * A routine with a 12 s wait, run from the routines page against the simulator (which answers
 * run-actions only when the whole list has finished): shown as running with the time since the
 * press, then done, and never as timed out or unknown on the way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startStack, type Stack } from '../stack';
import { openConnected } from './page-helpers';

const WAIT_MS = 12_000;
const actions = [
	{ base: 'app', type: 'chatbot', value: { message: 'Long routine starts' } },
	{ type: 'delay', delay: WAIT_MS },
	{ base: 'app', type: 'updateCounter', value: { value: 'long_runs', message: '1' } }
];

describe('a routine with a 12 s wait', () => {
	let stack: Stack;
	let page: Page;
	let errors: string[];
	beforeAll(async () => {
		stack = await startStack();
		({ page, errors } = await openConnected(stack, '/routines'));
	});
	afterAll(async () => stack?.close());

	it('builds and saves the routine', async () => {
		const builder = page.getByRole('form', { name: 'Routine' });
		const step = (n: number) => builder.getByRole('listitem', { name: new RegExp(`^Step ${n}:`) });
		const addStep = async (label: string) => {
			await builder.getByLabel('Next step').selectOption({ label });
			await builder.getByRole('button', { name: 'Add step' }).click();
		};
		await builder.getByLabel('Routine name').fill('Long wait');
		await addStep('Chatbot message');
		await step(1).getByLabel('Message').fill('Long routine starts');
		await addStep('Wait');
		await step(2).getByLabel('Milliseconds').fill(String(WAIT_MS));
		await addStep('Update counter');
		await step(3).getByLabel('Counter').fill('long_runs');
		await step(3).getByLabel('Amount').fill('1');
		await builder.getByRole('button', { name: 'Save on this device' }).click();
		await page
			.getByRole('list', { name: 'Saved routines' })
			.getByRole('heading', { name: 'Long wait' })
			.waitFor();
	});

	it(
		'shows it running with the elapsed time, then done, never timed out',
		{ timeout: 120_000 },
		async () => {
			const entry = page
				.getByRole('list', { name: 'Saved routines' })
				.getByRole('listitem')
				.filter({ hasText: 'Long wait' });
			const status = entry.locator('.run-status');
			// Every text the status line shows, from before the press to the end.
			await status.evaluate((el) => {
				const seen: string[] = [];
				(window as unknown as { seenStatus: string[] }).seenStatus = seen;
				new MutationObserver(() =>
					seen.push(
						`${el.getAttribute('data-state') ?? ''}|${el.textContent?.replace(/\s+/g, ' ').trim() ?? ''}`
					)
				).observe(el, {
					subtree: true,
					childList: true,
					characterData: true,
					attributes: true
				});
			});
			stack.sim.sim.clearLog();
			await entry.getByRole('button', { name: 'Run Long wait' }).click();
			const dialog = page.getByRole('dialog', { name: 'Run Long wait?' });
			await dialog.getByText('waiting up to 0:12 in all').waitFor();
			await dialog.getByRole('button', { name: 'Run Long wait' }).click();

			await status.and(page.locator('[data-state="sending"]')).waitFor();
			await expect.poll(() => status.textContent()).toMatch(/^\s*Running…\s+0:\d\d\s*$/);
			// The time goes on while it runs (a condition, not a timing: it waits until a later second shows).
			await page.waitForFunction(() =>
				/Running… 0:0[1-9]/.test(
					document
						.querySelector('.run-status[data-state="sending"]')
						?.textContent?.replace(/\s+/g, ' ') ?? ''
				)
			);
			await expect
				.poll(() => entry.getByRole('button', { name: 'Run Long wait' }).isDisabled())
				.toBe(true);

			await status.and(page.locator('[data-state="confirmed"]')).waitFor({ timeout: 90_000 });
			expect((await status.textContent())?.replace(/\s+/g, ' ').trim()).toMatch(
				/^Done after 0:\d\d$/
			);
			const seen = await page.evaluate(
				() => (window as unknown as { seenStatus: string[] }).seenStatus
			);
			expect(seen.some((s) => s.startsWith('sending|Running…'))).toBe(true);
			expect(
				seen.filter(
					(s) => !/^(sending\|Running…|confirmed\|Done after) 0:\d\d$|^sending\|Running…$/.test(s)
				)
			).toEqual([]);
			expect(seen.join('\n')).not.toMatch(/unknown|timed out|did not answer|Failed/i);

			// Exactly this request reached the simulator, once, and it ran to the end (the counter moved after the wait).
			const sends = stack.sends();
			expect(sends).toHaveLength(1);
			expect(sends[0]).toMatchObject({ type: 'run-actions', transport: 'ws', status: 200 });
			expect(sends[0]!.params).toEqual({ actions });
			expect(sends[0]!.note).toContain(`delay ${WAIT_MS} ms`);
			expect(sends[0]!.note).toContain('app.chatbot: done');
			expect(sends[0]!.note).toMatch(/long_runs = 1/);
			expect(await entry.getByRole('button', { name: 'Run Long wait' }).isDisabled()).toBe(false);
			expect(errors).toEqual([]);
		}
	);
});
