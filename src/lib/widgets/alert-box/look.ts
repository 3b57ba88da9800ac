/**
 * An alert's look in a compact URL form, so ten kinds and their variations fit in a browser source's
 * address: `duration,in,out,sound,volume,image`, e.g. `6,zoom,fade,fanfare,90,avatar`. Any part may be
 * left empty to keep the value it would have had (`,,,coin` changes the sound only).
 * Variations by amount: `kind:minimum:look` joined by `;`, e.g. `bits:1000:8,zoom,,fanfare;tip:50:,,,coin`.
 */
import * as v from 'valibot';
import { AS_DATA } from '../../protocol/as-data';

export const ANIMATIONS = ['none', 'fade', 'pop', 'slide', 'zoom'] as const;
export const BUILT_IN_SOUNDS = ['none', 'chime', 'bell', 'coin', 'fanfare'] as const;
export const AUDIO_EXTENSIONS = ['mp3', 'ogg', 'oga', 'wav', 'm4a', 'aac', 'flac', 'opus', 'webm'];

export interface Look {
	/** Seconds on screen. */
	duration: number;
	in: string;
	out: string;
	/** A built-in sound's name, or a file of the companion's media folder (`airhorn.mp3`). */
	sound: string;
	/** 0–100. */
	volume: number;
	image: 'avatar' | 'none';
}

export const DEFAULT_LOOK: Look = {
	duration: 5,
	in: 'pop',
	out: 'fade',
	sound: 'chime',
	volume: 70,
	image: 'avatar'
};

/** A media file name: no folders, an audio extension, no separator of this format. */
export const isAudioFileName = (s: string): boolean =>
	/^[^/\\,;:]+\.(\w+)$/.test(s) &&
	!s.startsWith('.') &&
	AUDIO_EXTENSIONS.includes(s.split('.').pop()!.toLowerCase());

/**
 * Why a look or its variations are refused, as data (a kind and its values, in order): the builder says it in
 * the dashboard's language; the widget keeps the English sentence written beside it.
 */
export type LookError =
	| [kind: 'too_long' | 'sound' | 'image']
	| [kind: 'parts', max: number]
	| [kind: 'whole', part: 'duration' | 'volume']
	| [kind: 'between', part: 'duration' | 'volume', min: number, max: number]
	| [kind: 'animation', part: 'in' | 'out']
	| [kind: 'form', item: string, kinds: string]
	| [kind: 'item', item: string, error: LookError];

// Valibot's issues carry a message only: each English sentence, written where its rule is,
// remembers the error it states (widget.html carries no table of them).
const SAID = new Map<string, LookError>();
// widget.html only shows the sentence: there `said` keeps the text and the minifier drops the data.
const said: (text: string, error: LookError) => string = AS_DATA
	? (text, error) => (SAID.set(text, error), text)
	: (text) => text;
/** The error a look's sentence states; undefined for any other sentence. */
export const lookErrorOf = (sentence: string): LookError | undefined => SAID.get(sentence);

const whole = (min: number, max: number, part: 'duration' | 'volume') => {
	const between = said(`the ${part} must be between ${min} and ${max}`, [
		'between',
		part,
		min,
		max
	]);
	// Its rules as `check`s, as options.ts says why.
	return v.pipe(
		v.string(),
		v.check((s) => /^\d+$/.test(s), said(`the ${part} must be a whole number`, ['whole', part])),
		v.transform(Number),
		v.check((n) => n >= min && n <= max, between)
	);
};
const animation = (part: 'in' | 'out') =>
	v.picklist(
		ANIMATIONS,
		said(`the ${part} animation must be one of ${ANIMATIONS.join(', ')}`, ['animation', part])
	);
const PARTS = [
	['duration', whole(1, 120, 'duration')],
	['in', animation('in')],
	['out', animation('out')],
	[
		'sound',
		v.pipe(
			v.string(),
			v.check(
				(s) => (BUILT_IN_SOUNDS as readonly string[]).includes(s) || isAudioFileName(s),
				said(`the sound must be one of ${BUILT_IN_SOUNDS.join(', ')} or an audio file's name`, [
					'sound'
				])
			)
		)
	],
	['volume', whole(0, 100, 'volume')],
	['image', v.picklist(['avatar', 'none'], said('the image must be avatar or none', ['image']))]
] as const;
const TOO_LONG = said('is too long', ['too_long']);

/** What a look string sets (the parts left empty are absent). */
export type LookChange = Partial<Look>;

export const LookSchema: v.GenericSchema<string, LookChange> = v.pipe(
	v.string(),
	v.check((s) => s.length <= 200, TOO_LONG),
	v.transform((s) => s.split(',').map((x) => x.trim())),
	v.check((parts) => parts.length <= PARTS.length, said('has more than 6 parts', ['parts', 6])),
	v.rawTransform(({ dataset, addIssue, NEVER }) => {
		const out: Record<string, unknown> = {};
		for (const [i, raw] of dataset.value.entries()) {
			const [key, schema] = PARTS[i]!;
			if (raw === '') continue;
			const parsed = v.safeParse(schema as v.GenericSchema<string, unknown>, raw);
			if (!parsed.success) {
				addIssue({ message: parsed.issues[0].message });
				return NEVER;
			}
			out[key] = parsed.output;
		}
		return out as LookChange;
	})
);

export interface Variation {
	kind: string;
	min: number;
	look: LookChange;
}

export const variationsSchema = (kinds: readonly string[]): v.GenericSchema<string, Variation[]> =>
	v.pipe(
		v.string(),
		v.check((s) => s.length <= 1000, TOO_LONG),
		v.rawTransform(({ dataset, addIssue, NEVER }) => {
			const out: Variation[] = [];
			for (const item of dataset.value.split(';').map((x) => x.trim())) {
				if (!item) continue;
				const m = /^([a-z]+):(\d+(?:\.\d+)?):(.*)$/.exec(item);
				if (!m || !kinds.includes(m[1]!)) {
					const at = item.slice(0, 30);
					const among = kinds.join(', ');
					addIssue({
						message: said(`"${at}" must read kind:minimum:look, with a kind among ${among}`, [
							'form',
							at,
							among
						])
					});
					return NEVER;
				}
				const look = v.safeParse(LookSchema, m[3]!);
				if (!look.success) {
					const { message } = look.issues[0];
					const at = item.slice(0, 30);
					addIssue({
						message: said(`in "${at}", ${message}`, ['item', at, SAID.get(message)!])
					});
					return NEVER;
				}
				out.push({ kind: m[1]!, min: Number(m[2]), look: look.output });
			}
			return out;
		})
	);

/** The URL form of a look change (the builder writes it; trailing empty parts are left off). */
export function lookText(look: LookChange): string {
	return PARTS.map(([key]) => (look[key] === undefined ? '' : String(look[key])))
		.join(',')
		.replace(/,+$/, '');
}

/**
 * The look of one alert: the widget's look, then its kind's, then the variation of that kind with
 * the highest minimum the amount reaches.
 */
export function lookFor(
	kind: string,
	amount: number | undefined,
	base: LookChange,
	own: LookChange,
	variations: readonly Variation[]
): Look {
	let best: Variation | undefined;
	if (amount !== undefined)
		for (const variation of variations)
			if (variation.kind === kind && amount >= variation.min && (!best || variation.min > best.min))
				best = variation;
	return { ...DEFAULT_LOOK, ...base, ...own, ...best?.look };
}
