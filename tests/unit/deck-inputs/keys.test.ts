import { describe, expect, it } from 'vitest';
import {
	checkKey,
	formatKey,
	keyFromEvent,
	RESERVED_KEYS,
	reservedBy
} from '$lib/app/deck/inputs/keys';

const k = (
	code: string,
	mods: { ctrl?: boolean; alt?: boolean; shift?: boolean; meta?: boolean } = {}
) => ({ code, ctrl: false, alt: false, shift: false, meta: false, ...mods });

describe('key shortcuts', () => {
	it.each([
		['Ctrl+W', k('KeyW', { ctrl: true })],
		['Cmd+W', k('KeyW', { meta: true })],
		['Ctrl+Shift+T', k('KeyT', { ctrl: true, shift: true })],
		['Ctrl+N', k('KeyN', { ctrl: true })],
		['Ctrl+L', k('KeyL', { ctrl: true })],
		['Ctrl+R', k('KeyR', { ctrl: true })],
		['Cmd+Q', k('KeyQ', { meta: true })],
		['Tab', k('Tab')],
		['Shift+Tab', k('Tab', { shift: true })],
		['Ctrl+Tab', k('Tab', { ctrl: true })],
		['F5', k('F5')],
		['F11', k('F11')],
		['F12', k('F12')],
		['Alt+←', k('ArrowLeft', { alt: true })],
		['Alt+→', k('ArrowRight', { alt: true })],
		['Escape', k('Escape')],
		['Space', k('Space')],
		['Ctrl+1', k('Digit1', { ctrl: true })],
		['Alt+F4', k('F4', { alt: true })],
		['Alt+1 (tabs on Linux)', k('Digit1', { alt: true })]
	])('refuses %s, naming what it does', (_name, key) => {
		const check = checkKey(key, 'a', []);
		expect(check.ok).toBe(false);
		if (!check.ok) expect(check.reason).toMatch(/cannot be a shortcut: it .+\.$/);
	});

	it.each([
		['K', k('KeyK')],
		['Shift+1', k('Digit1', { shift: true })],
		['Shift+F2', k('F2', { shift: true })],
		['F8', k('F8')],
		['Ctrl+Alt+M', k('KeyM', { ctrl: true, alt: true })],
		['Num 5', k('Numpad5')]
	])('accepts %s', (_name, key) => {
		expect(checkKey(key, 'a', [])).toEqual({ ok: true, key });
	});

	it('every entry of the table is refused, and lone modifiers are not a combo', () => {
		for (const entry of RESERVED_KEYS)
			for (const code of entry.codes) {
				const key = k(
					code,
					entry.with === 'primary' ? { ctrl: true } : entry.with === 'alt' ? { alt: true } : {}
				);
				expect(reservedBy(key), `${code} with ${entry.with}`).toBeDefined();
			}
		expect(
			keyFromEvent({
				code: 'ShiftLeft',
				ctrlKey: false,
				altKey: false,
				shiftKey: true,
				metaKey: false
			})
		).toBeUndefined();
		expect(
			keyFromEvent({ code: 'KeyK', ctrlKey: true, altKey: false, shiftKey: true, metaKey: false })
		).toEqual(k('KeyK', { ctrl: true, shift: true }));
	});

	it('refuses a combo another button has, naming that button; the same button may keep its own', () => {
		const others = [
			{ id: 'a', label: 'lurk', key: k('KeyK') },
			{ id: 'b', label: 'hype', key: k('KeyK', { shift: true }) }
		];
		expect(checkKey(k('KeyK'), 'c', others)).toMatchObject({
			ok: false,
			reason: 'K is already the shortcut of “lurk”.'
		});
		expect(checkKey(k('KeyK', { shift: true }), 'c', others)).toMatchObject({
			ok: false,
			reason: 'Shift+K is already the shortcut of “hype”.'
		});
		expect(checkKey(k('KeyK'), 'a', others).ok).toBe(true);
		expect(checkKey(k('KeyK', { ctrl: true, alt: true }), 'c', others)).toMatchObject({
			ok: false,
			reason: expect.stringMatching(/cannot be a shortcut/)
		});
		expect(checkKey(k('KeyM', { alt: true }), 'c', others).ok).toBe(true);
	});

	it('names combos as on the keycaps', () => {
		expect(formatKey(k('KeyK', { ctrl: true, shift: true }))).toBe('Ctrl+Shift+K');
		expect(formatKey(k('Digit7', { alt: true }))).toBe('Alt+7');
		expect(formatKey(k('KeyK', { meta: true, alt: true }), true)).toBe('Option+Cmd+K');
		expect(formatKey(k('Numpad3'))).toBe('Num 3');
		expect(formatKey(k('Slash'))).toBe('/');
	});
});
