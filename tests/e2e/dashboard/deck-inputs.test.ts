/**
 * Deck press safety and desktop inputs in Chromium: hold-to-fire cancelled and completed, keys, Web MIDI
 * and the Gamepad API learnt and firing, through fakes of `navigator.requestMIDIAccess` and
 * `navigator.getGamepads` put in the page before it loads, and real key and mouse events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { connection, startStack, type Stack } from '../stack';
import { appUrl, watchPage } from '../harness';
import { deckOf, fakeDevices, frames, type Bindings } from './input-fakes';
import { assertNothingSentBefore, dialog, onlySend, sent } from './page-helpers';

const DESKTOP = { width: 1280, height: 800 };

describe('deck press safety and inputs', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	});
	afterAll(async () => stack?.close());

	async function open(
		buttons: Record<string, Bindings> = {},
		options: { insecure?: boolean } = {}
	) {
		const context = await stack.browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
		const page = await context.newPage();
		page.setDefaultTimeout(8000);
		const watched = watchPage(page);
		await page.addInitScript(fakeDevices, options);
		const key = `stream-control:deck:v2:127.0.0.1:${stack.sim.port}`;
		await page.addInitScript(([k, value]) => localStorage.setItem(k, value), [
			key,
			JSON.stringify(deckOf(buttons))
		] as const);
		await page.goto(appUrl(stack.site.url, '/', connection(stack.sim)));
		await page.locator('[data-status="open"]').waitFor();
		await page.getByRole('button', { name: 'lurk', exact: true }).waitFor();
		await expect
			.poll(() => page.getByRole('button', { name: 'lurk', exact: true }).isEnabled())
			.toBe(true);
		stack.sim.sim.clearLog();
		return { page, ...watched };
	}

	const lurkSent = { type: 'chat-command', params: { value: 'lurk' }, status: 200 };
	const probe = (page: Page) => () =>
		page.getByRole('button', { name: 'hype', exact: true }).click();

	it('hold-to-fire: let go early or slid off sends nothing; held to the end by pointer or Space sends exactly one request', async () => {
		const { page, errors } = await open({ lurk: { press: 'hold' } });
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

	it('confirm: a press, by pointer or shortcut, opens the dialog first; Cancel sends nothing, confirming sends once; inputs rest while it is open', async () => {
		const k = { code: 'KeyK', ctrl: false, alt: false, shift: false, meta: false };
		const { page, errors } = await open({
			lurk: { press: 'confirm', inputs: { key: k } },
			hype: { inputs: { key: { ...k, code: 'KeyY' } } }
		});
		await page.getByRole('button', { name: 'lurk', exact: true }).click();
		const ask = dialog(page, 'lurk?');
		await ask.getByRole('button', { name: 'Cancel' }).click();
		await ask.waitFor({ state: 'hidden' });
		await page.keyboard.press('KeyK');
		await ask.waitFor();
		await page.keyboard.press('KeyY'); // the dialog is open: shortcuts rest
		await ask.getByRole('button', { name: 'lurk' }).click();
		expect(await onlySend(stack)).toEqual(lurkSent);
		expect(errors).toEqual([]);
	});

	it('keys: a shortcut is shown on its button and fires it once; on a hold button a short press sends nothing and a held one sends once', async () => {
		const shiftL = { code: 'KeyL', ctrl: false, alt: false, shift: true, meta: false };
		const h = { code: 'KeyH', ctrl: false, alt: false, shift: false, meta: false };
		const { page, errors } = await open({
			lurk: { inputs: { key: shiftL } },
			hype: { press: 'hold', inputs: { key: h } },
			ghost: { inputs: { key: { ...h, code: 'KeyG' } } }
		});
		// A disabled tile (its command is not in the setup) takes no press from its shortcut either.
		await page.getByText('not in this setup').first().waitFor();
		await page.keyboard.press('KeyG');
		await assertNothingSentBefore(
			stack,
			() => page.getByRole('button', { name: 'discord', exact: true }).click(),
			'chat-command'
		);
		expect(stack.sends()[0]?.params).toEqual({ value: 'discord' });
		stack.sim.sim.clearLog();
		const lurk = page.getByRole('button', { name: 'lurk', exact: true });
		expect(await lurk.getAttribute('aria-keyshortcuts')).toBe('Shift+L');
		expect(await lurk.locator('[data-key-badge]').textContent()).toBe('Shift+L');
		await page.keyboard.press('Shift+KeyL');
		expect(await onlySend(stack)).toEqual(lurkSent);

		stack.sim.sim.clearLog();
		const hype = page.getByRole('button', { name: 'hype', exact: true });
		await page.keyboard.down('KeyH');
		await expect.poll(() => hype.getAttribute('data-hold')).toBe('holding');
		await page.keyboard.up('KeyH');
		await expect.poll(() => hype.getAttribute('data-hold')).toBe('cancelled');
		await assertNothingSentBefore(
			stack,
			() => page.getByRole('button', { name: 'party', exact: true }).click(),
			'chat-command'
		);
		expect(stack.sends()[0]?.params).toEqual({ value: 'party' });

		stack.sim.sim.clearLog();
		await page.keyboard.down('KeyH');
		await sent(stack, 1);
		await page.keyboard.up('KeyH');
		expect(await onlySend(stack)).toEqual({
			type: 'chat-command',
			params: { value: 'hype' },
			status: 200
		});
		expect(errors).toEqual([]);
	});

	it('MIDI: one note-on fires once (a second note-on, velocity 0 and note-off do not fire again); a CC fires on a value over 0', async () => {
		const { page, errors } = await open({
			lurk: { inputs: { midi: { kind: 'note', channel: 10, number: 36 } } },
			hype: { inputs: { midi: { kind: 'cc', channel: 1, number: 20 } } }
		});
		type Midi = { midiSend(...b: number[]): void; midiAsked: number };
		await expect.poll(() => page.evaluate(() => (window as unknown as Midi).midiAsked)).toBe(1);
		// Running status: note-on, a second note-on while held, velocity 0, then a late note-off; another channel.
		await page.evaluate(() =>
			(window as unknown as Midi).midiSend(0x99, 36, 100, 36, 90, 36, 0, 0x89, 36, 0, 0x98, 36, 100)
		);
		expect(await onlySend(stack)).toEqual(lurkSent);
		stack.sim.sim.clearLog();
		await page.evaluate(() => (window as unknown as Midi).midiSend(0xb0, 20, 127, 20, 64, 20, 0));
		expect(await onlySend(stack)).toEqual({
			type: 'chat-command',
			params: { value: 'hype' },
			status: 200
		});
		expect(errors).toEqual([]);
	});

	it('gamepad: a bound button fires once on the press edge, not while held', async () => {
		const { page, errors } = await open({ lurk: { inputs: { gamepad: { button: 2 } } } });
		type Pads = { padConnect(): void; padSet(p: number[]): void };
		await page.evaluate(() => (window as unknown as Pads).padConnect());
		await frames(page);
		await page.evaluate(() => (window as unknown as Pads).padSet([2]));
		await sent(stack, 1);
		await frames(page); // still held over several frames
		await page.evaluate(() => (window as unknown as Pads).padSet([]));
		await frames(page);
		await page.evaluate(() => (window as unknown as Pads).padSet([2])); // a second press is a second request
		await sent(stack, 2);
		await page.evaluate(() => (window as unknown as Pads).padSet([]));
		expect(stack.sends().map(({ type, params, status }) => ({ type, params, status }))).toEqual([
			lurkSent,
			lurkSent
		]);
		expect(errors).toEqual([]);
	});

	it('on a page that is not a secure context, MIDI says why and is never asked for; the deck with badges and hold tiles is axe clean', async () => {
		const { seriousViolations } = await import('../axe');
		const { page } = await open(
			{
				lurk: {
					press: 'hold',
					inputs: { midi: { kind: 'note', channel: 1, number: 60 }, key: { code: 'KeyJ' } }
				}
			},
			{ insecure: true }
		);
		await page
			.locator('[data-midi-note]')
			.filter({ hasText: /MIDI is off here: browsers allow MIDI only on secure pages/ })
			.waitFor();
		expect(await page.evaluate(() => (window as unknown as { midiAsked: number }).midiAsked)).toBe(
			0
		);
		expect(await seriousViolations(page)).toEqual([]);
		await page.getByRole('button', { name: /light theme/ }).click();
		expect(await seriousViolations(page)).toEqual([]);
	});
});
