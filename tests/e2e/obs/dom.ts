/**
 * Driving a page without Playwright's locator actions, which need Chromium 105+ (they call
 * `checkVisibility`): elements are found with DOM calls in `page.evaluate`, then pressed with real
 * CDP mouse and keyboard input at their place on screen. The same code runs in 103 and 127.
 */
import type { Page } from 'playwright-core';

/** An element by CSS selector and name: its (trimmed) text, its aria-label or a part's text; the first match. */
interface Target {
	selector: string;
	name?: string;
	/** Only inside the element with this aria-label. */
	within?: string;
}

/** Centre of the target on screen after scrolling it into view; throws naming it if absent. */
async function centre(page: Page, target: Target): Promise<{ x: number; y: number }> {
	const point = await page.evaluate(({ selector, name, within }) => {
		const scope = within ? document.querySelector(`[aria-label="${within}"]`) : document;
		const matches = [...(scope?.querySelectorAll<HTMLElement>(selector) ?? [])].filter(
			(el) =>
				name === undefined ||
				el.textContent?.trim() === name ||
				el.getAttribute('aria-label') === name ||
				// A visually hidden part that names it ("+1" with "Add 1 to deaths" for screen readers).
				[...el.querySelectorAll('*')].some((part) => part.textContent?.trim() === name)
		);
		const el = matches[0];
		if (!el) return null;
		el.scrollIntoView({ block: 'center' });
		const r = el.getBoundingClientRect();
		return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
	}, target);
	if (!point)
		throw new Error(`no ${target.selector} named ${JSON.stringify(target.name)} on the page`);
	return point;
}

/** Waits until the target is in the page, then clicks it with the mouse. */
export async function press(page: Page, target: Target, timeout = 10_000): Promise<void> {
	await waitForElement(page, target, timeout);
	const { x, y } = await centre(page, target);
	await page.mouse.click(x, y);
}

/** Types into the input of the label whose text starts with `label` (replacing what it held). */
export async function typeInto(page: Page, label: string, value: string): Promise<void> {
	await page.waitForFunction(
		(label) =>
			[...document.querySelectorAll('label')].some((l) => l.textContent?.trim().startsWith(label)),
		label,
		{ timeout: 10_000 }
	);
	const found = await page.evaluate((label) => {
		const owner = [...document.querySelectorAll('label')].find((l) =>
			l.textContent?.trim().startsWith(label)
		);
		const input = (owner?.control ??
			document.querySelector(`[aria-label="${label}"]`)) as HTMLInputElement | null;
		if (!input) return false;
		input.focus();
		input.select();
		return true;
	}, label);
	if (!found) throw new Error(`no input labelled ${JSON.stringify(label)}`);
	if (value) await page.keyboard.type(value);
	else await page.keyboard.press('Backspace');
}

export async function waitForElement(
	page: Page,
	{ selector, name, within }: Target,
	timeout = 10_000
): Promise<void> {
	try {
		await page.waitForFunction(
			({ selector, name, within }) => {
				const scope = within ? document.querySelector(`[aria-label="${within}"]`) : document;
				return [...(scope?.querySelectorAll<HTMLElement>(selector) ?? [])].some(
					(el) =>
						name === undefined ||
						el.textContent?.trim() === name ||
						el.getAttribute('aria-label') === name ||
						// A visually hidden part that names it ("+1" with "Add 1 to deaths" for screen readers).
						[...el.querySelectorAll('*')].some((part) => part.textContent?.trim() === name)
				);
			},
			{ selector, name, within },
			{ timeout }
		);
	} catch (error) {
		throw new Error(
			`${(error as Error).message}\nwaiting for ${selector} ${JSON.stringify(name ?? '')}; the page says: ${JSON.stringify(await bodyText(page))}`
		);
	}
}

/** Waits until the text of the first element matching `selector` matches. */
export async function waitForTextOf(
	page: Page,
	selector: string,
	pattern: RegExp,
	timeout = 10_000
): Promise<void> {
	try {
		await page.waitForFunction(
			({ selector, source }) =>
				new RegExp(source).test(document.querySelector(selector)?.textContent?.trim() ?? ''),
			{ selector, source: pattern.source },
			{ timeout }
		);
	} catch (error) {
		const shown = await page.evaluate(
			(s) => document.querySelector(s)?.textContent ?? null,
			selector
		);
		throw new Error(
			`${(error as Error).message}\nwanted ${pattern} in ${selector}; it shows ${JSON.stringify(shown)}`
		);
	}
}

export const bodyText = (page: Page) =>
	page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 400));
