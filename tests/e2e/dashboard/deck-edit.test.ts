/**
 * Edit mode: a page made and filled from the searchable picker, buttons moved by keyboard (announced)
 * and by pointer drag, made 2 × 1, edited in a form that Enter submits, removed and brought back by
 * undo, the grid resized; then the button sends exactly its request. The deck file's import and
 * export stand level; a refused file is said once beside them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../axe';
import { startStack, type Stack } from '../stack';
import { SAMPLE_DECK } from './deck-helpers';
import { sent } from './page-helpers';

describe('deck edit mode', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	});
	afterAll(async () => stack?.close());

	/** The deck in edit mode, a new page `name` added to it. */
	async function editNewPage(name: string, viewport?: { width: number; height: number }) {
		const opened = await stack.open('/', {}, viewport);
		const { page } = opened;
		page.setDefaultTimeout(10_000);
		await page.getByRole('button', { name: 'lurk', exact: true }).waitFor();
		await page.getByRole('button', { name: 'Edit', exact: true }).click();
		await page.getByLabel('New page name').fill(name);
		await page.getByRole('button', { name: 'Add page' }).click();
		return opened;
	}

	it('adds, moves (keys and drag), resizes, edits, removes and undoes; axe clean', async () => {
		const { page, errors } = await editNewPage('Main');
		const status = page.getByRole('status').filter({ hasText: /./ });
		await status.filter({ hasText: 'Page Main added.' }).waitFor();

		const add = async (search: string, choice: string) => {
			await page.getByRole('button', { name: 'Add button' }).click();
			await page.getByLabel('Search what to add').fill(search);
			await page.getByRole('button', { name: choice, exact: true }).click();
			// The picker stays open to add more; closed, the grid is back where the drag below expects it.
			await page.getByRole('button', { name: 'Done adding' }).click();
		};
		await add('lurk', 'lurk');
		await add('gameplay', 'Gameplay');
		const tile = (name: string) =>
			page.getByRole('button', { name: new RegExp(`^${name}, column`) });
		expect(await tile('lurk').getAttribute('aria-label')).toBe('lurk, column 1, row 1, 1 × 1');
		expect(await tile('Gameplay').getAttribute('aria-label')).toBe(
			'Gameplay, column 2, row 1, 1 × 1'
		);
		expect(await seriousViolations(page)).toEqual([]);

		// Keyboard: the focused tile moves with the arrows, and the page says where it went, or why not.
		await tile('lurk').focus();
		await page.keyboard.press('ArrowDown');
		await status.filter({ hasText: 'lurk moved to column 1, row 2.' }).waitFor();
		expect(await tile('lurk').getAttribute('aria-label')).toBe('lurk, column 1, row 2, 1 × 1');
		await page.keyboard.press('ArrowLeft');
		await status.filter({ hasText: 'lurk cannot go past the edge of the grid.' }).waitFor();

		// Pointer: drag Gameplay to column 3 of row 3.
		const grid = page.getByRole('group', { name: /^Arrange Main/ });
		const box = (await grid.boundingBox())!;
		const from = (await tile('Gameplay').boundingBox())!;
		// The page's grid is the screen's default (a narrow mouse screen counts as a dock: 4 columns).
		const cols = Number(
			(await grid.evaluate((g) => getComputedStyle(g).gridTemplateColumns)).split(' ').length
		);
		const rows = Number(
			(await grid.evaluate((g) => getComputedStyle(g).gridTemplateRows)).split(' ').length
		);
		await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
		await page.mouse.down();
		await page.mouse.move(box.x + box.width * (2.5 / cols), box.y + box.height * (2.5 / rows), {
			steps: 8
		});
		await page.mouse.up();
		await status.filter({ hasText: 'Gameplay moved to column 3, row 3.' }).waitFor();

		// Choose lurk, make it 2 × 1, then edit its look; Enter in the label submits the form.
		await tile('lurk').click();
		await page.getByRole('button', { name: 'Make it 2 × 1' }).click();
		await expect
			.poll(() => tile('lurk').getAttribute('aria-label'))
			.toBe('lurk, column 1, row 2, 2 × 1');
		await page.getByRole('button', { name: 'Edit lurk' }).click();
		const form = page.getByRole('form', { name: 'Edit lurk' });
		await form.getByLabel('Symbol').selectOption('icon');
		await form.getByLabel('Label').fill('Lurk now');
		await form.getByLabel('Label').press('Enter');
		await tile('Lurk now').waitFor();

		// A counter without a name is refused, naming the field; nothing is added.
		await page.getByRole('button', { name: 'Add button' }).click();
		await page.getByLabel('Search what to add').fill('another counter');
		await page.getByRole('button', { name: 'Another counter…' }).click();
		const fresh = page.getByRole('form', { name: 'New button' });
		await fresh.getByLabel('Name', { exact: true }).fill('  ');
		await fresh.getByRole('button', { name: 'Save button' }).click();
		await fresh
			.getByText(/is required \(counter name\)/)
			.first()
			.waitFor();
		await fresh.getByRole('button', { name: 'Cancel' }).click();
		expect(await page.getByRole('button', { name: /, column/ }).count()).toBe(2);

		// Remove, then undo brings it back where it was.
		await tile('Gameplay').click();
		await page.getByRole('button', { name: 'Remove Gameplay' }).click();
		await expect.poll(() => tile('Gameplay').count()).toBe(0);
		await page.getByRole('button', { name: 'Undo' }).click();
		await status.filter({ hasText: 'The last edit was undone.' }).waitFor();
		expect(await tile('Gameplay').getAttribute('aria-label')).toBe(
			'Gameplay, column 3, row 3, 1 × 1'
		);

		// The grid size: too small for a button is refused with the reason; a bigger one applies.
		const size = page.getByRole('form', { name: 'Page Main' });
		await size.getByLabel('Rows').fill('2');
		await size.getByRole('button', { name: 'Apply' }).click();
		await status
			.filter({ hasText: 'Gameplay would fall outside a 4 × 2 grid: move or remove it first.' })
			.waitFor();
		await size.getByLabel('Columns').fill('5');
		await size.getByLabel('Rows').fill('4');
		await size.getByRole('button', { name: 'Apply' }).click();
		await status.filter({ hasText: 'Main is now 5 × 4.' }).waitFor();
		expect(await seriousViolations(page)).toEqual([]);

		await page.getByRole('button', { name: 'Done editing' }).click();
		const deck = page.getByRole('group', { name: 'Main: 5 × 4 grid' });
		stack.sim.sim.clearLog();
		await deck.getByRole('button', { name: 'Lurk now' }).click();
		expect((await sent(stack)).map((r) => [r.type, r.params])).toEqual([
			['chat-command', { value: 'lurk' }]
		]);
		expect(errors).toEqual([]);
	});

	it('the picker stays open to add several buttons, with readable names; an alert keeps its platform', async () => {
		for (const viewport of [
			{ width: 390, height: 844 },
			{ width: 1280, height: 800 }
		]) {
			const { page, errors } = await editNewPage('Several', viewport);
			await page.getByRole('button', { name: 'Add button' }).click();
			const picker = page.getByRole('region', { name: 'Add a button' });
			const search = picker.getByLabel('Search what to add');
			// Three adds in a row: the picker never closes, and says what it added.
			for (const [query, choice] of [
				['red', 'Red light'],
				['follow', 'Test follow (alpha)'],
				['follow', 'Test follow (gamma)']
			] as const) {
				await search.fill(query);
				await picker.getByRole('button', { name: choice, exact: true }).click();
				await picker.getByText(`${choice} added.`).waitFor();
			}
			expect(await picker.isVisible()).toBe(true);
			expect(await picker.getByRole('button', { name: /Light #/ }).count()).toBe(0);
			await page.screenshot({
				path: `test-results/deck-picker-open-${viewport.width}.png`,
				fullPage: true
			});
			await picker.getByRole('button', { name: 'Done adding' }).click();
			await expect.poll(() => picker.count()).toBe(0);
			await page.getByRole('button', { name: 'Done editing' }).click();
			const grid = page.getByRole('group', { name: /^Several: / });
			for (const label of ['Red light', 'Test follow (alpha)', 'Test follow (gamma)'])
				await grid.getByRole('button', { name: label, exact: true }).waitFor();
			await page.screenshot({ path: `test-results/deck-picker-tiles-${viewport.width}.png` });
			// Each alert tile fires its own platform's alert.
			stack.sim.sim.clearLog();
			await grid.getByRole('button', { name: 'Test follow (gamma)', exact: true }).click();
			await expect.poll(async () => (await sent(stack)).length).toBe(1);
			expect((await sent(stack))[0]!.params).toEqual({ value: 'gamma-follower' });
			expect(errors).toEqual([]);
			await page.context().close();
		}
	});

	it.each([
		{ width: 390, height: 844 },
		{ width: 1280, height: 800 }
	])(
		'at %o a refused deck file is said once, beside the import, naming the field and the rule; nothing clips or covers it',
		async (viewport) => {
			// An edit said first: the refusal does not stand beside its words.
			const { page, errors } = await editNewPage('Main', viewport);
			await page.getByRole('status').filter({ hasText: 'Page Main added.' }).waitFor();

			// The import, a file field's label styled as a button, stands level with the export beside it:
			// the same box, its words on the same line (they stood 1px higher).
			const exporter = page.getByRole('button', { name: 'Export deck' });
			const importer = page.locator('label', { hasText: 'Import a deck file' });
			const placed = (el: Element) => {
				const words = document.createRange();
				words.selectNodeContents(el);
				const box = el.getBoundingClientRect();
				return { top: box.top, height: box.height, words: words.getBoundingClientRect().top };
			};
			const [ours, theirs] = [await importer.evaluate(placed), await exporter.evaluate(placed)];
			const apart = (['top', 'height', 'words'] as const).filter(
				(key) => Math.abs(ours[key] - theirs[key]) >= 0.5
			);
			expect(apart, JSON.stringify({ ours, theirs })).toEqual([]);
			await importer.scrollIntoViewIfNeeded();
			await page.screenshot({
				path: `test-results/deck-file-row-${viewport.width}x${viewport.height}.png`
			});

			const bad = structuredClone(SAMPLE_DECK);
			bad.pages[0]!.buttons[1]!.col = 0;
			await page.getByLabel('Import a deck file').setInputFiles({
				name: 'broken.json',
				mimeType: 'application/json',
				buffer: Buffer.from(JSON.stringify(bad))
			});
			const words =
				'broken.json: The file is not a deck this version can read: pages[0].buttons[1].col overlaps button t1. Nothing was changed.';
			const alert = page.getByRole('alert').filter({ hasText: words });
			await alert.waitFor();
			// Once: not again in the page's line, shown or live.
			expect(await page.getByText(words).count()).toBe(1);
			expect(await page.getByText('Page Main added.').count()).toBe(0);

			await alert.scrollIntoViewIfNeeded();
			const seen = await alert.evaluate((el) => {
				const r = el.getBoundingClientRect();
				const mine = (x: number, y: number) => el.contains(document.elementFromPoint(x, y));
				return {
					onScreen: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
					clipped: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
					covered: ![
						[r.left + 2, r.top + 2],
						[r.right - 2, r.top + 2],
						[r.left + r.width / 2, r.top + r.height / 2],
						[r.left + 2, r.bottom - 2],
						[r.right - 2, r.bottom - 2]
					].every(([x, y]) => mine(x!, y!)),
					sideways: document.documentElement.scrollWidth > innerWidth + 1
				};
			});
			expect(seen).toEqual({ onScreen: true, clipped: false, covered: false, sideways: false });
			await page.screenshot({
				path: `test-results/deck-file-refused-${viewport.width}x${viewport.height}.png`
			});
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);
});
