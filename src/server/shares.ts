/**
 * Share links on the wire: the management API under /__share/ (behind the streamer's token) and
 * the checks every request made with a share key passes before it is forwarded with that token.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';
import { isSendType } from '../lib/protocol/catalog';
import { describeIssues } from '../lib/protocol/issues';
import { ClientMessageSchema } from '../lib/protocol/messages';
import { checkSend } from '../lib/protocol/send';
import {
	PROFILE_DEFINITIONS,
	SHARED_READ_ENDPOINTS,
	LINK_PROFILES,
	SHARE_KEY_PREFIX,
	allowedSendTypes,
	checkChosenTypes,
	limitRefusal
} from '../lib/share/profiles';
import {
	BodyTooLarge,
	parseJson,
	presentedTokens,
	readBody,
	sendJson,
	requestUrl
} from './http-util';
import { fieldRuleParams, refusalFields, refusalText, type Refusal } from '../lib/share/refusals';
import { ruleOfIssue } from '../lib/protocol/issue-rule';
import type { KeyAttempts } from './key-attempts';
import {
	grantOf,
	isExpired,
	type KeyFailure,
	type ShareLink,
	type ShareStore
} from './share-store';
import type { StreamerCheck, TokenRefusal } from './streamer-token';
import { handleWidgetKeys } from './widget-keys';
// The companion's later lines, in the start log's language (start-lines.ts sets it; English otherwise).
import { m } from '../lib/paraglide/messages.js';

export const NOT_ALLOWED = 'not_allowed_by_share';
export const NO_REAL_TOKEN_MESSAGE = refusalText({ kind: 'no_real_token' });
const MAX_SEND_BODY = 256 * 1024;
/** Why the companion, holding no token, makes no widget keys for this caller. */
const WIDGET_KEYS_OFF: Record<TokenRefusal, Refusal> = {
	missing: { kind: 'widget_keys_need_token' },
	'share-key': { kind: 'widget_keys_share_key' },
	rejected: { kind: 'widget_keys_token_rejected' },
	unreachable: { kind: 'widget_keys_unreachable' }
};
/** A body's field that breaks the schema, as data: the English keeps the schema's own sentence. */
const fieldRefusal = (issue: v.BaseIssue<unknown>): Refusal => {
	const field = v.getDotPath(issue) ?? 'body';
	return {
		kind: 'invalid_field',
		params: { field, ...fieldRuleParams(field, ruleOfIssue(issue)) }
	};
};
const MAX_EXPIRY_MINUTES = 366 * 24 * 60;

export type Denial = { status: number; code: string; message: string };
export type CommandVerdict =
	{ ok: true; body: { type: string; params?: Record<string, unknown> } } | ({ ok: false } & Denial);

/** The share key a request presents, if any: a token with the share prefix, from the query or a Bearer header. */
export function shareKeyOf(req: IncomingMessage): string | undefined {
	return presentedTokens(req).find((t) => t.startsWith(SHARE_KEY_PREFIX));
}

/** A key's refusal: its code, and its kind for a page to say it in its language (lib/share/refusals.ts). */
export function keyRefusal(reason: KeyFailure): Denial & { kind: Refusal['kind'] } {
	const [code, kind] =
		reason === 'malformed'
			? (['share_key_malformed', 'key_malformed'] as const)
			: reason === 'expired'
				? (['share_link_expired', 'key_expired'] as const)
				: (['share_link_unknown', 'key_unknown'] as const);
	return { status: 401, code, ...refusalFields({ kind }) };
}

/** Whether a link may run a command, with params checked against the catalog's rules. */
export function judgeCommand(link: ShareLink, type: unknown, params: unknown): CommandVerdict {
	const allowed = allowedSendTypes(link.profile, link.types);
	if (!isSendType(type) || !allowed.includes(type)) {
		const what = typeof type === 'string' ? type.slice(0, 60) : 'this message';
		return {
			ok: false,
			status: 403,
			code: NOT_ALLOWED,
			message: `${what} is not allowed by this share link (${PROFILE_DEFINITIONS[link.profile].label})`
		};
	}
	const check = checkSend(type, params);
	if (!check.ok)
		return {
			ok: false,
			status: check.status,
			code: check.code ?? 'invalid_params',
			message: describeIssues(check.issues)
		};
	// The parsed value (names trimmed, defaults filled in), re-serialised: the application parses exactly
	// what was checked. Params left out stay left out when parsing added nothing (the spec allows that).
	const checked = check.params;
	const limited = limitRefusal(link.profile, type, checked);
	if (limited) return { ok: false, status: 403, code: NOT_ALLOWED, message: limited };
	return {
		ok: true,
		body:
			params === undefined && Object.keys(checked).length === 0
				? { type }
				: { type, params: checked }
	};
}

export type FrameVerdict = { forward: string } | { answer?: Record<string, unknown> };

