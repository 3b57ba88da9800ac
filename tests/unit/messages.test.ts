/**
 * The message catalogues (docs/languages.md): the widgets' and the start log's (messages/{locale}.json)
 * and the dashboard's (messages/dashboard/<area>/{locale}.json, areas merged), checked alike: every
 * language has every key with the same parameters, and none is still the English text, apart from
 * words each language really writes the same (same-as-english.json beside the messages). The dashboard's words stay out of the widgets' project, so widget.html and
 * widget-languages.js never carry them. Then the widgets' words and numbers in German and French, as
 * viewers see them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dashboardAreas, dashboardCatalogue } from '../../build-tools/paraglide';
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
import * as dashboard from '$lib/app/messages';
import * as paraglideEnglish from '$lib/paraglide-ui/en/messages.js';

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
const others = settings.locales.filter((l) => l !== settings.baseLocale);

/** Every text of a message (its variants, for plurals), in a fixed order. */
const texts = (message: unknown): string[] =>
	typeof message === 'string'
		? [message]
		: (message as { match: Record<string, string> }[]).flatMap((v) => Object.values(v.match));
const params = (message: unknown) =>
	[
		...new Set(texts(message).flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1])))
	].sort();

type Allowed = Readonly<Record<string, Readonly<Record<string, string>>>>;
/**
 * Words a language writes as English does, on purpose (`{ locale: { key: why } }`, in each
 * catalogue's same-as-english.json files). Anything else equal to English is a message nobody
 * translated yet.
 */
function allowances(files: string[]): Allowed {
	const merged: Record<string, Record<string, string>> = {};
	for (const file of files.map((f) => resolve(ROOT, f)).filter((f) => existsSync(f)))
		for (const [locale, words] of Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Allowed))
			Object.assign((merged[locale] ??= {}), words);
	return merged;
}

/** The keys of `english` missing from `messages`, or still English there and not allowed to be. */
const untranslated = (
	english: Catalogue,
	messages: Catalogue,
	allowed: Readonly<Record<string, string>> = {}
) =>
	Object.keys(english).filter(
		(key) =>
			!(key in messages) ||
			(!(key in allowed) && texts(messages[key]).some((t, i) => t === texts(english[key])[i]))
	);

const CATALOGUES = [
	{
		name: "the widgets' and the start log's catalogue (messages/)",
		read: catalogue,
		allowed: allowances(['messages/same-as-english.json'])
	},
	{
		name: "the dashboard's catalogue (messages/dashboard/<area>/)",
		read: dashboardCatalogue,
		allowed: allowances(
			dashboardAreas().map((area) => `messages/dashboard/${area}/same-as-english.json`)
		)
	}
];

describe('the languages', () => {
	it("are five, English first; the dashboard's picker offers each", () => {
		expect(settings.baseLocale).toBe('en');
		expect(settings.locales).toEqual(['en', 'es', 'pt-BR', 'de', 'fr']);
		expect(LANGUAGES).toEqual(settings.locales);
	});

	it("the dashboard's words stay out of the widgets' project, so widget.html and widget-languages.js never carry them", () => {
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

	it('the check finds a missing message and one still in English, and keeps an allowed one', () => {
		const english = catalogue('en');
		const fake: Catalogue = { ...catalogue('de'), live: 'Live', ev_followed: english.ev_followed };
		delete fake.w_chat;
		expect(untranslated(english, fake, CATALOGUES[0]!.allowed.de).sort()).toEqual([
			'ev_followed',
			'w_chat'
		]);
	});

	it("the phone bar's page names fit a sixth of a 360 px bar (8 characters), so none breaks inside a word", () => {
		for (const locale of settings.locales)
			for (const [key, name] of Object.entries(dashboardCatalogue(locale)))
				if (/^nav_\w+_bar$/.test(key))
					expect([locale, key, String(name).length <= 8]).toEqual([locale, key, true]);
	});

	it("the dashboard follows the browser's first language we have, matched as a widget's lang= is", () => {
		for (const tag of ['de', 'DE-at', 'pt', 'pt_br', 'fr-CA', 'es-419', 'en-GB', 'xx', ''])
			expect([tag, matchDashboardLanguage(tag)]).toEqual([tag, matchLanguage(tag)]);
		expect(browserLanguage(['nl-NL', 'de-DE', 'en'])).toBe('de');
		expect(browserLanguage(['pt-PT'])).toBe('pt-BR');
		expect(browserLanguage(['nl', 'ja'])).toBeUndefined();
	});
});

describe.each(CATALOGUES)('$name', ({ read, allowed }) => {
	const english = read('en');

	it.each(others)('%s has every key English has, and no other', (locale) => {
		expect(Object.keys(read(locale)).sort()).toEqual(Object.keys(english).sort());
	});

	it.each(others)(
		'%s fills the same parameters as English, and plurals where English has them',
		(locale) => {
			const messages = read(locale);
			for (const [key, message] of Object.entries(english)) {
				expect([key, params(messages[key])]).toEqual([key, params(message)]);
				expect([key, typeof messages[key]]).toEqual([key, typeof message]);
			}
		}
	);

	it.each(others)(
		'%s has translated every message (apart from its listed same words)',
		(locale) => {
			const messages = read(locale);
			expect(untranslated(english, messages, allowed[locale])).toEqual([]);
			// An allowance for a word that is now translated is stale.
			for (const key of Object.keys(allowed[locale] ?? {}))
				expect([key, messages[key]]).toEqual([key, english[key]]);
		}
	);
});

describe("the dashboard's English (build-tools/paraglide.ts writes each message as one function)", () => {
	const english = dashboardCatalogue('en');
	const said = dashboard as unknown as Record<string, (inputs?: object) => string>;
	const compiled = paraglideEnglish as unknown as Record<string, (inputs?: object) => string>;

	it('has every message, and says what Paraglide compiles from the same text, plurals and numbers included', () => {
		expect(Object.keys(said).sort()).toEqual(Object.keys(english).sort());
		for (const [key, message] of Object.entries(english))
			for (const count of [0, 1, 2, 1500]) {
				const inputs = Object.fromEntries(params(message).map((name) => [name, `<${name}>`]));
				Object.assign(inputs, { count, n: count });
				expect([key, said[key]!(inputs)]).toEqual([key, compiled[key]!(inputs)]);
			}
		expect(said.songs_count!({ count: 1 })).toBe('1 request');
		expect(said.songs_count!({ count: 1500 })).toBe('1,500 requests');
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
