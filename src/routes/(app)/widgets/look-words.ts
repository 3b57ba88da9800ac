/**
 * An alert look's errors (alert-box/look.ts's `LookError`, data) in the dashboard's language. The
 * widget says them in English from the same data (`lookErrorText`), so widget.html carries no table.
 */
import {
	ANIMATIONS,
	BUILT_IN_SOUNDS,
	lookErrorOf,
	type LookError
} from '$lib/widgets/alert-box/look';
import type { OptionField } from '$lib/widgets/options';
import { language } from '$lib/app/language.svelte';
import * as m from '$lib/app/messages';

const number = (n: number) => new Intl.NumberFormat(language.current).format(n);

/** A look error's words: "die Dauer muss zwischen 1 und 120 liegen". */
export function lookWords(error: LookError): string {
	switch (error[0]) {
		case 'too_long':
			return m.builder_look_too_long();
		case 'parts':
			return m.builder_look_parts({ max: error[1] });
		case 'whole':
			return error[1] === 'duration'
				? m.builder_look_duration_whole()
				: m.builder_look_volume_whole();
		case 'between': {
			const values = { min: number(error[2]), max: number(error[3]) };
			return error[1] === 'duration'
				? m.builder_look_duration(values)
				: m.builder_look_volume(values);
		}
		case 'animation': {
			const animations = ANIMATIONS.join(', ');
			return error[1] === 'in'
				? m.builder_look_in({ animations })
				: m.builder_look_out({ animations });
		}
		case 'sound':
			return m.builder_look_sound({ sounds: BUILT_IN_SOUNDS.join(', ') });
		case 'image':
			return m.builder_look_image();
		case 'form':
			return m.builder_variation_form({ item: error[1], kinds: error[2] });
		case 'item':
			return m.builder_variation_look({ item: error[1], rule: lookWords(error[2]) });
	}
}

/** A look or variations field's error in the dashboard's language; undefined for other fields. */
export function lookErrorWords(field: OptionField, sentence: string): string | undefined {
	if (field.kind !== 'look' && field.kind !== 'variations') return undefined;
	const error = lookErrorOf(sentence);
	return error && lookWords(error);
}
