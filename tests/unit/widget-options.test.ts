import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WIDGETS } from '$lib/widgets/definitions';
import { ALERT_KINDS } from '$lib/widgets/alert-box/kinds';
import { formSections } from '../../src/routes/(app)/widgets/form-sections';
import { WIDGET_TEXT, fieldText, widgetForm } from '../../src/routes/(app)/widgets/form-text';
import {
	defaultsOf,
	optionsToParams,
	parseOptions,
	readRaw,
	toRaw,
	type OptionField,
	type Options,
	type OptionValue
} from '$lib/widgets/options';
import { ANIMATIONS, BUILT_IN_SOUNDS, lookText } from '$lib/widgets/alert-box/look';
import { CSS_NAMED_COLORS, namedColorEngine } from '../support/css-named-colors';

// Node has no CSS: colour names are asked of a stand-in that knows what Chromium knows (tests/e2e/obs checks it).
beforeAll(() => void vi.stubGlobal('CSS', namedColorEngine()));
afterAll(() => void vi.unstubAllGlobals());

const hex = (digits: number) =>
	fc
		.integer({ min: 0, max: 16 ** digits - 1 })
		.map((n) => `#${n.toString(16).padStart(digits, '0')}`);

/** Values a builder form can produce for a field (and a widget accepts on its URL). */
function arbitraryValue(field: OptionField): fc.Arbitrary<OptionValue> {
	switch (field.kind) {
		case 'text': {
			const max = field.maxLength ?? 200;
			return fc.oneof(
				fc.string({ maxLength: max }),
				fc.string({ unit: 'grapheme', maxLength: 20 }).filter((s) => s.length <= max)
			);
		}
		case 'number': {
			const ints = fc.integer({
				min: Math.ceil(field.min),
				max: Math.floor(Math.min(field.max, 1e9))
			});
			const ends = fc.constantFrom(field.min, field.max);
			if (field.integer) return fc.oneof(ints, ends);
			// Fractions too; -0 reads back as 0 (a form shows "0").
			const doubles = fc
				.double({ min: field.min, max: field.max, noNaN: true, noDefaultInfinity: true })
				.map((n) => n + 0);
			return fc.oneof(ints, ends, doubles);
		}
		case 'boolean':
			return fc.boolean();
		case 'color':
			return fc.oneof(hex(3), hex(4), hex(6), hex(8), fc.constantFrom(...CSS_NAMED_COLORS));
		case 'select':
			return fc.constantFrom(...field.choices);
		case 'list': {
			// What a comma-separated entry can hold: no commas, no surrounding blanks.
			const item = fc
				.string({ minLength: 1, maxLength: 16 })
				.filter((s) => !s.includes(',') && s.trim() === s && s !== '');
			return fc.array(item, { maxLength: 5 });
		}
		case 'look':
			return arbitraryLook;
		case 'variations':
			return fc
				.array(
					fc
						.tuple(fc.constantFrom(...field.kinds), fc.nat({ max: 100000 }), arbitraryLook)
						.map(([kind, min, look]) => `${kind}:${min}:${look}`),
					{ maxLength: 3 }
				)
				.map((items) => items.join(';'));
	}
}

/** Looks in their compact form, with any part left empty. */
const arbitraryLook = fc
	.record(
		{
			duration: fc.integer({ min: 1, max: 120 }),
			in: fc.constantFrom(...ANIMATIONS),
			out: fc.constantFrom(...ANIMATIONS),
			sound: fc.constantFrom(...BUILT_IN_SOUNDS, 'horn.mp3', 'my clip.ogg'),
			volume: fc.integer({ min: 0, max: 100 }),
			image: fc.constantFrom('avatar' as const, 'none' as const)
		},
		{ requiredKeys: [] }
	)
	.map(lookText);

/** The builder's path: each value shown in its form control, read back by the form, written to the URL. */
function throughForm(fields: readonly OptionField[], options: Options): Options {
	const read: Options = {};
	for (const field of fields) {
		const back = readRaw(field, toRaw(field, options[field.key]!));
		if (!back.ok)
			throw new Error(
				`${field.key}: the form refused ${JSON.stringify(options[field.key])} (${back.rule})`
			);
		read[field.key] = back.value;
	}
	return read;
}

describe.each(WIDGETS.map((w) => [w.id, w] as const))('%s options', (_id, widget) => {
	it('round-trip: every option set in the builder parses back to the same options', () => {
		const record = Object.fromEntries(widget.fields.map((f) => [f.key, arbitraryValue(f)]));
		fc.assert(
			fc.property(fc.record(record), (options) => {
				const url = new URL(
					'http://x/#/widget/' +
						widget.id +
						'?' +
						optionsToParams(widget.fields, options).toString()
				);
				const query = new URLSearchParams(url.hash.split('?')[1] ?? '');
				const parsed = parseOptions(widget.fields, query);
				expect(parsed.warnings).toEqual([]);
				expect(parsed.options).toEqual(options);
			}),
			{ numRuns: 300 }
		);
	});

	it('builder round trip: every field through its form control (toRaw → readRaw), then the URL, gives back the same options', () => {
		const record = Object.fromEntries(widget.fields.map((f) => [f.key, arbitraryValue(f)]));
		fc.assert(
			fc.property(fc.record(record), (options) => {
				const params = optionsToParams(widget.fields, throughForm(widget.fields, options));
				const parsed = parseOptions(widget.fields, new URLSearchParams(params.toString()));
				expect(parsed.warnings).toEqual([]);
				expect(parsed.options).toEqual(options);
			}),
			{ numRuns: 300 }
		);
	});

	it('invalid values fall back to defaults, each with a warning naming the field', () => {
		const bad = new URLSearchParams();
		for (const f of widget.fields) {
			if (f.kind === 'number') bad.set(f.key, String(f.max + 1));
			if (f.kind === 'select') bad.set(f.key, 'not-a-choice');
			if (f.kind === 'boolean') bad.set(f.key, 'maybe');
			if (f.kind === 'color') bad.set(f.key, 'url(javascript:alert(1))');
		}
		const parsed = parseOptions(widget.fields, bad);
		expect(parsed.options).toEqual(defaultsOf(widget.fields));
		expect(parsed.warnings.map((w) => w.field).sort()).toEqual([...bad.keys()].sort());
		for (const w of parsed.warnings) expect(w.rule).toMatch(/must/);
	});
});

