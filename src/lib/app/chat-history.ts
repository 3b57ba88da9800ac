/**
 * The companion's last chat lines, for a page that connects mid-stream (src/server/chat-history.ts).
 * A chunk of its own: only a page the companion serves fetches it, never the deck's first load.
 */
import { httpBase, type ConnectionSettings } from '$lib/client/settings';
import type { DashboardFeed } from './dashboard-feed.svelte';

/** Puts the lines under the live feed, marked earlier; none is fine (an older companion, no token held). */
export async function readChatHistory(
	settings: ConnectionSettings,
	feed: Pick<DashboardFeed, 'addEarlier'>
): Promise<void> {
	try {
		// The token in a header: never in a URL.
		const res = await fetch(`${httpBase(settings)}/__companion/chat-history`, {
			headers: { authorization: `Bearer ${settings.token}` }
		});
		if (!res.ok) return;
		const body = (await res.json()) as { lines?: unknown };
		if (Array.isArray(body.lines)) feed.addEarlier(body.lines);
	} catch {
		// No history: the feed starts with what arrives live.
	}
}
