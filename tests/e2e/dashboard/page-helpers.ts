/** Small helpers shared by the lights, chat, stream and polls browser tests. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { LoggedRequest } from '../../../src/lib/sim/types';
import type { Stack } from '../stack';

/** Opens a route and waits until the page is connected and the setup is read. */
export async function openConnected(
	stack: Stack,
	route: string,
	params: Record<string, string | number | boolean> = {}
) {
	const opened = await stack.open(route, params);
	opened.page.setDefaultTimeout(8000);
	await opened.page.locator('[data-status="open"]').waitFor();
	return opened;
}

/** Waits until the simulator has logged `count` commands (reads excluded), then returns them. */
export async function sent(stack: Stack, count = 1, timeout = 8000): Promise<LoggedRequest[]> {
	await expect.poll(() => stack.sends().length, { timeout }).toBeGreaterThanOrEqual(count);
	return stack.sends();
}

/** Exactly one command was sent since the log was cleared: its type and params. */
export async function onlySend(
	stack: Stack
): Promise<{ type?: string; params?: unknown; status: number }> {
	const all = await sent(stack, 1);
	expect(all).toHaveLength(1);
	const { type, params, status } = all[0]!;
	return { type, params, status };
}

/** The open confirmation dialog with this title. */
export const dialog = (page: Page, title: string | RegExp) =>
	page.getByRole('dialog', { name: title });

/**
 * Proves that nothing went out: a later, harmless command is sent and waited for, and it must be
 * the only entry (commands share one ordered connection, so an earlier one would be logged first).
 * `timeout` for a probe the simulator logs late (a routine, logged when its waits are over).
 */
export async function assertNothingSentBefore(
	stack: Stack,
	probe: () => Promise<void>,
	probeType: string,
	timeout?: number
): Promise<void> {
	await probe();
	const all = await sent(stack, 1, timeout);
	expect(all.map((r) => r.type)).toEqual([probeType]);
}

/** The dashboard's menu (bottom bar and More sheet on a phone, rail on wide screens). */
export const pagesNav = (page: Page) => page.getByRole('navigation', { name: 'Pages' });

/**
 * Goes to a dashboard page through the menu, as a person does: its link on the bar or rail, else
 * through More (the sheet with every other page). Returns the taps it took.
 */
export async function goToPage(page: Page, label: string): Promise<number> {
	const nav = pagesNav(page);
	await nav.waitFor();
	const direct = nav.getByRole('link', { name: label, exact: true });
	if ((await direct.count()) > 0) {
		await direct.click();
		return 1;
	}
	await nav.getByRole('button', { name: /^More pages/ }).click();
	await nav.getByRole('dialog').getByRole('link', { name: label, exact: true }).click();
	return 2;
}

/** Opens every collapsed section of a long page (Stream, Polls), as a person does to reach a card. */
export async function openSections(page: Page): Promise<void> {
	await page.locator('.page-section').first().waitFor();
	const closed = page.locator('.page-section button[aria-expanded="false"]');
	while ((await closed.count()) > 0) await closed.first().click();
}
