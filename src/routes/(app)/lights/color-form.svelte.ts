/**
 * The colour form of the lights page: colour by hex, RGB or colour temperature, the common options and
 * the chosen lights, turned into exactly the params of hex-color or rgb-color. Validation is left to
 * the shared schemas (through Press), so a wrong value is named by field and rule, never corrected.
 */
import type { Light } from '$lib/protocol';
import * as m from '$lib/app/messages';

export type ColorMode = 'hex' | 'rgb' | 'ct';
/** What a number input gives: a number, or null/undefined when empty. */
export type NumberField = number | null | undefined;

/** Each preset's name is its message, said at render in the dashboard's language. */
export const COLOR_PRESETS = [
	{ name: m.lights_red, hex: '#ff0000' },
	{ name: m.lights_orange, hex: '#ff8800' },
	{ name: m.lights_yellow, hex: '#ffd000' },
	{ name: m.lights_green, hex: '#00ff40' },
	{ name: m.lights_cyan, hex: '#00e5ff' },
	{ name: m.lights_blue, hex: '#0040ff' },
	{ name: m.lights_purple, hex: '#8a2be2' },
	{ name: m.lights_pink, hex: '#ff3ca0' },
	{ name: m.lights_white, hex: '#ffffff' }
] as const;

export const TEMPERATURE_PRESETS = [
	{ name: m.lights_candle, kelvin: 2900 },
	{ name: m.lights_warm_white, kelvin: 3200 },
	{ name: m.lights_neutral, kelvin: 4500 },
	{ name: m.lights_daylight, kelvin: 5600 },
	{ name: m.lights_cool, kelvin: 7000 }
] as const;

/** `#f80` → `#ff8800`; anything that is not a hex colour gives undefined. */
export function fullHex(hex: string): string | undefined {
	const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
	if (!m) return undefined;
	const digits = m[1]!.length === 3 ? [...m[1]!].map((d) => d + d).join('') : m[1]!;
	return `#${digits.toLowerCase()}`;
}

export function hexToRgb(hex: string): { r: number; g: number; b: number } | undefined {
	const full = fullHex(hex);
	if (!full) return undefined;
	const n = Number.parseInt(full.slice(1), 16);
	return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

const given = (x: NumberField): x is number => typeof x === 'number' && !Number.isNaN(x);

export class ColorForm {
	mode = $state<ColorMode>('hex');
	hex = $state('#ff8800');
	r = $state<NumberField>(255);
	g = $state<NumberField>(136);
	b = $state<NumberField>(0);
	kelvin = $state<NumberField>(4500);
	brightness = $state<NumberField>(100);
	transition = $state<NumberField>(0);
	duration = $state<NumberField>(4000);
	hold = $state(false);
	/** Ids of the chosen lights; none chosen means every light. */
	targets = $state<string[]>([]);

	readonly type = $derived(this.mode === 'hex' ? 'hex-color' : 'rgb-color');
	/** The colour the swatch shows (undefined when the value cannot be shown). */
	readonly preview = $derived.by(() => {
		if (this.mode === 'hex') return fullHex(this.hex);
		if (this.mode === 'rgb' && given(this.r) && given(this.g) && given(this.b))
			return `rgb(${this.r} ${this.g} ${this.b})`;
		return undefined;
	});

	/** A preset or the picker sets both the hex and the RGB fields, so switching mode keeps the colour. */
	pick(hex: string): void {
		const rgb = hexToRgb(hex);
		if (!rgb) return;
		this.hex = fullHex(hex)!;
		this.r = rgb.r;
		this.g = rgb.g;
		this.b = rgb.b;
	}

	/** The params as the spec describes them; empty optional fields are left out. */
	params(lights: readonly Light[]): Record<string, unknown> {
		const value =
			this.mode === 'hex'
				? this.hex.trim()
				: this.mode === 'rgb'
					? { r: this.r, g: this.g, b: this.b }
					: { ct: this.kelvin };
		const out: Record<string, unknown> = { value };
		if (given(this.brightness)) out.brightness = this.brightness;
		if (given(this.transition)) out.transition = this.transition;
		if (given(this.duration)) out.duration = this.duration;
		if (this.hold) out.hold = true;
		const chosen = lights.filter((l) => this.targets.includes(l.id));
		// Each light is targeted by its brand as `type` and its id as `value` (spec, Colors).
		if (chosen.length) out.lights = chosen.map((l) => ({ type: l.type, value: l.id }));
		return out;
	}
}
