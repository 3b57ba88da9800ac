/**
 * The companion server's `/__share/` answers (docs/companion.md) as one set of valibot schemas, and
 * the one reader of them: the share page (links) and the share scope (whoami) both go through
 * `readShareAnswer`, so an answer means the same to each. Pure, like `profiles.ts`.
 */
import * as v from 'valibot';
import { SHARE_PROFILES, type ShareGrant } from './profiles';
import { readRefusal, refusalText, type RefusalData } from './refusals';

export { refusalText };

/** What a share key may do: the part every link answer and `whoami` share. */
const GrantEntries = {
	id: v.string(),
	label: v.string(),
	profile: v.picklist(SHARE_PROFILES),
	types: v.array(v.string()),
	allowed: v.array(v.string()),
	expiresAt: v.nullable(v.number())
};

/** One link as the streamer's share page lists it. */
export const LinkSchema = v.looseObject({
	...GrantEntries,
	createdAt: v.number(),
	expired: v.boolean(),
	path: v.string()
});
export type ShareLinkView = v.InferOutput<typeof LinkSchema>;

const lanOrigins = v.optional(v.array(v.string()), []);

/** `GET /__share/links`. */
export const LinksAnswerSchema = v.looseObject({ links: v.array(LinkSchema), lanOrigins });
/** `POST /__share/links`: the new link, and the addresses it can be opened at. */
export const CreatedAnswerSchema = v.looseObject({ ...LinkSchema.entries, lanOrigins });
/** One widget key as the widget builder lists it (`/__share/widget-keys`). */
export const WidgetKeySchema = v.looseObject({
	id: v.string(),
	key: v.string(),
	name: v.string(),
	widget: v.string(),
	options: v.string(),
	createdAt: v.number(),
	lastConnectedAt: v.nullable(v.number())
});
export type WidgetKeyView = v.InferOutput<typeof WidgetKeySchema>;
/** `GET /__share/widget-keys`: `on: false` (and no keys) while the companion holds no token. */
export const WidgetKeysAnswerSchema = v.looseObject({
	/** false: the companion holds no token and could not check this one, so it makes no widget keys. */
	on: v.optional(v.boolean(), true),
	/** Why they are off, in words. */
	message: v.optional(v.string()),
	keys: v.array(WidgetKeySchema),
	lanOrigins
});
/** `POST /__share/token`: share links are on; `remembered` when the token was also saved to a file. */
export const TokenAnswerSchema = v.looseObject({ on: v.literal(true), remembered: v.boolean() });
/** `DELETE /__share/links/:id`. */
export const RevokedAnswerSchema = v.looseObject({ revoked: v.string() });
/** `GET /__share/whoami`: a share key's grant, or `share: false` for a token that is not one. */
export const WhoamiAnswerSchema = v.variant('share', [
	v.pipe(
		v.looseObject({ share: v.literal(true), ...GrantEntries }),
		// The server lists send types by name; the grant is read against the catalog by the caller.
		v.transform(({ share: _, ...grant }) => ({ share: true as const, grant: grant as ShareGrant }))
	),
	v.looseObject({ share: v.literal(false) })
]);
/** Any refusal: `{status, code, message}`. */
const FailureSchema = v.looseObject({ code: v.optional(v.string()), message: v.string() });

export const UNREADABLE_ANSWER = refusalText({ kind: 'unreadable' });

export type ShareAnswer<T> =
	| { ok: true; data: T }
	/**
	 * `said`: the message is the server's own words (else it is this page's). `refusal`: the same as
	 * data (lib/share/refusals.ts), the kind the companion named beside its English or this page's own,
	 * for the dashboard to say in its language.
	 */
	| {
			ok: false;
			status: number;
			code?: string;
			message: string;
			said: boolean;
			refusal?: RefusalData;
	  };

/** Reads an answer: a success that fits `schema`, or the server's refusal with its status, code and message. */
export async function readShareAnswer<T>(
	res: Response,
	schema: v.GenericSchema<unknown, T>
): Promise<ShareAnswer<T>> {
	const json: unknown = await res.json().catch(() => undefined);
	if (!res.ok) {
		const failure = v.safeParse(FailureSchema, json);
		if (failure.success) {
			const refusal = readRefusal(json);
			return {
				ok: false,
				status: res.status,
				code: failure.output.code,
				message: failure.output.message,
				said: true,
				...(refusal ? { refusal } : {})
			};
		}
		const refusal = { kind: 'status', params: { status: res.status } } as const;
		return {
			ok: false,
			status: res.status,
			message: refusalText(refusal),
			said: false,
			refusal
		};
	}
	const parsed = v.safeParse(schema, json);
	return parsed.success
		? { ok: true, data: parsed.output }
		: {
				ok: false,
				status: res.status,
				message: UNREADABLE_ANSWER,
				said: false,
				refusal: { kind: 'unreadable', params: {} }
			};
}
