/**
 * Choices and outcomes are sent as one comma-separated string (spec: polls split on commas without
 * trimming, predictions trim). Each entry is trimmed here and empty ones dropped; a comma inside an
 * entry would silently make two, so it is refused with the entry named.
 */
import * as v from 'valibot';
import { PersistedState } from '$lib/client/state/persisted-state';

export type Joined =
	{ ok: true; value: string; list: string[] } | { ok: false; index: number; rule: string };

/** `comma` says the rule for entry n (1-based), in the kind's words. */
export function joinChoices(
	entries: readonly string[],
	comma: (inputs: { n: string }) => string
): Joined {
	const list: string[] = [];
	for (const [i, raw] of entries.entries()) {
		const entry = raw.trim();
		if (entry.includes(','))
			return {
				ok: false,
				index: i,
				rule: comma({ n: String(i + 1) })
			};
		if (entry) list.push(entry);
	}
	return { ok: true, value: list.join(','), list };
}

/** A preset's length as the language writes it: `2 min`, `30 s` (Intl's short units). */
export const formatSeconds = (s: number, locale: string) =>
	new Intl.NumberFormat(locale, {
		style: 'unit',
		unit: s % 60 === 0 ? 'minute' : 'second',
		unitDisplay: 'short'
	}).format(s % 60 === 0 ? s / 60 : s);

const PredictionSchema = v.object({
	title: v.string(),
	outcomes: v.pipe(
		v.array(v.string()),
		v.transform((list) => list.slice(0, 20))
	)
});
type Prediction = v.InferOutput<typeof PredictionSchema>;

/** The outcomes of the last prediction created from this device, so it can be resolved after a reload. */
const lastPrediction = new PersistedState<Prediction | undefined>(
	'stream-control:last-prediction',
	PredictionSchema,
	undefined
);

export function loadPrediction(): Prediction | undefined {
	return lastPrediction.current;
}

/** Not remembered where storage is unavailable; the page still works for this visit. */
export function savePrediction(value: Prediction | undefined): void {
	lastPrediction.current = value;
}
