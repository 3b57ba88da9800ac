import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG } from '../../../src/lib/protocol';
import { startStack, type Stack } from '../stack';
import { onlySend, openConnected } from './page-helpers';

/**
 * An older application (no /api/meta, no features): the lights, chat, stream and polls pages send
 * types no feature gates (checked against the catalog below), so nothing there may be disabled as
 * "needs an up-to-date application"; commands travel over REST and still get their receipts.
 */
describe('lights, chat, stream and polls on an older application', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack({ profile: 'legacy' });
	});
	afterAll(async () => stack?.close());

	it('the types these pages send need no feature', () => {
		const groups = new Set([
			'lights',
			'app',
			'stream',
			'chat-modes',
			'polls',
			'moderation',
			'roles'
		]);
		const gated = Object.values(CATALOG).filter((rule) => groups.has(rule.group) && rule.feature);
		expect(gated.map((r) => r.type)).toEqual([]);
	});

	it('keeps every control enabled, sends over REST, and the switch follows the application', async () => {
		const { page, errors } = await openConnected(stack, '/lights');
		const fuze = page.getByRole('switch', { name: 'Fuze', exact: true });
		await page.getByRole('switch', { name: 'Fuze', checked: false }).waitFor();
		stack.sim.sim.clearLog();
		await fuze.click();
		const sent = await onlySend(stack);
		expect(sent).toEqual({ type: 'start-fuze', params: { value: true }, status: 200 });
		expect(stack.sends()[0]!.transport).toBe('http');
		await page.getByRole('switch', { name: 'Fuze', checked: true }).waitFor();

		for (const route of ['/lights', '/stream', '/polls']) {
			await page.goto(page.url().replace(/#\/[a-z]*/, `#${route}`));
			await page.locator('[data-status="open"]').waitFor();
			await page.getByRole('button').first().waitFor();
			expect(await page.getByText(/needs an up-to-date application/).count()).toBe(0);
			expect(await page.locator('main button:disabled').count()).toBe(0);
		}
		expect(errors).toEqual([]);
	});
});
