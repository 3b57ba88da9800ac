/**
 * Binding a deck button from the deck's own editor, in Chromium at three sizes against both simulator
 * profiles: a key, a MIDI note and a pad button each learnt by pressing it (through the fakes of
 * Web MIDI and the Gamepad API), one already used by another button refused with its name, a binding
 * cleared, the press safety chosen; saved, kept over a reload, and the learnt note then fires the
 * button with its press safety (exactly one request). axe is clean with the editor open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../axe';
import { appUrl, watchPage } from '../harness';
import { connection, startStack, type Stack } from '../stack';
import { deckKey } from './deck-helpers';
import { deckOf, fakeDevices, frames } from './input-fakes';
import { onlySend, sent } from './page-helpers';

type Devices = {
	midiSend(...b: number[]): void;
	midiAsked: number;
	padConnect(): void;
	padSet(p: number[]): void;
};
const midi = (page: Page, ...bytes: number[]) =>
	page.evaluate((b) => (window as unknown as Devices).midiSend(...b), bytes);
const pad = (page: Page, pressed: number[]) =>
	page.evaluate((p) => (window as unknown as Devices).padSet(p), pressed);

const K = { code: 'KeyK', ctrl: false, alt: false, shift: false, meta: false };
/** hype already has K, MIDI note 61 and pad button 3: learning any of them for lurk is refused by name. */
const SEEDED = deckOf({
	hype: {
		inputs: { key: K, midi: { kind: 'note', channel: 1, number: 61 }, gamepad: { button: 3 } }
	}
});

const stacks: Partial<Record<'current' | 'legacy', Stack>> = {};
beforeAll(async () => {
	stacks.current = await startStack();
	stacks.legacy = await startStack({ profile: 'legacy', browser: stacks.current.browser });
}, 120_000);
afterAll(async () => {
	await stacks.legacy?.close();
	await stacks.current?.close();
});

describe.each(['current', 'legacy'] as const)(
	'binding a deck button from its editor (%s profile)',
	(profile) => {
		it.each([
			{ width: 360, height: 780 },
			{ width: 1280, height: 800 },
			{ width: 350, height: 700 }
		])(
			'at %o: learns a key, a MIDI note and a pad button, refuses one in use, clears one; kept after a reload, the note fires it',
			async (viewport) => {
				const stack = stacks[profile]!;
				const context = await stack.browser.newContext({ viewport, reducedMotion: 'reduce' });
				const page = await context.newPage();
				page.setDefaultTimeout(10_000);
				const { errors } = watchPage(page);
				await page.addInitScript(fakeDevices, {});
				// Seeded once: the reload below must read what the editor saved.
				await page.addInitScript(
					([k, value]) => localStorage.getItem(k) ?? localStorage.setItem(k, value),
					[deckKey(stack), JSON.stringify(SEEDED)] as const
				);
				await page.goto(appUrl(stack.site.url, '/', connection(stack.sim)));
				await page.locator('[data-status="open"]').waitFor();
				await expect
					.poll(() => page.getByRole('button', { name: 'lurk', exact: true }).isEnabled())
					.toBe(true);

				await page.getByRole('button', { name: 'Edit', exact: true }).click();
				await page.getByRole('button', { name: /^lurk, column/ }).click();
				await page.getByRole('button', { name: 'Edit lurk' }).click();
				const keys = page.getByRole('group', { name: 'Keys, MIDI and gamepad: lurk' });
				const status = keys.getByRole('status');
				const value = (kind: string) => keys.locator(`[data-binding="${kind}"]`);

				await keys.getByRole('button', { name: 'Learn key' }).click();
				await status.filter({ hasText: 'Press the key combo' }).waitFor();
				await page.keyboard.press('KeyK');
				await status.filter({ hasText: 'K is already the shortcut of “hype”.' }).waitFor();
				await page.keyboard.press('KeyJ');
				await status.filter({ hasText: 'Learnt: J.' }).waitFor();
				expect(await value('key').textContent()).toBe('J');

				await keys.getByRole('button', { name: 'Learn MIDI' }).click();
				await expect
					.poll(() => page.evaluate(() => (window as unknown as Devices).midiAsked))
					.toBeGreaterThan(0);
				await expect
					.poll(async () => {
						await midi(page, 0x90, 61, 100, 0x80, 61, 0);
						return status.textContent();
					})
					.toContain('already used by “hype”');
				await midi(page, 0x90, 60, 100, 0x80, 60, 0);
				await status.filter({ hasText: /^Learnt: Note .*\(60\), channel 1/ }).waitFor();
				expect(await value('midi').textContent()).toMatch(/^Note .*\(60\), channel 1/);

				await keys.getByRole('button', { name: 'Learn gamepad' }).click();
				await page.evaluate(() => (window as unknown as Devices).padConnect());
				await frames(page);
				await pad(page, [3]);
				await status.filter({ hasText: 'already used by “hype”' }).waitFor();
				await pad(page, []);
				await frames(page);
				await pad(page, [0]);
				await status.filter({ hasText: 'Learnt: Gamepad button 0.' }).waitFor();
				await pad(page, []);
				expect(await value('gamepad').textContent()).toBe('Button 0');
				await keys.getByRole('button', { name: 'Clear Gamepad: lurk' }).click();
				expect(await value('gamepad').textContent()).toBe('none');

				await page.getByRole('radio', { name: /^Hold/ }).check();
				expect(await seriousViolations(page)).toEqual([]);
				await page.getByRole('button', { name: 'Save button' }).click();
				await page.getByRole('status').filter({ hasText: 'lurk saved.' }).waitFor();
				await page.getByRole('button', { name: 'Done editing' }).click();

				const stored = await page.evaluate(
					(k) => JSON.parse(localStorage.getItem(k)!),
					deckKey(stack)
				);
				const lurk = stored.pages
					.flatMap((p: { buttons: unknown[] }) => p.buttons)
					.find((b: { id: string }) => b.id === 'lurk');
				expect({
					press: lurk.press,
					key: lurk.inputs.key,
					midi: {
						kind: lurk.inputs.midi.kind,
						number: lurk.inputs.midi.number,
						channel: lurk.inputs.midi.channel
					},
					pad: lurk.inputs.gamepad
				}).toEqual({
					press: 'hold',
					key: { ...K, code: 'KeyJ' },
					midi: { kind: 'note', number: 60, channel: 1 },
					pad: undefined
				});

				await page.reload();
				const tile = page.getByRole('button', { name: 'lurk', exact: true });
				await expect.poll(() => tile.isEnabled()).toBe(true);
				expect(await tile.getAttribute('aria-keyshortcuts')).toBe('J');
				await expect
					.poll(() => page.evaluate(() => (window as unknown as Devices).midiAsked))
					.toBe(1);
				stack.sim.sim.clearLog();
				await midi(page, 0x90, 60, 100);
				await sent(stack, 1); // a hold: sent while the note is still held
				await midi(page, 0x80, 60, 0);
				expect(await onlySend(stack)).toEqual({
					type: 'chat-command',
					params: { value: 'lurk' },
					status: 200
				});
				expect(errors).toEqual([]);
				await context.close();
			}
		);
	}
);
