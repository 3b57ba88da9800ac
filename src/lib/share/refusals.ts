/**
 * Why the companion refuses a request, or a page could not use its answer, as data: a stable `kind`
 * and the values its sentence needs. The companion sends the kind and its `params` beside the English
 * `message`, which other clients and curl keep reading; the dashboard says the kind in its own
 * language (lib/app/companion-words.ts). This is the one English text of each. Pure, like the rest of
 * lib/share.
 */
import * as v from 'valibot';

/** A field's broken rule, flat as a body's params are: `rule:<field>` its kind, `<name>:<field>` each value. */
type FieldRules = { readonly [key: string]: string | number };

/** The params that carry a field's rule (lib/protocol's rule kinds and values); none for no rule. */
export function fieldRuleParams(
	field: string,
	rule: { kind: string; values: FieldRules } | undefined
): FieldRules {
	if (!rule) return {};
	const values = Object.entries(rule.values).map(([name, value]) => [`${name}:${field}`, value]);
	return { [`rule:${field}`]: rule.kind, ...Object.fromEntries(values) };
}

/** A field's rule read back from a body's params; undefined when the body names none. */
export function fieldRuleOf(
	params: FieldRules,
	field: string
): { kind: string; values: FieldRules } | undefined {
	const kind = params[`rule:${field}`];
	if (typeof kind !== 'string') return undefined;
	const suffix = `:${field}`;
	const values = Object.entries(params)
		.filter(([key]) => key.endsWith(suffix) && !key.startsWith('rule:'))
		.map(([key, value]) => [key.slice(0, -suffix.length), value]);
	return { kind, values: Object.fromEntries(values) };
}

const ENGLISH = {
	// The key a page presents (codes share_key_malformed, share_link_expired, share_link_unknown).
	key_expired: () => 'This share link has expired; ask the streamer for a new one.',
	key_unknown: () => 'This share link is unknown or was revoked; ask the streamer for a new one.',
	key_malformed: () =>
		'This key is malformed: it is not a share link or widget key as the companion makes them; copy the whole URL again.',
	// The page's own: it could not ask the companion, or could not read its answer.
	companion_unanswered: () => 'The companion server did not answer.',
	link_unanswered: () => 'the share link could not be checked: the companion server did not answer',
	link_unchecked: (p: { status: number }) =>
		`the share link could not be checked (HTTP ${p.status})`,
	unreadable: () => 'The companion server sent an answer this page does not understand.',
	status: (p: { status: number }) => `HTTP ${p.status}`,
	// A link's chosen send types (checkChosenTypes; code invalid_link).
	fixed_types: (p: { profile: string }) =>
		`the ${p.profile} profile has a fixed list of types; use the custom profile to choose types`,
	no_types: () => 'a custom link needs a non-empty list of send types',
	not_a_type: (p: { type: string }) => `"${p.type}" is not a send type`,
	never_shared: (p: { type: string }) =>
		`${p.type} can never be shared: an action list can do anything, so it would grant full control`,
	// A body the companion cannot take (invalid_link, invalid_widget_key, invalid_rehearsal, body_too_large).
	// Each field's broken rule, where a rule kind states it, rides beside it (fieldRuleParams).
	invalid_field: (p: { field: string } & FieldRules) => `${p.field} is not valid`,
	invalid_rehearsal: (p: { fields: string } & FieldRules) =>
		`these fields are not valid: ${p.fields}`,
	body_too_large: () => 'the body is too large',
	// Nothing there (404), or not that way (405).
	no_share_link: () => 'no share link has this id',
	no_share_api: (p: { method: string; path: string }) => `no share API at ${p.method} ${p.path}`,
	no_widget_key: () => 'no widget key has this id',
	no_widget_key_api: () => 'no such widget-key API',
	use_post: (p: { path: string }) => `use POST ${p.path}`,
	method_not_used: (p: { method: string }) => `${p.method} is not used here`,
	no_sound: () => 'no such sound in the media folder',
	// The shared deck (code deck_too_big): merging this device's pages would pass the deck's limit.
	deck_too_big: (p: { pages: number; max: number }) =>
		`the merged deck would have ${p.pages} pages, and a deck holds at most ${p.max}: delete some pages on this device, then it is sent again`,
	media_read_only: () => 'media files are read only',
	// The streamer's token, share links and widget keys.
	scene_needs_token: () => "the scene check needs the streamer's token",
	scene_share_key: () =>
		"the scene check and rehearsals need the streamer's token; a share link or widget key cannot use them",
	token_not_accepted: () => 'the token was not accepted',
	token_unchecked: () => 'the application is not reachable, so the token cannot be checked',
	management_needs_token: () => "share management needs the streamer's token",
	widget_keys_need_token: () => "widget keys need the streamer's token",
	widget_keys_share_key: () =>
		"widget keys need the streamer's token; a share link or widget key cannot make them",
	widget_keys_token_rejected: () =>
		'the application did not accept this token, so the companion cannot make widget keys with it',
	widget_keys_unreachable: () =>
		'the application is not reachable, so the companion cannot check the token and make widget keys',
	no_real_token: () => 'start the server with --token or STREAM_TOKEN to create share links',
	not_this_pc: () =>
		'share links can be turned on from the streaming PC only (open the dashboard at 127.0.0.1)',
	simulator_shares: () => 'share links are already on for the built-in simulator',
	token_not_sent: () => "send the application's token as Authorization: Bearer",
	other_token: () =>
		'share links are already on with another token; restart the companion to change it',
	app_not_answering: () => 'the application did not answer: start it and turn its API on',
	app_rejected_token: () =>
		'the application rejected this token: copy it again from Settings → API',
	app_answered: (p: { status: number }) => `the application answered HTTP ${p.status}`,
	token_not_saved: (p: { error: string }) =>
		`share links are on, but the token could not be saved: ${p.error}`
} satisfies Record<string, (p: never) => string>;

