/** Text styling options every widget shares, and the CSS they map to. Only local fonts: nothing is loaded from elsewhere. */
import {
	booleanField as bool,
	colorField as color,
	numberField as num,
	selectField as select,
	type OptionField,
	type Options
} from './options';

/** The fonts by option value (their names in the builder form are in form-text.ts). */
const FONTS = {
	system: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
	sans: '"Helvetica Neue", Arial, sans-serif',
	serif: 'Georgia, "Times New Roman", serif',
	mono: 'ui-monospace, "Cascadia Mono", Menlo, Consolas, monospace',
	rounded: 'ui-rounded, "SF Pro Rounded", "Arial Rounded MT Bold", system-ui, sans-serif',
	impact: 'Impact, Haettenschweiler, "Arial Narrow Bold", sans-serif'
} as const;

/**
 * Look presets on top of the options (WidgetFrame.svelte holds their CSS): each sets the theme's custom
 * properties and a `theme-<name>` class on the widget's root, which the Custom CSS box can also aim at.
 */
export const THEMES = ['clean', 'bold', 'neon', 'minimal'] as const;

export const styleFields = (
	defaults: { size: number; color?: string; align?: string } = { size: 32 }
): OptionField[] => [
	select('theme', THEMES),
	select('font', Object.keys(FONTS)),
	num('size', defaults.size, 8, 400),
	color('color', defaults.color ?? '#ffffff'),
	color('outline', '#000000'),
	num('outlineWidth', 0, 0, 20),
	bool('shadow', true),
	select('align', ['left', 'center', 'right'], defaults.align)
];

/** The theme's class for the widget's root; an unknown theme (never from a parsed URL) is clean. */
export function themeClass(o: Options): string {
	return `theme-${THEMES.includes(o.theme as (typeof THEMES)[number]) ? String(o.theme) : 'clean'}`;
}

/** CSS custom properties for a widget's root; values were validated by the option schema. */
export function styleVars(o: Options): string {
	const font = FONTS[o.font as keyof typeof FONTS] ?? FONTS.system;
	const width = Number(o.outlineWidth) || 0;
	const outline = width > 0 ? `${width}px ${String(o.outline)}` : '0 transparent';
	return [
		`--w-font: ${font}`,
		`--w-size: ${Number(o.size)}px`,
		`--w-color: ${String(o.color)}`,
		`--w-stroke: ${outline}`,
		`--w-shadow: ${o.shadow ? '0 2px 6px rgba(0,0,0,.75)' : 'none'}`,
		`--w-align: ${String(o.align)}`,
		`--w-justify: ${o.align === 'center' ? 'center' : o.align === 'right' ? 'flex-end' : 'flex-start'}`
	].join('; ');
}
