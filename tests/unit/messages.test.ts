/**
 * The message catalogues (docs/languages.md): the widgets' and the start log's (messages/{locale}.json)
 * and the dashboard's (messages/dashboard/<area>/{locale}.json, areas merged). In each, every language has every key with
 * the same parameters, and none is still the English text, apart from words each language really
 * writes the same. The dashboard's words stay out of the widgets' project, so widget.html and
 * widget-languages.js never carry them. Then the widgets' words and numbers in German and French, as
 * viewers see them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dashboardAreas, dashboardCatalogue } from '../../build-tools/paraglide';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAlertEvent, type AlertLine } from '$lib/protocol/event-lines';
import { describeAlert } from '$lib/widgets/events/describe';
import { defaultHeadline, kindOf } from '$lib/widgets/alert-box/kinds';
import { count, matchLanguage, money, secondsAgo, useLanguage } from '$lib/widgets/i18n';
import { formatNumber } from '$lib/widgets/format';
import {
	LANGUAGES,
	browserLanguage,
	matchLanguage as matchDashboardLanguage
} from '$lib/app/language.svelte';

const ROOT = resolve(import.meta.dirname, '../..');
const settings = JSON.parse(
	readFileSync(resolve(ROOT, 'project.inlang/settings.json'), 'utf8')
) as {
	baseLocale: string;
	locales: string[];
	'plugin.inlang.messageFormat': { pathPattern: string | string[] };
};
type Catalogue = Record<string, unknown>;
/** The widgets' catalogue (`messages/`); the dashboard's is every area of `messages/dashboard/`. */
const catalogue = (locale: string): Catalogue => {
	const { $schema: _schema, ...messages } = JSON.parse(
		readFileSync(resolve(ROOT, `messages/${locale}.json`), 'utf8')
	) as Catalogue;
	return messages;
};
const en = catalogue('en');
const others = settings.locales.filter((l) => l !== settings.baseLocale);

/**
 * Words a language writes as English does, on purpose. Anything else equal to English is a message
 * nobody translated yet.
 */
const SAME_AS_ENGLISH: Readonly<Record<string, Readonly<Record<string, string>>>> = {
	es: { w_chat: 'streamers say "el chat"' },
	'pt-BR': { w_chat: 'streamers say "o chat"' },
	fr: { w_chat: 'streamers say "le chat"' },
	de: {
		w_chat: 'German streams say "Chat"',
		w_timer: 'German uses "Timer"',
		live: 'German streams say "Live"',
		offline: 'German uses "Offline"'
	}
};

/** Every text of a message (its variants, for plurals), in a fixed order. */
const texts = (message: unknown): string[] =>
	typeof message === 'string'
		? [message]
		: (message as { match: Record<string, string> }[]).flatMap((v) => Object.values(v.match));
const params = (message: unknown) =>
	[
		...new Set(texts(message).flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1])))
	].sort();

/**
 * The dashboard's words each language writes as English does, on purpose: each area's
 * same-as-english.json, `{ locale: { key: why } }`.
 */
const DASHBOARD_SAME_AS_ENGLISH: Readonly<Record<string, Readonly<Record<string, string>>>> = {};
for (const area of dashboardAreas()) {
	const file = resolve(ROOT, `messages/dashboard/${area}/same-as-english.json`);
	if (!existsSync(file)) continue;
	const allowed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
	for (const [locale, words] of Object.entries(allowed))
		Object.assign(((DASHBOARD_SAME_AS_ENGLISH as Record<string, object>)[locale] ??= {}), words);
}

describe('the message catalogue', () => {
	it('has the five languages, English first', () => {
		expect(settings.baseLocale).toBe('en');
		expect(settings.locales).toEqual(['en', 'es', 'pt-BR', 'de', 'fr']);
	});

	it.each(others)('%s has every key English has, and no other', (locale) => {
		expect(Object.keys(catalogue(locale)).sort()).toEqual(Object.keys(en).sort());
	});

	it.each(others)(
		'%s fills the same parameters as English, and plurals where English has them',
		(locale) => {
			const messages = catalogue(locale);
			for (const [key, message] of Object.entries(en)) {
				expect([key, params(messages[key])]).toEqual([key, params(message)]);
				expect([key, typeof messages[key]]).toEqual([key, typeof message]);
			}
		}
	);

	it.each(others)(
		'%s has translated every message (apart from the listed same words)',
		(locale) => {
			const messages = catalogue(locale);
			const allowed = SAME_AS_ENGLISH[locale] ?? {};
			const untranslated = Object.keys(en).filter(
				(key) => !(key in allowed) && texts(messages[key]).some((t, i) => t === texts(en[key])[i])
			);
			expect(untranslated).toEqual([]);
			// An allowance for a word that is now translated is stale.
			for (const key of Object.keys(allowed)) expect([key, messages[key]]).toEqual([key, en[key]]);
		}
	);

	it('finds an untranslated message (the check itself)', () => {
		const fake: Catalogue = { ...catalogue('de'), live: 'Live', ev_followed: en.ev_followed };
		const found = Object.keys(en).filter(
			(key) =>
				!(key in SAME_AS_ENGLISH.de!) && texts(fake[key]).some((t, i) => t === texts(en[key])[i])
		);
		expect(found).toEqual(['ev_followed']);
	});
});

