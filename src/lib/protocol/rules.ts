/** Small schema builders shared by the catalog, so every range reads the same way in every error. */
import * as v from 'valibot';
import { PLATFORMS } from './vocabulary';
import { said } from './rule-text';

/**
 * The fields a text rule names, each by a stable id (the dashboard's labels are keyed by it:
 * lib/app/reason-words.ts's FIELD_WORDS) and its English name in the rule's sentence ("is required
 * (title)"), which can change without breaking that lookup. The id rides in the rule's data. The
 * deck's schema states "is required (name)" and "(counter name)" too, without an id; it is in the
 * deck's first load, so this lazy catalogue, remembered after it, is the rule those sentences give.
 */
export const TEXT_FIELDS = {
	alert_key: 'alert key',
	alias: 'alias',
	announcement: 'announcement',
	category: 'category',
	command_name: 'command name',
	counter_name: 'counter name',
	folder_name: 'folder name',
	layer_id: 'layer id',
	light_brand: 'light brand',
	light_id: 'light id',
	message: 'message',
	message_id: 'message id',
	message_text: 'message text',
	name: 'name',
	new_name: 'new name',
	overlay: 'overlay name or id',
	platform: 'platform',
	poll_title: 'poll title',
	prediction_title: 'prediction title',
	reply_text: 'reply text',
	text_to_speak: 'text to speak',
	title: 'title',
	username: 'username',
	variable_name: 'variable name',
	voice: 'voice'
} as const;
export type TextField = keyof typeof TEXT_FIELDS;

const fieldRule = (field: TextField) => ({ what: TEXT_FIELDS[field], field });

export const text = (field: TextField) =>
	v.pipe(
		v.string(said('string_of', fieldRule(field))),
		v.trim(),
		v.minLength(1, said('required_of', fieldRule(field)))
	);

/** A string that is passed through untouched (chat text, titles): only emptiness is refused. */
export const rawText = (field: TextField) =>
	v.pipe(
		v.string(said('string_of', fieldRule(field))),
		v.check((s) => s.trim().length > 0, said('required_of', fieldRule(field)))
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
	extraSettings: v.optional(v.looseObject({}, 'must be an object of template variables')),
	skipQueue: envelopeFlag(),
	bypassQueue: envelopeFlag()
};

/** A params object: the listed fields plus the envelope params; anything else is refused by name. */
export const params = <const T extends v.ObjectEntries>(entries: T) =>
	v.strictObject({ ...envelopeParams, ...entries });
