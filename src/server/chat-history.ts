/**
 * The last chat lines, for a dashboard that connects mid-stream (a moderator joining late): while the
 * companion holds the streamer's token (the built-in simulator, --token, or share links turned on), its
 * own socket to the application (upstream-events.ts) brings chat here; the last 50 chat events are kept in a ring,
 * deletions applied. GET /__companion/chat-history answers them, oldest first, to the streamer's token
 * or to any valid share key (every profile reads live events, chat included).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseChatEvent } from '../lib/protocol/event-lines';
import { presentedTokens, sendJson } from './http-util';
import type { StreamerCheck } from './streamer-token';
import type { ShareStore } from './share-store';
import { keyRefusal, shareKeyOf } from './shares';
import type { Envelope, UpstreamEvents } from './upstream-events';

export const CHAT_HISTORY_PATH = '/__companion/chat-history';
export const CHAT_HISTORY_SIZE = 50;

export class ChatHistory {
	readonly #lines: { id: string; envelope: Envelope }[] = [];
	readonly #size: number;

	constructor(size = CHAT_HISTORY_SIZE) {
		this.#size = size;
	}

	/** Takes one event from the application: chat lines are kept, a deletion removes its line. */
	take(envelope: Envelope): void {
		if (envelope.type !== 'chat') return;
		const chat = parseChatEvent(envelope as Parameters<typeof parseChatEvent>[0]);
		if (!chat) return;
		if (chat.kind === 'deletion') {
			const at = this.#lines.findIndex((l) => l.id === chat.id);
			if (at >= 0) this.#lines.splice(at, 1);
			return;
		}
		this.#lines.push({ id: chat.line.id, envelope });
		if (this.#lines.length > this.#size) this.#lines.splice(0, this.#lines.length - this.#size);
	}

	/** The kept events, oldest first, as the application sent them. */
	list(): Envelope[] {
		return this.#lines.map((l) => l.envelope);
	}
}

/** Keeps the chat the companion's socket to the application brings; the returned function stops. */
export function collectChat(history: ChatHistory, events: UpstreamEvents): () => void {
	return events.follow({ types: ['chat'], event: (envelope) => history.take(envelope) });
}

/**
 * Answers the kept lines to the streamer's token (the one rule of streamer-token.ts) or a valid share
 * key; none (`kept: false`) when no token is held.
 */
export async function handleChatHistory(
	req: IncomingMessage,
	res: ServerResponse,
	deps: {
		history: ChatHistory;
		store: ShareStore;
		upstreamToken: string | undefined;
		streamer: StreamerCheck;
	}
): Promise<void> {
	if (req.method !== 'GET')
		return sendJson(res, 405, { status: 405, message: 'chat history is read with GET' });
	const key = shareKeyOf(req);
	if (key) {
		const found = deps.store.lookup(key);
		if (!found.ok) return sendJson(res, 401, keyRefusal(found.reason));
	} else {
		if (presentedTokens(req)[0] === undefined)
			return sendJson(res, 401, { status: 401, message: 'chat history needs the token' });
		// Not an error for the page: it simply starts with no earlier lines (and says why to who asks).
		if (deps.upstreamToken === undefined)
			return sendJson(res, 200, {
				lines: [],
				kept: false,
				message:
					'the companion keeps chat only while it holds the token: start it with --token, or turn share links on'
			});
		if (!(await deps.streamer(req)).ok)
			return sendJson(res, 401, {
				status: 401,
				message: 'this token is not the one the companion holds'
			});
	}
	res.setHeader('Cache-Control', 'no-store');
	sendJson(res, 200, { lines: deps.history.list() });
}
