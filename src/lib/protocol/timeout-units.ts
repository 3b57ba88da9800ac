/**
 * timeout-user's `duration` is in the platform's own unit: seconds on alpha and beta, minutes on gamma
 * (interface spec, timeout-user; the Limits table's default of 10 is seconds, minutes on gamma). The
 * dashboard offers lengths in minutes only and converts here, so one choice means the same everywhere.
 */
export const TIMEOUT_DURATION_UNIT: Readonly<Record<string, 'seconds' | 'minutes'>> = {
	alpha: 'seconds',
	beta: 'seconds',
	gamma: 'minutes'
};

/** The lengths a streamer picks from, in minutes, with their labels. */
export const TIMEOUT_LENGTHS = [
	{ label: '1 m', minutes: 1 },
	{ label: '10 m', minutes: 10 },
	{ label: '1 h', minutes: 60 },
	{ label: '24 h', minutes: 1440 }
] as const;

/** The `duration` to send for a length in minutes on this platform (seconds where the unit is unknown, as the spec's default). */
export function timeoutDuration(platform: string, minutes: number): number {
	return (TIMEOUT_DURATION_UNIT[platform] ?? 'seconds') === 'minutes' ? minutes : minutes * 60;
}