describe('option rules', () => {
	const colorField: OptionField = { key: 'c', kind: 'color', default: '#000000' };
	const read = (field: OptionField, raw: string) =>
		parseOptions([field], new URLSearchParams({ [field.key]: raw }));

	it('a colour is hex or a CSS colour name, in any case; other words are refused with a warning', () => {
		for (const ok of [
			'#abc',
			'#abcd',
			'#A1B2C3',
			'#a1b2c3d4',
			'red',
			'RebeccaPurple',
			'transparent',
			' teal '
		])
			expect(read(colorField, ok)).toEqual({ options: { c: ok.trim() }, warnings: [] });
		for (const bad of [
			'banana',
			'reddish',
			'#12345',
			'#1234567',
			'rgb(0,0,0)',
			'inherit',
			'currentColor',
			'red;',
			'url(x)',
			''
		])
			expect(read(colorField, bad)).toEqual({
				options: { c: '#000000' },
				warnings: [
					{ field: 'c', rule: 'must be a colour like #ffcc00 or a CSS colour name', given: bad }
				]
			});
	});

	it('with no engine to ask (no CSS, as in Node), a colour name is refused and hex still read', () => {
		vi.stubGlobal('CSS', undefined);
		try {
			expect(read(colorField, 'red').options).toEqual({ c: '#000000' });
			expect(read(colorField, '#ff0000').options).toEqual({ c: '#ff0000' });
		} finally {
			vi.stubGlobal('CSS', namedColorEngine());
		}
	});

	it('count options (every limit) take whole numbers only', () => {
		const limits = WIDGETS.flatMap((w) =>
			w.fields.filter((f) => f.key === 'limit').map((f) => [w.id, f] as const)
		);
		expect(limits.map(([id]) => id)).toEqual(['song-queue', 'chat', 'events']);
		for (const [, field] of limits) {
			expect(field.kind === 'number' && field.integer).toBe(true);
			expect(read(field, '3').options.limit).toBe(3);
			expect(read(field, '2.5')).toEqual({
				options: { limit: field.default },
				warnings: [{ field: 'limit', rule: 'must be a whole number', given: '2.5' }]
			});
			expect(read(field, '1e1').options.limit).toBe(10);
		}
		// Other numbers may be fractions.
		expect(
			parseOptions(WIDGETS[0]!.fields, new URLSearchParams({ goal: '2.5' })).options.goal
		).toBe(2.5);
	});
});

describe('form text', () => {
	it('every field of every widget has its words, every select choice its name, and no text is left over', () => {
		expect(Object.keys(WIDGET_TEXT).sort()).toEqual(WIDGETS.map((w) => w.id).sort());
		for (const widget of WIDGETS) {
			const form = widgetForm(widget);
			expect(form.description).not.toBe('');
			for (const field of form.fields) {
				expect(fieldText(widget.id, field.key), `${widget.id}.${field.key}`).toBeDefined();
				if (field.kind === 'select')
					expect(Object.keys(field.text.choices ?? {}).sort(), `${widget.id}.${field.key}`).toEqual(
						[...field.choices].sort()
					);
				else expect(field.text.choices, `${widget.id}.${field.key}`).toBeUndefined();
				if (field.kind !== 'number')
					expect([field.text.unit, field.text.step], `${widget.id}.${field.key}`).toEqual([
						undefined,
						undefined
					]);
			}
			const keys = new Set(widget.fields.map((f) => f.key));
			for (const key of Object.keys(WIDGET_TEXT[widget.id]!().fields))
				expect(keys.has(key), `${widget.id}.${key} has text but no field`).toBe(true);
		}
	});
});

describe("the builder form's folded groups", () => {
	it('folds each alert kind’s text and look together, and nothing else', () => {
		for (const definition of WIDGETS) {
			const sections = formSections(widgetForm(definition).fields);
			const groups = sections.filter((s) => s.group !== undefined);
			if (definition.id !== 'alert-box') {
				expect(groups, definition.id).toEqual([]);
				continue;
			}
			expect(groups.map((g) => g.fields.map((f) => f.key))).toEqual(
				ALERT_KINDS.map((kind) => [`${kind}Text`, `${kind}Look`])
			);
			expect(sections.flatMap((s) => s.fields).map((f) => f.key)).toEqual(
				definition.fields.map((f) => f.key)
			);
		}
	});
});
