/**
 * The alert box against the simulator: alerts fired through the simulator's control endpoint pop up
 * one at a time in order, pause/resume/skip/replay through the control variable, replays only when
 * asked for, and a viewer's message as text.
 */
import { describe, expect, it } from 'vitest';
import { TOKEN } from '../stack';
import {
	alertEnvelope,
	openConnected,
	sendAsOtherClient,
	stackForFile,
	waitForText
} from './helpers';

/** The preview's address without the builder's own `preview=<id>` (its rehearsal target). */
const withoutPreview = (src: string | null) =>
	src?.replace(/([?&])preview=[a-z0-9]+(&|$)/, (_, a, b) => (b ? a : '')) ?? null;

const file = stackForFile();

async function open(
	params: Record<string, string | number | boolean> = {},
	viewport = { width: 800, height: 450 }
) {
	const opened = await openConnected(file.stack, '/widget/alert-box', params, viewport);
	file.pages.push(opened.page);
	return opened;
}

/** What an integration does: an alert pushed through the simulator's control endpoint. */
async function fire(envelope: ReturnType<typeof alertEnvelope>): Promise<void> {
	const res = await fetch(`${file.stack.sim.url}/__sim/emit?token=${encodeURIComponent(TOKEN)}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(envelope)
	});
	expect(res.status).toBe(200);
}

const follower = (name: string, replay = false) =>
	alertEnvelope('alpha-follower', { value: name }, { displayname: name }, replay);

/** What the deck's alert buttons write. */
const control = (variable: string, action: string) =>
	sendAsOtherClient(file.stack, 'update-variable-value', {
		name: variable,
		value: { action, at: Date.now() + Math.random() }
	});

describe('alert box widget', () => {
	it('pops alerts up one at a time, in order, with the default texts and looks by amount', async () => {
		const { page, errors } = await open({
			look: '1',
			gap: 0,
			variations: 'bits:1000:,zoom,,coin',
			control: ''
		});
		await fire(follower('Ana'));
		await fire(alertEnvelope('alpha-bits', { value: 1500 }, { displayname: 'Bo', bits: 1500 }));
		await fire(alertEnvelope('alpha-bits', { value: 10 }, { displayname: 'Cy', bits: 10 }));
		await waitForText(page, /^Ana followed!$/);
		await waitForText(page, /^Bo cheered 1,500 bits!$/);
		expect(await page.locator('.alert').getAttribute('class')).toMatch(/in-zoom/);
		await waitForText(page, /^Cy cheered 10 bits!$/);
		expect(await page.locator('.alert').getAttribute('class')).toMatch(/in-pop/);
		await page.locator('.alert').waitFor({ state: 'detached' });
		expect(errors).toEqual([]);
	});

	it("shows a viewer's message and name as text, never as markup", async () => {
		const { page } = await open({ look: '30', control: '' });
		await fire(
			alertEnvelope(
				'alpha-bits',
				{ value: 100 },
				{ displayname: '<i>Eve</i>', bits: 100, message: '<img src=x onerror="window.pwned=1">hi' }
			)
		);
		await waitForText(page, /<i>Eve<\/i> cheered 100 bits!/);
		expect(await page.locator('.alert .message').innerText()).toBe(
			'<img src=x onerror="window.pwned=1">hi'
		);
		expect(await page.locator('.alert i, .alert img').count()).toBe(0);
		expect(await page.evaluate(() => 'pwned' in window)).toBe(false);
	});

	it('shows replayed alerts only when asked for', async () => {
		const { page } = await open({ look: '1', gap: 0, control: '' });
		await fire(follower('Old', true));
		await fire(follower('New'));
		await waitForText(page, /^New followed!$/);
		const { page: replays } = await open({ look: '1', gap: 0, replays: 1, control: '' });
		await fire(follower('Again', true));
		await waitForText(replays, /^Again followed!$/);
	});

	it('pauses, resumes, skips and replays through its control variable', async () => {
		const name = 'alertbox_e2e';
		await control(name, 'pause');
		// Paused from the first read: a source refreshed while paused stays paused.
		const { page } = await open({ look: '60', gap: 0, control: name, interval: 250 });
		await page.locator('.alert-box[data-paused="true"]').waitFor();
		await fire(follower('Held'));
		await control(name, 'resume');
		await waitForText(page, /^Held followed!$/);
		await fire(follower('Next'));
		await control(name, 'skip');
		await waitForText(page, /^Next followed!$/);
		await control(name, 'replay');
		await control(name, 'skip');
		await waitForText(page, /^Next followed!$/);
		await control(name, 'pause');
		await page.locator('.alert-box[data-paused="true"]').waitFor();
	});

	it('says in the debug corner when the control variable holds something else', async () => {
		await sendAsOtherClient(file.stack, 'update-variable-value', {
			name: 'alertbox_bad',
			value: 'go'
		});
		const { page } = await open({ control: 'alertbox_bad' });
		await page
			.locator('.debug', { hasText: 'the control variable holds no JSON' })
			.waitFor({ timeout: 8000 });
	});

	it('looks right at 800×450, 1920×1080 and a quarter of the builder’s size, the card whole inside', async () => {
		for (const viewport of [
			{ width: 800, height: 450 },
			{ width: 1920, height: 1080 },
			{ width: 400, height: 225 }
		]) {
			const small = viewport.width < 800;
			// No debug corner: the picture is what the scene shows.
			const { page } = await file.stack.open(
				'/widget/alert-box',
				{
					look: '60',
					control: '',
					size: viewport.width > 1000 ? 64 : 32,
					...(small ? { lang: 'de' } : {})
				},
				viewport
			);
			file.pages.push(page);
			await page.locator('.widget[data-status="open"]').waitFor();
			// At a quarter size, German's three-line headline with a long message once ran out at the bottom.
			await fire(
				small
					? alertEnvelope(
							'alpha-bits',
							{ value: 1500 },
							{
								displayname: 'ByteSizedBard',
								bits: 1500,
								message: 'Cheer1500 for the clutch revive in the last round, that was incredible!'
							}
						)
					: alertEnvelope(
							'alpha-subscriber',
							{ value: 'Sue' },
							{ displayname: 'Sue', months: 6, message: 'Six months already, love this stream!' }
						)
			);
			await waitForText(
				page,
				small ? /ByteSizedBard hat 1\.500 Bits gecheert!/ : /Sue subscribed!/
			);
			const box = (await page.locator('.alert').boundingBox())!;
			expect(box.x).toBeGreaterThanOrEqual(0);
			expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
			expect(box.y).toBeGreaterThanOrEqual(0);
			expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
			await page.screenshot({
				path: `test-results/alert-box-${viewport.width}x${viewport.height}.png`
			});
		}
	});

	it("in a demo session, the builder's preview pops up the simulator's alerts", async () => {
		const context = await file.stack.browser.newContext({
			viewport: { width: 1280, height: 800 },
			reducedMotion: 'reduce'
		});
		file.pages.push(await context.newPage());
		const page = file.pages.at(-1)!;
		await page.goto(`${file.stack.site.url}#/widgets?demo=1`);
		await page.getByLabel('Alert box', { exact: true }).check();
		await expect
			.poll(async () => withoutPreview(await page.locator('iframe').getAttribute('src')))
			.toMatch(/#\/widget\/alert-box\?demo=1&token=demo$/);
		// The demo fires a first alert after 2.5 s, then one every 9–18 s among followers, subs, bits, raids and tips.
		const alert = page.frameLocator('iframe').locator('.alert');
		await alert.waitFor({ timeout: 20_000 });
		expect((await alert.innerText()).replace(/\s+/g, ' ')).toMatch(
			/followed!|subscribed!|cheered [\d,]+ bits?!|raided with [\d,]+ viewers?!|tipped .+!/
		);
		await alert.scrollIntoViewIfNeeded();
		await page.screenshot({ path: 'test-results/alert-box-demo-preview-1280.png' });
	});
});