/** Checks one client websocket frame of a share socket: forward it re-serialised, answer it, or drop it. */
export function judgeFrame(link: ShareLink, raw: string): FrameVerdict {
	const json = parseJson(raw);
	const parsed = v.safeParse(ClientMessageSchema, json);
	const contextOf = (x: unknown) => {
		const c =
			typeof x === 'object' && x !== null ? (x as Record<string, unknown>).context : undefined;
		return typeof c === 'string' || typeof c === 'number' ? c : undefined;
	};
	const refuse = (r: Denial, context: string | number | undefined): FrameVerdict =>
		context === undefined
			? {}
			: {
					answer: {
						event: 'socketapi:response',
						context,
						status: r.status,
						error: r.message,
						code: r.code
					}
				};
	if (!parsed.success)
		return refuse(
			{
				status: 400,
				code: 'invalid_message',
				message: 'only commands, retrieve and subscribe messages may be sent'
			},
			contextOf(json)
		);
	const msg = parsed.output;
	if (!('type' in msg)) return { forward: JSON.stringify(msg) };
	const verdict = judgeCommand(link, msg.type, msg.params);
	if (!verdict.ok) return refuse(verdict, msg.context);
	return {
		forward: JSON.stringify(
			msg.context === undefined ? verdict.body : { ...verdict.body, context: msg.context }
		)
	};
}

export type RestVerdict = { ok: true; path: string; body?: Buffer } | ({ ok: false } & Denial);

/** Checks a REST request made with a share key; answers the canonical path (and body) to forward. */
export async function judgeRest(req: IncomingMessage, link: ShareLink): Promise<RestVerdict> {
	const url = requestUrl(req);
	const path = url.pathname;
	if (req.method === 'GET' && (SHARED_READ_ENDPOINTS as readonly string[]).includes(path)) {
		const slim = path === '/api/retrieve' ? url.searchParams.get('slim') : null;
		return { ok: true, path: slim === null ? path : `${path}?slim=${encodeURIComponent(slim)}` };
	}
	if (req.method === 'POST' && path === '/api/send') {
		let text: string;
		try {
			text = (await readBody(req, MAX_SEND_BODY)).toString('utf8');
		} catch (err) {
			if (err instanceof BodyTooLarge)
				return { ok: false, status: 413, code: 'body_too_large', message: err.message };
			throw err;
		}
		const body = parseJson(text);
		if (typeof body !== 'object' || body === null || Array.isArray(body))
			return {
				ok: false,
				status: 400,
				code: 'invalid_body',
				message: 'the body must be a JSON object {type, params}'
			};
		const { type, params } = body as Record<string, unknown>;
		const verdict = judgeCommand(link, type, params);
		if (!verdict.ok) return verdict;
		return { ok: true, path, body: Buffer.from(JSON.stringify(verdict.body)) };
	}
	return {
		ok: false,
		status: 403,
		code: NOT_ALLOWED,
		message: `${req.method} ${path.slice(0, 80)} is not open to share links`
	};
}

const CreateSchema = v.object({
	label: v.optional(
		v.pipe(
			v.string('label must be a string'),
			v.trim(),
			v.maxLength(80, 'label must be at most 80 characters')
		)
	),
	profile: v.picklist(LINK_PROFILES, `profile must be one of ${LINK_PROFILES.join(', ')}`),
	types: v.optional(
		v.array(v.string('types must be send type names'), 'types must be a list of send types')
	),
	expiresInMinutes: v.optional(
		v.nullable(
			v.pipe(
				v.number('expiresInMinutes must be a number'),
				v.finite('expiresInMinutes must be a number'),
				v.gtValue(0, 'expiresInMinutes must be more than 0'),
				v.maxValue(
					MAX_EXPIRY_MINUTES,
					`expiresInMinutes must be at most ${MAX_EXPIRY_MINUTES} (a year)`
				)
			)
		)
	)
});

export function linkView(link: ShareLink, host?: string, scheme: 'http' | 'https' = 'http') {
	const path = `/#/?token=${link.key}`;
	return {
		...grantOf(link),
		key: link.key,
		createdAt: link.createdAt,
		expired: isExpired(link),
		path,
		...(host ? { url: `${scheme}://${host}${path}` } : {})
	};
}

export interface ShareApiDeps {
	store: ShareStore;
	/** Every presented key is looked up through it: failures counted, last connections kept. */
	attempts: KeyAttempts;
	/** The token forwarded for share keys; share links are closed without it. */
	upstreamToken: () => string | undefined;
	/** Whether the caller presents the streamer's token (streamer-token.ts). */
	streamer: StreamerCheck;
	/** Holds the streamer's token from now on (in memory only): widget keys and share links are on. */
	enable: (token: string) => void;
	/** LAN origins of this server, for building links a co-streamer's device can open. */
	lanOrigins: () => string[];
	log: (line: string) => void;
	/** How this server is reached, for the links it builds. */
	scheme?: 'http' | 'https';
}

