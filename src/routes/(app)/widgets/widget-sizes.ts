/**
 * The browser source's recommended size per widget: the builder's preview and its advice use it, and
 * scripts/look-sweep.ts takes its screenshots at it. A widget not listed gets 400 × 300.
 */
export const WIDGET_SIZES: Readonly<Record<string, { width: number; height: number }>> = {
	counter: { width: 400, height: 220 },
	'song-queue': { width: 500, height: 320 },
	'now-playing': { width: 500, height: 140 },
	chat: { width: 400, height: 360 },
	events: { width: 400, height: 300 },
	goal: { width: 600, height: 120 },
	stats: { width: 600, height: 120 },
	timer: { width: 400, height: 160 }
};
