import { describe, expect, it } from 'vitest';
import { readableOn } from '$lib/widgets/chat/readable-color';

const luminance = (rgb: string) => {
	const [r, g, b] = (rgb.match(/\d+/g) ?? []).map((c) => {
		const s = Number(c) / 255;
		return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
	});
	return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

describe('a name colour on the chat plate', () => {
	it('lightens a dark purple on the default dark plate to at least 4.5 : 1, keeping its hue side', () => {
		const made = readableOn('#6c5ce7', '#000000a6');
		expect(made).toMatch(/^rgb\(/);
		expect(contrast(luminance(made), 0)).toBeGreaterThanOrEqual(4.5);
		const [r, g, b] = made.match(/\d+/g)!.map(Number);
		expect(b).toBeGreaterThan(r!);
		expect(b).toBeGreaterThan(g!);
	});

	it('leaves a colour that already reads as it is', () => {
		expect(readableOn('#ff00aa', '#000000a6')).toBe('#ff00aa');
		expect(readableOn('#4ecdc4', '#000')).toBe('#4ecdc4');
	});

	it('darkens a yellow on a light plate', () => {
		const made = readableOn('#ffff00', '#ffffff');
		expect(contrast(luminance(made), 1)).toBeGreaterThanOrEqual(4.5);
	});

	it('leaves names alone where the plate is a colour name (its shade unknown here)', () => {
		expect(readableOn('#6c5ce7', 'black')).toBe('#6c5ce7');
		expect(readableOn('blue', '#000')).toBe('blue');
	});

	it('leaves names alone on a plate fainter than half (the scene behind it decides)', () => {
		expect(readableOn('#6c5ce7', '#0000007f')).toBe('#6c5ce7');
		expect(readableOn('#6c5ce7', '#0008')).not.toBe('#6c5ce7');
	});
});
