/**
 * How the application reads params more leniently than the spec's rules (protocol facts §4.4, §4.5),
 * as data. Our client validates with the catalog's strict schemas and never relies on any of this;
 * the simulator answers what the application answers and records a lint note for each leniency used
 * (or refuses with 400 in strict mode).
 */
import { CATALOG, type SendType } from './catalog';
import { SEND_TYPE_INFO, SEND_TYPES } from './send-types';
import { LIMITS } from './limits';
import { COMMAND_KINDS_FEATURE, LEGACY_COMMAND_KINDS, type Feature } from './vocabulary';

/** A request that got the application's answer only by relying on leniency: the field and the rule. */
export interface LintNote {
	field: string;
	rule: string;
}

export const describeLint = (n: LintNote) => `${n.field} ${n.rule}`;

/**
 * Queue-executed types (facts §4.4): the ones `skipQueue`, `bypassQueue` and `hold` apply to. Every
 * trigger (by name, alerts, studio), and the lights' colour and fuze types.
 */
export const QUEUE_TYPES: ReadonlySet<SendType> = new Set<SendType>([
	...SEND_TYPES.filter((type) => SEND_TYPE_INFO[type].group === 'trigger'),
	'rgb-color',
	'hex-color',
	'start-fuze',
	'stop-fuze',
	'toggle-fuze',
	'set-fuze',
	'fuze-audio-sensitivity'
]);

/** The envelope params (facts §4.5) and the types they apply to; elsewhere the application ignores them. */
export const ENVELOPE_PARAMS: Record<string, (type: SendType) => boolean> = {
	extraSettings: () => true,
	skipQueue: (type) => QUEUE_TYPES.has(type),
	bypassQueue: (type) => QUEUE_TYPES.has(type),
	hold: (type) => QUEUE_TYPES.has(type)
};

/** Envelope params the legacy GET query form loses (facts §4.1); `hold` survives it. */
export const LOST_IN_QUERY_FORM: readonly string[] = ['extraSettings', 'skipQueue', 'bypassQueue'];

/** Params of the legacy query form as the application runs them: the lost envelope params dropped, each a lint note. */
export function dropLostInQueryForm(params: unknown): { params: unknown; notes: LintNote[] } {
	if (!isRecord(params)) return { params, notes: [] };
	const lost = LOST_IN_QUERY_FORM.filter((key) => Object.hasOwn(params, key));
	if (!lost.length) return { params, notes: [] };
	const kept = Object.fromEntries(Object.entries(params).filter(([key]) => !lost.includes(key)));
	return {
		params: kept,
		notes: lost.map((key) => ({ field: `params.${key}`, rule: LENIENCY_RULES.lostInQueryForm }))
	};
}

/** Types whose booleans are not read by truthiness (the spec: the four chat-mode types parse "false", "off", "0"). */
const OWN_BOOLEAN_PARSING: ReadonlySet<SendType> = new Set<SendType>([
	'set-slow-mode',
	'set-subscriber-mode',
	'set-follow-mode',
	'set-emotes-mode'
]);

/** Leniency rules, by the kind of value the spec expects: how the application reads a value of another kind. */
export const LENIENCY_RULES = {
	unknownField: 'is not a documented field of this type; the application ignores it',
	envelopeIgnored: (type: string) =>
		`does nothing on ${type} (not a queue-executed type); the application ignores it`,
	numericString: 'is a numeric string; the application reads it as a number (send a JSON number)',
	truthy:
		'is not a JSON boolean; the application reads it by truthiness, so "false" counts as true (send true or false)',
	fraction: 'is a fraction; the application truncates it to a whole number (send an integer)',
	lostInQueryForm:
		'is lost in the legacy GET query form; the application runs without it (send POST /api/send)',
	missingAsUndefined:
		'is missing; the application answers success and stores the literal string "undefined" (send a number)',
	droppedEntry: 'has no type; the application drops the entry (send {type, value})',
	unknownTopLevel: (holds: string) =>
		`is not a field of a send; the application reads only ${holds} and ignores it`,
	unvalidated:
		'is not a string; the application does not validate it and reads it as text (send a string)',
	checkedWhenRun: (range: string) =>
		`is out of range (${range}); the application queues it and answers success, and the run changes nothing (send a value in range)`
} as const;

