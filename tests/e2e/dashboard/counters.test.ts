import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../axe';
import { startStack, TOKEN, type Stack } from '../stack';
import { assertNothingSentBefore } from './page-helpers';

describe('counters page', () => {
	let stack: Stack;
	let page: Page;
	let errors: string[];
	beforeAll(async () => {
		stack = await startStack();
		({ page, errors } = await stack.open('/counters'));
		page.setDefaultTimeout(8000);
		await page.getByText('The application cannot list its counters').waitFor();
	});
	afterAll(async () => stack?.close());
	const value = (name: string) => page.getByLabel(`${name} value`);
	const card = (name: string) => page.getByRole('article', { name });
	const lastSend = () => stack.sends().at(-1);

	it('watches a counter by name, reads it, and adds and subtracts with counter math', async () => {
		await page.getByLabel('Counter name').fill('deaths');
		await page.getByRole('button', { name: 'Watch' }).click();
		await expect.poll(() => value('deaths').textContent()).toBe('7');
		stack.sim.sim.clearLog();
		await page.getByRole('button', { name: 'Add 1 to deaths' }).click();
		await expect.poll(() => value('deaths').textContent()).toBe('8');
		await page.getByRole('button', { name: 'Subtract 1 from deaths' }).click();
		await expect.poll(() => value('deaths').textContent()).toBe('7');
		expect(stack.sends().map((r) => [r.type, r.params])).toEqual([
			['update-variable-value', { name: 'deaths', value: '+1' }],
			['update-variable-value', { name: 'deaths', value: '-1' }]
		]);
		await card('deaths').getByText('Step and exact value').click();
		await card('deaths').getByLabel('Step').fill('5');
		await page.getByRole('button', { name: 'Add 5 to deaths' }).click();
		await expect.poll(() => value('deaths').textContent()).toBe('12');
		expect(lastSend()).toMatchObject({
			type: 'update-variable-value',
			params: { name: 'deaths', value: '+5' }
		});
	});

	it('sets a counter exactly; an empty value is refused by name and rule', async () => {
		stack.sim.sim.clearLog();
		await card('deaths').getByRole('button', { name: 'Set' }).click();
		await card('deaths').getByText('Exact value must be a number').waitFor();
		expect(stack.sends()).toEqual([]);
		await card('deaths').getByLabel('Exact value').fill('42');
		await card('deaths').getByRole('button', { name: 'Set' }).click();
		await expect.poll(() => value('deaths').textContent()).toBe('42');
		expect(stack.sends()).toMatchObject([
			{ type: 'set-counter-value', params: { name: 'deaths', value: 42 }, status: 200 }
		]);
	});

	it('a goal kept on the device: the card says when the value reached it, and when it is past it', async () => {
		const deaths = card('deaths');
		await deaths.getByLabel('Goal (optional)').fill('50');
		await deaths.getByLabel('Goal (optional)').press('Tab');
		await deaths.getByText('Goal: 50').waitFor();
		expect(await deaths.getByText(/Goal reached/).count()).toBe(0);
		await deaths.getByLabel('Goal (optional)').fill('42');
		await deaths.getByLabel('Goal (optional)').press('Tab');
		await deaths.getByText('Goal reached: 42').waitFor();
		await deaths.getByLabel('Goal (optional)').fill('40');
		await deaths.getByLabel('Goal (optional)').press('Tab');
		// 42 is past 40: said so, not just "reached".
		await deaths.getByText('Past the goal: 42 of 40').waitFor();
		for (const size of [
			{ width: 390, height: 844 },
			{ width: 1280, height: 800 }
		]) {
			await page.setViewportSize(size);
			await page.evaluate(() => window.scrollTo(0, 0));
			await page.screenshot({ path: `test-results/counter-goal-${size.width}x${size.height}.png` });
		}
		await page.reload();
		await card('deaths').getByText('Past the goal: 42 of 40').waitFor();
		await card('deaths').getByText('Step and exact value').click();
		await card('deaths').getByLabel('Goal (optional)').fill('');
		await card('deaths').getByLabel('Goal (optional)').press('Tab');
		await expect
			.poll(() =>
				card('deaths')
					.getByText(/^(Goal:|Goal reached|Past the goal)/)
					.count()
			)
			.toBe(0);
		await card('deaths').getByText('Step and exact value').click();
		await page.setViewportSize({ width: 360, height: 780 });
	});
	it('follows changes made elsewhere, and keeps the watched list after a reload', async () => {
		await fetch(`${stack.sim.url}/api/send?token=${TOKEN}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				type: 'update-variable-value',
				params: { name: 'deaths', value: '+3' }
			})
		});
		await expect.poll(() => value('deaths').textContent(), { timeout: 10_000 }).toBe('45');
		await page.reload();
		// A reload is a cold start (parse, connect, read the setup): on a loaded machine that passes 8 s.
		await page.locator('[data-status="open"]').waitFor({ timeout: 30_000 });
		await expect.poll(() => value('deaths').textContent(), { timeout: 10_000 }).toBe('45');
	});

	it('reads any variable and shows its value as text', async () => {
		const form = page.getByRole('form', { name: 'Read a variable' });
		await form.getByLabel('Variable name').fill('alpha_last_follower');
		await form.getByRole('button', { name: 'Read' }).click();
		await form.getByText('moss_moth').waitFor();
		await form.getByLabel('Variable name').fill('no_such_variable');
		await form.getByRole('button', { name: 'Read' }).click();
		await form.getByText('No value: the variable does not exist').waitFor();
		const reads = stack.sim.sim.requestLog.filter(
			(r) =>
				r.type === 'get-variable-value' &&
				(r.params as { name: string }).name === 'no_such_variable'
		);
		expect(reads.length).toBe(1);
	});

	it('looks up loyalty points and adds them; 0 is refused; taking points asks first', async () => {
		const form = page.getByRole('form', { name: 'Loyalty points' });
		await form.getByLabel('Viewer').fill('moss_moth');
		await form.getByRole('button', { name: 'Look up' }).click();
		await form.getByText('moss_moth: 1520 bamboo').waitFor();
		const lookups = stack.sim.sim.requestLog.filter((r) => r.type === 'get-loyalty-points');
		expect(lookups.map((r) => r.params)).toEqual([{ username: 'moss_moth', platform: 'alpha' }]);

		stack.sim.sim.clearLog();
		await form.getByLabel('Amount').fill('0');
		await form.getByRole('button', { name: 'Add points' }).click();
		await form.getByText('Amount must not be 0').waitFor();
		expect(stack.sends()).toEqual([]);
		await form.getByLabel('Amount').fill('80');
		await form.getByRole('button', { name: 'Add points' }).click();
		await form.getByText('moss_moth: 1600 bamboo').waitFor();
		expect(stack.sends().map((r) => [r.type, r.params])).toEqual([
			['add-loyalty-points', { username: 'moss_moth', platform: 'alpha', value: 80 }]
		]);
		stack.sim.sim.clearLog();
		await form.getByLabel('Amount').fill('-100');
		await form.getByRole('button', { name: 'Add points' }).click();
		const dialog = page.getByRole('dialog', { name: 'Take 100 bamboo from moss_moth?' });
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		await assertNothingSentBefore(
			stack,
			async () => {
				await form.getByRole('button', { name: 'Add points' }).click();
				await dialog.getByRole('button', { name: 'Take 100 bamboo' }).click();
			},
			'add-loyalty-points'
		);
		await form.getByText('moss_moth: 1500 bamboo').waitFor();
		expect(stack.sends().map((r) => [r.type, r.params])).toEqual([
			['add-loyalty-points', { username: 'moss_moth', platform: 'alpha', value: -100 }]
		]);
		expect(errors).toEqual([]);
	});

	it(
		'has no serious or critical axe violations in either theme and no horizontal scrolling',
		{ timeout: 60_000 },
		async () => {
			expect(await seriousViolations(page)).toEqual([]);
			await page.getByRole('button', { name: /light theme/ }).click();
			expect(await seriousViolations(page)).toEqual([]);
			expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
				360
			);
		}
	);
});
