/** Small schema builders shared by the catalog, so every range reads the same way in every error. */
import * as v from 'valibot';
import { PLATFORMS } from './vocabulary';

export const text = (what = 'text') =>
	v.pipe(v.string(`must be a string (${what})`), v.trim(), v.minLength(1, `is required (${what})`));

/** A string that is passed through untouched (chat text, titles): only emptiness is refused. */
export const rawText = (what = 'text') =>
	v.pipe(
		v.string(`must be a string (${what})`),
		v.check((s) => s.trim().length > 0, `is required (${what})`)
	);

/** The two bounds of a range, with one message naming both (and the unit). */
const range = (min: number, max: number, unit: string) => {
	const message = `must be between ${min} and ${max}${unit ? ' ' + unit : ''}`;
	return [
		v.minValue<number, number, string>(min, message),
		v.maxValue<number, number, string>(max, message)
	] as const;
};

export const int = (min: number, max: number, unit = '') =>
	v.pipe(
		v.number('must be a number'),
		v.integer('must be a whole number'),
		...range(min, max, unit)
	);

export const num = (min: number, max: number, unit = '') =>
	v.pipe(
		v.number('must be a number'),
		v.finite('must be a finite number'),
		...range(min, max, unit)
	);

export const nonNegativeInt = (unit = '') =>
	v.pipe(
		v.number('must be a number'),
		v.integer('must be a whole number'),
		v.minValue(0, `must be 0 or more${unit ? ' ' + unit : ''}`),
		v.maxValue(Number.MAX_SAFE_INTEGER, 'is too large')
	);

export const bool = () => v.boolean('must be true or false');

export const platform = () => v.picklist(PLATFORMS, `must be one of ${PLATFORMS.join(', ')}`);

/** Params every type accepts besides its own (protocol facts §4.5). */
export const envelopeParams = {
	extraSettings: v.optional(
		v.record(v.string(), v.unknown(), 'must be an object of template variables')
	),
	skipQueue: v.optional(bool()),
	bypassQueue: v.optional(bool())
};

/** A params object: the listed fields plus the envelope params; anything else is refused by name. */
export const params = <const T extends v.ObjectEntries>(entries: T) =>
	v.strictObject({ ...envelopeParams, ...entries });
