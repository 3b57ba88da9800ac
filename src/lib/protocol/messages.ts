/**
 * Websocket messages (protocol facts §3). The client may send only three shapes; everything the
 * server pushes goes through `parseServerFrame`, which never throws.
 */
import * as v from 'valibot';
import { SettingsDataSchema, StatesSchema, type SettingsData, type States } from './payloads';

/** Upper bound on a frame we are willing to parse; larger frames are counted and dropped. */
export const MAX_FRAME_CHARS = 4 * 1024 * 1024;

const Context = v.optional(v.union([v.string(), v.number()]));
/** `params` is a plain JSON object; valibot's record alone lets an array through (as `{}`). */
const ParamsObject = v.custom<Record<string, unknown>>(
	(x) => typeof x === 'object' && x !== null && !Array.isArray(x),
	'params must be an object'
);

// ── Client → server: the only three messages that may ever be sent ────────────────────────────
export const CommandMessageSchema = v.strictObject({
	type: v.pipe(v.string(), v.minLength(1)),
	params: v.optional(ParamsObject),
	context: Context
});
export const RetrieveMessageSchema = v.strictObject({
	retrieve: v.literal(true),
	slim: v.optional(v.boolean()),
	context: Context
});
export const SubscribeMessageSchema = v.strictObject({
	subscribe: v.array(v.string()),
	context: Context
});
export const ClientMessageSchema = v.union([
	CommandMessageSchema,
	RetrieveMessageSchema,
	SubscribeMessageSchema
]);
export type ClientMessage = v.InferOutput<typeof ClientMessageSchema>;

export type CommandMessage = v.InferOutput<typeof CommandMessageSchema>;
export type Context = string | number;

// ── Server → client ───────────────────────────────────────────────────────────────────────────
export const EnvelopeSchema = v.looseObject({
	origin: v.optional(v.string()),
	subOrigin: v.optional(v.string()),
	type: v.pipe(v.string(), v.minLength(1)),
	event: v.optional(v.string()),
	data: v.optional(v.unknown())
});
export type Envelope = v.InferOutput<typeof EnvelopeSchema>;

const ResponseSchema = v.looseObject({
	event: v.literal('socketapi:response'),
	context: v.union([v.string(), v.number()]),
	status: v.number(),
	message: v.optional(v.unknown()),
	error: v.optional(v.string()),
	code: v.optional(v.string())
});
const RetrieveReplySchema = v.looseObject({
	event: v.literal('socketapi:retrieve'),
	context: Context,
	data: SettingsDataSchema
});
const SubscribedSchema = v.looseObject({
	event: v.literal('socketapi:subscribed'),
	context: Context,
	channels: v.union([v.array(v.string()), v.literal('all')])
});

export type ServerFrame =
	| {
			kind: 'response';
			context: Context;
			status: number;
			message?: unknown;
			error?: string;
			code?: string;
	  }
	| { kind: 'retrieve'; context?: Context; data: SettingsData }
	| { kind: 'subscribed'; context?: Context; channels: string[] | 'all' }
	| { kind: 'event'; envelope: Envelope }
	| { kind: 'invalid'; reason: string };

const isRecord = (x: unknown): x is Record<string, unknown> =>
	typeof x === 'object' && x !== null && !Array.isArray(x);

/** Parses one text frame from the server. Never throws; anything unexpected is `invalid` with a reason. */
export function parseServerFrame(raw: unknown): ServerFrame {
	try {
		if (typeof raw !== 'string') return { kind: 'invalid', reason: 'not a text frame' };
		if (raw.length > MAX_FRAME_CHARS) return { kind: 'invalid', reason: 'frame too large' };
		let json: unknown;
		try {
			json = JSON.parse(raw);
		} catch {
			return { kind: 'invalid', reason: 'not JSON' };
		}
		if (!isRecord(json)) return { kind: 'invalid', reason: 'not an object' };
		// Replies carry an `event` starting with socketapi: and no `type` (protocol facts §3.3).
		if (
			typeof json.event === 'string' &&
			json.event.startsWith('socketapi:') &&
			json.type === undefined
		) {
			const schema =
				json.event === 'socketapi:response'
					? ResponseSchema
					: json.event === 'socketapi:retrieve'
						? RetrieveReplySchema
						: json.event === 'socketapi:subscribed'
							? SubscribedSchema
							: undefined;
			if (!schema) return { kind: 'invalid', reason: `unknown reply ${json.event.slice(0, 40)}` };
			const parsed = v.safeParse(schema, json);
			if (!parsed.success) return { kind: 'invalid', reason: `malformed ${json.event}` };
			const out = parsed.output as Record<string, unknown>;
			if (json.event === 'socketapi:response') {
				const r = parsed.output as v.InferOutput<typeof ResponseSchema>;
				return {
					kind: 'response',
					context: r.context,
					status: r.status,
					message: r.message,
					error: r.error,
					code: r.code
				};
			}
			if (json.event === 'socketapi:retrieve')
				return {
					kind: 'retrieve',
					context: out.context as Context | undefined,
					data: out.data as SettingsData
				};
			return {
				kind: 'subscribed',
				context: out.context as Context | undefined,
				channels: out.channels as string[] | 'all'
			};
		}
		const envelope = v.safeParse(EnvelopeSchema, json);
		if (!envelope.success) return { kind: 'invalid', reason: 'not an event envelope' };
		return { kind: 'event', envelope: envelope.output };
	} catch {
		// Defensive: a hostile value (getters, huge nesting) must never escape the parser.
		return { kind: 'invalid', reason: 'unparseable' };
	}
}

