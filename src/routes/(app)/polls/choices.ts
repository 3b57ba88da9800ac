/**
 * Choices and outcomes are sent as one comma-separated string (spec: polls split on commas without
 * trimming, predictions trim). Each entry is trimmed here and empty ones dropped; a comma inside an
 * entry would silently make two, so it is refused with the entry named.
 */
export type Joined = { ok: true; value: string; list: string[] } | { ok: false; index: number; rule: string };

export function joinChoices(entries: readonly string[], what: string): Joined {
	const list: string[] = [];
	for (const [i, raw] of entries.entries()) {
		const entry = raw.trim();
		if (entry.includes(',')) return { ok: false, index: i, rule: `${what} ${i + 1} must not contain a comma (the application splits on commas)` };
		if (entry) list.push(entry);
	}
	return { ok: true, value: list.join(','), list };
}

export const formatSeconds = (s: number) => (s % 60 === 0 ? `${s / 60} min` : `${s} s`);

const KEY = 'stream-control:last-prediction';

/** The outcomes of the last prediction created from this device, so it can be resolved after a reload. */
export function loadPrediction(): { title: string; outcomes: string[] } | undefined {
	try {
		const raw: unknown = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? 'null');
		if (!raw || typeof raw !== 'object') return undefined;
		const { title, outcomes } = raw as Record<string, unknown>;
		if (typeof title !== 'string' || !Array.isArray(outcomes) || !outcomes.every((o) => typeof o === 'string')) return undefined;
		return { title, outcomes: outcomes.slice(0, 20) as string[] };
	} catch {
		return undefined;
	}
}

export function savePrediction(value: { title: string; outcomes: string[] } | undefined): void {
	try {
		if (value) globalThis.localStorage?.setItem(KEY, JSON.stringify(value));
		else globalThis.localStorage?.removeItem(KEY);
	} catch {
		// Not remembered where storage is unavailable; the page still works for this visit.
	}
}