type English = typeof ENGLISH;
export type RefusalKind = keyof English;
/** A refusal as data: its kind and the values its sentence needs. */
export type Refusal = {
	[K in RefusalKind]: Parameters<English[K]> extends [infer P]
		? { kind: K; params: P }
		: { kind: K; params?: undefined };
}[RefusalKind];

/** The English sentence of a refusal (the one English formatter). */
export function refusalText(refusal: Refusal): string {
	const say = ENGLISH[refusal.kind] as (p: unknown) => string;
	return say(refusal.params);
}

/**
 * What a body carries: the kind, its parameters, and the English text as `message`. `english`: a
 * more precise sentence of the same refusal, where the companion has one (a schema's own message
 * for a body's field), which curl keeps reading.
 */
export function refusalFields(
	refusal: Refusal,
	english?: string
): { kind: RefusalKind; params?: Record<string, unknown>; message: string } {
	return {
		kind: refusal.kind,
		...(refusal.params ? { params: refusal.params } : {}),
		message: english ?? refusalText(refusal)
	};
}

/** A refusal as a body names it, before the dashboard knows the kind (readRefusal); a Refusal is one too. */
export type RefusalData = { kind: string; params?: Readonly<Record<string, string | number>> };

/** A body's refusal as valibot entries, for a reader that takes the body's other fields in the same pass. */
export const REFUSAL_ENTRIES = {
	kind: v.string(),
	params: v.optional(v.record(v.string(), v.union([v.string(), v.number()])), {})
};
const RefusalDataSchema = v.looseObject(REFUSAL_ENTRIES);

/**
 * The refusal a body names, read leniently and without the English table (so a page that reads
 * answers does not carry it): the dashboard's words check the kind (lib/app/companion-words.ts).
 */
export function readRefusal(body: unknown): RefusalData | undefined {
	const parsed = v.safeParse(RefusalDataSchema, body);
	return parsed.success ? { kind: parsed.output.kind, params: parsed.output.params } : undefined;
}

/**
 * A refusal as a page keeps it: its data where the body names one, and the English words, which
 * stay the words for a kind the page does not know (companionSays in lib/app/companion-words.ts).
 */
export type CompanionRefusal = { refusal?: RefusalData; message: string };

/** A refused answer's body as a CompanionRefusal; a body without English words is its HTTP status. */
export function readCompanionRefusal(body: unknown, status: number): CompanionRefusal {
	const message = v.safeParse(v.object({ message: v.string() }), body);
	return message.success
		? { refusal: readRefusal(body), message: message.output.message }
		: { refusal: { kind: 'status', params: { status } }, message: `HTTP ${status}` };
}
