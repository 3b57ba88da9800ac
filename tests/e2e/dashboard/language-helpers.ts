/** Layout checks shared by the browser tests of the dashboard in each language. */
import type { Page } from 'playwright-core';

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
