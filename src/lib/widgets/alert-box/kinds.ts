/**
 * The alert box's kinds (follower, subscriber, gift…), which alert keys fall in each, and its
 * templates: `{name} cheered {amount} bits!`. A template names payload fields; an unknown field
 * renders empty. Everything filled in is a viewer's text, rendered as text only.
 */
import type { AlertLine } from '$lib/protocol/event-lines';
import { m } from '../messages';
import { alertAmount, describeAlert, moneyText } from '../events/describe';
import { DEFAULT_TEMPLATES, type AlertKind } from './alert-kinds';
import { count, type Locale } from '../i18n';
import type { Look } from './look';

export { ALERT_KINDS, DEFAULT_TEMPLATES, kindOf, type AlertKind } from './alert-kinds';

const MONEY: readonly AlertKind[] = ['tip', 'superchat'];

/** The fields a template can name, for one alert (all text; missing ones are empty). */
export function alertFields(line: AlertLine, kind: AlertKind): Record<string, string> {
	const d = line.dynamic ?? {};
	const x = line.extra ?? {};
	const amount = alertAmount(line) ?? '';
	const described = describeAlert(line);
	return {
		...d,
		...x,
		name: line.username ?? x.name ?? '',
		amount: !amount ? '' : MONEY.includes(kind) ? moneyText(line, amount) : count(Number(amount)),
		message: x.message ?? x.rawMessage ?? '',
		tier: tierText(x.tier ?? x.subPlan ?? x.plan),
		months: x.months ?? x.cumulativeMonths ?? '',
		reward: d.name ?? x.command ?? x.reward ?? '',
		platform: line.platform,
		event: line.key,
		text: `${described.who} ${described.what}`.trim()
	};
}

/** Sub plans as the platforms send them (`1000`, `Prime`) in words a streamer would write. */
function tierText(plan: string | undefined): string {
	if (!plan) return '';
	if (/^prime$/i.test(plan)) return 'Prime';
	const n = Number(plan);
	return Number.isFinite(n) && n >= 1000 ? m.tier({ n: Math.round(n / 1000) }) : plan;
}

/**
 * The kind's default words (DEFAULT_TEMPLATES) in the widget's language, with plurals: the alert's own
 * sentence when they need an amount or a reward it does not carry.
 */
export function defaultHeadline(kind: AlertKind, line: AlertLine): string {
	const fields = alertFields(line, kind);
	const name = fields.name!;
	const amount = alertAmount(line);
	const count = Number(amount);
	const headline = (() => {
		switch (kind) {
			case 'follower':
				return m.alert_follower({ name });
			case 'subscriber':
				return m.alert_subscriber({ name });
			case 'member':
				return m.alert_member({ name });
			case 'gift':
				return amount ? m.alert_gift({ name, count }) : undefined;
			case 'bits':
				return amount ? m.alert_bits({ name, count }) : undefined;
			case 'raid':
				return amount ? m.alert_raid({ name, count }) : undefined;
			case 'tip':
				return amount ? m.alert_tip({ name, amount: fields.amount! }) : undefined;
			case 'superchat':
				return amount ? m.alert_superchat({ name, amount: fields.amount! }) : undefined;
			case 'points':
				return fields.reward ? m.alert_points({ name, reward: fields.reward }) : undefined;
		}
	})();
	// Spaces an empty name leaves are folded; no-break spaces (French `!`, `1 500 €`) stay.
	return (headline ?? fields.text!).replace(/ {2,}/g, ' ').trim();
}

/** A count no language writes with a plural of its own nor a grouping: the template's `{amount}`. */
const SAMPLE = 7;

/**
 * The kind's default words as a template in `locale` (the builder's form, when the widget's language
 * is not English): its message said with the placeholders as the values, so one sentence serves both.
 * A count is said as SAMPLE (the plural form an amount takes) and then named `{amount}`. Needs the
 * dashboard's compile of the messages, which says each in the `locale` it is given (widget.html's
 * says its own language only, and never calls this).
 */
export function defaultTemplate(kind: AlertKind, locale: Locale): string {
	const say = { locale };
	const name = '{name}';
	const counted = (text: string) => text.replace(String(SAMPLE), '{amount}');
	switch (kind) {
		case 'follower':
			return m.alert_follower({ name }, say);
		case 'subscriber':
			return m.alert_subscriber({ name }, say);
		case 'member':
			return m.alert_member({ name }, say);
		case 'gift':
			return counted(m.alert_gift({ name, count: SAMPLE }, say));
		case 'bits':
			return counted(m.alert_bits({ name, count: SAMPLE }, say));
		case 'raid':
			return counted(m.alert_raid({ name, count: SAMPLE }, say));
		case 'tip':
			return m.alert_tip({ name, amount: '{amount}' }, say);
		case 'superchat':
			return m.alert_superchat({ name, amount: '{amount}' }, say);
		case 'points':
			return m.alert_points({ name, reward: '{reward}' }, say);
		case 'other':
			return DEFAULT_TEMPLATES.other;
	}
}

/** Fills `{field}`; an unknown field is empty. Spaces a missing field leaves are folded. */
export function renderTemplate(template: string, fields: Readonly<Record<string, string>>): string {
	return template
		.replace(/\{(\w+)\}/g, (_, key: string) => (Object.hasOwn(fields, key) ? fields[key]! : ''))
		.replace(/[ \t\r\n]+/g, ' ')
		.trim();
}

/** One alert as the box shows it: its texts are a viewer's, rendered as text only. */
export interface Shown {
	id: number;
	kind: AlertKind;
	headline: string;
	message: string;
	/** An https image address, or empty. */
	avatar: string;
	look: Look;
	duration: number;
}
