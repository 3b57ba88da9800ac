/**
 * One option schema per widget: a list of fields from which both the URL parser and the builder form
 * are derived, so the two can never disagree. Values travel as URL query strings.
 */
import * as v from 'valibot';
import { isColor } from './colors';
import { LookSchema, variationsSchema } from './alert-box/look';

interface FieldBase {
	key: string;
}
/**
 * One option as a widget reads it: its key, kind, default and limits. Its words for the builder's form
 * (label, help, unit…) are in form-text.ts, which only the builder imports: widget.html carries none.
 */
export type OptionField =
	| (FieldBase & { kind: 'text'; default: string; maxLength?: number })
	| (FieldBase & { kind: 'number'; default: number; min: number; max: number; integer?: boolean })
	| (FieldBase & { kind: 'boolean'; default: boolean })
	| (FieldBase & { kind: 'color'; default: string })
	| (FieldBase & { kind: 'select'; default: string; choices: readonly string[] })
	| (FieldBase & { kind: 'list'; default: readonly string[] })
	/** An alert's look in its compact form (alert-box/look.ts), kept as the text the URL carries. */
	| (FieldBase & { kind: 'look'; default: string })
	/** Looks by amount for some kinds (alert-box/look.ts), kept as the text the URL carries. */
	| (FieldBase & { kind: 'variations'; default: string; kinds: readonly string[] });

/** Short constructors for the field kinds most definitions use (they repeat in widget.html's script). */
export const textField = (key: string, maxLength = 120, fallback = ''): OptionField => ({
	key,
	kind: 'text',
	default: fallback,
	maxLength
});
export const numberField = (
	key: string,
	fallback: number,
	min: number,
	max: number,
	integer?: true
): OptionField => ({ key, kind: 'number', default: fallback, min, max, integer });
export const booleanField = (key: string, fallback: boolean): OptionField => ({
	key,
	kind: 'boolean',
	default: fallback
});
export const colorField = (key: string, fallback: string): OptionField => ({
	key,
	kind: 'color',
	default: fallback
});
/** A select whose default is its first choice unless given. */
export const selectField = (
	key: string,
	choices: readonly string[],
	fallback = choices[0]!
): OptionField => ({ key, kind: 'select', default: fallback, choices });
export const listField = (key: string, fallback: readonly string[] = []): OptionField => ({
	key,
	kind: 'list',
	default: fallback
});

export type OptionValue = string | number | boolean | readonly string[];
export type Options = Record<string, OptionValue>;

export interface OptionWarning {
	field: string;
	rule: string;
	/** What the URL carried, cut short: it is echoed only in the widget's debug corner. */
	given: string;
}

/** A string the given schema accepts, kept as written; its first issue is the field's error. */
const checkedBy = (schema: v.GenericSchema<string, unknown>): v.GenericSchema<string, string> =>
	v.pipe(
		v.string(),
		v.rawTransform(({ dataset, addIssue, NEVER }) => {
			const parsed = v.safeParse(schema, dataset.value);
			if (parsed.success) return dataset.value;
			addIssue({ message: parsed.issues[0].message });
			return NEVER;
		})
	);

/*
 * Limits as `v.check` (and rawTransform above, as look.ts): valibot's maxLength, maxValue, regex and
 * rawCheck would each add their own code to widget.html for rules `check` states as well, same words.
 */