describe("the dashboard's catalogue (messages/dashboard/<area>/)", () => {
	const dashboardEn = dashboardCatalogue('en');
	const untranslated = (locale: string, messages: Catalogue) =>
		Object.keys(dashboardEn).filter(
			(key) =>
				!(key in messages) ||
				(!(key in (DASHBOARD_SAME_AS_ENGLISH[locale] ?? {})) &&
					texts(messages[key]).some((t, i) => t === texts(dashboardEn[key])[i]))
		);

	it('speaks the languages the project lists, and the picker offers each', () => {
		expect(LANGUAGES).toEqual(settings.locales);
	});

	it.each(others)('%s has every key English has, and no other', (locale) => {
		expect(Object.keys(dashboardCatalogue(locale)).sort()).toEqual(Object.keys(dashboardEn).sort());
	});

	it.each(others)('%s fills the same parameters as English', (locale) => {
		const messages = dashboardCatalogue(locale);
		for (const [key, message] of Object.entries(dashboardEn)) {
			expect([key, params(messages[key])]).toEqual([key, params(message)]);
			expect([key, typeof messages[key]]).toEqual([key, typeof message]);
		}
	});

	it.each(others)(
		'%s has translated every message (apart from the listed same words)',
		(locale) => {
			const messages = dashboardCatalogue(locale);
			expect(untranslated(locale, messages)).toEqual([]);
			for (const key of Object.keys(DASHBOARD_SAME_AS_ENGLISH[locale] ?? {}))
				expect([key, messages[key]]).toEqual([key, dashboardEn[key]]);
		}
	);

	it('finds an untranslated or missing dashboard message (the check itself)', () => {
		const fake: Catalogue = {
			...dashboardCatalogue('de'),
			nav_deck: 'Deck',
			deck_empty: dashboardEn.deck_empty
		};
		delete fake.deck_edit;
		expect(untranslated('de', fake)).toEqual(['deck_edit', 'deck_empty']);
	});

	it("stays out of the widgets' project, so widget.html and widget-languages.js never carry it", () => {
		// The project Paraglide compiles for the widgets (and widget.html's English-only copy of it)
		// reads messages/{locale}.json alone.
		expect([settings['plugin.inlang.messageFormat'].pathPattern].flat()).toEqual([
			'./messages/{locale}.json'
		]);
		for (const locale of settings.locales) {
			const widgetKeys = Object.keys(catalogue(locale));
			expect(Object.keys(dashboardCatalogue(locale)).filter((k) => widgetKeys.includes(k))).toEqual(
				[]
			);
		}
	});

	it("follows the browser's first language we have, matched as a widget's lang= is", () => {
		for (const tag of ['de', 'DE-at', 'pt', 'pt_br', 'fr-CA', 'es-419', 'en-GB', 'xx', ''])
			expect([tag, matchDashboardLanguage(tag)]).toEqual([tag, matchLanguage(tag)]);
		expect(browserLanguage(['nl-NL', 'de-DE', 'en'])).toBe('de');
		expect(browserLanguage(['pt-PT'])).toBe('pt-BR');
		expect(browserLanguage(['nl', 'ja'])).toBeUndefined();
	});
});

describe('a widget in its language', () => {
	afterEach(() => useLanguage('en'));
	const alert = (event: string, dynamic: object, extraSettings: object): AlertLine =>
		parseAlertEvent({
			type: 'alert',
			origin: event.split('-')[0],
			event,
			data: { dynamic, extraSettings }
		})!;
	const headline = (line: AlertLine) => defaultHeadline(kindOf(line)!, line);
	const bits = alert('alpha-bits', { value: 1500 }, { displayname: 'Bo', bits: 1500 });
	const bit = alert('alpha-bits', { value: 1 }, { displayname: 'Bo', bits: 1 });
	const tip = alert('appstream-donation', {}, { name: 'Cy', amount: '1234.5', currency: 'EUR' });
	const follow = alert('alpha-follower', { value: 'Ana' }, { displayname: 'Ana' });

	it('reads lang= leniently: a region or any case finds the language, an unknown one none', () => {
		expect(matchLanguage('de')).toBe('de');
		expect(matchLanguage('DE-at')).toBe('de');
		expect(matchLanguage('pt')).toBe('pt-BR');
		expect(matchLanguage('pt_br')).toBe('pt-BR');
		expect(matchLanguage('fr-CA')).toBe('fr');
		expect(matchLanguage('xx')).toBeUndefined();
		expect(matchLanguage('')).toBeUndefined();
	});

	it('says alerts in English by default, with plurals and grouped numbers', () => {
		expect(headline(follow)).toBe('Ana followed!');
		expect(headline(bits)).toBe('Bo cheered 1,500 bits!');
		expect(headline(bit)).toBe('Bo cheered 1 bit!');
		expect(headline(tip)).toBe('Cy tipped €1,234.50!');
	});

	it('in German: its words, its plurals, its numbers and currency', () => {
		useLanguage('de');
		expect(headline(follow)).toBe('Ana folgt jetzt!');
		expect(headline(bits)).toBe('Bo hat 1.500 Bits gecheert!');
		expect(headline(bit)).toBe('Bo hat 1 Bit gecheert!');
		expect(headline(tip)).toBe('Cy hat 1.234,50\u00a0€ gespendet!');
		const said = describeAlert(alert('alpha-raid', { value: 2 }, { displayname: 'Di' }));
		expect(`${said.who} ${said.what}`).toBe('Di raidet mit 2 Zuschauern');
		expect(formatNumber(12345.5, 'grouped')).toBe('12.345,5');
		expect(secondsAgo(12)).toMatch(/^vor 12 Sek/);
	});

	it('in French: 0 and 1 take the singular, numbers group with a narrow space', () => {
		useLanguage('fr');
		expect(headline(bit)).toBe('Bo a envoyé 1 bit\u00a0!');
		expect(headline(bits)).toBe('Bo a envoyé 1\u202f500 bits\u00a0!');
		expect(count(1500)).toBe('1\u202f500');
		expect(money(5, 'USD')).toBe('5,00\u00a0$US');
	});
});
