/**
 * The alert box with the rest of the product: the deck's four alert buttons, made in edit mode from
 * the picker and pressed, write the control variable (the simulator's request log shows each
 * update-variable-value) and an open alert box pauses, resumes, skips and replays; and the alert box
 * against the legacy profile (no features: no subscriptions, no structured errors), where it still
 * pops alerts up and follows its control variable by polling.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_CONTROL_VARIABLE } from '../../../src/lib/protocol/alert-control';
import { sent } from '../dashboard/page-helpers';
import { startStack, TOKEN, type Stack } from '../stack';
import { alertEnvelope, openConnected, sendAsOtherClient, waitForText } from './helpers';

let stack: Stack;
let legacy: Stack;
const pages: Page[] = [];
beforeAll(async () => {
	stack = await startStack();
	legacy = await startStack({ profile: 'legacy', browser: stack.browser });
}, 60_000);
afterEach(async () => {
	for (const page of pages.splice(0)) await page.context().close();
});
afterAll(async () => {
	await legacy?.close();
	await stack?.close();
});

async function fire(on: Stack, name: string): Promise<void> {
	const res = await fetch(`${on.sim.url}/__sim/emit?token=${encodeURIComponent(TOKEN)}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(alertEnvelope('alpha-follower', { value: name }, { displayname: name }))
	});
	expect(res.status).toBe(200);
}

async function alertBox(on: Stack) {
	const opened = await openConnected(
		on,
		'/widget/alert-box',
		{ look: '60', gap: 0, interval: 250 },
		{ width: 800, height: 450 }
	);
	pages.push(opened.page);
	return opened;
}

describe('alert box and the deck', () => {
	it('each of the four deck buttons writes the control variable, and the open alert box obeys', async () => {
		const { page: box, errors } = await alertBox(stack);
		await fire(stack, 'Ana');
		await fire(stack, 'Bo');
		await waitForText(box, /^Ana followed!$/);

		const { page: deck } = await stack.open('/', {}, { width: 390, height: 844 });
		pages.push(deck);
		deck.setDefaultTimeout(10_000);
		await deck.getByRole('button', { name: 'Edit', exact: true }).click();
		await deck.getByLabel('New page name').fill('Alerts');
		await deck.getByRole('button', { name: 'Add page' }).click();
		const titles = ['Pause alerts', 'Resume alerts', 'Skip alert', 'Replay last alert'];
		for (const title of titles) {
			await deck.getByRole('button', { name: 'Add button' }).click();
			await deck.getByLabel('Search what to add').fill(title);
			await deck.getByRole('button', { name: title, exact: true }).click();
		}
		await deck.getByRole('button', { name: 'Done editing' }).click();
		const grid = deck.getByRole('group', { name: /^Alerts: / });
		await deck.screenshot({ path: 'test-results/alert-box-deck-buttons-390.png' });

		/** Presses a tile and returns the control action the simulator received. */
		const press = async (title: string) => {
			stack.sim.sim.clearLog();
			await grid.getByRole('button', { name: title }).click();
			const [request] = await sent(stack);
			expect(request!.type).toBe('update-variable-value');
			const params = request!.params as { name: string; value: { action: string; at: number } };
			expect(params.name).toBe(DEFAULT_CONTROL_VARIABLE);
			expect(typeof params.value.at).toBe('number');
			return params.value.action;
		};
		expect(await press('Skip alert')).toBe('skip');
		await waitForText(box, /^Bo followed!$/);
		expect(await press('Skip alert')).toBe('skip');
		await box.locator('.alert').waitFor({ state: 'detached' });
		expect(await press('Replay last alert')).toBe('replay');
		await waitForText(box, /^Bo followed!$/);
		expect(await press('Pause alerts')).toBe('pause');
		await box.locator('.alert-box[data-paused="true"]').waitFor();
		expect(await press('Resume alerts')).toBe('resume');
		await box.locator('.alert-box[data-paused="false"]').waitFor();
		expect(errors).toEqual([]);
	});
});

describe('alert box against the legacy profile', () => {
	it('pops alerts up and follows its control variable by polling', async () => {
		const { page, errors } = await alertBox(legacy);
		await fire(legacy, 'Old');
		await fire(legacy, 'Timer');
		await waitForText(page, /^Old followed!$/);
		await sendAsOtherClient(legacy, 'update-variable-value', {
			name: DEFAULT_CONTROL_VARIABLE,
			value: { action: 'skip', at: Date.now() }
		});
		await waitForText(page, /^Timer followed!$/);
		// It lacks nothing the alert box needs (alerts are pushed to every client, variables are read),
		// so the debug corner reports no error.
		expect(await page.locator('.debug').innerText()).toMatch(/Last error: none/);
		expect(errors).toEqual([]);
	});
});
