/**
 * The dashboard's event feed (chat lines, viewer commands, alerts) for the pages that show it. The
 * deck's first load carries only this: what arrives is kept, unparsed and bounded, until a page first
 * reads the list; then the feed itself (`EventFeed` and its parsers, chunks of their own) is fetched
 * and takes it all in, in order, each event with the time it arrived.
 */
import type { Disposer } from '$lib/client/listeners';
import type { ReadableSource } from '$lib/client/read-only-view';
import type {
	EventFeed,
	EventLineParsers,
	FeedItem,
	FeedKind,
	QueuedEvent
} from '$lib/client/state/event-feed.svelte';

type Earlier = readonly Parameters<EventLineParsers['parseChatEvent']>[0][];
const KINDS: readonly FeedKind[] = ['chat', 'command', 'alert'];

export class DashboardFeed {
	#feed = $state.raw<EventFeed>();
	/** Puts earlier lines before the feed's, once it is in (the code for it comes with the feed). */
	#takeEarlier: ((envelopes: Earlier) => void) | undefined;
	readonly #source: Pick<ReadableSource, 'on'>;
	readonly #limit: number;
	#queued: QueuedEvent[] = [];
	#earlier: Earlier[number][] = [];
	#disposers: Disposer[];
	#loading = false;
	#destroyed = false;

	constructor(source: Pick<ReadableSource, 'on'>, limit: number) {
		this.#source = source;
		this.#limit = limit;
		this.#disposers = KINDS.map((kind) =>
			source.on(kind, (envelope) => {
				// Bounded like the feed's own wait for its parsers: older events would drop off the list anyway.
				if (this.#queued.push([kind, envelope, Date.now()]) > limit * 2) this.#queued.shift();
			})
		);
	}

	/** The list, newest last; empty until the feed is in (the first read fetches it). */
	get items(): readonly FeedItem[] {
		this.#load();
		return this.#feed?.items ?? [];
	}

	/** Chat lines from before this page connected: see `earlierItems` (event-feed.svelte.ts). */
	addEarlier(envelopes: Earlier): void {
		if (this.#takeEarlier) return this.#takeEarlier(envelopes);
		this.#earlier.push(...envelopes);
		this.#load();
	}

	destroy(): void {
		this.#destroyed = true;
		for (const dispose of this.#disposers.splice(0)) dispose();
		this.#feed?.destroy();
		this.#queued = [];
	}

	#load(): void {
		if (this.#feed || this.#loading || this.#destroyed) return;
		this.#loading = true;
		Promise.all([
			import('$lib/client/state/event-feed.svelte'),
			import('$lib/protocol/event-lines')
		]).then(
			([{ EventFeed, earlierItems }, parsers]) => {
				if (this.#destroyed) return;
				// Handed over in one step: the feed listens from now on and takes what waited, in order.
				for (const dispose of this.#disposers.splice(0)) dispose();
				const feed = new EventFeed(this.#source, {
					limit: this.#limit,
					parsers,
					queued: this.#queued.splice(0)
				});
				this.#takeEarlier = (envelopes) => feed.prepend(earlierItems(feed, parsers, envelopes));
				if (this.#earlier.length) this.addEarlier(this.#earlier.splice(0));
				this.#feed = feed;
			},
			// Offline or a new build: the next read tries again.
			() => (this.#loading = false)
		);
	}
}
