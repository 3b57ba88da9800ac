/**
 * Keyboard shortcuts of deck buttons: read a combo from an event, name it, and refuse the ones the
 * browser or the system keeps (a table in data) or another button already uses.
 */
import type { KeyBinding } from '../bindings';
import { formatKey } from './key-names';

export { formatKey, keyCapName } from './key-names';

/**
 * Which modifiers make an entry of the table apply. `primary` is Ctrl or Cmd (Meta), whatever else is
 * held; `none` is neither Ctrl, Alt nor Meta (Shift alone changes nothing there); `alt` is Alt without
 * Ctrl or Meta; `any` is whatever is held.
 */
export type ReservedWith = 'any' | 'none' | 'primary' | 'alt';

/** Why a key is kept from shortcuts, as data: the dashboard says it in its language (learn-words.ts). */
export type ReservedId =
	| 'tab'
	| 'escape'
	| 'browser-keys'
	| 'close-window'
	| 'press'
	| 'page-scroll'
	| 'history'
	| 'alt-menu'
	| 'alt-tabs'
	| 'primary-close'
	| 'primary-browser'
	| 'primary-edit'
	| 'primary-tabs'
	| 'zoom'
	| 'system-nav'
	| 'system';

export interface ReservedKeys {
	id: ReservedId;
	codes: readonly string[];
	with: ReservedWith;
	/** What the browser, the system or this page does with it, said after "it". */
	does: string;
}

const letters = (s: string) => [...s].map((c) => `Key${c}`);
const digits = (s: string) => [...s].map((c) => `Digit${c}`);

/** Keys the browser, the system or the dashboard itself answers to: never a button's shortcut. */
export const RESERVED_KEYS: readonly ReservedKeys[] = [
	{
		codes: ['Tab'],
		with: 'any',
		id: 'tab',
		does: 'moves between controls (and with Ctrl, between tabs)'
	},
	{ codes: ['Escape'], with: 'any', id: 'escape', does: 'closes dialogs and stops a learn' },
	{
		codes: ['F1', 'F3', 'F5', 'F6', 'F7', 'F10', 'F11', 'F12'],
		with: 'any',
		id: 'browser-keys',
		does: 'belongs to the browser (help, find, reload, address bar, caret, menu, full screen, developer tools)'
	},
	{ codes: ['F4'], with: 'alt', id: 'close-window', does: 'closes the window' },
	{
		codes: ['Space', 'Enter', 'NumpadEnter'],
		with: 'none',
		id: 'press',
		does: 'presses the focused control'
	},
	{
		codes: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'],
		with: 'none',
		id: 'page-scroll',
		does: 'changes deck page or scrolls'
	},
	{
		codes: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home'],
		with: 'alt',
		id: 'history',
		does: 'goes back or forward in the browser'
	},
	{
		codes: letters('DEFKHL'),
		with: 'alt',
		id: 'alt-menu',
		does: 'opens a browser menu or the address bar'
	},
	{
		codes: digits('123456789'),
		with: 'alt',
		id: 'alt-tabs',
		does: 'switches between tabs on some systems'
	},
	{
		codes: letters('WTNQR'),
		with: 'primary',
		id: 'primary-close',
		does: 'closes, opens, quits or reloads the browser or a tab'
	},
	{
		codes: letters('LDFGHJKOPSUEI'),
		with: 'primary',
		id: 'primary-browser',
		does: 'belongs to the browser (address bar, bookmark, find, history, downloads, search, open, print, save, source, tools)'
	},
	{
		codes: letters('ACVXZYB'),
		with: 'primary',
		id: 'primary-edit',
		does: 'edits text (select all, copy, paste, cut, undo, redo, bold)'
	},
	{
		codes: ['Tab', 'PageUp', 'PageDown', ...digits('123456789')],
		with: 'primary',
		id: 'primary-tabs',
		does: 'switches between tabs'
	},
	{
		codes: ['Equal', 'Minus', 'Digit0', 'NumpadAdd', 'NumpadSubtract', 'Numpad0'],
		with: 'primary',
		id: 'zoom',
		does: 'zooms the page'
	},
	{
		codes: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Backspace', 'Delete'],
		with: 'primary',
		id: 'system-nav',
		does: 'belongs to the system (workspaces, navigation)'
	},
	{
		codes: [
			'PrintScreen',
			'ContextMenu',
			'MetaLeft',
			'MetaRight',
			'OSLeft',
			'OSRight',
			'CapsLock',
			'NumLock',
			'ScrollLock',
			'Pause'
		],
		with: 'any',
		id: 'system',
		does: 'belongs to the system'
	}
];

