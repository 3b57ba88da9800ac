/**
 * The last chat lines, for a dashboard that connects mid-stream (a moderator joining late): the
 * companion keeps its own socket to the application while it holds the streamer's token (the
 * built-in simulator, --token, or share links turned on) and keeps the last 50 chat events in a ring,
 * deletions applied. GET /__companion/chat-history answers them, oldest first, to the streamer's token
 * or to any valid share key (every profile reads live events, chat included).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { WebSocket } from 'ws';
import { parseChatEvent } from '../lib/protocol/event-lines';
import { presentedTokens, sameSecret, sendJson } from './http-util';
import type { ShareStore } from './share-store';
import { keyRefusal, shareKeyOf } from './shares';

export const CHAT_HISTORY_PATH = '/__companion/chat-history';
export const CHAT_HISTORY_SIZE = 50;
const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];

type Envelope = { type?: unknown; data?: unknown; origin?: unknown };

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

/** Listens to the application's socket with the streamer's token, reconnecting while open. */
export function collectChat(deps: {
	history: ChatHistory;
	/** ws:// address of the application's socket, without any token. */
	upstreamUrl: string;
	token: string;
}): { close(): void } {
	let closed = false;
	let socket: WebSocket | undefined;
	let timer: NodeJS.Timeout | undefined;
	let failures = 0;
	const connect = () => {
		if (closed) return;
		socket = new WebSocket(deps.upstreamUrl, {
			headers: { authorization: `Bearer ${deps.token}` },
			handshakeTimeout: 5000
		});
		socket.on('open', () => (failures = 0));
		socket.on('message', (data, isBinary) => {
			if (isBinary) return;
			try {
				deps.history.take(JSON.parse(data.toString()) as Envelope);
			} catch {
				// Not JSON: nothing to keep.
			}
		});
		socket.on('error', () => {}); // followed by close; the token is never in a message we print
		socket.on('close', () => {
			if (closed) return;
			timer = setTimeout(connect, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
			timer.unref();
		});
	};
	connect();
	return {
		close() {
			closed = true;
			clearTimeout(timer);
			socket?.terminate();
		}
	};
}

/** Answers the kept lines to the streamer's token or a valid share key; none (`kept: false`) when no token is held. */
export function handleChatHistory(
	req: IncomingMessage,
	res: ServerResponse,
	deps: { history: ChatHistory; store: ShareStore; upstreamToken: string | undefined }
): void {
	if (req.method !== 'GET')
		return sendJson(res, 405, { status: 405, message: 'chat history is read with GET' });
	const key = shareKeyOf(req);
	if (key) {
		const found = deps.store.lookup(key);
		if (!found.ok) return sendJson(res, 401, keyRefusal(found.reason));
	} else {
		const token = presentedTokens(req)[0];
		if (token === undefined)
			return sendJson(res, 401, { status: 401, message: 'chat history needs the token' });
		// Not an error for the page: it simply starts with no earlier lines (and says why to who asks).
		if (deps.upstreamToken === undefined)
			return sendJson(res, 200, {
				lines: [],
				kept: false,
				message:
					'the companion keeps chat only while it holds the token: start it with --token, or turn share links on'
			});
		if (!sameSecret(token, deps.upstreamToken))
			return sendJson(res, 401, {
				status: 401,
				message: 'this token is not the one the companion holds'
			});
	}
	res.setHeader('Cache-Control', 'no-store');
	sendJson(res, 200, { lines: deps.history.list() });
}
