/**
 * The deck beyond a single press: search, favourites and user-made pages kept on the device, each kind
 * of setup item sending its own type, and a press on something the setup no longer has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connection, startStack, type Stack } from '../stack';
import { sent } from './page-helpers';

describe('deck: setup items, search, favourites and pages', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	});
	afterAll(async () => stack?.close());

	/** Another client changes the setup behind the dashboard's back (the dashboard gets no event for it). */
	async function sendElsewhere(type: string, params: Record<string, unknown>): Promise<number> {
		const { token, port } = connection(stack.sim);
		const answer = await fetch(
			`http://127.0.0.1:${port}/api/send?token=${encodeURIComponent(token)}`,
			{
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ type, params })
			}
		);
		return answer.status;
	}

	it.each([
		['Gameplay', 'studio-scene'],
		['Neon Night', 'studio-theme'],
		['socials', 'chatbot-command'],
		['Hydrate', 'alpha-points']
	])('%s sends %s with its name', async (name, type) => {
		const { page, errors } = await stack.open('/');
		const button = page.getByRole('button', { name, exact: true });
		await button.waitFor();
		stack.sim.sim.clearLog();
		await button.click();
		expect((await sent(stack)).map((r) => [r.type, r.params])).toEqual([[type, { value: name }]]);
		expect(errors).toEqual([]);
	});

	it('search narrows the grid by name or section', async () => {
		const { page } = await stack.open('/');
		await page.getByRole('button', { name: 'lurk', exact: true }).waitFor();
		await page.getByRole('searchbox').fill('neon');
		await expect
			.poll(() => page.getByRole('button', { name: 'lurk', exact: true }).count())
			.toBe(0);
		expect(await page.getByRole('button', { name: 'Neon Night', exact: true }).count()).toBe(1);
		await page.getByRole('searchbox').fill('scenes');
		await page.getByRole('button', { name: 'Be Right Back', exact: true }).waitFor();
		expect(await page.getByRole('button', { name: 'Neon Night', exact: true }).count()).toBe(0);
	});

	it('favourites and a user-made page stay on the device across a reload', async () => {
		const { page } = await stack.open('/');
		await page.getByRole('button', { name: 'Add Gameplay to favourites' }).click();
		await page.getByRole('button', { name: 'Edit', exact: true }).click();
		await page.getByLabel('New page name').fill('Start of stream');
		await page.getByRole('button', { name: 'Add page' }).click();
		// A new page opens in edit mode; the picker adds a button to it.
		await page.getByRole('button', { name: 'Add button' }).click();
		await page.getByLabel('Search what to add').fill('Starting Soon');
		await page.getByRole('button', { name: 'Starting Soon', exact: true }).click();
		await page.getByRole('button', { name: /^Starting Soon, column 1, row 1/ }).waitFor();
		await page.getByRole('button', { name: 'Done editing' }).click();

		await page.reload();
		const pages = page.getByRole('group', { name: 'Deck pages' });
		await pages.getByRole('button', { name: 'Favourites' }).click();
		await page.getByRole('button', { name: 'Gameplay', exact: true }).waitFor();
		await expect
			.poll(() => page.getByRole('button', { name: 'lurk', exact: true }).count())
			.toBe(0);
		await pages.getByRole('button', { name: 'Start of stream' }).click();
		await page.getByRole('button', { name: 'Starting Soon', exact: true }).waitFor();
		await expect
			.poll(() => page.getByRole('button', { name: 'Gameplay', exact: true }).count())
			.toBe(0);
	});

	it('a press on something gone from the setup reads the setup again and says so on the page', async () => {
		const { page, errors } = await stack.open('/');
		const spoilers = page.getByRole('button', { name: 'deaths', exact: true });
		await spoilers.waitFor();
		expect(await sendElsewhere('delete-chatbot-command', { value: 'deaths' })).toBe(200);
		stack.sim.sim.clearLog();
		await spoilers.click();
		const notice = page.getByRole('status').filter({ hasText: 'no longer in the setup' });
		await notice
			.getByText(
				'Chatbot command “deaths” is no longer in the setup: the setup was read again and it is gone from the list.'
			)
			.waitFor();
		await expect
			.poll(() => page.getByRole('button', { name: 'deaths', exact: true }).count())
			.toBe(0);
		const log = stack.sim.sim.requestLog;
		expect(
			log.filter((r) => r.type === 'chatbot-command').map((r) => [r.params, r.status])
		).toEqual([[{ value: 'deaths' }, 404]]);
		expect(log.some((r) => /^retrieve/.test(r.note ?? '') || r.path === '/api/retrieve')).toBe(
			true
		);
		await notice.getByRole('button', { name: 'Dismiss' }).click();
		await expect.poll(() => page.getByText('no longer in the setup').count()).toBe(0);
		expect(errors).toEqual([]);
	});
});
