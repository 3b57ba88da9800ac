/**
 * The dashboard's main flows in a Chromium that broadcasting software embeds (its custom docks):
 * connect through the form, press a deck button, watch and change a counter. Driven with DOM calls
 * and real CDP mouse and keyboard input (dom.ts), as Playwright's locator actions need Chromium 105+.
 * Called by one test file per engine (one browser per file).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { EngineVersion } from '../engines';
import { watchPage } from '../harness';
import { PHONE, startStack, TOKEN, type Stack } from '../stack';
import { sendAsOtherClient } from '../widgets/helpers';
import { press, typeInto, waitForElement, waitForTextOf } from './dom';

export function dashboardSuite(version: EngineVersion): void {
	describe(`dashboard in Chromium ${version}`, () => {
		let stack: Stack;
		let page: Page;
		let errors: string[];
		beforeAll(async () => {
			stack = await startStack({ engine: version });
			const context = await stack.browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
			page = await context.newPage();
			({ errors } = watchPage(page));
		}, 180_000);
		afterAll(async () => stack?.close());

		/** Through the menu, as a user goes: the bottom bar's link, else More, then the link in its sheet. */
		const go = async (label: string) => {
			// The More sheet's links exist only once it is opened (a chunk of its own).
			await waitForElement(page, { selector: 'nav a', within: 'Pages' });
			const onBar = await page.evaluate(
				(label) =>
					[...document.querySelectorAll('nav[aria-label="Pages"] a')].some(
						(a) => a.textContent?.trim() === label && !a.closest('dialog')
					),
				label
			);
			if (onBar) return press(page, { selector: 'nav a', name: label, within: 'Pages' });
			await press(page, { selector: 'nav button.more' });
			await press(page, { selector: 'nav dialog a', name: label });
		};

		it('connects through the connect form', async () => {
			expect(stack.browser.version()).toMatch(new RegExp(`^${version}\\.`));
			await page.goto(`${stack.site.url}#/connect`);
			await typeInto(page, 'Token', TOKEN);
			await typeInto(page, 'Host', '127.0.0.1');
			await typeInto(page, 'Port', String(stack.sim.port));
			// In main: on a phone the menu's More button also names the page shown (Connect).
			await press(page, { selector: 'main button', name: 'Connect' });
			await waitForElement(page, { selector: '[data-status="open"]' }, 15_000);
			// index.html's loading line (src/app.html) is gone once the dashboard mounted, in this engine too.
			expect(await page.evaluate(() => document.getElementById('boot'))).toBeNull();
			expect(stack.sim.sim.clients.length).toBeGreaterThan(0);
			expect(errors).toEqual([]);
		}, 60_000);

		it('a deck press sends exactly the trigger and shows its receipt', async () => {
			await go('Deck');
			await waitForElement(page, { selector: 'button', name: 'lurk' }, 15_000);
			stack.sim.sim.clearLog();
			await press(page, { selector: 'button', name: 'lurk' });
			await waitForElement(page, { selector: '.send *', name: 'Done' });
			expect(stack.sends()).toMatchObject([
				{ type: 'chat-command', params: { value: 'lurk' }, status: 200 }
			]);
			expect(errors).toEqual([]);
		}, 60_000);

		it('watches a counter, adds to it, and follows a change made elsewhere', async () => {
			await go('Counters');
			await typeInto(page, 'Counter name', 'deaths');
			await press(page, { selector: 'button', name: 'Watch' });
			await waitForTextOf(page, '[aria-label="deaths value"]', /^7$/);
			stack.sim.sim.clearLog();
			await press(page, { selector: 'button', name: 'Add 1 to deaths' });
			await waitForTextOf(page, '[aria-label="deaths value"]', /^8$/);
			expect(stack.sends().map((r) => [r.type, r.params])).toEqual([
				['update-variable-value', { name: 'deaths', value: '+1' }]
			]);
			await sendAsOtherClient(stack, 'update-variable-value', { name: 'deaths', value: '+3' });
			await waitForTextOf(page, '[aria-label="deaths value"]', /^11$/);
			expect(errors).toEqual([]);
		}, 60_000);
	});
}
