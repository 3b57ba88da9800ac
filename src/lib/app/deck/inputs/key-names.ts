/** How a shortcut reads on a button: apart from keys.ts, so a tile shows its key without the deck's key handling. */
import type { KeyBinding } from '../bindings';

const NAMED: Record<string, string> = {
	ArrowLeft: '←',
	ArrowRight: '→',
	ArrowUp: '↑',
	ArrowDown: '↓',
	Backquote: '`',
	Minus: '-',
	Equal: '=',
	BracketLeft: '[',
	BracketRight: ']',
	Backslash: '\\',
	Semicolon: ';',
	Quote: "'",
	Comma: ',',
	Period: '.',
	Slash: '/'
};

/** How a code reads on a keycap: KeyA → A, Digit1 → 1, Numpad1 → Num 1, ArrowLeft → ←. */
export function keyCapName(code: string): string {
	return (
		NAMED[code] ??
		code
			.replace(/^Key(?=[A-Z]$)/, '')
			.replace(/^Digit(?=\d$)/, '')
			.replace(/^Numpad/, 'Num ')
	);
}

/** A combo as people write it: "Ctrl+Shift+K" (Cmd for Meta on Apple systems). */
export function formatKey(key: KeyBinding, apple = false): string {
	const parts: string[] = [];
	if (key.ctrl) parts.push('Ctrl');
	if (key.alt) parts.push(apple ? 'Option' : 'Alt');
	if (key.shift) parts.push('Shift');
	if (key.meta) parts.push(apple ? 'Cmd' : 'Meta');
	parts.push(key.cap ?? keyCapName(key.code));
	return parts.join('+');
}
