/**
 * The dashboard's alert lines (lib/ui/alert-words.ts) say the events widget's sentences in the
 * dashboard's language, whatever language the widgets' own messages are set to.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseAlertEvent, type AlertLine } from '$lib/protocol/event-lines';
import { describeAlert } from '$lib/widgets/events/describe';
import { useLanguage } from '$lib/widgets/i18n';
import { alertWords, messagesIn } from '$lib/ui/alert-words';
import {
	ALERT_KINDS,
	DEFAULT_TEMPLATES,
	alertFields,
	defaultHeadline,
	defaultTemplate,
	renderTemplate
} from '$lib/widgets/alert-box/kinds';
import { LANGUAGES } from '$lib/widgets/i18n';

const alert = (event: string, dynamic: object, extraSettings: object): AlertLine =>
	parseAlertEvent({
		type: 'alert',
		origin: event.split('-')[0],
		event,
		data: { dynamic, extraSettings }
	})!;
const follow = alert('alpha-follower', { value: 'Ana' }, { displayname: 'Ana' });
const bits = alert('alpha-bits', { value: 1500 }, { displayname: 'Bo', bits: 1500 });
const bit = alert('alpha-bits', { value: 1 }, { displayname: 'Bo', bits: 1 });
const tip = alert('appstream-donation', {}, { name: 'Cy', amount: '1234.5', currency: 'EUR' });
const said = (line: AlertLine, lang: 'de' | 'fr' | 'en') => {
	const { who, what } = describeAlert(line, messagesIn(lang), lang);
	return `${who} ${what}`.trim();
};

describe('alert lines in the dashboard’s language', () => {
	afterEach(() => useLanguage('en'));

	it('in German: the widget’s sentences, plurals, numbers and money, with the widgets in English', () => {
		useLanguage('en');
		expect(said(follow, 'de')).toBe('Ana folgt jetzt');
		expect(said(bits, 'de')).toBe('Bo hat 1.500 Bits gecheert');
		expect(said(bit, 'de')).toBe('Bo hat 1 Bit gecheert');
		expect(said(tip, 'de')).toMatch(/^Cy hat 1\.234,50\u00a0€ gespendet/);
		// The widgets' own language is untouched.
		const { who, what } = describeAlert(bits);
		expect(`${who} ${what}`).toBe('Bo cheered 1,500 bits');
	});

	it('keeps the dashboard’s language when a widget on the page speaks another', () => {
		useLanguage('fr');
		expect(said(bits, 'de')).toBe('Bo hat 1.500 Bits gecheert');
		expect(said(bits, 'en')).toBe('Bo cheered 1,500 bits');
		expect(said(tip, 'en')).toMatch(/€1,234\.50/);
	});

	it('speaks the language the dashboard shows: English until another is chosen', () => {
		expect(alertWords(follow)).toEqual({ who: 'Ana', what: 'followed' });
	});
});

describe('the alert box’s default templates in each language (the builder’s form)', () => {
	afterEach(() => useLanguage('en'));
	// One alert of each kind, with an amount of 7 (a plural in every language) where it has one.
	const samples = {
		follower: follow,
		subscriber: alert('alpha-subscriber', {}, { displayname: 'Bo' }),
		member: alert('youtube-member', {}, { displayname: 'Bo' }),
		gift: alert('alpha-giftsubscription', { value: 7 }, { displayname: 'Bo' }),
		bits: alert('alpha-bits', { value: 7 }, { displayname: 'Bo', bits: 7 }),
		raid: alert('alpha-raid', { value: 7 }, { displayname: 'Bo' }),
		tip: alert('appstream-donation', {}, { name: 'Cy', amount: '7', currency: 'EUR' }),
		superchat: alert('youtube-superchat', {}, { name: 'Cy', amount: '7', currency: 'USD' }),
		points: alert('alpha-points', { name: 'Hydrate' }, { displayname: 'Di' }),
		other: alert('alpha-hypetrainStarted', {}, { displayname: 'Di' })
	} as const;

	it('in English: the templates the widget’s options name as defaults', () => {
		for (const kind of ALERT_KINDS)
			expect(defaultTemplate(kind, 'en')).toBe(DEFAULT_TEMPLATES[kind]);
	});

	it.each(LANGUAGES)('in %s: filled in, each says what the widget says by default', (locale) => {
		useLanguage(locale);
		for (const kind of ALERT_KINDS) {
			const line = samples[kind];
			const template = defaultTemplate(kind, locale);
			expect(renderTemplate(template, alertFields(line, kind))).toBe(defaultHeadline(kind, line));
		}
	});

	it('in German, as the builder shows them', () => {
		expect(defaultTemplate('follower', 'de')).toBe('{name} folgt jetzt!');
		expect(defaultTemplate('raid', 'de')).toBe('{name} raidet mit {amount} Zuschauern!');
		expect(defaultTemplate('tip', 'de')).toBe('{name} hat {amount} gespendet!');
	});
});
