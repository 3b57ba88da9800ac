/**
 * The deck's Everything page and the dock (issue 29, rows 3 and 8): the ☆ never covers the end of a
 * label, and labels stay whole (a long word shrinks the type, never clipped) and centred, at 390, 1280
 * and 350×700 in dock mode, where at least 24 buttons show whole at once. In the dock, a page of the
 * dock's default grid also shows its 24 buttons whole, each at least 32 px both ways, label whole.
 * Boxes are compared; screenshots go to test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_GRIDS } from '../../../src/lib/app/deck/grid';
import { startStack, type Stack } from '../stack';
import { seedDeck, tile } from './deck-helpers';

const SIZES = [
	{ width: 390, height: 844, dock: false },
	{ width: 1280, height: 800, dock: false },
	{ width: 350, height: 700, dock: true }
];
const LONG = ['command', 'spoilers', 'Test prediction started'];

interface Cell {
	label: string;
	/** Fully inside the window. */
	whole: boolean;
	width: number;
	height: number;
	faults: string[];
}

/** Each button of the Everything page (or of the deck's grid): where it is, and what is wrong with it. */
function cells(page: Page, selector: string): Promise<Cell[]> {
	return page.evaluate((selector) => {
		const overlap = (a: DOMRect, b: DOMRect) =>
			a.left < b.right - 0.5 &&
			b.left < a.right - 0.5 &&
			a.top < b.bottom - 0.5 &&
			b.top < a.bottom - 0.5;
		return [...document.querySelectorAll<HTMLElement>(selector)].map((cell) => {
			const button = cell.querySelector<HTMLElement>('button')!;
			const label = cell.querySelector<HTMLElement>('.label') ?? button;
			const star = cell.querySelector<HTMLElement>('.star');
			const b = button.getBoundingClientRect();
			// The label's own words: a range over its first text, centred or not within the button.
			const range = document.createRange();
			const text = [...label.childNodes].find(
				(n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()
			);
			if (text) range.selectNodeContents(text);
			const words = range.getBoundingClientRect();
			const faults = [
				star && overlap(star.getBoundingClientRect(), b) && 'star over the button',
				button.scrollWidth > button.clientWidth + 1 && 'clipped sideways',
				button.scrollHeight > button.clientHeight + 1 && 'cut short',
				label.scrollHeight > label.clientHeight + 1 && 'label cut short',
				label.scrollWidth > label.clientWidth + 1 && 'label clipped sideways',
				text &&
					Math.abs(words.left + words.width / 2 - (b.left + b.width / 2)) > 3 &&
					'label off-centre'
			].filter((f): f is string => Boolean(f));
			return {
				label: (text?.textContent ?? '').trim(),
				whole: b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight && b.right <= innerWidth,
				width: b.width,
				height: b.height,
				faults
			};
		});
	}, selector);
}

describe('Everything page and dock sizes', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	});
	afterAll(async () => stack?.close());

	async function open(size: (typeof SIZES)[number]) {
		const { width, height, dock } = size;
		const opened = await stack.open('/', dock ? { dock: 1 } : {}, { width, height });
		opened.page.setDefaultTimeout(15_000);
		await opened.page.locator('[data-status="open"]').waitFor();
		await opened.page.getByRole('button', { name: 'command', exact: true }).waitFor();
		return opened;
	}

	// In the dock, long words ("progressed", "hypetrain") keep whole too: the type shrinks (fitLabel).
	it.each(SIZES)('at %o the ☆ never covers a label, labels are whole and centred', async (size) => {
		const { page, errors } = await open(size);
		const name = `${size.width}x${size.height}${size.dock ? '-dock' : ''}`;
		const faulty = async () =>
			(await cells(page, '.cell')).filter((c) => c.faults.length).map((c) => [c.label, c.faults]);
		// Labels are fitted a frame after they are laid out.
		await expect.poll(faulty, { timeout: 5000 }).toEqual([]);
		await page.screenshot({ path: `test-results/deck-everything-${name}.png`, fullPage: true });
		const all = await cells(page, '.cell');
		expect(all.length).toBeGreaterThan(20);
		for (const label of LONG) expect(all.map((c) => c.label)).toContain(label);
		// The dock shows at least 24 whole buttons at once, each at least 32 px both ways.
		if (size.dock)
			expect(
				all.filter((c) => c.whole && Math.min(c.width, c.height) >= 32).length
			).toBeGreaterThanOrEqual(24);
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('at 350×700 in dock mode a page of the dock grid shows its 24 buttons whole, each ≥ 32 px', async () => {
		const { page } = await open(SIZES[2]!);
		const { columns, rows } = DEFAULT_GRIDS.dock;
		expect(columns * rows).toBeGreaterThanOrEqual(24);
		const labels = ['Lurk', 'Starting soon', 'Starting soon scene now', 'BRB', 'Hype train now'];
		await seedDeck(page, stack, {
			version: 2,
			pages: [
				{
					id: 'dock',
					name: 'Dock',
					columns,
					rows,
					buttons: Array.from({ length: columns * rows }, (_, i) =>
						tile(
							i % columns,
							Math.floor(i / columns),
							{ kind: 'trigger', type: 'chat-command', name: 'lurk' },
							{ label: `${labels[i % labels.length]} ${i + 1}` }
						)
					)
				}
			]
		});
		await page.getByRole('button', { name: 'Lurk 1', exact: true }).waitFor();
		const settled = async () => {
			const all = await cells(page, '.deck-grid .tile');
			return all.filter((c) => !c.whole || c.faults.length || Math.min(c.width, c.height) < 32);
		};
		await expect.poll(settled, { timeout: 5000 }).toEqual([]);
		expect(await page.locator('.deck-grid .tile').count()).toBe(columns * rows);
		await page.screenshot({ path: 'test-results/deck-dock-grid-350x700.png' });
		await page.context().close();
	});
});
