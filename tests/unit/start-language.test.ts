/** The companion's start log: which language it speaks, and its two columns (src/server/start-lines.ts). */
import { describe, expect, it } from 'vitest';
import { matchLocale, systemLocale } from '../../src/server/start-language';
import { columns, seconds } from '../../src/server/start-lines';

const LOCALES = ['en', 'es', 'pt-BR', 'de', 'fr'] as const;

describe('start log language', () => {
	it('matches POSIX and BCP 47 tags to our languages', () => {
		expect(matchLocale('de_DE.UTF-8', LOCALES)).toBe('de');
		expect(matchLocale('pt_PT', LOCALES)).toBe('pt-BR');
		expect(matchLocale('pt-BR', LOCALES)).toBe('pt-BR');
		expect(matchLocale('fr_CA.UTF-8@euro', LOCALES)).toBe('fr');
		expect(matchLocale('C.UTF-8', LOCALES)).toBeUndefined();
		expect(matchLocale('POSIX', LOCALES)).toBeUndefined();
		expect(matchLocale('ja_JP', LOCALES)).toBeUndefined();
	});

	it('takes LC_ALL over LC_MESSAGES over LANG, then Intl, then English', () => {
		expect(systemLocale(LOCALES, { LC_ALL: 'es_ES', LANG: 'de_DE' }, 'fr')).toBe('es');
		expect(systemLocale(LOCALES, { LC_MESSAGES: 'de_AT', LANG: 'fr_FR' }, 'en')).toBe('de');
		expect(systemLocale(LOCALES, { LANG: 'C.UTF-8' }, 'pt-BR')).toBe('pt-BR');
		expect(systemLocale(LOCALES, { LANG: 'ja_JP.UTF-8' }, 'ja-JP')).toBe('en');
	});

	it('pads every label to the longest, and writes seconds as the language does', () => {
		expect(
			columns([
				['Dashboard:', 'a'],
				['Widget builder:', 'b']
			])
		).toEqual(['Dashboard:       a', 'Widget builder:  b']);
		expect(seconds(12_345, 'en')).toBe('12.3');
		expect(seconds(12_345, 'de')).toBe('12,3');
	});
});
