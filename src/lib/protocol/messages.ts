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

// The reply schemas leave out `event`: parseServerFrame picks each one by it.
const ResponseSchema = v.looseObject({
	context: v.union([v.string(), v.number()]),
	status: v.number(),
	message: v.optional(v.unknown()),
	error: v.optional(v.string()),
	code: v.optional(v.string())
});
const RetrieveReplySchema = v.looseObject({
	context: Context,
	data: SettingsDataSchema
});
const SubscribedSchema = v.looseObject({
	context: Context,
	channels: v.union([v.array(v.string()), v.picklist(['all'])])
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
/**
 * An event's time in ms since 1970, if a Date can hold it; else the line takes its arrival time. A
 * malformed frame's 1e300 would make an invalid Date, and formatting that throws, breaking the page.
 */
export function eventTime(ms: number | undefined, arrival: number): number {
	return ms !== undefined && !Number.isNaN(new Date(ms).getTime()) ? ms : arrival;
}
const TimeSchema = v.looseObject({
	time: v.optional(v.string()),
	timestamp: v.optional(v.number())
});
const str = v.optional(v.string());

export const CommandEventSchema = v.looseObject({
	username: str,
	command: v.string(),
	extraSettings: v.optional(TimeSchema)
});
export const AlertEventSchema = v.looseObject({
	dynamic: v.optional(v.looseObject({})),
	replay: v.optional(v.boolean()),
	extraSettings: v.optional(v.looseObject({}))
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

export function parseStatesEvent(envelope: Envelope): States | undefined {
	const parsed = v.safeParse(StatesSchema, envelope.data);
	return parsed.success ? parsed.output : undefined;
}

export function parsePremiumEvent(envelope: Envelope): boolean | undefined {
	const parsed = v.safeParse(PremiumEventSchema, envelope.data);
	return parsed.success ? parsed.output.premium : undefined;
}
