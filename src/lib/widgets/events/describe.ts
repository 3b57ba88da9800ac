/**
 * A readable line per alert ("Ana followed", "Bo cheered 100 bits", in the widget's language) from its key
 * (`<origin>-<camelCaseEvent>`, protocol facts §3.6) and its `dynamic`/`extraSettings` fields.
 * Everything here is untrusted text: it is only ever rendered as text.
 */
import type { AlertLine } from '$lib/protocol/event-lines';
import { m as widgetWords, type Messages } from '../messages';
import { eventOf } from '../alert-box/alert-kinds';
import { money } from '../i18n';

export { eventOf };

interface AlertText {
	/** Who did it (may be empty). */
	who: string;
	/** The rest of the sentence, after the name. */
	what: string;
}

/** `hypetrainStarted` → `hypetrain started`. */
function words(event: string): string {
	return event
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.replace(/[_-]+/g, ' ')
		.trim()
		.toLowerCase();
}

const numeric = (s: string | undefined) =>
	s !== undefined && s.trim() !== '' && Number.isFinite(Number(s)) ? s.trim() : undefined;

/** The alert's amount (bits, viewers, gifted subs, money…) as its numeric text, when it has one. */
export function alertAmount(line: AlertLine): string | undefined {
	const d = line.dynamic ?? {};
	const x = line.extra ?? {};
	return numeric(x.amount) ?? numeric(x.bits) ?? numeric(d.value) ?? numeric(d.amount);
}

/**
 * An amount of money in the widget's language (or `lang`), with the alert's currency when it gives one
 * (i18n.ts).
 */
export function moneyText(line: AlertLine, amount: string, lang?: string): string {
	const x = line.extra ?? {};
	return money(Number(amount), x.currency, x.currencySymbol, lang);
}

/**
 * The alert's sentence, in the widget's language; the dashboard's chat feed passes its own language's
 * messages and tag instead (lib/ui/alert-words.ts), so both say the same sentences from one catalogue.
 */
export function describeAlert(
	line: AlertLine,
	m: Messages = widgetWords,
	lang?: string
): AlertText {
	const d = line.dynamic ?? {};
	const x = line.extra ?? {};
	const who = line.username ?? x.name ?? '';
	const amount = alertAmount(line);
	const count = Number(amount);
	// After the first dash (without one, indexOf's -1 keeps the whole key), as eventOf reads it.
	const rawEvent = line.key.slice(line.key.indexOf('-') + 1);
	const event = rawEvent.toLowerCase();
	const said = (what: string) => ({ who, what });

	switch (event) {
		case 'follower':
		case 'follow':
			return said(m.ev_followed());
		case 'subscriber':
		case 'member': {
			const months = numeric(x.months) ?? numeric(x.cumulativeMonths);
			const member = event === 'member';
			if (!months || months === '1') return said(member ? m.ev_member() : m.ev_subscribed());
			const n = { count: Number(months) };
			return said(member ? m.ev_member_months(n) : m.ev_subscribed_months(n));
		}
		case 'giftsubscription':
		case 'subscriptiongift':
		case 'giftmembers':
			return said(amount ? m.ev_gifted({ count }) : m.ev_gifted_some());
		case 'bits':
		case 'bitscombo':
			return said(amount ? m.ev_cheered({ count }) : m.ev_cheered_some());
		case 'kicks':
			return said(amount ? m.ev_kicks({ count }) : m.ev_kicks_some());
		case 'raid':
			return said(amount ? m.ev_raided({ count }) : m.ev_raided_some());
		case 'host':
			return said(amount ? m.ev_hosted({ count }) : m.ev_hosted_some());
		case 'donation':
		case 'tip':
			return said(
				amount ? m.ev_donated({ amount: moneyText(line, amount, lang) }) : m.ev_donated_some()
			);
		case 'superchat':
			return said(
				amount ? m.ev_superchat({ amount: moneyText(line, amount, lang) }) : m.ev_superchat_some()
			);
		case 'supersticker':
			return said(
				amount
					? m.ev_supersticker({ amount: moneyText(line, amount, lang) })
					: m.ev_supersticker_some()
			);
		case 'points':
		case 'redemption': {
			const reward = d.name ?? x.command ?? x.reward;
			return said(reward ? m.ev_redeemed({ reward }) : m.ev_redeemed_some());
		}
		case 'gifts':
			return said(m.ev_gift());
		case 'like':
			return said(m.ev_like());
		case 'clip':
			return said(m.ev_clip());
		case 'switchsong':
		case 'songplayed':
			return { who: '', what: m.ev_song({ song: d.value ?? x.name ?? '' }).trim() };
		case 'variablechanged': {
			const value = x.variable_value ?? d.value ?? '';
			const what = x.variable_name
				? m.ev_variable({ name: x.variable_name, value })
				: m.ev_variable_unnamed({ value });
			return { who: '', what: what.trim() };
		}
	}
	// Anything else: the event in words (the application's own key, which has no translation), and
	// the value when it says something.
	const phrase = words(rawEvent) || line.key;
	const value = d.value && d.value !== who ? `: ${d.value}` : '';
	const sentence = `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}${value}`;
	return { who, what: who ? `— ${sentence}` : sentence };
}

/** Whether an alert passes the widget's filters: key parts to include (any) and to exclude, replays. */
export function alertShown(
	line: AlertLine,
	filter: { include: readonly string[]; exclude: readonly string[]; replays: boolean }
): boolean {
	if (line.replay && !filter.replays) return false;
	const key = line.key.toLowerCase();
	if (filter.exclude.some((part) => key.includes(part.toLowerCase()))) return false;
	return (
		filter.include.length === 0 || filter.include.some((part) => key.includes(part.toLowerCase()))
	);
}
