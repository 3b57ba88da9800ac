/** What the polls and stream pages derive from the feed: whether a poll runs, and the category the application last reported. */
import { describe, expect, it } from 'vitest';
import type { FeedItem } from '$lib/client/state/event-feed.svelte';
import { POLL_KEYS, PREDICTION_KEYS, runningState } from '../../src/routes/(app)/polls/running';
import { currentCategory, TITLE_NOT_REPORTED } from '../../src/routes/(app)/stream/current-value';

const alert = (key: string, value = 'x', replay = false, timestamp = 1000): FeedItem => ({
	kind: 'alert',
	key: `${key}-${timestamp}`,
	receivedAt: timestamp,
	line: { key, platform: key.split('-')[0]!, value, replay, timestamp }
});

describe('runningState', () => {
	it('none without a stored id; running or ended from the last started/ended alert; unknown when none was seen', () => {
		expect(runningState(undefined, [alert(POLL_KEYS.started)], POLL_KEYS)).toBe('none');
		expect(runningState('poll-1', [], POLL_KEYS)).toBe('unknown');
		expect(runningState('poll-1', [alert(POLL_KEYS.started)], POLL_KEYS)).toBe('running');
		expect(
			runningState('poll-1', [alert(POLL_KEYS.started), alert(POLL_KEYS.ended)], POLL_KEYS)
		).toBe('ended');
		expect(
			runningState('poll-1', [alert(POLL_KEYS.ended), alert(POLL_KEYS.started)], POLL_KEYS)
		).toBe('running');
		// Replays and the other kind do not count.
		expect(
			runningState(
				'poll-1',
				[alert(POLL_KEYS.started), alert(POLL_KEYS.ended, 'x', true)],
				POLL_KEYS
			)
		).toBe('running');
		expect(runningState('p-1', [alert(POLL_KEYS.ended)], PREDICTION_KEYS)).toBe('unknown');
	});
});

describe('currentCategory', () => {
	it('the last categoryChanged alert of that platform, else a sentence saying it cannot be read yet', () => {
		const items = [
			alert('alpha-categoryChanged', 'Chess', false, 1),
			alert('alpha-categoryChanged', 'Retro', false, 2),
			alert('gamma-categoryChanged', 'Art', false, 3)
		];
		expect(currentCategory(items, 'alpha')).toEqual({ known: true, value: 'Retro', at: 2 });
		expect(currentCategory(items, 'gamma')).toMatchObject({ known: true, value: 'Art' });
		expect(currentCategory([], 'alpha')).toMatchObject({
			known: false,
			why: expect.stringContaining('no change on alpha was seen')
		});
		expect(TITLE_NOT_REPORTED.known).toBe(false);
	});
});
