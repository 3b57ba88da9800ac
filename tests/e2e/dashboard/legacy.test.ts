import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../axe';
import { startStack, type Stack } from '../stack';

const NEEDS_UPDATE = 'needs an up-to-date application';

describe('an older application (no /api/meta, no features)', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack({ profile: 'legacy' });
	});
	afterAll(async () => stack?.close());

	it('about says what an update would unlock, and marks the types it lacks', async () => {
		const { page } = await stack.open('/about');
		page.setDefaultTimeout(8000);
		await page.getByText('an older application').waitFor();
		const missing = page.getByRole('region', { name: 'What an update would add' });
		await missing.getByText('Chatbot command management, routines').waitFor();
		for (const type of ['run-actions', 'create-chatbot-command', 'get-action-catalog'])
			expect(await page.locator(`tr[data-type="${type}"]`).textContent()).toContain(
				`Not available: ${NEEDS_UPDATE}`
			);
		expect(await page.locator('tr[data-type="song-request"]').textContent()).toContain('Available');
	});

	it('routines are disabled with the reason, and nothing can be run', async () => {
		const { page } = await stack.open('/routines');
		page.setDefaultTimeout(8000);
		await page.getByText(`Routines are not available here: ${NEEDS_UPDATE}.`).waitFor();
		expect(await page.getByRole('button', { name: /^Run/ }).count()).toBe(0);
		expect(await seriousViolations(page)).toEqual([]);
	}, 60_000);

	it('chatbot command management is disabled with the reason; chat commands can still be switched', async () => {
		const { page } = await stack.open('/commands');
		page.setDefaultTimeout(8000);
		await page.getByText(`Managing chatbot commands ${NEEDS_UPDATE}.`).waitFor();
		expect(await page.getByRole('form', { name: 'New command' }).count()).toBe(0);
		expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
		const states = page.getByRole('form', { name: 'Turn commands on or off' });
		expect(
			await states.getByLabel('Kind', { exact: true }).locator('option').allTextContents()
		).toEqual(['Chat commands']);
		await states.getByText('this one handles chat commands only').waitFor();
		stack.sim.sim.clearLog();
		await states.getByLabel('Name', { exact: true }).selectOption('lurk');
		await states.getByRole('button', { name: 'Turn off' }).click();
		await expect.poll(() => stack.sends().length).toBe(1);
		expect(stack.sends()[0]).toMatchObject({
			type: 'set-command-state',
			params: { name: 'lurk', value: false, kind: 'chat' }
		});
	});
});
