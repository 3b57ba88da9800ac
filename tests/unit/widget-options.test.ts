import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WIDGETS } from '$lib/widgets/definitions';
import { defaultsOf, optionsToParams, parseOptions, type OptionField, type OptionValue } from '$lib/widgets/options';

/** Values a builder form can produce for a field. */
function arbitraryValue(field: OptionField): fc.Arbitrary<OptionValue> {
	switch (field.kind) {
		case 'text':
			return fc.string({ maxLength: field.maxLength ?? 200 });
		case 'number':
			return fc.oneof(fc.integer({ min: Math.ceil(field.min), max: Math.floor(Math.min(field.max, 1e9)) }), fc.constant(field.min), fc.constant(field.max));
		case 'boolean':
			return fc.boolean();
		case 'color':
			return fc.oneof(
				fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`),
				fc.constant('transparent')
			);
		case 'select':
			return fc.constantFrom(...field.choices.map((c) => c.value));
		case 'list':
			return fc.array(fc.stringMatching(/^[a-z0-9_]{1,12}$/), { maxLength: 5 });
	}
}

describe.each(WIDGETS.map((w) => [w.id, w] as const))('%s options', (_id, widget) => {
	it('round-trip: every option set in the builder parses back to the same options', () => {
		const record = Object.fromEntries(widget.fields.map((f) => [f.key, arbitraryValue(f)]));
		fc.assert(
			fc.property(fc.record(record), (options) => {
				const url = new URL('http://x/#/widget/' + widget.id + '?' + optionsToParams(widget.fields, options).toString());
				const query = new URLSearchParams(url.hash.split('?')[1] ?? '');
				const parsed = parseOptions(widget.fields, query);
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
