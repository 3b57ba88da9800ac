/**
 * A bounded list of chat lines, viewer commands and alerts, newest last. A chat deletion removes the
 * line whose message id it names (deletions arrive as `chat` events with `shouldRemove`).
 */
import { parseAlertEvent, parseChatEvent, parseCommandEvent, type AlertLine, type ChatLine, type CommandLine } from '../../protocol';
import type { Disposer } from '../listeners';
import type { ReadableSource } from '../read-only-view';

type FeedKind = 'chat' | 'command' | 'alert';
export type FeedItem = (
	| { kind: 'chat'; key: string; line: ChatLine }
	| { kind: 'command'; key: string; line: CommandLine }
	| { kind: 'alert'; key: string; line: AlertLine }
) & {
	/** Local time the item arrived (ms epoch), for fading lines out. */
	receivedAt: number;
};

interface EventFeedOptions {
	/** Most items kept; older ones drop off. */
	limit?: number;
	kinds?: readonly FeedKind[];
	/** Items refused here are never kept, so they do not push others out of the limit (hidden users, filters). */
	accept?: (item: FeedItem) => boolean;
}

export class EventFeed {
	#items = $state.raw<FeedItem[]>([]);
	readonly #limit: number;
	readonly #accept: (item: FeedItem) => boolean;
	readonly #disposers: Disposer[] = [];
	#counter = 0;

	constructor(source: Pick<ReadableSource, 'on'>, options: EventFeedOptions = {}) {
		this.#limit = Math.max(1, options.limit ?? 100);
		this.#accept = options.accept ?? (() => true);
		const kinds = new Set(options.kinds ?? ['chat', 'command', 'alert']);
		if (kinds.has('chat'))
			this.#disposers.push(
				source.on('chat', (envelope) => {
					const chat = parseChatEvent(envelope);
					if (chat?.kind === 'deletion') this.#items = this.#items.filter((item) => !(item.kind === 'chat' && item.line.id === chat.id));
					else if (chat) this.#add({ kind: 'chat', key: this.#key('chat'), line: chat.line, receivedAt: Date.now() });
				})
			);
		if (kinds.has('command'))
			this.#disposers.push(
				source.on('command', (envelope) => {
					const line = parseCommandEvent(envelope);
					if (line) this.#add({ kind: 'command', key: this.#key('command'), line, receivedAt: Date.now() });
				})
			);
		if (kinds.has('alert'))
			this.#disposers.push(
				source.on('alert', (envelope) => {
					const line = parseAlertEvent(envelope);
					if (line) this.#add({ kind: 'alert', key: this.#key('alert'), line, receivedAt: Date.now() });
				})
			);
	}

	get items(): readonly FeedItem[] {
		return this.#items;
	}

	clear(): void {
		this.#items = [];
	}

	destroy(): void {
		for (const dispose of this.#disposers.splice(0)) dispose();
	}

	/** Keys are unique per feed, so a list can key rows by them even when message ids repeat. */
	#key(kind: FeedKind): string {
		return `${kind}-${++this.#counter}`;
	}

	#add(item: FeedItem): void {
		if (!this.#accept(item)) return;
		const next = [...this.#items, item];
		this.#items = next.length > this.#limit ? next.slice(next.length - this.#limit) : next;
	}
}
