/**
 * How the application reads params more leniently than the spec's rules (protocol facts §4.4, §4.5),
 * as data. Our client validates with the catalog's strict schemas and never relies on any of this;
 * the simulator answers what the application answers and records a lint note for each leniency used
 * (or refuses with 400 in strict mode).
 */
import { CATALOG, type SendType } from './catalog';

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

/** Types whose booleans are not read by truthiness (the spec: the four chat-mode types parse "false", "off", "0"). */
const OWN_BOOLEAN_PARSING: ReadonlySet<SendType> = new Set<SendType>(['set-slow-mode', 'set-subscriber-mode', 'set-follow-mode', 'set-emotes-mode']);

/** Leniency rules, by the kind of value the spec expects: how the application reads a value of another kind. */
export const LENIENCY_RULES = {
	unknownField: 'is not a documented field of this type; the application ignores it',
	envelopeIgnored: (type: string) => `does nothing on ${type} (not a queue-executed type); the application ignores it`,
	numericString: 'is a numeric string; the application reads it as a number (send a JSON number)',
	truthy: 'is not a JSON boolean; the application reads it by truthiness, so "false" counts as true (send true or false)',
	fraction: 'is a fraction; the application truncates it to a whole number (send an integer)'
} as const;

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
	/** Envelope params that apply but that the type's strict schema does not list (hold on a trigger): kept for the handler. */
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
	return { params: out, kept, notes };
}
