/**
 * A viewer's name colour made readable on the chat's plate, as the platforms' own chats do: a dark
 * purple on the default dark plate is lightened (mixed toward white, or toward black on a light plate)
 * in tenths until its contrast with the plate is at least 4.5 : 1 (WCAG AA). The plate counts as
 * opaque when at least half covers (over a scene it is darker still); a fainter plate leaves the scene
 * behind the name unknown, as does a plate or colour given by name: the colour stays as it is.
 */
import { isHexColor } from '../colors';

const MIN_CONTRAST = 4.5;

function channels(color: string): number[] | undefined {
	if (!isHexColor(color)) return undefined;
	const hex = color.length <= 5 ? [...color.slice(1)].map((c) => c + c).join('') : color.slice(1);
	// Red, green, blue, and the alpha (255 when not given).
	return [0, 2, 4, 6].map((i) => parseInt(hex.slice(i, i + 2) || 'ff', 16));
}

const linear = (c: number) => {
	const s = c / 255;
	return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = ([r, g, b]: number[]) =>
	0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);

export function readableOn(color: string, plate: string): string {
	const name = channels(color);
	const under = channels(plate);
	if (!name || !under || under[3]! < 128) return color;
	const plateLight = luminance(under);
	const toward = plateLight < 0.18 ? 255 : 0;
	for (let step = 0; step <= 10; step++) {
		const mixed = name.slice(0, 3).map((v) => Math.round(v + ((toward - v) * step) / 10));
		const light = luminance(mixed);
		const contrast = (Math.max(light, plateLight) + 0.05) / (Math.min(light, plateLight) + 0.05);
		if (contrast >= MIN_CONTRAST) return step === 0 ? color : `rgb(${mixed.join(', ')})`;
	}
	return color;
}
