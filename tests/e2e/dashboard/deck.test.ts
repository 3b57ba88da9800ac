import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../stack';

describe('deck', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	});
	afterAll(async () => stack?.close());

	it('shows the setup as buttons and a press sends exactly the trigger, with its receipt', async () => {
		const { page, errors } = await stack.open('/');
		await page.getByRole('button', { name: 'lurk', exact: true }).waitFor();
		stack.sim.sim.clearLog();
		await page.getByRole('button', { name: 'lurk', exact: true }).click();
		await page.getByText('Done').first().waitFor();
		expect(stack.sends()).toMatchObject([
			{ type: 'chat-command', params: { value: 'lurk' }, status: 200 }
		]);
		expect(errors).toEqual([]);
	});

	it('a disabled command shows the application message', async () => {
		const { page } = await stack.open('/');
		await page.getByRole('button', { name: 'rave', exact: true }).click();
		await page.getByText(/Refused: .*rave/i).waitFor();
		expect(stack.sends().at(-1)).toMatchObject({
			type: 'chat-command',
			params: { value: 'rave' },
			status: 409
		});
	});
});

describe('deck accessibility', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	});
	afterAll(async () => stack?.close());

	// axe runs every rule twice (two themes): minutes, not seconds, on a busy 2-core machine.
	it(
		'has no serious or critical axe violations, in both themes',
		{ timeout: 180_000 },
		async () => {
			const { seriousViolations } = await import('../axe');
			const { page } = await stack.open('/');
			await page.getByRole('button', { name: 'lurk', exact: true }).waitFor();
			expect(await seriousViolations(page)).toEqual([]);
			await page.getByRole('button', { name: /light theme/ }).click();
			expect(await seriousViolations(page)).toEqual([]);
		}
	);
});