// ── Typed event payloads ─────────────────────────────────────────────────────────────────────
const TimeSchema = v.looseObject({
	time: v.optional(v.string()),
	timestamp: v.optional(v.number())
});
const str = v.optional(v.string());

export const ChatMessageSchema = v.looseObject({
	id: v.optional(v.union([v.string(), v.number()])),
	channel: str,
	message: v.string(),
	extraSettings: v.looseObject({
		username: str,
		displayname: str,
		userId: v.optional(v.union([v.string(), v.number()])),
		avatar: str,
		userColor: str,
		badges: v.optional(v.array(v.unknown())),
		userLevels: v.optional(v.record(v.string(), v.unknown())),
		messageId: v.optional(v.union([v.string(), v.number()])),
		time: str,
		timestamp: v.optional(v.number())
	})
});
export const ChatDeletionSchema = v.looseObject({
	shouldRemove: v.union([v.string(), v.number()]),
	extraSettings: v.optional(TimeSchema)
});
export const CommandEventSchema = v.looseObject({
	username: str,
	command: v.string(),
	extraSettings: v.optional(TimeSchema)
});
export const AlertEventSchema = v.looseObject({
	dynamic: v.optional(v.record(v.string(), v.unknown())),
	replay: v.optional(v.boolean()),
	extraSettings: v.optional(v.record(v.string(), v.unknown()))
});
export const PremiumEventSchema = v.looseObject({ premium: v.boolean() });

/**
 * How much untrusted text one event may keep: a line or alert longer than this is cut here, where it
 * is parsed, so no feed, list or widget ever holds more (memory stays bounded by size, not just count).
 */
export const EVENT_TEXT_LIMITS = { text: 500, name: 100 } as const;

/** Cuts text to at most `max` characters, ending with "…" when cut, never splitting a surrogate pair. */
export function boundText(text: string, max: number): string {
	if (text.length <= max) return text;
	let cut = text.slice(0, max - 1);
	if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
	return `${cut}…`;
}
const boundName = (name: string) => boundText(name, EVENT_TEXT_LIMITS.name);

export interface ChatLine {
	/** Id used by deletions: extraSettings.messageId, falling back to id. */
	id: string;
	platform: string;
	username: string;
	displayName: string;
	text: string;
	color?: string;
	isCommand: boolean;
	timestamp: number;
	/** Badge images (https only, at most MAX_BADGES), as the platform sends them. */
	badges?: readonly string[];
	/** The viewer's picture (https only). */
	avatar?: string;
	/** Native emotes by their place in `text` (code points, end inclusive), from `emotesRaw`. */
	emotes?: readonly EmoteRange[];
	/** The userLevels flags that are true (broadcaster, mod, vip, subscriber…), for styling. */
	levels?: readonly string[];
}

export interface EmoteRange {
	id: string;
	start: number;
	end: number;
}

const MAX_BADGES = 6;
const MAX_EMOTES = 100;

/** An image address a widget may load: https only (no http, data: or javascript:), bounded. */
export function httpsImageUrl(raw: unknown): string | undefined {
	if (typeof raw !== 'string' || raw.length > 2000) return undefined;
	try {
		const url = new URL(raw.trim());
		return url.protocol === 'https:' ? url.href : undefined;
	} catch {
		return undefined;
	}
}

/**
 * The Twitch-style emotes tag, `id:start-end,start-end/id:start-end`, into ranges inside a text of
 * `length` code points. Defensive: anything malformed, overlapping or out of range is skipped, never thrown.
 */
