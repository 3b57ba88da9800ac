/** Small schema builders shared by the catalog, so every range reads the same way in every error. */
import * as v from 'valibot';
import { PLATFORMS } from './vocabulary';
import { said } from './rule-text';

export const text = (what = 'text') =>
	v.pipe(
		v.string(said('string_of', { what })),
		v.trim(),
		v.minLength(1, said('required_of', { what }))
	);

/** A string that is passed through untouched (chat text, titles): only emptiness is refused. */
export const rawText = (what = 'text') =>
	v.pipe(
		v.string(said('string_of', { what })),
		v.check((s) => s.trim().length > 0, said('required_of', { what }))
	);

/** The two bounds of a range, with one message naming both (and the unit). */
const range = (min: number, max: number, unit: string) => {
	const message = unit ? said('between_unit', { min, max, unit }) : said('between', { min, max });
	return [
		v.minValue<number, number, string>(min, message),
		v.maxValue<number, number, string>(max, message)
	] as const;
};

export const int = (min: number, max: number, unit = '') =>
	v.pipe(v.number(said('number')), v.integer(said('whole')), ...range(min, max, unit));

export const num = (min: number, max: number, unit = '') =>
	v.pipe(v.number(said('number')), v.finite(said('finite')), ...range(min, max, unit));

export const nonNegativeInt = (unit = '') =>
	v.pipe(
		v.number(said('number')),
		v.integer(said('whole')),
		v.minValue(0, unit ? said('or_more_unit', { min: 0, unit }) : said('or_more', { min: 0 })),
		v.maxValue(Number.MAX_SAFE_INTEGER, said('too_large'))
	);

export const bool = () => v.boolean(said('boolean'));

export const platform = () =>
	v.picklist(PLATFORMS, said('one_of', { options: PLATFORMS.join(', ') }));

/**
 * Params every type accepts besides its own (protocol facts §4.5). No form offers them, so their
 * rules are plain English: a widget's reads use them without carrying rule-text's table.
 */
const envelopeFlag = () => v.optional(v.boolean('must be true or false'));
export const envelopeParams = {
	extraSettings: v.optional(
		v.record(v.string(), v.unknown(), 'must be an object of template variables')
	),
	skipQueue: envelopeFlag(),
	bypassQueue: envelopeFlag()
};

/** A params object: the listed fields plus the envelope params; anything else is refused by name. */
export const params = <const T extends v.ObjectEntries>(entries: T) =>
	v.strictObject({ ...envelopeParams, ...entries });
