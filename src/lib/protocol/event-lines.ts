/**
 * Chat lines and alerts as the feeds and widgets show them, parsed from their event envelopes. Apart
 * from messages.ts so that the deck's first load, which opens the socket but shows no feed, does not
 * carry them: the dashboard's feed fetches this module when a page first shows the feed.
 */
import * as v from 'valibot';
import {
	AlertEventSchema,
	boundText,
	EVENT_TEXT_LIMITS,
	eventTime,
	type Envelope
} from './messages';

const str = v.optional(v.string());
const TimeSchema = v.looseObject({
	time: v.optional(v.string()),
	timestamp: v.optional(v.number())
});

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
		userLevels: v.optional(v.looseObject({})),
		messageId: v.optional(v.union([v.string(), v.number()])),
		time: str,
		timestamp: v.optional(v.number())
	})
});
export const ChatDeletionSchema = v.looseObject({
	shouldRemove: v.union([v.string(), v.number()]),
	extraSettings: v.optional(TimeSchema)
});
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

const boundName = (name: string) => boundText(name, EVENT_TEXT_LIMITS.name);

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
			timestamp: eventTime(x.timestamp, now),
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
		timestamp: eventTime(typeof ts === 'number' ? ts : undefined, now),
		dynamic: scalarFields(dynamic),
		extra: scalarFields(extraSettings)
	};
}