/** Held alone, these are not a shortcut yet: learning waits for the key that goes with them. */
const MODIFIER_CODES = new Set([
	'ShiftLeft',
	'ShiftRight',
	'ControlLeft',
	'ControlRight',
	'AltLeft',
	'AltRight',
	'MetaLeft',
	'MetaRight',
	'OSLeft',
	'OSRight',
	'AltGraph',
	'Fn',
	'FnLock',
	'Hyper',
	'Super'
]);

export type KeyLike = Pick<KeyboardEvent, 'code' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'> &
	Partial<Pick<KeyboardEvent, 'key'>>;

/**
 * The letter a letter key printed on this keyboard (KeyZ on a German one gives "y"): one letter only,
 * and never with Alt, where AltGr and Option give another character than the key's own.
 */
function capOf(e: KeyLike): string | undefined {
	if (!/^Key[A-Z]$/.test(e.code) || e.altKey || !e.key || !/^\p{L}$/u.test(e.key)) return undefined;
	const cap = e.key.toLocaleUpperCase();
	return cap === e.code.slice(3) ? undefined : cap;
}

/** The combo an event makes, or undefined for a lone modifier (or a key without a code). */
export function keyFromEvent(e: KeyLike): KeyBinding | undefined {
	if (!e.code || MODIFIER_CODES.has(e.code)) return undefined;
	const cap = capOf(e);
	return {
		code: e.code,
		...(cap ? { cap } : {}),
		ctrl: e.ctrlKey,
		alt: e.altKey,
		shift: e.shiftKey,
		meta: e.metaKey
	};
}

export function sameKey(a: KeyBinding, b: KeyBinding): boolean {
	return (
		a.code === b.code &&
		!!a.ctrl === !!b.ctrl &&
		!!a.alt === !!b.alt &&
		!!a.shift === !!b.shift &&
		!!a.meta === !!b.meta
	);
}

function applies(w: ReservedWith, key: KeyBinding): boolean {
	switch (w) {
		case 'any':
			return true;
		case 'none':
			return !key.ctrl && !key.alt && !key.meta;
		case 'primary':
			return Boolean(key.ctrl || key.meta);
		case 'alt':
			return Boolean(key.alt) && !key.ctrl && !key.meta;
	}
}

/** The table's entry a combo falls under, if any. */
export function reservedBy(key: KeyBinding): ReservedKeys | undefined {
	return RESERVED_KEYS.find((r) => r.codes.includes(key.code) && applies(r.with, key));
}

/** Another button and its shortcut, to check a new combo against. */
export interface KeyOwner {
	id: string;
	label: string;
	key?: KeyBinding;
}

/** A refusal in English (`reason`), with why as data for the dashboard (learn-words.ts says it). */
export type KeyCheck =
	{ ok: true; key: KeyBinding } | { ok: false; reason: string; why: KeyRefusal };
export type KeyRefusal = { reserved: ReservedId } | { taken: string };

/** Whether `key` may become the shortcut of button `forId`: not reserved, not another button's. */
export function checkKey(
	key: KeyBinding,
	forId: string,
	others: readonly KeyOwner[],
	apple = false
): KeyCheck {
	const name = formatKey(key, apple);
	const reserved = reservedBy(key);
	if (reserved)
		return {
			ok: false,
			reason: `${name} cannot be a shortcut: it ${reserved.does}.`,
			why: { reserved: reserved.id }
		};
	const clash = others.find((o) => o.id !== forId && o.key && sameKey(o.key, key));
	if (clash)
		return {
			ok: false,
			reason: `${name} is already the shortcut of “${clash.label}”.`,
			why: { taken: clash.label }
		};
	return { ok: true, key };
}
