/** Schemas of what the interface answers over HTTP: settings, meta, premium, errors, send results. */
import * as v from 'valibot';

export const LightSchema = v.looseObject({
	id: v.string(),
	name: v.optional(v.string()),
	type: v.string()
});
export type Light = v.InferOutput<typeof LightSchema>;

/**
 * The first of each key only. Lists from the application are shown keyed by name or id, and a list
 * repeating one would break the page (a keyed list cannot hold the same key twice).
 */
export function uniqueBy<T>(items: readonly T[], keyOf: (item: T) => unknown): T[] {
	const seen = new Set<unknown>();
	return items.filter((item) => {
		const key = keyOf(item);
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
}
const byId = <T extends { id: string }>(items: T[]) => uniqueBy(items, (item) => item.id);

/** `states` of retrieve and of the `states` event: 0/1 flags (booleans tolerated). */
const flag = v.optional(v.union([v.number(), v.boolean()]));
export const StatesSchema = v.looseObject({
	on: flag,
	streamMode: flag,
	fuze: flag,
	listenId: v.optional(v.string())
});
export type States = v.InferOutput<typeof StatesSchema>;

export const SettingsDataSchema = v.looseObject({
	premium: v.optional(v.boolean(), false),
	types: v.optional(v.array(v.string()), []),
	options: v.optional(v.looseObject({}), {}),
	lights: v.optional(v.pipe(v.array(LightSchema), v.transform(byId)), []),
	states: v.optional(StatesSchema)
});
export type SettingsData = v.InferOutput<typeof SettingsDataSchema>;

export const SettingsSchema = v.looseObject({
	status: v.optional(v.number()),
	data: SettingsDataSchema
});

export const MetaSchema = v.looseObject({
	status: v.optional(v.number()),
	name: v.string(),
	version: v.string(),
	apiVersion: v.number(),
	startedAt: v.optional(v.number()),
	features: v.array(v.string())
});
export type Meta = v.InferOutput<typeof MetaSchema>;

/** What a 404 from /api/meta means: apiVersion 1 with none of the features. */
export const LEGACY_META: Meta = {
	name: 'unknown',
	version: 'unknown',
	apiVersion: 1,
	features: []
};

export const PremiumSchema = v.looseObject({
	status: v.optional(v.number()),
	data: v.looseObject({ premium: v.boolean() })
});

export const StructuredErrorSchema = v.looseObject({
	status: v.number(),
	code: v.string(),
	message: v.string()
});
export type StructuredError = v.InferOutput<typeof StructuredErrorSchema>;

export const SendResultSchema = v.looseObject({
	status: v.number(),
	message: v.optional(v.unknown())
});

export const TtsEntrySchema = v.looseObject({ id: v.string(), label: v.string() });
export const TtsVoiceSchema = v.looseObject({
	id: v.string(),
	label: v.string(),
	language: v.optional(v.string()),
	source: v.optional(v.string())
});
export const TtsOptionsSchema = v.looseObject({
	values: v.looseObject({
		devices: v.optional(v.pipe(v.array(TtsEntrySchema), v.transform(byId)), []),
		currentDevice: v.optional(v.nullable(TtsEntrySchema)),
		voices: v.optional(v.pipe(v.array(TtsVoiceSchema), v.transform(byId)), [])
	})
});
export type TtsOptions = v.InferOutput<typeof TtsOptionsSchema>['values'];

const ValuesSchema = v.looseObject({ values: v.array(v.unknown()) });

/** Names listed under `data.options[key].values`, each once; anything that is not a string is skipped. */
export function optionValues(options: Record<string, unknown> | undefined, key: string): string[] {
	const parsed = v.safeParse(ValuesSchema, options?.[key]);
	return parsed.success
		? uniqueBy(
				parsed.output.values.filter((x): x is string => typeof x === 'string'),
				(name) => name
			)
		: [];
}

export function ttsOptions(options: Record<string, unknown> | undefined): TtsOptions {
	const parsed = v.safeParse(TtsOptionsSchema, options?.tts);
	return parsed.success ? parsed.output.values : { devices: [], currentDevice: null, voices: [] };
}

/** The overlay configuration of the settings payload: lists in the full payload, `{count}` each in slim mode (spec, Settings). */
export const OVERLAY_KEYS = [
	'overlays',
	'overlayLayers',
	'overlayAssets',
	'indistinctLayers'
] as const;
export type OverlayKey = (typeof OVERLAY_KEYS)[number];

const OverlayCountSchema = v.union([
	v.pipe(
		v.array(v.unknown()),
		v.transform((list) => list.length)
	),
	v.pipe(
		v.looseObject({ count: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
		v.transform((slim) => slim.count)
	)
]);

/**
 * How many overlays, layers, assets and indistinct layers the setup holds, from either form: the full
 * payload (older versions ignore `slim`, facts §4.3) lists them, slim counts them. Undefined when absent.
 */
export function overlayCounts(
	options: Record<string, unknown> | undefined
): Record<OverlayKey, number | undefined> {
	const count = (key: OverlayKey) => {
		const parsed = v.safeParse(OverlayCountSchema, options?.[key]);
		return parsed.success ? parsed.output : undefined;
	};
	return {
		overlays: count('overlays'),
		overlayLayers: count('overlayLayers'),
		overlayAssets: count('overlayAssets'),
		indistinctLayers: count('indistinctLayers')
	};
}
