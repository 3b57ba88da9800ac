/**
 * Deck press safety and desktop inputs in Chromium: hold-to-fire cancelled and completed, keys, Web MIDI
 * and the Gamepad API learnt and firing, through fakes of `navigator.requestMIDIAccess` and
 * `navigator.getGamepads` put in the page before it loads, and real key and mouse events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { connection, startStack, type Stack } from '../stack';
import { appUrl, watchPage } from '../harness';
import { assertNothingSentBefore, onlySend, sent } from './page-helpers';

const DESKTOP = { width: 1280, height: 800 };
const STORE = 'stream-control:deck-inputs-interim';

/** Fakes of Web MIDI (one input) and of the Gamepad API (one standard pad), driven from the test. */
function fakeDevices(options: { insecure?: boolean }) {
	const w = window as unknown as Record<string, unknown>;
	if (options.insecure) Object.defineProperty(window, 'isSecureContext', { value: false });
	const input = Object.assign(new EventTarget(), { id: 'fake-1', name: 'Fake Pad', state: 'connected', type: 'input', manufacturer: 'test' });
	const access = Object.assign(new EventTarget(), { inputs: new Map([['fake-1', input]]), outputs: new Map(), sysexEnabled: false });
	w.midiAsked = 0;
	Object.defineProperty(navigator, 'requestMIDIAccess', {
		configurable: true,
		value: async () => {
			(w.midiAsked as number)++;
			return access;
		}
	});
	w.midiSend = (...bytes: number[]) => input.dispatchEvent(Object.assign(new Event('midimessage'), { data: Uint8Array.from(bytes) }));
	const pads: unknown[] = [null, null, null, null];
	Object.defineProperty(navigator, 'getGamepads', { configurable: true, value: () => pads });
	w.padSet = (pressed: number[]) => {
		pads[0] = { index: 0, id: 'Fake pad', connected: true, mapping: 'standard', axes: [0, 0, 0, 0], timestamp: performance.now(), buttons: Array.from({ length: 17 }, (_, b) => ({ pressed: pressed.includes(b), touched: false, value: pressed.includes(b) ? 1 : 0 })) };
	};
	w.padConnect = () => {
		(w.padSet as (p: number[]) => void)([]);
		window.dispatchEvent(new Event('gamepadconnected'));
	};
}

const frames = (page: Page) => page.evaluate(() => new Promise<void>((ok) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => ok())))));

