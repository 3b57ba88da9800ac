/**
 * Whether a poll or prediction is running, from what the page knows: the id the application stored
 * for the last one created through it, and the started/ended alerts seen since the dashboard opened.
 * `unknown`: one was created before this page saw its alerts; it may still run, so ending stays offered.
 */
import type { FeedItem } from '$lib/client/state/event-feed.svelte';

export type Running = 'none' | 'running' | 'ended' | 'unknown';

export const POLL_KEYS = { started: 'alpha-pollStarted', ended: 'alpha-pollEnded' } as const;
export const PREDICTION_KEYS = {
	started: 'alpha-predictionStarted',
	ended: 'alpha-predictionEnded'
} as const;

export function runningState(
	currentId: string | undefined,
	items: readonly FeedItem[],
	keys: { started: string; ended: string }
): Running {
	if (currentId === undefined) return 'none';
	for (let i = items.length - 1; i >= 0; i--) {
		const item = items[i]!;
		if (item.kind !== 'alert' || item.line.replay) continue;
		if (item.line.key === keys.ended) return 'ended';
		if (item.line.key === keys.started) return 'running';
	}
	return 'unknown';
}