/** The top-level fields of a send: the REST body, and a websocket command (which may carry a context, facts §3.2). */
export const SEND_BODY_FIELDS: readonly string[] = ['type', 'params'];
export const SEND_FRAME_FIELDS: readonly string[] = ['type', 'params', 'context'];

/** Top-level fields the legacy SDK adds to its command packs (facts §3.2); the application ignores them. */
export const LEGACY_SDK_FIELDS: Readonly<Record<string, string>> = {
	lsorigin:
		"is the legacy SDK's marker of its command packs; the application ignores it (leave it out)"
};

/**
 * Top-level fields of a send other than the known ones: ignored by the application (facts §4.4, its
 * handlers read type and params), each a lint note. `where` names the message (`body` or `frame`).
 */
export function strayTopLevel(
	message: Record<string, unknown>,
	known: readonly string[],
	where: 'body' | 'frame'
): LintNote[] {
	return Object.keys(message)
		.filter((key) => !known.includes(key))
		.map((key) => ({
			field: `${where}.${key.slice(0, 60)}`,
			rule: Object.hasOwn(LEGACY_SDK_FIELDS, key)
				? LEGACY_SDK_FIELDS[key]!
				: LENIENCY_RULES.unknownTopLevel(known.join(', '))
		}));
}

/**
 * Fields a version without the feature does not read (facts §10: set-command-state's `kind` came with
 * name validation; older versions act on the chat command of that name). There the field is ignored:
 * silently when its value changes nothing (`harmless`), else with a lint note.
 */
export const FIELDS_OF_FEATURE: Partial<
	Record<SendType, Record<string, { feature: Feature; harmless: readonly unknown[]; rule: string }>>
> = {
	'set-command-state': {
		kind: {
			feature: COMMAND_KINDS_FEATURE,
			harmless: LEGACY_COMMAND_KINDS,
			rule: `is not read by versions without ${COMMAND_KINDS_FEATURE}; the application acts on the chat command of that name (leave it out)`
		}
	}
};

/**
 * Fields the application does not read in some cases, so any value passes there (spec, end-prediction:
 * "CANCELED: value ignored"). A value the strict schema would refuse draws a lint note.
 */
export const IGNORED_WHEN: Partial<
	Record<
		SendType,
		Record<
			string,
			{
				when: (params: Record<string, unknown>) => boolean;
				valid: (value: unknown) => boolean;
				rule: string;
			}
		>
	>
> = {
	'end-prediction': {
		value: {
			when: (p) => p.name === 'CANCELED',
			valid: (value) => typeof value === 'string',
			rule: 'is not a string and is ignored when cancelling (spec: CANCELED, value ignored); leave it out'
		}
	}
};

/** Fields the spec says are not validated (song-request's query): any value is read as its text, a non-string with a lint note. */
export const UNVALIDATED: Partial<Record<SendType, readonly string[]>> = {
	'song-request': ['value']
};

const isChannel = (x: unknown) => typeof x === 'number' && Number.isFinite(x);
const inByte = (x: unknown) =>
	isChannel(x) && (x as number) >= LIMITS.rgbChannel.min && (x as number) <= LIMITS.rgbChannel.max;

/**
 * Ranges a queue-executed type checks only when its activity runs, after the answer (facts §4.4:
 * queue types answer once queued; failures later never reach the response). Each is a number, or
 * an `{r, g, b}` colour, of the right kind but out of range: answered success, a lint note, and the
 * run changes nothing (the handler gets `refusedWhenRun`). `standIn` passes the strict check.
 */
export const CHECKED_WHEN_RUN: Partial<
	Record<
		SendType,
		Record<string, { outOfRange: (value: unknown) => boolean; range: string; standIn: unknown }>
	>
> = {
	'rgb-color': {
		value: {
			// Numbers only, some missing or outside a byte: {r: 300}, [0, 0, 999]. Text or a wrong shape stays a 400.
			outOfRange: (value) => {
				const rgb =
					isRecord(value) &&
					Object.keys(value).length > 0 &&
					Object.keys(value).every((k) => k === 'r' || k === 'g' || k === 'b')
						? value
						: undefined;
				const channels = Array.isArray(value)
					? value.length === 3
						? value
						: undefined
					: rgb
						? [rgb.r, rgb.g, rgb.b]
						: undefined;
				if (!channels || !Object.values(value as object).every(isChannel)) return false;
				return !channels.every(inByte);
			},
			range: `r, g and b each ${LIMITS.rgbChannel.min}–${LIMITS.rgbChannel.max}`,
			standIn: [0, 0, 0]
		},
		brightness: brightnessRange()
	},
	'hex-color': { brightness: brightnessRange() }
};

