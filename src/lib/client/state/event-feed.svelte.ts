/**
 * A bounded list of chat lines, viewer commands and alerts, newest last. A chat deletion removes the
 * line whose message id it names (deletions arrive as `chat` events with `shouldRemove`).
 */
import type {
	AlertLine,
	ChatLine,
	parseAlertEvent,
	parseChatEvent
} from '../../protocol/event-lines';
import { parseCommandEvent, type CommandLine } from '../../protocol/event-hints';
import type { Envelope } from '../../protocol/messages';
import type { Disposer } from '../listeners';
import type { ReadableSource } from '../read-only-view';

export type FeedKind = 'chat' | 'command' | 'alert';
/** An event taken before the feed was made: its kind, the envelope and when it arrived (ms epoch). */
export type QueuedEvent = [FeedKind, Envelope, number];
export type FeedItem = (
	| { kind: 'chat'; key: string; line: ChatLine }
	| { kind: 'command'; key: string; line: CommandLine }
	| { kind: 'alert'; key: string; line: AlertLine }
) & {
	/** Local time the item arrived (ms epoch), for fading lines out. */
	receivedAt: number;
	/** Said before this page connected (the companion's chat history), not live. */
	earlier?: boolean;
};

/** The chat and alert parsers (`protocol/event-lines.ts`), given by the feed's maker. */
export interface EventLineParsers {
	parseChatEvent: typeof parseChatEvent;
	parseAlertEvent: typeof parseAlertEvent;
}

interface EventFeedOptions {
	/** The parsers (the dashboard fetches both with them: lib/app/dashboard-feed.svelte.ts). */
	parsers: EventLineParsers;
	/** Most items kept; older ones drop off. */
	limit?: number;
	kinds?: readonly FeedKind[];
	/** Items refused here are never kept, so they do not push others out of the limit (hidden users, filters). */
	accept?: (item: FeedItem) => boolean;
	/**
	 * 'frame': events are taken in once per animation frame (a chat at 1,000 lines/s updates the list
	 * 60 times a second, not 1,000). Every line still enters the list in order, and each one stays for at
	 * least a frame even when a frame brings more than `limit`.
	 */
	coalesce?: 'frame';
	/** Events that came before the feed was made, oldest first: taken in as if they had just come. */
	queued?: readonly QueuedEvent[];
}

/** Most lines one frame may show above the limit when a burst brings many at once: the DOM stays bounded. */
const BURST_CAP = 200;
/** Frames do not run in a hidden page: the queue is taken in at least this often (ms). */
const FLUSH_FALLBACK_MS = 250;

export class EventFeed {
	#items = $state.raw<FeedItem[]>([]);
	readonly #limit: number;
	readonly #accept: (item: FeedItem) => boolean;
	readonly #disposers: Disposer[] = [];
	#counter = 0;
	readonly #coalesce: boolean;
	/** Changes waiting for the next frame, in arrival order. */
	#queue: ({ add: FeedItem } | { removeChat: string })[] = [];
	#frame: number | undefined;
	#fallback: ReturnType<typeof setTimeout> | undefined;

	readonly #parsers: EventLineParsers;

	constructor(source: Pick<ReadableSource, 'on'>, options: EventFeedOptions) {
		this.#limit = Math.max(1, options.limit ?? 100);
		this.#accept = options.accept ?? (() => true);
		this.#coalesce = options.coalesce === 'frame' && typeof requestAnimationFrame === 'function';
		this.#parsers = options.parsers;
		for (const kind of new Set(options.kinds ?? (['chat', 'command', 'alert'] as const)))
			this.#disposers.push(source.on(kind, (envelope) => this.#take(kind, envelope, Date.now())));
		for (const event of options.queued ?? []) this.#take(...event);
	}

	/**
	 * Items put before the list, bounded like it: the dashboard's chat lines from before it connected
	 * (lib/app/dashboard-feed.svelte.ts makes them; widgets never do).
	 */
	prepend(items: readonly FeedItem[]): void {
		this.#items = this.#bounded([...items.filter(this.#accept), ...this.#items]);
	}

	get items(): readonly FeedItem[] {
		return this.#items;
	}

