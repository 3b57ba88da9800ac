/**
 * The button editor on a phone (390×844) and in a dock (350×700), as a phone over the LAN sees it (no
 * secure context, so no Web MIDI; issue 29, row 13): the Colour checkbox sits beside its word, every
 * press-safety radio keeps its size, chosen or not, the MIDI row says why MIDI is off instead of a
 * dead "none", and nothing in the form is clipped or runs off the screen. Screenshots in test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startStack, type Stack } from '../stack';
import { seedDeck, tile } from './deck-helpers';
import { fakeDevices } from './input-fakes';

const SIZES = [
	{ width: 390, height: 844, dock: false },
	{ width: 350, height: 700, dock: true }
];

/** What is wrong with the editor's form: controls or text past its edge or the screen's, clipped text. */
function faults(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const form = document.querySelector<HTMLElement>('form.editor')!;
		const edge = form.getBoundingClientRect();
		const found: string[] = [];
		if (document.documentElement.scrollWidth > innerWidth + 1)
			found.push('the page scrolls sideways');
		for (const el of form.querySelectorAll<HTMLElement>(
			'input, select, textarea, button, label, legend, p, span'
		)) {
			const r = el.getBoundingClientRect();
			if (!r.width) continue;
			const name = `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || (el as HTMLInputElement).type || '').trim().slice(0, 30)}"`;
			if (r.left < edge.left - 0.5 || r.right > edge.right + 0.5)
				found.push(`${name} past the form`);
			if (
				!['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName) &&
				el.scrollWidth > el.clientWidth + 1 &&
				getComputedStyle(el).overflow !== 'visible'
			)
				found.push(`${name} clipped`);
		}
		return found;
	});
}

let stack: Stack | undefined;

/** Seeds a deck with one Lurk button and opens its editor. */
async function openEditor(page: Page) {
	await seedDeck(page, stack!, {
		version: 2,
		pages: [
			{
				id: 'live',
				name: 'Live',
				columns: 3,
				rows: 3,
				buttons: [
					tile(
						0,
						0,
						{ kind: 'trigger', type: 'chat-command', name: 'lurk' },
						{ label: 'Lurk' },
						{ id: 'lurk' }
					)
				]
			}
		]
	});
	await page.getByRole('button', { name: 'Edit', exact: true }).click();
	await page.getByRole('button', { name: /^Lurk, column/ }).click();
	await page.getByRole('button', { name: 'Edit Lurk' }).click();
	const form = page.getByRole('form', { name: 'Edit Lurk' });
	return form;
}

describe('the button editor on a phone and in a dock', () => {
	beforeAll(async () => {
		stack = await startStack();
	});
	afterAll(async () => stack?.close());

	it('on a touch phone, keys, MIDI and gamepad start folded, and open with a tap', async () => {
		const { page, errors } = await stack!.open(
			'/',
			{},
			{ width: 390, height: 844 },
			{ touch: true }
		);
		page.setDefaultTimeout(15_000);
		await page.locator('[data-status="open"]').waitFor();
		const form = await openEditor(page);
		const keys = form.getByRole('group', { name: 'Keys, MIDI and gamepad: Lurk' });
		await form.getByRole('radio', { name: /^Hold/ }).waitFor();
		expect(await keys.isVisible()).toBe(false);
		await form.getByText('Keys, MIDI and gamepad (a keyboard or controller)').tap();
		await keys.getByRole('button', { name: 'Learn key' }).waitFor();
		await page.screenshot({ path: 'test-results/deck-editor-390x844-touch.png', fullPage: true });
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it.each(SIZES)('at %o nothing is covered, clipped or squeezed', async (size) => {
		const { width, height, dock } = size;
		const { page, errors } = await stack!.open(
			'/',
			dock ? { dock: 1 } : {},
			{ width, height },
			{
				prepare: async (p) => {
					await p.addInitScript(fakeDevices, { insecure: true });
				}
			}
		);
		page.setDefaultTimeout(15_000);
		await page.locator('[data-status="open"]').waitFor();
		const form = await openEditor(page);
		await form.getByRole('checkbox', { name: 'Colour' }).check();
		await form.getByLabel('Button colour').waitFor();
		await form.getByRole('radio', { name: /^Hold/ }).check();
		const name = `${width}x${height}${dock ? '-dock' : ''}`;
		await page.screenshot({ path: `test-results/deck-editor-${name}.png`, fullPage: true });

		// The checkbox beside its word, on the same line.
		const colour = await form.locator('label.check').evaluate((label) => {
			const box = label.querySelector('input')!.getBoundingClientRect();
			const range = document.createRange();
			range.selectNodeContents(label);
			const words = [...range.getClientRects()].filter((r) => r.width > 0 && r.left >= box.right);
			return {
				beside: words.length > 0,
				centre: box.top + box.height / 2,
				words: words.map((r) => r.top + r.height / 2)
			};
		});
		expect(colour.beside).toBe(true);
		for (const middle of colour.words) expect(Math.abs(middle - colour.centre)).toBeLessThan(6);

		// Every radio as big as the others, the chosen one too, and never smaller than 18 px.
		const radios = await form.getByRole('radio').evaluateAll((all) =>
			all.map((r) => {
				const b = r.getBoundingClientRect();
				return [Math.round(b.width), Math.round(b.height)];
			})
		);
		expect(radios).toHaveLength(3);
		for (const [w, h] of radios) {
			expect(w).toBeGreaterThanOrEqual(18);
			expect([w, h]).toEqual(radios[0]);
		}

		// MIDI: said why it is off, in its own row; nothing there to press.
		const keys = form.getByRole('group', { name: 'Keys, MIDI and gamepad: Lurk' });
		await keys
			.locator('[data-midi-note]')
			.filter({ hasText: /MIDI is off here: browsers allow MIDI only on secure pages/ })
			.waitFor();
		expect(await keys.locator('[data-binding="midi"]').textContent()).toBe('off on this page');
		expect(await keys.getByRole('button', { name: 'Learn MIDI' }).count()).toBe(0);

		expect(await faults(page)).toEqual([]);
		await form.getByRole('button', { name: 'Save button' }).click();
		await page.getByRole('status').filter({ hasText: 'Lurk saved.' }).waitFor();
		expect(errors).toEqual([]);
		await page.context().close();
	});
});
