/**
 * What the application reports of the stream's current title and category. The interface has no read
 * for either; the only report is the `<platform>-categoryChanged` alert (protocol facts §3.6), so the
 * category is known once one was seen since the dashboard opened, and the title never is.
 */
import type { FeedItem } from '$lib/client/state/event-feed.svelte';

export type CurrentValue =
	{ known: true; value: string; at: number } | { known: false; why: string };

export function currentCategory(items: readonly FeedItem[], platform: string): CurrentValue {
	for (let i = items.length - 1; i >= 0; i--) {
		const item = items[i]!;
		if (
			item.kind === 'alert' &&
			!item.line.replay &&
			item.line.key === `${platform}-categoryChanged` &&
			item.line.value
		)
			return { known: true, value: item.line.value, at: item.line.timestamp };
	}
	return {
		known: false,
		why: `The application reports the category only when it changes, and no change on ${platform} was seen since this page opened.`
	};
}

export const TITLE_NOT_REPORTED: CurrentValue = {
	known: false,
	why: 'The application does not report the current title: type the new one.'
};
