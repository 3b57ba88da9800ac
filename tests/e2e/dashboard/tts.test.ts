import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../axe';
import { startStack, type Stack } from '../stack';

describe('tts page', () => {
	let stack: Stack;
	let page: Page;
	let errors: string[];
	beforeAll(async () => {
		stack = await startStack();
		({ page, errors } = await stack.open('/tts'));
		page.setDefaultTimeout(8000);
		await page.getByRole('option', { name: 'Lucía' }).waitFor({ state: 'attached' });
	});
	afterAll(async () => stack?.close());
	const form = () => page.getByRole('form', { name: 'Speak a message' });

	it('offers the setup voices grouped by language, and shows the device without offering to change it', async () => {
		const groups = await page
			.locator('optgroup')
			.evaluateAll((els) => els.map((e) => (e as HTMLOptGroupElement).label));
		expect(groups.length).toBe(4);
		expect(groups.some((g) => g.includes('es_ES'))).toBe(true);
		await page
			.getByRole('region', { name: 'Output device' })
			.getByText('System default')
			.first()
			.waitFor();
		await page.getByText('The device is chosen in the application').waitFor();
		expect(await page.getByRole('combobox', { name: /device/i }).count()).toBe(0);
	});

	it('refuses an empty message by name and rule, then speaks with the chosen voice and volume', async () => {
		stack.sim.sim.clearLog();
		await form().getByRole('button', { name: 'Speak' }).click();
		await form().getByText('Message is required', { exact: true }).waitFor();
		expect(stack.sends()).toEqual([]);
		await form().getByLabel('Message').fill('Hola a todos');
		await form().getByLabel('Voice').selectOption({ label: 'Lucía' });
		await form()
			.getByLabel(/Volume/)
			.evaluate((el) => {
				const input = el as HTMLInputElement;
				input.value = '40';
				input.dispatchEvent(new Event('input', { bubbles: true }));
			});
		await form().getByRole('button', { name: 'Speak' }).click();
		await form().getByText('Done').waitFor();
		expect(stack.sends()).toMatchObject([{ type: 'tts', status: 200 }]);
		expect(stack.sends()[0]!.params).toEqual({
			value: 'Hola a todos',
			voice: 'es-ES-Standard-A',
			volume: 40
		});
	});

	it('sends no voice for the application default', async () => {
		stack.sim.sim.clearLog();
		await form().getByLabel('Voice').selectOption({ index: 0 });
		await form().getByRole('button', { name: 'Speak' }).click();
		await expect.poll(() => stack.sends().length).toBe(1);
		expect(stack.sends()[0]!.params).toEqual({ value: 'Hola a todos', volume: 40 });
		expect(errors).toEqual([]);
	});

	it(
		'has no serious or critical axe violations and no horizontal scrolling',
		{ timeout: 60_000 },
		async () => {
			expect(await seriousViolations(page)).toEqual([]);
			expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
				360
			);
		}
	);
});
