/**
 * The Share page's link card lists a custom link's send types as the page's language joins a list
 * (Intl.ListFormat), not with ", " (issue 30).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { language } from '$lib/app/language.svelte';
import { SEND_TYPE_WORDS } from '$lib/app/send-type-words';
import { typeList } from '../../src/routes/(app)/share/type-list';

afterEach(() => language.choose('en'));

const TYPES = ['timeout-user', 'ban-user', 'clear-chat'] as const;

describe('a link’s send types as a list', () => {
	it.each([
		['en', ', ', ', and '],
		['de', ', ', ' und '],
		['es', ', ', ' y '],
		['fr', ', ', ' et '],
		['pt-BR', ', ', ' e ']
	])('%s joins them its own way', async (lang, comma, and) => {
		await language.choose(lang as never);
		const [a, b, c] = TYPES.map((t) => SEND_TYPE_WORDS[t]());
		expect(typeList(TYPES)).toBe(`${a}${comma}${b}${and}${c}`);
		expect(typeList(['timeout-user', 'some-newer-type'])).toBe(
			`${a}${and.replace(/^,/, '')}some-newer-type`
		);
	});
});
