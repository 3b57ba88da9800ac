/** Layout checks and steps shared by the browser tests of the dashboard in each language. */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Stack } from '../stack';
import { alertEnvelope } from '../../../src/lib/sim/events';
import type { Simulator } from '../../../src/lib/sim/simulator';

/** The phone the language tests look through. */
export const PHONE = { width: 390, height: 844 };

/** An element's text with its white space folded. */
export const fold = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** A page of the dashboard on the phone with the browser in `locale`; `connected`: once its socket is open. */
export async function openIn(
	stack: Stack,
	route: string,
	locale: string,
	{ connected = true } = {}
) {
	const opened = await stack.open(route, {}, PHONE, { locale });
	opened.page.setDefaultTimeout(15_000);
	if (connected) await opened.page.locator('[data-status="open"]').waitFor();
	return opened;
}

/**
 * Two alerts whose lines the dashboard words in its language (a plural, a grouped number): sunny_side
 * follows and `cheerer` cheers 1,500 bits, both on `platform` (an origin of the simulator's alerts).
 */
export function emitFollowAndBits(
	sim: Pick<Simulator, 'emit'>,
	{ platform, cheerer, at }: { platform: string; cheerer: string; at: number }
): void {
	sim.emit(
		alertEnvelope(
			`${platform}-follower`,
			{ value: 'sunny_side' },
			{ displayname: 'sunny_side' },
			at
		)
	);
	sim.emit(
		alertEnvelope(`${platform}-bits`, { value: 1500 }, { displayname: cheerer, bits: 1500 }, at)
	);
}

/** Until the element says `words` (exactly, or matching). */
export const saysPoll = (element: Locator, words: string | RegExp) =>
	typeof words === 'string'
		? expect.poll(async () => fold(await element.textContent())).toBe(words)
		: expect.poll(async () => fold(await element.textContent())).toMatch(words);

/** The element scrolled to, the screen saved as `test-results/<shot>.png`, and the page not scrolling sideways. */
export async function shownWhole(page: Page, element: Locator, shot: string): Promise<void> {
	await element.scrollIntoViewIfNeeded();
	await page.screenshot({ path: `test-results/${shot}.png` });
	expect(await overflows(page)).toBe(false);
}

/** The form of the scene check's rehearsal: the last one with selects. */
export const rehearsalForm = (page: Page) =>
	page
		.locator('form')
		.filter({ has: page.locator('select') })
		.last();

/** Until the page's language (its `lang`) is `lang`. */
export const inLanguage = (page: Page, lang: string) =>
	expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);

/** Each visible select whose chosen value is wider than the room beside its arrow, by its value. */
export const cutSelects = (page: Page) =>
	page.evaluate(() => {
		const ARROW = 20;
		const canvas = document.createElement('canvas').getContext('2d')!;
		return [...document.querySelectorAll('select')]
			.filter((el) => el.getClientRects().length > 0)
			.flatMap((el) => {
				const option = el.selectedOptions[0];
				if (!option) return [];
				const style = getComputedStyle(el);
				canvas.font = style.font;
				const room =
					el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - ARROW;
				const width = canvas.measureText(option.text).width;
				return width > room + 1 ? [`"${option.text}" (${Math.round(width)} > ${room})`] : [];
			});
	});

/** Whether the page scrolls sideways. */
export const overflows = (page: Page) =>
	page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/**
 * The visible elements matching `selector` whose text is wider than their box (cut off), by their
 * text. With `fields: false`, an element holding a text field, range, select or text area is left out:
 * the field's own box (a range's thumb) would be measured, not the words.
 */
export const clippedIn = (page: Page, selector: string, { fields = true } = {}) =>
	page.evaluate(
		([selector, fields]) =>
			[...document.querySelectorAll<HTMLElement>(selector)]
				.filter(
					(el) =>
						el.offsetParent !== null &&
						!el.closest('.visually-hidden') &&
						(fields ||
							!el.querySelector(
								'input:not([type="radio"]):not([type="checkbox"]), select, textarea'
							)) &&
						el.scrollWidth > el.clientWidth + 1
				)
				.map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim()),
		[selector, fields] as const
	);

/** Each word of the element's text on one line, inside the element's box (nothing cut or broken). */
export const brokenWords = (page: Page, selector: string) =>
	page.evaluate((selector) => {
		const el = document.querySelector<HTMLElement>(selector)!;
		const clip = el.getBoundingClientRect();
		const faults: string[] = [];
		if (el.scrollHeight > el.clientHeight + 1) faults.push('cut short');
		const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
		for (let node = walker.nextNode(); node; node = walker.nextNode())
			for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
				const range = document.createRange();
				range.setStart(node, match.index);
				range.setEnd(node, match.index + match[0].length);
				const boxes = [...range.getClientRects()].filter((r) => r.width > 0);
				const box = boxes[0];
				if (boxes.length !== 1) faults.push(`"${match[0]}" over ${boxes.length} lines`);
				else if (box!.left < clip.left - 0.5 || box!.right > clip.right + 0.5)
					faults.push(`"${match[0]}" outside`);
			}
		return faults;
	}, selector);

/** Edit mode's words for opening the picker on a new page, in one language. */
export type PickerWords = {
	edit: string;
	newPageName: string;
	page: string;
	addPage: string;
	addButton: string;
	search: string;
};

/** The deck in edit mode with a new page, and the picker open on it: the picker and its search field. */
export async function openPicker(stack: Stack, locale: string, words: PickerWords) {
	const opened = await openIn(stack, '/', locale);
	const { page } = opened;
	await page.getByRole('button', { name: words.edit, exact: true }).click();
	await page.getByLabel(words.newPageName).fill(words.page);
	await page.getByRole('button', { name: words.addPage }).click();
	await page.getByRole('button', { name: words.addButton }).click();
	const picker = page.getByRole('region', { name: words.addButton });
	return { ...opened, picker, search: picker.getByLabel(words.search) };
}

/** The picker's screen saved as `test-results/<shot>.png`: no sideways scroll, no title or button cut. */
export async function pickerWhole(page: Page, shot: string): Promise<void> {
	await page.screenshot({ path: `test-results/${shot}.png` });
	expect(await overflows(page)).toBe(false);
	expect(await clippedIn(page, '.picker h3, .picker button')).toEqual([]);
}