function brightnessRange() {
	const { min, max } = LIMITS.brightness;
	return {
		outOfRange: (value: unknown) =>
			isChannel(value) && ((value as number) < min || (value as number) > max),
		range: `${min}–${max}, facts §5.15`,
		standIn: LIMITS.brightness.default
	};
}

/** Fields the application reads as `parseInt(x) || default` (facts §11: timeout-user's duration), so 0 means the default. */
export const ZERO_MEANS_DEFAULT: Partial<Record<SendType, Record<string, number>>> = {
	'timeout-user': { duration: LIMITS.timeoutDefault }
};

/**
 * Required fields that may be null, with a stand-in the strict check accepts (facts §5.15: `rgb-color`
 * with `value: null` is a brightness-only send). The handler gets the null.
 */
export const NULL_ACCEPTED: Partial<
	Record<SendType, Record<string, { standIn: unknown; rule: string }>>
> = {
	'rgb-color': {
		value: {
			standIn: [0, 0, 0],
			rule: 'is null; the application changes only the brightness and keeps the colour (the legacy SDK form; send a colour)'
		}
	}
};

const untyped = (entry: unknown) => isRecord(entry) && entry.type === undefined;

/**
 * List entries the application drops rather than refuses (facts §5.15: `lights[]` entries without
 * `type`; a list left empty means the default lights).
 */
export const DROPPED_ENTRIES: Partial<
	Record<SendType, Record<string, (entry: unknown) => boolean>>
> = {
	'rgb-color': { lights: untyped },
	'hex-color': { lights: untyped }
};

/**
 * Required fields the application does not check: omitted, it stores the literal string "undefined"
 * (facts §5.11: `overlay-set-layer-position` without `x` or `y`). Our client always sends them.
 */
export const MISSING_AS_UNDEFINED: Partial<Record<SendType, readonly string[]>> = {
	'overlay-set-layer-position': ['x', 'y']
};

type Kind = 'number' | 'integer' | 'boolean' | 'other';

interface SchemaLike {
	type?: string;
	wrapped?: SchemaLike;
	entries?: Record<string, SchemaLike>;
	pipe?: { type?: string }[];
}

/** The kind of value an entry schema expects, looking through optional/nullable wrappers and pipes. */
function kindOf(schema: SchemaLike | undefined): Kind {
	let s = schema;
	while (s && (s.type === 'optional' || s.type === 'nullable' || s.type === 'nullish') && s.wrapped)
		s = s.wrapped;
	if (!s) return 'other';
	if (s.type === 'number') return s.pipe?.some((a) => a.type === 'integer') ? 'integer' : 'number';
	if (s.type === 'boolean') return 'boolean';
	return 'other';
}

const isRecord = (x: unknown): x is Record<string, unknown> =>
	typeof x === 'object' && x !== null && !Array.isArray(x);
const NUMERIC = /^\s*-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?\s*$/i;

export interface LenientReading {
	/** Params as the application reads them, ready for the strict check. */
	params: unknown;
	/** Params the handler gets as they are, past the strict check: envelope params that apply but that the type's strict schema does not list (hold on a trigger), and the application's "undefined" for a missing coordinate. */
	kept: Record<string, unknown>;
	notes: LintNote[];
}

/**
 * Reads top-level params the way the application does: ignored fields dropped, numeric strings read
 * as numbers, fractions truncated where a whole number is expected, non-booleans read by truthiness
 * (chat-mode types excepted). Each leniency used is a lint note. Anything else is left for the strict
 * check to refuse.
 */
