/**
 * How the application reads params more leniently than the spec's rules (protocol facts §4.4, §4.5),
 * as data. Our client validates with the catalog's strict schemas and never relies on any of this;
 * the simulator answers what the application answers and records a lint note for each leniency used
 * (or refuses with 400 in strict mode).
 */
import { CATALOG, type SendType } from './catalog';
import { LIMITS } from './limits';

/** A request that got the application's answer only by relying on leniency: the field and the rule. */
export interface LintNote {
	field: string;
	rule: string;
}

export const describeLint = (n: LintNote) => `${n.field} ${n.rule}`;

/** Queue-executed types (facts §4.4): the ones `skipQueue`, `bypassQueue` and `hold` apply to. */
export const QUEUE_TYPES: ReadonlySet<SendType> = new Set<SendType>([
	'chat-command',
	'chatbot-command',
	'alpha-points',
	'alpha-extension',
	'gamma-points',
	'alert',
	'rgb-color',
	'hex-color',
	'studio-scene',
	'studio-theme',
	'studio-animation',
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
	return { params: kept, notes: lost.map((key) => ({ field: `params.${key}`, rule: LENIENCY_RULES.lostInQueryForm })) };
}

/** Types whose booleans are not read by truthiness (the spec: the four chat-mode types parse "false", "off", "0"). */
const OWN_BOOLEAN_PARSING: ReadonlySet<SendType> = new Set<SendType>(['set-slow-mode', 'set-subscriber-mode', 'set-follow-mode', 'set-emotes-mode']);

/** Leniency rules, by the kind of value the spec expects: how the application reads a value of another kind. */
export const LENIENCY_RULES = {
	unknownField: 'is not a documented field of this type; the application ignores it',
	envelopeIgnored: (type: string) => `does nothing on ${type} (not a queue-executed type); the application ignores it`,
	numericString: 'is a numeric string; the application reads it as a number (send a JSON number)',
	truthy: 'is not a JSON boolean; the application reads it by truthiness, so "false" counts as true (send true or false)',
	fraction: 'is a fraction; the application truncates it to a whole number (send an integer)',
	lostInQueryForm: 'is lost in the legacy GET query form; the application runs without it (send POST /api/send)',
	missingAsUndefined: 'is missing; the application answers success and stores the literal string "undefined" (send a number)',
	droppedEntry: 'has no type; the application drops the entry (send {type, value})'
} as const;

/** Fields the application reads as `parseInt(x) || default` (facts §11: timeout-user's duration), so 0 means the default. */
export const ZERO_MEANS_DEFAULT: Partial<Record<SendType, Record<string, number>>> = {
	'timeout-user': { duration: LIMITS.timeoutDefault }
};

/**
 * Required fields that may be null, with a stand-in the strict check accepts (facts §5.15: `rgb-color`
 * with `value: null` is a brightness-only send). The handler gets the null.
 */
export const NULL_ACCEPTED: Partial<Record<SendType, Record<string, { standIn: unknown; rule: string }>>> = {
	'rgb-color': { value: { standIn: [0, 0, 0], rule: 'is null; the application changes only the brightness and keeps the colour (the legacy SDK form; send a colour)' } }
};

const untyped = (entry: unknown) => isRecord(entry) && entry.type === undefined;

/**
 * List entries the application drops rather than refuses (facts §5.15: `lights[]` entries without
 * `type`; a list left empty means the default lights).
 */
export const DROPPED_ENTRIES: Partial<Record<SendType, Record<string, (entry: unknown) => boolean>>> = {
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
	while (s && (s.type === 'optional' || s.type === 'nullable' || s.type === 'nullish') && s.wrapped) s = s.wrapped;
	if (!s) return 'other';
	if (s.type === 'number') return s.pipe?.some((a) => a.type === 'integer') ? 'integer' : 'number';
	if (s.type === 'boolean') return 'boolean';
	return 'other';
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
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
export function readLeniently(type: SendType, params: unknown): LenientReading {
	if (!isRecord(params)) return { params, kept: {}, notes: [] };
	const entries = ((CATALOG[type].params as SchemaLike).entries ?? {}) as Record<string, SchemaLike>;
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
		const nullable = value === null ? NULL_ACCEPTED[type]?.[key] : undefined;
		if (nullable) {
			notes.push({ field, rule: nullable.rule });
			out[key] = nullable.standIn;
			kept[key] = null;
			continue;
		}
		const fallback = ZERO_MEANS_DEFAULT[type]?.[key];
		if (fallback !== undefined && (value === 0 || value === '0')) {
			notes.push({ field, rule: `is 0; the application reads 0 as the default, ${fallback} (send the duration you mean)` });
			out[key] = fallback;
			continue;
		}
		const dropped = DROPPED_ENTRIES[type]?.[key];
		if (dropped && Array.isArray(value) && value.some(dropped)) {
			value.forEach((entry, i) => dropped(entry) && notes.push({ field: `${field}[${i}]`, rule: LENIENCY_RULES.droppedEntry }));
			out[key] = value.filter((entry) => !dropped(entry));
			continue;
		}
		const kind = kindOf(entries[key]);
		if ((kind === 'number' || kind === 'integer') && typeof value === 'string' && NUMERIC.test(value)) {
			notes.push({ field, rule: LENIENCY_RULES.numericString });
			out[key] = kind === 'integer' ? Math.trunc(Number(value)) : Number(value);
			if (kind === 'integer' && !Number.isInteger(Number(value))) notes.push({ field, rule: LENIENCY_RULES.fraction });
		} else if (kind === 'integer' && typeof value === 'number' && Number.isFinite(value) && !Number.isInteger(value)) {
			notes.push({ field, rule: LENIENCY_RULES.fraction });
			out[key] = Math.trunc(value);
		} else if (kind === 'boolean' && value !== undefined && value !== null && typeof value !== 'boolean' && !OWN_BOOLEAN_PARSING.has(type)) {
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