describe('deck press safety and inputs', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	});
	afterAll(async () => stack?.close());

	async function open(stored: Record<string, unknown> = {}, options: { insecure?: boolean } = {}) {
		const context = await stack.browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
		const page = await context.newPage();
		page.setDefaultTimeout(8000);
		const watched = watchPage(page);
		await page.addInitScript(fakeDevices, options);
		await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [STORE, JSON.stringify(stored)] as const);
		await page.goto(appUrl(stack.site.url, '/', connection(stack.sim)));
		await page.locator('[data-status="open"]').waitFor();
		await page.getByRole('button', { name: 'lurk', exact: true }).waitFor();
		stack.sim.sim.clearLog();
		return { page, ...watched };
	}

	/** Opens a user page in edit mode, where each button has its press and inputs editor, and opens one. */
	async function edit(page: Page, item: string) {
		await page.getByText('Pages', { exact: true }).click();
		await page.getByLabel('New page name').fill('Live');
		await page.getByRole('button', { name: 'Add page' }).click();
		return editorOf(page, item);
	}

	async function editorOf(page: Page, item: string) {
		const editor = page.locator('details.inputs', { hasText: `Press and inputs: ${item}` }).first();
		await editor.locator('summary').click();
		return editor;
	}

	/** Leaves edit mode and shows every button again (the new page holds none). */
	async function doneEditing(page: Page) {
		await page.getByRole('button', { name: 'Done editing Live' }).click();
		await page.getByRole('button', { name: 'All', exact: true }).click();
	}
	const lurkSent = { type: 'chat-command', params: { value: 'lurk' }, status: 200 };
	const probe = (page: Page) => () => page.getByRole('button', { name: 'hype', exact: true }).click();

	it('hold-to-fire: let go early or slid off sends nothing; held to the end by pointer or Space sends exactly one request', async () => {
		const { page, errors } = await open({ 'chat-command:lurk': { press: 'hold', inputs: {} } });
		const lurk = page.getByRole('button', { name: 'lurk', exact: true });
		const box = (await lurk.boundingBox())!;
		await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
		await page.mouse.down();
		await expect.poll(() => lurk.getAttribute('data-hold')).toBe('holding');
		await page.mouse.up();
		await expect.poll(() => lurk.getAttribute('data-hold')).toBe('cancelled');
		await page.getByText('Let go early: nothing was sent.').waitFor({ state: 'attached' });
		await page.mouse.down();
		await expect.poll(() => lurk.getAttribute('data-hold')).toBe('holding');
		await page.mouse.move(box.x + box.width / 2, box.y + box.height + 200);
		await expect.poll(() => lurk.getAttribute('data-hold')).toBe('cancelled');
		await page.mouse.up();
		await assertNothingSentBefore(stack, probe(page), 'chat-command');
		expect(stack.sends()[0]?.params).toEqual({ value: 'hype' });

		stack.sim.sim.clearLog();
		await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
		await page.mouse.down();
		await sent(stack, 1); // held to the end: sent while still held
		await page.mouse.up();
		expect(await onlySend(stack)).toEqual(lurkSent);

		stack.sim.sim.clearLog();
		await lurk.focus();
		await page.keyboard.down('Space');
		await sent(stack, 1);
		await page.keyboard.up('Space');
		expect(await onlySend(stack)).toEqual(lurkSent);
		expect(errors).toEqual([]);
	});

	it('keys: learnt in edit mode, refusing browser keys and another button’s combo; shown on the button; fires only outside fields', async () => {
		const { page, errors } = await open({ 'chat-command:hype': { press: 'tap', inputs: { key: { code: 'KeyH', ctrl: false, alt: false, shift: false, meta: false } } } });
		const editor = await edit(page, 'lurk');
		await editor.getByRole('button', { name: 'Learn key' }).click();
		await page.keyboard.press('Tab');
		await editor.getByText(/Tab cannot be a shortcut: it moves between controls/).waitFor();
		await page.keyboard.press('Alt+ArrowLeft');
		await editor.getByText(/Alt\+← cannot be a shortcut/).waitFor();
		await page.keyboard.press('KeyH');
		await editor.getByText('H is already the shortcut of “hype”. Press another, or Escape to stop.').waitFor();
		await page.keyboard.press('Shift+KeyL');
		await editor.getByText('Learnt: Shift+L.').waitFor();
		await expect.poll(() => editor.locator('[data-binding="key"]').textContent()).toBe('Shift+L');
		expect(stack.sends()).toEqual([]); // learning and editing press nothing
		await doneEditing(page);

		const lurk = page.getByRole('button', { name: 'lurk', exact: true });
		expect(await lurk.getAttribute('aria-keyshortcuts')).toBe('Shift+L');
		expect(await lurk.locator('[data-key-badge]').textContent()).toBe('Shift+L');
		const search = page.getByPlaceholder('Search commands, alerts, scenes…');
		await search.focus();
		await page.keyboard.press('Shift+KeyL'); // typing in the search field: not a shortcut
		await expect.poll(() => search.inputValue()).toBe('L');
		await search.fill('');
		await page.getByRole('heading', { name: 'Commands', exact: true }).click();
		await page.keyboard.press('Shift+KeyL');
		expect(await onlySend(stack)).toEqual(lurkSent);
		expect(errors).toEqual([]);
	});

	it('MIDI: learn a pad, then one note-on fires once (velocity 0 and note-off do not fire again); CC fires on a value over 0', async () => {
		const { page, errors } = await open();
		const editor = await edit(page, 'lurk');
		await editor.getByRole('button', { name: 'Learn MIDI' }).click();
		await editor.getByText('Hit a pad, key or button on the MIDI controller.').waitFor();
		await page.evaluate(() => (window as unknown as { midiSend(...b: number[]): void }).midiSend(0x99, 36, 100, 36, 0));
		await editor.getByText('Learnt: Note C1 (36), channel 10 (from Fake Pad).').waitFor();
		const hype = await editorOf(page, 'hype');
		await hype.getByRole('button', { name: 'Learn MIDI' }).click();
		await page.evaluate(() => (window as unknown as { midiSend(...b: number[]): void }).midiSend(0x99, 36, 100));
		await hype.getByText(/already used by “lurk”/).waitFor();
		await page.evaluate(() => (window as unknown as { midiSend(...b: number[]): void }).midiSend(0x89, 36, 0, 0xb0, 20, 127, 20, 0));
		await hype.getByText('Learnt: CC 20, channel 1 (from Fake Pad).').waitFor();
		expect(stack.sends()).toEqual([]);
		await doneEditing(page);

		// Running status: note-on, a second note-on while held, velocity 0, then a late note-off.
		await page.evaluate(() => (window as unknown as { midiSend(...b: number[]): void }).midiSend(0x99, 36, 100, 36, 90, 36, 0, 0x89, 36, 0));
		expect(await onlySend(stack)).toEqual(lurkSent);
		stack.sim.sim.clearLog();
		await page.evaluate(() => (window as unknown as { midiSend(...b: number[]): void }).midiSend(0xb0, 20, 127, 20, 64, 20, 0));
		expect(await onlySend(stack)).toEqual({ type: 'chat-command', params: { value: 'hype' }, status: 200 });
		expect(await page.evaluate(() => (window as unknown as { midiAsked: number }).midiAsked)).toBeGreaterThan(0);
		expect(errors).toEqual([]);
	});

	it('gamepad: learn a button, then it fires once on the press edge, not while held', async () => {
		const { page, errors } = await open();
		type Pads = { padConnect(): void; padSet(p: number[]): void };
		await page.evaluate(() => (window as unknown as Pads).padConnect());
		const editor = await edit(page, 'lurk');
		await editor.getByRole('button', { name: 'Learn gamepad' }).click();
		await frames(page);
		await page.evaluate(() => (window as unknown as Pads).padSet([2]));
		await editor.getByText('Learnt: Gamepad button 2.').waitFor();
		await page.evaluate(() => (window as unknown as Pads).padSet([]));
		await doneEditing(page);
		await frames(page);
		expect(stack.sends()).toEqual([]);

		await page.evaluate(() => (window as unknown as Pads).padSet([2]));
		await sent(stack, 1);
		await frames(page); // still held over several frames
		await page.evaluate(() => (window as unknown as Pads).padSet([]));
		await frames(page);
		expect(await onlySend(stack)).toEqual(lurkSent);
		expect(errors).toEqual([]);
	});

	it('on a page that is not a secure context, MIDI says why and offers no Learn MIDI; the editor is axe clean', async () => {
		const { seriousViolations } = await import('../axe');
		const { page } = await open({ 'chat-command:lurk': { press: 'hold', inputs: { midi: { kind: 'note', channel: 1, number: 60 } } } }, { insecure: true });
		await page.locator('.midi-note').filter({ hasText: /MIDI is off here: browsers allow MIDI only on secure pages/ }).first().waitFor();
		const editor = await edit(page, 'lurk');
		await editor.getByText(/MIDI is off here/).waitFor();
		expect(await editor.getByRole('button', { name: 'Learn MIDI' }).count()).toBe(0);
		expect(await editor.getByRole('button', { name: 'Learn key' }).count()).toBe(1);
		expect(await page.evaluate(() => (window as unknown as { midiAsked: number }).midiAsked)).toBe(0);
		expect(await seriousViolations(page)).toEqual([]);
		await page.getByRole('button', { name: /light theme/ }).click();
		expect(await seriousViolations(page)).toEqual([]);
	});
});
