/** Text styling options every widget shares, and the CSS they map to. Only local fonts: nothing is loaded from elsewhere. */
import type { OptionField, Options } from './options';

const FONTS = [
	{ value: 'system', label: 'System', css: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
	{ value: 'sans', label: 'Sans serif', css: '"Helvetica Neue", Arial, sans-serif' },
	{ value: 'serif', label: 'Serif', css: 'Georgia, "Times New Roman", serif' },
	{ value: 'mono', label: 'Monospace', css: 'ui-monospace, "Cascadia Mono", Menlo, Consolas, monospace' },
	{ value: 'rounded', label: 'Rounded', css: 'ui-rounded, "SF Pro Rounded", "Arial Rounded MT Bold", system-ui, sans-serif' },
	{ value: 'impact', label: 'Impact', css: 'Impact, Haettenschweiler, "Arial Narrow Bold", sans-serif' }
] as const;

export const styleFields = (defaults: { size: number; color?: string; align?: string } = { size: 32 }): OptionField[] => [
	{ key: 'font', label: 'Font', kind: 'select', default: 'system', choices: FONTS.map(({ value, label }) => ({ value, label })) },
	{ key: 'size', label: 'Text size', kind: 'number', default: defaults.size, min: 8, max: 400, unit: 'px' },
	{ key: 'color', label: 'Text colour', kind: 'color', default: defaults.color ?? '#ffffff' },
	{ key: 'outline', label: 'Outline colour', kind: 'color', default: '#000000' },
	{ key: 'outlineWidth', label: 'Outline width', kind: 'number', default: 0, min: 0, max: 20, unit: 'px' },
	{ key: 'shadow', label: 'Drop shadow', kind: 'boolean', default: true },
	{
		key: 'align',
		label: 'Alignment',
		kind: 'select',
		default: defaults.align ?? 'left',
		choices: [
			{ value: 'left', label: 'Left' },
			{ value: 'center', label: 'Centre' },
			{ value: 'right', label: 'Right' }
		]
	}
];

/** CSS custom properties for a widget's root; values were validated by the option schema. */
export function styleVars(o: Options): string {
	const font = FONTS.find((f) => f.value === o.font)?.css ?? FONTS[0].css;
	const width = Number(o.outlineWidth) || 0;
	const outline = width > 0 ? `${width}px ${String(o.outline)}` : '0 transparent';
	return [
		`--w-font: ${font}`,
		`--w-size: ${Number(o.size)}px`,
		`--w-color: ${String(o.color)}`,
		`--w-stroke: ${outline}`,
		`--w-shadow: ${o.shadow ? '0 2px 6px rgba(0,0,0,.75)' : 'none'}`,
		`--w-align: ${String(o.align)}`
	].join('; ');
}