/** The valibot schema that reads one field from its URL string form. */
export function fieldSchema(field: OptionField): v.GenericSchema<string, OptionValue> {
	switch (field.kind) {
		case 'text':
			return v.pipe(
				v.string(),
				v.check(
					(s) => s.length <= (field.maxLength ?? 200),
					`must be at most ${field.maxLength ?? 200} characters`
				)
			);
		case 'number':
			return v.pipe(
				v.string(),
				v.transform((s) => (s.trim() === '' ? NaN : Number(s))),
				v.number('must be a number'),
				v.finite('must be a number'),
				v.check((n) => !field.integer || Number.isInteger(n), 'must be a whole number'),
				v.check(
					(n) => n >= field.min && n <= field.max,
					`must be between ${field.min} and ${field.max}`
				)
			);
		case 'boolean':
			return v.pipe(
				v.string(),
				v.picklist(
					['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''],
					'must be true or false'
				),
				v.transform((s) => ['1', 'true', 'yes', 'on', ''].includes(s))
			);
		case 'color':
			return v.pipe(
				v.string(),
				v.trim(),
				v.check(isColor, 'must be a colour like #ffcc00 or a CSS colour name')
			);
		case 'select':
			return v.picklist(
				field.choices,
				`must be one of ${field.choices.join(', ')}`
			) as v.GenericSchema<string, string>;
		case 'list':
			return v.pipe(
				v.string(),
				v.check((s) => s.length <= 2000, 'is too long'),
				v.transform((s) =>
					s
						.split(',')
						.map((x) => x.trim())
						.filter(Boolean)
				)
			);
		case 'look':
			return checkedBy(LookSchema);
		case 'variations':
			return checkedBy(variationsSchema(field.kinds));
	}
}

export function defaultsOf(fields: readonly OptionField[]): Options {
	return Object.fromEntries(fields.map((f) => [f.key, f.default]));
}

/** Reads options from URL params: an invalid value falls back to its default with a warning. */
export function parseOptions(
	fields: readonly OptionField[],
	params: URLSearchParams
): { options: Options; warnings: OptionWarning[] } {
	const options = defaultsOf(fields);
	const warnings: OptionWarning[] = [];
	for (const field of fields) {
		const raw = params.get(field.key);
		if (raw === null) continue;
		const parsed = v.safeParse(fieldSchema(field), raw);
		if (parsed.success) options[field.key] = parsed.output;
		else
			warnings.push({
				field: field.key,
				rule: parsed.issues[0]?.message ?? 'is invalid',
				given: raw.slice(0, 40)
			});
	}
	return { options, warnings };
}

function encode(field: OptionField, value: OptionValue): string {
	if (field.kind === 'boolean') return value ? '1' : '0';
	if (field.kind === 'list') return (value as readonly string[]).join(',');
	return String(value);
}

function same(a: OptionValue, b: OptionValue): boolean {
	return Array.isArray(a) && Array.isArray(b) ? a.join(',') === b.join(',') : a === b;
}

/** Writes options as URL params, leaving out values equal to their default to keep URLs short. */
export function optionsToParams(fields: readonly OptionField[], options: Options): URLSearchParams {
	const out = new URLSearchParams();
	for (const field of fields) {
		const value = options[field.key];
		if (value === undefined || same(value, field.default)) continue;
		out.set(field.key, encode(field, value));
	}
	return out;
}

export interface WidgetDefinition {
	/** Also the key of the widget's name in messages (titles.ts for the widget, widget-names.ts for the builder). */
	id: string;
	fields: readonly OptionField[];
}

export const defineWidget = (w: WidgetDefinition): WidgetDefinition => w;

/** What a form control holds: a checkbox's state, or the text of any other input. */
export type RawValue = string | boolean;

export function toRaw(field: OptionField, value: OptionValue): RawValue {
	if (field.kind === 'boolean') return Boolean(value);
	if (field.kind === 'list') return (value as readonly string[]).join(', ');
	return String(value);
}

/** The URL form of a raw value, read by the same schema as the widget's URL parser. */
export function readRaw(
	field: OptionField,
	raw: RawValue
): { ok: true; value: OptionValue } | { ok: false; rule: string } {
	const text = typeof raw === 'boolean' ? (raw ? '1' : '0') : raw;
	const parsed = v.safeParse(fieldSchema(field), text);
	return parsed.success
		? { ok: true, value: parsed.output }
		: { ok: false, rule: parsed.issues[0]?.message ?? 'is invalid' };
}
