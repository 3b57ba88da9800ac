import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { defaultSetup } from '../../../src/lib/sim/default-setup';
import { seriousViolations } from '../axe';
import { startStack, TOKEN, type Stack } from '../stack';
import { assertNothingSentBefore } from './page-helpers';

describe('songs page', () => {
	let stack: Stack;
	let page: Page;
	let errors: string[];
	beforeAll(async () => {
		stack = await startStack();
		({ page, errors } = await stack.open('/songs'));
		page.setDefaultTimeout(8000);
		await page.getByText('Midnight Arcade').waitFor();
	});
	afterAll(async () => stack?.close());
	const queue = () => page.getByRole('list', { name: 'Queued songs' });
	const count = () => page.getByRole('heading', { name: /^Queue/ });
	/** A send made elsewhere (another device, a chat command): straight to the application's REST API. */
	const sendElsewhere = (params: Record<string, unknown>) =>
		fetch(`${stack.sim.url}/api/send?token=${TOKEN}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ type: 'song-request', params })
		});

	it('shows the song playing and the queue', async () => {
		await queue().getByText('Paper Boats').waitFor();
		await queue().getByText('Static Bloom').waitFor();
		await count().filter({ hasText: '(2 requests)' }).waitFor();
	});

	it('one play/pause control shows the state and sends the explicit opposite; Skip is not the main action', async () => {
		const now = page.getByRole('region', { name: 'Now playing' });
		await now.getByText('Playing', { exact: true }).waitFor();
		// No separate Play, Pause and Play/pause: one control, named by what a press does.
		expect(await now.getByRole('button', { name: /^(Play|Play\/pause)$/ }).count()).toBe(0);
		for (const [name, play, shown] of [
			['Pause', false, 'Paused'],
			['Play', true, 'Playing']
		] as const) {
			stack.sim.sim.clearLog();
			await now.getByRole('button', { name, exact: true }).click();
			await expect.poll(() => stack.sends().length).toBe(1);
			expect(stack.sends()[0]).toMatchObject({ type: 'song-request', status: 200 });
			expect(stack.sends()[0]!.params).toEqual({ action: 'playpause', play });
			await now.getByText(shown, { exact: true }).waitFor();
		}
		const skip = now.getByRole('button', { name: 'Skip', exact: true });
		expect(await skip.getAttribute('class')).not.toMatch(/primary/);
		expect(
			await now.getByRole('button', { name: 'Pause', exact: true }).getAttribute('class')
		).toMatch(/primary/);
		await page.screenshot({ path: 'test-results/songs-360x780.png', fullPage: true });
		stack.sim.sim.clearLog();
		await skip.click();
		await expect.poll(() => stack.sends().length).toBe(1);
		expect(stack.sends()[0]!.params).toEqual({ action: 'skip' });
		// Skipped: Paper Boats plays now, and the page read it again.
		await now.getByText('Paper Boats').waitFor();
		await count().filter({ hasText: '(1 request)' }).waitFor();
	});

	it('says why a row has no Remove when the queue carries no request ids', async () => {
		await queue().getByText('Static Bloom').waitFor();
		expect(
			await queue()
				.getByRole('button', { name: /^Remove/ })
				.count()
		).toBe(0);
		await page
			.getByRole('note')
			.filter({ hasText: /without request ids/ })
			.waitFor();
	});

	it('adds by search, optionally in a viewer name; an empty query is not sent', async () => {
		const form = page.getByRole('form', { name: 'Add a song' });
		stack.sim.sim.clearLog();
		await form.getByRole('button', { name: 'Add song' }).click();
		await form.getByText('Search or URL is required').waitFor();
		expect(stack.sends()).toEqual([]);
		await form.getByLabel('Search or URL').fill('golden hour');
		await form.getByRole('button', { name: 'Add song' }).click();
		await form.getByText('Done').waitFor();
		await form.getByText("In a viewer's name").click();
		await form.getByLabel('Requester').fill('moss_moth');
		await form.getByLabel('Platform').selectOption('alpha');
		await form.getByLabel('Search or URL').fill('https://music.example/track/low-orbit');
		await form.getByRole('button', { name: 'Add song' }).click();
		await expect.poll(() => stack.sends().length).toBe(2);
		expect(stack.sends().map((r) => r.params)).toEqual([
			{ action: 'add', value: 'golden hour' },
			{
				action: 'add',
				value: 'https://music.example/track/low-orbit',
				username: 'moss_moth',
				platform: 'alpha'
			}
		]);
		await count().filter({ hasText: '(3 requests)' }).waitFor();
	});

	it('keeps the queue current when it changes elsewhere', async () => {
		await sendElsewhere({ action: 'add', value: 'zebra crossing at dawn' });
		await count().filter({ hasText: '(4 requests)' }).waitFor();
		await queue().getByText('Zebra Crossing At Dawn', { exact: true }).waitFor();
	});

	it('removes the latest request only after confirmation; Cancel sends nothing', async () => {
		stack.sim.sim.clearLog();
		await page.getByRole('button', { name: 'Remove the latest request' }).click();
		const dialog = page.getByRole('dialog', { name: 'Remove the latest request?' });
		await dialog.getByText('“Zebra Crossing At Dawn” is removed').waitFor();
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		await assertNothingSentBefore(
			stack,
			async () => {
				await page.getByRole('button', { name: 'Remove the latest request' }).click();
				await dialog.getByRole('button', { name: 'Remove it' }).click();
			},
			'song-request'
		);
		await count().filter({ hasText: '(3 requests)' }).waitFor();
		expect(stack.sends().map((r) => r.params)).toEqual([{ action: 'remove' }]);
	});

	it('removes by a known id, confirmed', async () => {
		stack.sim.sim.clearLog();
		await page.getByText('Remove a request by its id').click();
		await page.getByLabel('Request id').fill('sr-404');
		await page
			.getByRole('form', { name: 'Remove a request by its id' })
			.getByRole('button', { name: 'Remove' })
			.click();
		await page
			.getByRole('dialog', { name: 'Remove this request?' })
			.getByRole('button', { name: 'Remove it' })
			.click();
		await expect.poll(() => stack.sends().length).toBe(1);
		expect(stack.sends()[0]!.params).toEqual({ action: 'remove', songRequestId: 'sr-404' });
	});

	it('clears the queue only after confirmation', async () => {
		stack.sim.sim.clearLog();
		await page.getByRole('button', { name: 'Clear the queue' }).click();
		const dialog = page.getByRole('dialog', { name: 'Clear the song queue?' });
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		await assertNothingSentBefore(
			stack,
			async () => {
				await page.getByRole('button', { name: 'Clear the queue' }).click();
				await dialog.getByRole('button', { name: 'Clear the queue' }).click();
			},
			'song-request'
		);
		await page.getByText('The queue is empty.').waitFor();
		expect(stack.sends().map((r) => r.params)).toEqual([{ action: 'clear' }]);
		expect(errors).toEqual([]);
	});

	it(
		'where the queue carries request ids, each row removes its own song, confirmed, with exactly its songRequestId',
		{ timeout: 60_000 },
		async () => {
			const base = defaultSetup();
			const setup = { ...base, songs: { ...base.songs, queueIds: true } };
			const ids = await startStack({ setup, browser: stack.browser });
			try {
				for (const viewport of [
					{ width: 390, height: 844 },
					{ width: 1280, height: 800 }
				]) {
					const { page: p } = await ids.open('/songs', {}, viewport);
					p.setDefaultTimeout(8000);
					const rows = p.getByRole('list', { name: 'Queued songs' });
					await rows.getByRole('listitem').filter({ hasText: 'Static Bloom' }).waitFor();
					expect(await p.getByText(/without request ids/).count()).toBe(0);
					await p.screenshot({
						path: `test-results/songs-queue-ids-${viewport.width}x${viewport.height}.png`,
						fullPage: true
					});
					if (viewport.width === 1280) break;
					// The first row, not the latest: only an id can name it.
					const row = rows.getByRole('listitem').filter({ hasText: 'Paper Boats' });
					const remove = row.getByRole('button', { name: 'Remove Paper Boats' });
					const dialog = p.getByRole('dialog', { name: 'Remove “Paper Boats”?' });
					ids.sim.sim.clearLog();
					await remove.click();
					await dialog.getByRole('button', { name: 'Cancel' }).click();
					await assertNothingSentBefore(
						ids,
						async () => {
							await remove.click();
							await dialog.getByRole('button', { name: 'Remove it' }).click();
						},
						'song-request'
					);
					expect(ids.sends().map((r) => r.params)).toEqual([
						{ action: 'remove', songRequestId: 'sr-seed-1' }
					]);
					await row.waitFor({ state: 'detached' });
					await rows.getByRole('listitem').filter({ hasText: 'Static Bloom' }).waitFor();
					await p.context().close();
				}
			} finally {
				await ids.close();
			}
		}
	);

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
