/** Layout checks shared by the browser tests of the dashboard in each language. */
import type { Page } from 'playwright-core';

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