/** Serves /__share/…; every answer is JSON. */
export async function handleShareApi(
	req: IncomingMessage,
	res: ServerResponse,
	deps: ShareApiDeps
): Promise<void> {
	const { store, attempts, log, lanOrigins, scheme } = deps;
	const path = requestUrl(req).pathname;

	if (path === '/__share/whoami' && req.method === 'GET') {
		const key = shareKeyOf(req);
		if (!key) return sendJson(res, 200, { share: false });
		const found = attempts.check(key);
		if (!found.ok) return sendJson(res, 401, keyRefusal(found.reason));
		return sendJson(res, 200, { share: true, ...grantOf(found.link) });
	}

	const widgetKeys = path === '/__share/widget-keys' || path.startsWith('/__share/widget-keys/');
	const held = deps.upstreamToken();
	// Share links wait for the streamer to turn them on; widget keys do not (below).
	if (held === undefined && !widgetKeys)
		return sendJson(res, 409, {
			status: 409,
			code: 'no_real_token',
			...refusalFields({ kind: 'no_real_token' })
		});
	const verdict = await deps.streamer(req);
	if (!verdict.ok) {
		// The builder asks on every visit: "off" is an answer there, not an error in the browser's console.
		if (held === undefined && path === '/__share/widget-keys' && req.method === 'GET')
			return sendJson(res, 200, {
				on: false,
				...refusalFields(WIDGET_KEYS_OFF[verdict.reason]),
				keys: [],
				lanOrigins: []
			});
		if (verdict.reason === 'unreachable')
			return sendJson(res, 502, {
				status: 502,
				code: 'application_unreachable',
				...refusalFields(WIDGET_KEYS_OFF.unreachable)
			});
		return sendJson(res, 401, {
			status: 401,
			code: 'unauthorized',
			...refusalFields({ kind: 'management_needs_token' })
		});
	}
	// Served by the companion, the builder makes every URL with a key (never the token): the streamer's
	// token, checked by the application, turns widget keys on at once, as "Turn share links on" would.
	if (held === undefined) {
		deps.enable(verdict.token);
		log(m.companion_widget_keys_on());
	}

	if (widgetKeys) return handleWidgetKeys(req, res, path, { store, log, lanOrigins });

	if (path === '/__share/links' && req.method === 'GET')
		return sendJson(res, 200, {
			links: store
				.list()
				.filter((l) => l.profile !== 'widget')
				.map((l) => linkView(l, req.headers.host, scheme)),
			lanOrigins: lanOrigins()
		});

	if (path === '/__share/links' && req.method === 'POST') {
		let input: unknown;
		try {
			input = parseJson((await readBody(req, 16 * 1024)).toString('utf8'));
		} catch {
			return sendJson(res, 413, {
				status: 413,
				code: 'body_too_large',
				...refusalFields({ kind: 'body_too_large' })
			});
		}
		const parsed = v.safeParse(CreateSchema, input);
		if (!parsed.success)
			return sendJson(res, 400, {
				status: 400,
				code: 'invalid_link',
				...refusalFields(fieldRefusal(parsed.issues[0]), parsed.issues[0].message)
			});
		const { profile, types, expiresInMinutes, label } = parsed.output;
		const chosen = checkChosenTypes(profile, types);
		if (!chosen.ok)
			return sendJson(res, 400, {
				status: 400,
				code: 'invalid_link',
				...refusalFields(chosen.refusal)
			});
		const now = Date.now();
		const link = store.create(
			{
				label: label || PROFILE_DEFINITIONS[profile].label,
				profile,
				types: chosen.types,
				expiresAt: expiresInMinutes == null ? null : now + Math.round(expiresInMinutes * 60_000)
			},
			now
		);
		// The profile and send types are the interface's own names, the same in every language.
		const scope = `${profile}${link.types.length ? ': ' + link.types.join(', ') : ''}`;
		log(m.companion_share_created({ label: link.label, scope, id: link.id }));
		return sendJson(res, 201, {
			...linkView(link, req.headers.host, scheme),
			lanOrigins: lanOrigins()
		});
	}

	const revokeMatch = /^\/__share\/links\/([0-9a-f]{1,64})$/.exec(path);
	if (revokeMatch && req.method === 'DELETE') {
		const link = store.revoke(revokeMatch[1]!);
		if (!link)
			return sendJson(res, 404, {
				status: 404,
				code: 'not_found',
				...refusalFields({ kind: 'no_share_link' })
			});
		log(m.companion_share_revoked({ label: link.label, id: link.id }));
		return sendJson(res, 200, { revoked: link.id });
	}

	return sendJson(res, 404, {
		status: 404,
		code: 'not_found',
		...refusalFields({
			kind: 'no_share_api',
			params: { method: req.method ?? '', path: path.slice(0, 80) }
		})
	});
}
