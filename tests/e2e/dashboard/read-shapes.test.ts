/**
 * The counters and songs pages against the simulator in both shapes reads come in (facts §5.10,
 * §6.4): `native` (numbers as numbers, JSON arrays as arrays) and `strings` (numbers as numeric
 * strings, arrays as JSON text: the setup's `readShape` flag). Each page shows the same in both.
 * One browser; a simulator per shape.
 */
import { describe, expect, it } from 'vitest';
import { SHAPES, sendElsewhere as send, useShapedSims, type Shape } from '../read-shapes';

const sims = useShapedSims();
const simOf = (shape: Shape) => sims.simOf(shape);

async function open(shape: Shape, route: string) {
	const opened = await sims.stack.open(route, { port: simOf(shape).port });
	opened.page.setDefaultTimeout(8000);
	sims.track(opened.page);
	await opened.page.locator('[data-status="open"]').waitFor();
	return opened;
}

/** A send made elsewhere, straight to the simulator of that shape. */
const sendElsewhere = async (shape: Shape, type: string, params: Record<string, unknown>) =>
	void (await send(simOf(shape), type, params));

describe.each<Shape>([...SHAPES])('dashboard pages with reads in the %s shape', (shape) => {
	it('counters: watched counters show their numbers and follow counter math; a list variable reads as a list', async () => {
		const { page, errors } = await open(shape, '/counters');
		const value = (name: string) => page.getByLabel(`${name} value`);
		for (const name of ['deaths', 'hugs', 'highfives']) {
			await page.getByLabel('Counter name').fill(name);
			await page.getByRole('button', { name: 'Watch', exact: true }).click();
		}
		await expect.poll(() => value('deaths').textContent()).toBe('7');
		await expect.poll(() => value('hugs').textContent()).toBe('0');
		await expect.poll(() => value('highfives').textContent()).toBe('empty');
		await page.getByRole('button', { name: 'Add 1 to deaths' }).click();
		await expect.poll(() => value('deaths').textContent()).toBe('8');
		await sendElsewhere(shape, 'set-counter-value', { name: 'hugs', value: 41 });
		await expect.poll(() => value('hugs').textContent(), { timeout: 8000 }).toBe('41');

		const reader = page.getByRole('form', { name: 'Read a variable' });
		await reader.getByLabel('Variable name').fill('alpha_total_follower_count');
		await reader.getByRole('button', { name: 'Read' }).click();
		await reader.locator('.text').getByText('10452', { exact: true }).waitFor();
		// The song queue is a JSON array, whichever shape it comes in: shown as the same list.
		await reader.getByLabel('Variable name').fill('songrequest_queue');
		await reader.getByRole('button', { name: 'Read' }).click();
		const listed = reader.locator('pre');
		await listed.waitFor();
		const shown = JSON.parse((await listed.textContent()) ?? '') as { title: string }[];
		expect(shown.map((s) => s.title)).toEqual(['Paper Boats', 'Static Bloom']);
		expect(errors).toEqual([]);
	});

	it('songs: the song playing and the queue, then a request added elsewhere', async () => {
		const { page, errors } = await open(shape, '/songs');
		const now = page.getByRole('region', { name: 'Now playing' });
		await now.getByText('Midnight Arcade').waitFor();
		await now.getByText('Neon Lakes').waitFor();
		await now.getByText('Requested by moss_moth').waitFor();
		await now.getByText('Playing', { exact: true }).waitFor();
		const queue = page.getByRole('list', { name: 'Queued songs' });
		await expect
			.poll(() => queue.getByRole('listitem').allInnerTexts())
			.toEqual([
				'Paper Boats · Harbor Lights\nRequested by quietkettle',
				'Static Bloom · The Low Tides\nRequested by PixelPanda'
			]);
		await page
			.getByRole('heading', { name: /^Queue/ })
			.filter({ hasText: '(2 requests)' })
			.waitFor();
		await sendElsewhere(shape, 'song-request', {
			action: 'add',
			value: 'Juniper Fox - Winter Lanterns',
			username: 'lumenfox'
		});
		await page
			.getByRole('heading', { name: /^Queue/ })
			.filter({ hasText: '(3 requests)' })
			.waitFor();
		await queue.getByText('Winter Lanterns').waitFor();
		expect(errors).toEqual([]);
	});
});
