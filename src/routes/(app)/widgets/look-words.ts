/**
 * An alert look's errors (alert-box/look.ts) in the dashboard's language. look.ts writes its English
 * inline, so widget.html carries no table of rules; here each error the look can give is matched by
 * its English sentence, built from the same lists, and said again with its values.
 */
import { ANIMATIONS, BUILT_IN_SOUNDS } from '$lib/widgets/alert-box/look';
import type { OptionField } from '$lib/widgets/options';
import { language } from '$lib/app/language.svelte';
import * as m from '$lib/app/messages';

const number = (n: number) => new Intl.NumberFormat(language.current).format(n);

/** Each error a look can give: its English sentence (as look.ts writes it) and its words here. */
function lookErrors(): [english: string, words: () => string][] {
	const animations = ANIMATIONS.join(', ');
	const sounds = BUILT_IN_SOUNDS.join(', ');
	const between = (what: string, min: number, max: number, words: typeof m.builder_look_duration) =>
		[
			`${what} must be between ${min} and ${max}`,
			() => words({ min: number(min), max: number(max) })
		] as [string, () => string];
	return [
		['is too long', m.builder_look_too_long],
		['has more than 6 parts', () => m.builder_look_parts({ max: 6 })],
		['the duration must be a whole number', m.builder_look_duration_whole],
		between('the duration', 1, 120, m.builder_look_duration),
		['the volume must be a whole number', m.builder_look_volume_whole],
		between('the volume', 0, 100, m.builder_look_volume),
		[`the in animation must be one of ${animations}`, () => m.builder_look_in({ animations })],
		[`the out animation must be one of ${animations}`, () => m.builder_look_out({ animations })],
		[
			`the sound must be one of ${sounds} or an audio file's name`,
			() => m.builder_look_sound({ sounds })
		],
		['the image must be avatar or none', m.builder_look_image]
	];
}

function lookWords(sentence: string): string | undefined {
	return lookErrors().find(([english]) => english === sentence)?.[1]();
}

/** A look or variations field's error in the dashboard's language; undefined for other fields. */
export function lookErrorWords(field: OptionField, sentence: string): string | undefined {
	if (field.kind === 'look') return lookWords(sentence);
	if (field.kind !== 'variations') return undefined;
	if (sentence === 'is too long') return m.builder_look_too_long();
	const inItem = /^in "(.*)", (.*)$/s.exec(sentence);
	if (inItem) {
		const rule = lookWords(inItem[2]!);
		return rule && m.builder_variation_look({ item: inItem[1]!, rule });
	}
	const kinds = field.kinds.join(', ');
	const form = /^"(.*)" must read kind:minimum:look, with a kind among (.*)$/s.exec(sentence);
	if (form && form[2] === kinds) return m.builder_variation_form({ item: form[1]!, kinds });
	return undefined;
}
