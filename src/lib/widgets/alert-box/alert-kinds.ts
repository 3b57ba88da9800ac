/**
 * The alert box's kinds and which alert keys fall in each: words-free, so the companion's scene check
 * (run by Node, without the widgets' compiled messages) can read them too.
 */
import type { AlertLine } from '../../protocol/event-lines';

/** `alpha-bits` → `bits`: the event part of an alert key, lower-cased. */
export function eventOf(key: string): string {
	// Without a dash, indexOf's -1 keeps the whole key.
	return key.slice(key.indexOf('-') + 1).toLowerCase();
}

export const ALERT_KINDS = [
	'follower',
	'subscriber',
	'gift',
	'bits',
	'raid',
	'tip',
	'superchat',
	'member',
	'points',
	'other'
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * What each kind says with no options, as the builder's form shows it (English). Left as it is, the
 * widget says it in its language instead (defaultHeadline).
 */
export const DEFAULT_TEMPLATES: Readonly<Record<AlertKind, string>> = {
	follower: '{name} followed!',
	subscriber: '{name} subscribed!',
	gift: '{name} gifted {amount} subs!',
	bits: '{name} cheered {amount} bits!',
	raid: '{name} raided with {amount} viewers!',
	tip: '{name} tipped {amount}!',
	superchat: '{name} sent a Super Chat of {amount}!',
	member: '{name} became a member!',
	points: '{name} redeemed {reward}!',
	other: '{text}'
};

const BY_EVENT: Readonly<Record<string, AlertKind>> = {
	follower: 'follower',
	follow: 'follower',
	subscriber: 'subscriber',
	giftsubscription: 'gift',
	subscriptiongift: 'gift',
	giftmembers: 'gift',
	bits: 'bits',
	bitscombo: 'bits',
	kicks: 'bits',
	raid: 'raid',
	host: 'raid',
	donation: 'tip',
	tip: 'tip',
	superchat: 'superchat',
	supersticker: 'superchat',
	member: 'member',
	points: 'points',
	redemption: 'points'
};

/**
 * Bookkeeping alerts that are no viewer's action: never popped up, even under "other" (the widget's
 * own control variable changes through `variableChanged`).
 */
const QUIET =
	/^(variablechanged|session|switchsong|songplayed|songpaused|viewers|appopened|appclosed|streammode|streamlive|streamoffline|categorychanged|ad(started|stopped)|heartrate|calories|switchscene)|progressed$/;

/** The kind of an alert, or undefined for bookkeeping that is never shown. */
export function kindOf(line: AlertLine): AlertKind | undefined {
	const event = eventOf(line.key);
	if (line.key.startsWith('obs-') || QUIET.test(event)) return undefined;
	// Donation integrations name their alerts `<service>-donation…`.
	return BY_EVENT[event] ?? (event.includes('donation') ? 'tip' : 'other');
}