export function readLeniently(
	type: SendType,
	params: unknown,
	has: (feature: Feature) => boolean = () => true
): LenientReading {
	if (!isRecord(params)) return { params, kept: {}, notes: [] };
	const entries = ((CATALOG[type].params as SchemaLike).entries ?? {}) as Record<
		string,
		SchemaLike
	>;
	const out: Record<string, unknown> = {};
	const kept: Record<string, unknown> = {};
	const notes: LintNote[] = [];
	for (const [key, value] of Object.entries(params)) {
		const field = `params.${key.slice(0, 60)}`;
		// Own keys only: a body may name `__proto__` or `constructor`.
		const envelope = Object.hasOwn(ENVELOPE_PARAMS, key) ? ENVELOPE_PARAMS[key] : undefined;
		if (envelope && !envelope(type)) {
			notes.push({ field, rule: LENIENCY_RULES.envelopeIgnored(type) });
			continue;
		}
		if (!Object.hasOwn(entries, key)) {
			if (envelope) kept[key] = value;
			else notes.push({ field, rule: LENIENCY_RULES.unknownField });
			continue;
		}
		const newer = FIELDS_OF_FEATURE[type]?.[key];
		if (newer && !has(newer.feature)) {
			if (!newer.harmless.includes(value)) notes.push({ field, rule: newer.rule });
			continue;
		}
		const ignored = IGNORED_WHEN[type]?.[key];
		if (ignored?.when(params)) {
			if (!ignored.valid(value)) notes.push({ field, rule: ignored.rule });
			continue;
		}
		if (
			UNVALIDATED[type]?.includes(key) &&
			value !== undefined &&
			value !== null &&
			typeof value !== 'string'
		) {
			notes.push({ field, rule: LENIENCY_RULES.unvalidated });
			out[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
			continue;
		}
		const runChecked = CHECKED_WHEN_RUN[type]?.[key];
		if (runChecked?.outOfRange(value)) {
			notes.push({ field, rule: LENIENCY_RULES.checkedWhenRun(runChecked.range) });
			out[key] = runChecked.standIn;
			kept.refusedWhenRun = `${field} is out of range (${runChecked.range})`;
			continue;
		}
		const nullable = value === null ? NULL_ACCEPTED[type]?.[key] : undefined;
		if (nullable) {
			notes.push({ field, rule: nullable.rule });
			out[key] = nullable.standIn;
			kept[key] = null;
			continue;
		}
		const fallback = ZERO_MEANS_DEFAULT[type]?.[key];
		if (fallback !== undefined && (value === 0 || value === '0')) {
			notes.push({
				field,
				rule: `is 0; the application reads 0 as the default, ${fallback} (send the duration you mean)`
			});
			out[key] = fallback;
			continue;
		}
		const dropped = DROPPED_ENTRIES[type]?.[key];
		if (dropped && Array.isArray(value) && value.some(dropped)) {
			value.forEach(
				(entry, i) =>
					dropped(entry) &&
					notes.push({ field: `${field}[${i}]`, rule: LENIENCY_RULES.droppedEntry })
			);
			out[key] = value.filter((entry) => !dropped(entry));
			continue;
		}
		const kind = kindOf(entries[key]);
		if (
			(kind === 'number' || kind === 'integer') &&
			typeof value === 'string' &&
			NUMERIC.test(value)
		) {
			notes.push({ field, rule: LENIENCY_RULES.numericString });
			out[key] = kind === 'integer' ? Math.trunc(Number(value)) : Number(value);
			if (kind === 'integer' && !Number.isInteger(Number(value)))
				notes.push({ field, rule: LENIENCY_RULES.fraction });
		} else if (
			kind === 'integer' &&
			typeof value === 'number' &&
			Number.isFinite(value) &&
			!Number.isInteger(value)
		) {
			notes.push({ field, rule: LENIENCY_RULES.fraction });
			out[key] = Math.trunc(value);
		} else if (
			kind === 'boolean' &&
			value !== undefined &&
			value !== null &&
			typeof value !== 'boolean' &&
			!OWN_BOOLEAN_PARSING.has(type)
		) {
			notes.push({ field, rule: LENIENCY_RULES.truthy });
			out[key] = Boolean(value);
		} else out[key] = value;
	}
	for (const key of MISSING_AS_UNDEFINED[type] ?? []) {
		if (Object.hasOwn(params, key)) continue;
		notes.push({ field: `params.${key}`, rule: LENIENCY_RULES.missingAsUndefined });
		// A stand-in the strict check accepts; the handler gets the application's literal "undefined".
		out[key] = 0;
		kept[key] = 'undefined';
	}
	return { params: out, kept, notes };
}
