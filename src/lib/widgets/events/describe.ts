/**
 * A readable line per alert ("Ana followed", "Bo cheered 100 bits") from its key
 * (`<origin>-<camelCaseEvent>`, protocol facts §3.6) and its `dynamic`/`extraSettings` fields.
 * Everything here is untrusted text: it is only ever rendered as text.
 */
import type { AlertLine } from '$lib/protocol/event-lines';

interface AlertText {
	/** Who did it (may be empty). */
	who: string;
	/** The rest of the sentence, after the name. */
	what: string;
}

/** The event part of an alert key, lower-cased: `alpha-giftSubscription` → `giftsubscription`. */
export function eventOf(key: string): string {
	const dash = key.indexOf('-');
	return (dash >= 0 ? key.slice(dash + 1) : key).toLowerCase();
}

/** `hypetrainStarted` → `hypetrain started`. */
function words(event: string): string {
	return event
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.replace(/[_-]+/g, ' ')
		.trim()
		.toLowerCase();
}

const plural = (n: string, one: string, many: string) => (n === '1' ? one : many);

const numeric = (s: string | undefined) =>
	s !== undefined && s.trim() !== '' && Number.isFinite(Number(s)) ? s.trim() : undefined;

/** The alert's amount (bits, viewers, gifted subs, money…) as its numeric text, when it has one. */
export function alertAmount(line: AlertLine): string | undefined {
	const d = line.dynamic ?? {};
	const x = line.extra ?? {};
	return numeric(x.amount) ?? numeric(x.bits) ?? numeric(d.value) ?? numeric(d.amount);
}

/** An amount of money with the alert's currency: `$5`, or `5 EUR` when only the code is known. */
export function moneyText(line: AlertLine, amount: string): string {
	const x = line.extra ?? {};
	return `${x.currencySymbol ?? ''}${amount}${!x.currencySymbol && x.currency ? ` ${x.currency}` : ''}`;
}

export function describeAlert(line: AlertLine): AlertText {
	const d = line.dynamic ?? {};
	const x = line.extra ?? {};
	const who = line.username ?? x.name ?? '';
	const amount = alertAmount(line);
	const money = (a: string) => moneyText(line, a);
	const event = eventOf(line.key);
	const rawEvent = line.key.includes('-') ? line.key.slice(line.key.indexOf('-') + 1) : line.key;

	switch (event) {
		case 'follower':
		case 'follow':
			return { who, what: 'followed' };
		case 'subscriber':
		case 'member': {
			const months = numeric(x.months) ?? numeric(x.cumulativeMonths);
			const verb = event === 'member' ? 'became a member' : 'subscribed';
			return { who, what: months && months !== '1' ? `${verb} for ${months} months` : verb };
		}
		case 'giftsubscription':
		case 'subscriptiongift':
		case 'giftmembers':
			return {
				who,
				what: amount ? `gifted ${amount} ${plural(amount, 'sub', 'subs')}` : 'gifted subs'
			};
		case 'bits':
		case 'bitscombo':
			return {
				who,
				what: amount ? `cheered ${amount} ${plural(amount, 'bit', 'bits')}` : 'cheered'
			};
		case 'kicks':
			return { who, what: amount ? `sent ${amount} kicks` : 'sent kicks' };
		case 'raid':
			return {
				who,
				what: amount ? `raided with ${amount} ${plural(amount, 'viewer', 'viewers')}` : 'raided'
			};
		case 'host':
			return { who, what: amount ? `hosted with ${amount} viewers` : 'hosted' };
		case 'donation':
		case 'tip':
			return { who, what: amount ? `donated ${money(amount)}` : 'donated' };
		case 'superchat':
		case 'supersticker':
			return {
				who,
				what: amount
					? `sent a ${event === 'superchat' ? 'Super Chat' : 'Super Sticker'} of ${money(amount)}`
					: `sent a ${words(rawEvent)}`
			};
		case 'points':
		case 'redemption': {
			const reward = d.name ?? x.command ?? x.reward;
			return { who, what: reward ? `redeemed ${reward}` : 'redeemed a reward' };
		}
		case 'gifts':
			return { who, what: 'sent a gift' };
		case 'like':
			return { who, what: 'liked the stream' };
		case 'clip':
			return { who, what: 'made a clip' };
		case 'switchsong':
		case 'songplayed':
			return { who: '', what: `Now playing: ${d.value ?? x.name ?? ''}`.trim() };
		case 'variablechanged':
			return {
				who: '',
				what: `${x.variable_name ?? 'A variable'} is now ${x.variable_value ?? d.value ?? ''}`.trim()
			};
	}
	// Anything else: the event in words, and the value when it says something.
	const phrase = words(rawEvent) || line.key;
	const value = d.value && d.value !== who ? `: ${d.value}` : '';
	const sentence = `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}${value}`;
	return who ? { who, what: `— ${sentence}` } : { who: '', what: sentence };
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
