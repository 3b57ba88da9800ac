/**
 * The companion's refusals that the streamer's dashboard shows (share links, widget keys, the scene
 * check): each one has a stable `kind` and its parameters, sent beside the English `message`, which
 * other clients and curl keep reading. This is the one English text of each; the dashboard says the
 * kind in its own language (lib/app/companion-words.ts). Pure, like the rest of lib/share.
 */
import * as v from 'valibot';

const ENGLISH = {
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
export type CompanionRefusal = {
	[K in RefusalKind]: Parameters<English[K]> extends [infer P]
		? { kind: K; params: P }
		: { kind: K; params?: undefined };
}[RefusalKind];

/** The English sentence of a refusal. */
export function refusalText(refusal: CompanionRefusal): string {
	const say = ENGLISH[refusal.kind] as (p: unknown) => string;
	return say(refusal.params);
}

/** What a body carries: the kind, its parameters, and the English text as `message`. */
export function refusalFields(refusal: CompanionRefusal): {
	kind: RefusalKind;
	params?: Record<string, unknown>;
	message: string;
} {
	return {
		kind: refusal.kind,
		...(refusal.params ? { params: refusal.params } : {}),
		message: refusalText(refusal)
	};
}

/** A refusal as a body names it, before the dashboard knows the kind: read by readRefusal. */
export type RefusalData = { kind: string; params: Readonly<Record<string, string | number>> };

const RefusalDataSchema = v.looseObject({
	kind: v.string(),
	params: v.optional(v.record(v.string(), v.union([v.string(), v.number()])), {})
});

/**
 * The refusal a body names, read leniently and without the English table (so a page that reads
 * answers does not carry it): the dashboard's words check the kind (lib/app/companion-words.ts).
 */
export function readRefusal(body: unknown): RefusalData | undefined {
	const parsed = v.safeParse(RefusalDataSchema, body);
	return parsed.success ? { kind: parsed.output.kind, params: parsed.output.params } : undefined;
}