	#take(kind: FeedKind, envelope: Envelope, receivedAt: number): void {
		const parsers = this.#parsers;
		if (kind === 'chat') {
			const chat = parsers.parseChatEvent(envelope);
			if (chat?.kind === 'deletion') this.#removeChat(chat.id);
			else if (chat) this.#add({ kind, key: this.#key(kind), line: chat.line, receivedAt });
		} else if (kind === 'command') {
			const line = parseCommandEvent(envelope);
			if (line) this.#add({ kind, key: this.#key(kind), line, receivedAt });
		} else {
			const line = parsers.parseAlertEvent(envelope);
			if (line) this.#add({ kind, key: this.#key(kind), line, receivedAt });
		}
	}

	destroy(): void {
		for (const dispose of this.#disposers.splice(0)) dispose();
		this.#cancelFlush();
		this.#queue = [];
	}

	/** Keys are unique per feed, so a list can key rows by them even when message ids repeat. */
	#key(kind: FeedKind): string {
		return `${kind}-${++this.#counter}`;
	}

	#add(item: FeedItem): void {
		if (!this.#accept(item)) return;
		if (this.#coalesce) return this.#enqueue({ add: item });
		this.#items = this.#bounded([...this.#items, item]);
	}

	/** The newest `limit` of these. */
	#bounded(next: FeedItem[]): FeedItem[] {
		return next.length > this.#limit ? next.slice(next.length - this.#limit) : next;
	}

	#removeChat(id: string): void {
		if (this.#coalesce) return this.#enqueue({ removeChat: id });
		this.#items = this.#items.filter((item) => !(item.kind === 'chat' && item.line.id === id));
	}

	#enqueue(change: { add: FeedItem } | { removeChat: string }): void {
		this.#queue.push(change);
		this.#scheduleFlush();
	}

	#scheduleFlush(): void {
		if (this.#frame !== undefined) return;
		this.#frame = requestAnimationFrame(() => this.#flush());
		this.#fallback = setTimeout(() => this.#flush(), FLUSH_FALLBACK_MS);
	}

	#cancelFlush(): void {
		if (this.#frame !== undefined) cancelAnimationFrame(this.#frame);
		clearTimeout(this.#fallback);
		this.#frame = this.#fallback = undefined;
	}

	/** Applies the frame's changes in order, in one update of the list. */
	#flush(): void {
		this.#cancelFlush();
		const queue = this.#queue;
		this.#queue = [];
		let next = this.#items.slice();
		const added = new Set<FeedItem>();
		for (const change of queue) {
			if ('add' in change) {
				next.push(change.add);
				added.add(change.add);
			} else
				next = next.filter((item) => !(item.kind === 'chat' && item.line.id === change.removeChat));
		}
		// Lines that came in this frame (the list's tail) stay for it, even beyond the limit (up to a cap).
		const fresh = next.filter((item) => added.has(item)).length;
		const keep = Math.max(this.#limit, Math.min(fresh, BURST_CAP));
		this.#items = next.length > keep ? next.slice(next.length - keep) : next;
		// Over the limit for this frame only: the next one brings it back.
		if (this.#items.length > this.#limit) this.#scheduleFlush();
	}
}

let earlierCount = 0;

/**
 * Chat lines from before the page connected (oldest first, the companion's history), as items for
 * `prepend`, marked as earlier; a line the feed already shows is not repeated. The dashboard's alone
 * (lib/app/dashboard-feed.svelte.ts): a widget's page never carries it.
 */
export function earlierItems(
	feed: Pick<EventFeed, 'items'>,
	parsers: Pick<EventLineParsers, 'parseChatEvent'>,
	envelopes: readonly Parameters<typeof parseChatEvent>[0][]
): FeedItem[] {
	const live = new Set(feed.items.flatMap((i) => (i.kind === 'chat' ? [i.line.id] : [])));
	const earlier: FeedItem[] = [];
	for (const envelope of envelopes) {
		if (typeof envelope !== 'object' || envelope === null) continue;
		const chat = parsers.parseChatEvent(envelope);
		if (chat?.kind !== 'message' || live.has(chat.line.id)) continue;
		earlier.push({
			kind: 'chat',
			// Apart from the feed's own keys (`chat-1`…).
			key: `earlier-${++earlierCount}`,
			line: chat.line,
			receivedAt: Date.now(),
			earlier: true
		});
	}
	return earlier;
}
