/**
 * The stats widget's data, pure: which variables it reads per platform (protocol facts §8) and what
 * they say. A platform counts as connected when its `<platform>_live` variable holds a yes or a no:
 * the application keeps no variables for a platform it is not connected to, and the setup payload
 * does not list connected platforms.
 */
import { numberOf } from '$lib/client/values';
import { PLATFORMS } from '$lib/protocol/vocabulary';
import { yesNo } from '../yes-no';

export interface PlatformStats {
	platform: string;
	live: boolean;
	/** When it went live (ms), while live and known. */
	since?: number;
	/** Undefined when the variable is empty or not a number (shown as "—"). */
	viewers?: number;
}

const live = (p: string) => `${p}_live`;
const since = (p: string) => `${p}_uptime_timestamp`;
const viewers = (p: string) => `${p}_current_viewer_count`;

/** The platforms asked for (all known ones when none), and the names asked for that are no platform. */
export function statPlatforms(asked: readonly string[]): {
	platforms: string[];
	unknown: string[];
} {
	const wanted = asked.map((p) => p.trim().toLowerCase()).filter(Boolean);
	const known: readonly string[] = PLATFORMS;
	if (!wanted.length) return { platforms: [...PLATFORMS], unknown: [] };
	return {
		platforms: [...new Set(wanted.filter((p) => known.includes(p)))],
		unknown: wanted.filter((p) => !known.includes(p))
	};
}

export function statNames(platforms: readonly string[], withViewers = true): string[] {
	return platforms.flatMap((p) => [live(p), since(p), ...(withViewers ? [viewers(p)] : [])]);
}

/** One row per connected platform, and a note for each value that could not be read as expected. */
export function readStats(
	platforms: readonly string[],
	values: Readonly<Record<string, unknown>>
): { rows: PlatformStats[]; notes: string[] } {
	const rows: PlatformStats[] = [];
	const notes: string[] = [];
	for (const platform of platforms) {
		const isLive = yesNo(values[live(platform)]);
		if (isLive === undefined) continue;
		const row: PlatformStats = { platform, live: isLive };
		const rawSince = values[since(platform)];
		const at = typeof rawSince === 'string' && rawSince ? Date.parse(rawSince) : NaN;
		if (isLive && Number.isFinite(at)) row.since = at;
		const rawViewers = values[viewers(platform)];
		if (rawViewers !== undefined && rawViewers !== null && rawViewers !== '') {
			row.viewers = numberOf(rawViewers);
			if (row.viewers === undefined)
				notes.push(`${viewers(platform)} holds ${String(rawViewers).slice(0, 40)}, not a number`);
		} else if (!isLive) row.viewers = 0;
		rows.push(row);
	}
	return { rows, notes };
}

/** Every platform as one: live when any is, viewers added up, uptime from the first to go live. */
export function sumStats(rows: readonly PlatformStats[]): PlatformStats | undefined {
	if (!rows.length) return undefined;
	const lives = rows.filter((r) => r.live);
	const starts = lives.flatMap((r) => (r.since === undefined ? [] : [r.since]));
	const counts = rows.map((r) => r.viewers);
	return {
		platform: 'all',
		live: lives.length > 0,
		since: starts.length ? Math.min(...starts) : undefined,
		viewers: counts.some((n) => n === undefined)
			? undefined
			: counts.reduce<number>((a, n) => a + (n ?? 0), 0)
	};
}