export function parseEmotesRaw(raw: unknown, length: number): EmoteRange[] {
	if (typeof raw !== 'string' || raw.length > 5000) return [];
	const ranges: EmoteRange[] = [];
	for (const group of raw.split('/')) {
		const m = /^([A-Za-z0-9_-]{1,64}):(.+)$/.exec(group);
		if (!m) continue;
		for (const span of m[2]!.split(',')) {
			const r = /^(\d{1,5})-(\d{1,5})$/.exec(span);
			if (!r) continue;
			const start = Number(r[1]);
			const end = Number(r[2]);
			if (end >= start && end < length) ranges.push({ id: m[1]!, start, end });
		}
	}
	ranges.sort((a, b) => a.start - b.start);
	const kept: EmoteRange[] = [];
	for (const r of ranges)
		if (kept.length < MAX_EMOTES && (kept.at(-1)?.end ?? -1) < r.start) kept.push(r);
	return kept;
}

export type ChatEvent = { kind: 'message'; line: ChatLine } | { kind: 'deletion'; id: string };

export function parseChatEvent(envelope: Envelope, now = Date.now()): ChatEvent | undefined {
	const del = v.safeParse(ChatDeletionSchema, envelope.data);
	if (del.success) return { kind: 'deletion', id: String(del.output.shouldRemove) };
	const msg = v.safeParse(ChatMessageSchema, envelope.data);
	if (!msg.success) return undefined;
	const { extraSettings: x, message } = msg.output;
	const id = String(x.messageId ?? msg.output.id ?? '');
	if (!id) return undefined;
	const username = boundName(x.username ?? x.displayname ?? 'unknown');
	const text = boundText(message, EVENT_TEXT_LIMITS.text);
	return {
		kind: 'message',
		line: {
			id,
			platform: envelope.origin ?? 'unknown',
			username,
			displayName: x.displayname === undefined ? username : boundName(x.displayname),
			text,
			color: x.userColor && /^#[0-9a-f]{3,8}$/i.test(x.userColor) ? x.userColor : undefined,
			isCommand: /^\s*!/.test(message),
			timestamp: x.timestamp ?? now,
			badges: (x.badges ?? []).flatMap((b) => httpsImageUrl(b) ?? []).slice(0, MAX_BADGES),
			avatar: httpsImageUrl(x.avatar),
			// A cut text ends with "…": an emote may not cover it.
			emotes: parseEmotesRaw(x.emotesRaw, [...text].length - (text === message ? 0 : 1)),
			levels: Object.entries(x.userLevels ?? {})
				.filter(([k, on]) => on === true && /^[a-z0-9]{1,20}$/i.test(k))
				.map(([k]) => k)
				.slice(0, 12)
		}
	};
}

export interface AlertLine {
	key: string;
	platform: string;
	username?: string;
	value?: string;
	replay: boolean;
	timestamp: number;
	/** Scalar fields of `dynamic` and `extraSettings` as short strings (untrusted text), for readable lines. */
	dynamic?: Readonly<Record<string, string>>;
	extra?: Readonly<Record<string, string>>;
}

const MAX_DETAIL_FIELDS = 40;
const MAX_DETAIL_CHARS = 200;

/** The scalar fields of a payload record, bounded in count and length. */
function scalarFields(record: Record<string, unknown> | undefined): Record<string, string> {
	const out: Record<string, string> = {};
	let count = 0;
	for (const [key, value] of Object.entries(record ?? {})) {
		if (count >= MAX_DETAIL_FIELDS) break;
		if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
			continue;
		out[key.slice(0, 60)] = String(value).slice(0, MAX_DETAIL_CHARS);
		count++;
	}
	return out;
}

export function parseAlertEvent(envelope: Envelope, now = Date.now()): AlertLine | undefined {
	if (envelope.type !== 'alert' || !envelope.event) return undefined;
	const parsed = v.safeParse(AlertEventSchema, envelope.data ?? {});
	if (!parsed.success) return undefined;
	const { dynamic, extraSettings, replay } = parsed.output;
	const asText = (x: unknown) =>
		typeof x === 'string' || typeof x === 'number' ? String(x) : undefined;
	const name =
		asText(extraSettings?.displayname) ??
		asText(extraSettings?.username) ??
		asText(dynamic?.username);
	const username = name === undefined ? undefined : boundName(name);
	const value = asText(dynamic?.value);
	const ts = extraSettings?.timestamp;
	return {
		key: envelope.event,
		platform: envelope.origin ?? envelope.event.split('-')[0] ?? 'unknown',
		username,
		value: value === undefined ? undefined : boundText(value, EVENT_TEXT_LIMITS.text),
		replay: replay ?? false,
		timestamp: typeof ts === 'number' ? ts : now,
		dynamic: scalarFields(dynamic),
		extra: scalarFields(extraSettings)
	};
}

export function parseStatesEvent(envelope: Envelope): States | undefined {
	const parsed = v.safeParse(StatesSchema, envelope.data);
	return parsed.success ? parsed.output : undefined;
}

export function parsePremiumEvent(envelope: Envelope): boolean | undefined {
	const parsed = v.safeParse(PremiumEventSchema, envelope.data);
	return parsed.success ? parsed.output.premium : undefined;
}
