/**
 * What the application reports of the stream's current title and category. The interface has no read
 * for either; the only report is the `<platform>-categoryChanged` alert (protocol facts §3.6), so the
 * category is known once one was seen since the dashboard opened, and the title never is.
 */
import type { FeedItem } from '$lib/client/state/event-feed.svelte';
import * as m from '$lib/app/messages';

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
		why: m.stream_category_unknown({ platform })
	};
}

/** `why` is a getter: said when shown, in the dashboard's language at that moment. */
export const TITLE_NOT_REPORTED: CurrentValue = {
	known: false,
	get why() {
		return m.stream_title_unknown();
	}
};
