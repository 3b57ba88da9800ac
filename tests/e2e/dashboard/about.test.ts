import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG, SEND_TYPES } from '../../../src/lib/protocol';
import { seriousViolations } from '../axe';
import { startStack, type Stack } from '../stack';

describe('about page (current application, one feature switched off)', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack({ disabledFeatures: ['mcp'] });
	});
	afterAll(async () => stack?.close());

	it('shows name, version, interface version, subscription and features, and what a missing one would add', async () => {
		const { page, errors } = await stack.open('/about');
		page.setDefaultTimeout(8000);
		const app = page.getByRole('region', { name: 'Application' });
		await app.getByText('app-stream').waitFor();
		await app.getByText('9.1.0').waitFor();
		await app.getByText('free').waitFor();
		const features = await page
			.getByRole('list', { name: 'Features offered' })
			.getByRole('listitem')
			.allTextContents();
		expect(features).toContain('name-validation');
		expect(features).not.toContain('mcp');
		const missing = page.getByRole('region', { name: 'What an update would add' });
		await missing.getByText('Access for AI assistants (MCP)').waitFor();

		// Every send type, once, grouped by the catalog's groups; all available on this setup.
		const rows = await page
			.locator('tr[data-type]')
			.evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
		expect([...rows].sort()).toEqual([...SEND_TYPES].sort());
		await page
			.getByText(`${SEND_TYPES.length} of ${SEND_TYPES.length} are available here.`)
			.waitFor();
		const clip = page.locator('tr[data-type="clip"]');
		expect(await clip.textContent()).toContain(CATALOG.clip.label);
		expect(await clip.textContent()).toContain('alpha only');
		expect(errors).toEqual([]);

		expect(await seriousViolations(page)).toEqual([]);
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
			360
		);
	}, 60_000);
});
