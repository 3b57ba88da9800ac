/**
 * The socket's reconnect loop, in place of reconnecting-websocket (2 kB gzipped in every page that
 * connects): the client used none of its own delays, queue or events, only "open the next socket once
 * the last one ended". So it does what that library did with the options socket.ts gave it: a task
 * later (`setTimeout(0)`, which lets the page render before the socket is made) it asks the URL
 * provider, which applies ReconnectPolicy's delay, and opens a socket; an error or the connection
 * timeout closes that socket (1000) and a close starts the next round, until close() is called. A
 * provider that rejects is a failed round too: the loop goes on with the next one.
 */
import type { WebSocketConstructor, WebSocketLike } from './tracked-websocket';

const OPEN = 1;
const CLOSED = 3;

export class ReconnectLoop {
	readonly #url: () => Promise<string>;
	readonly #WebSocket: WebSocketConstructor;
	readonly #timeoutMs: number;
	readonly #onMessage: (data: unknown) => void;
	#ws: WebSocketLike | undefined;
	#timer: ReturnType<typeof setTimeout> | undefined;
	#stopped = false;

	constructor(
		url: () => Promise<string>,
		WebSocket: WebSocketConstructor,
		timeoutMs: number,
		onMessage: (data: unknown) => void
	) {
		this.#url = url;
		this.#WebSocket = WebSocket;
		this.#timeoutMs = timeoutMs;
		this.#onMessage = onMessage;
		this.#next();
	}

	/** The current socket's state; CONNECTING (0) before the first one exists. */
	get readyState(): number {
		return this.#ws?.readyState ?? 0;
	}

	/** Sends on an open socket; anything else is dropped, never queued. */
	send(data: string): void {
		if (this.#ws?.readyState === OPEN) this.#ws.send(data);
	}

	/** Ends the loop: the current socket is closed with `code` and no other one is made. */
	close(code: number): void {
		this.#stopped = true;
		clearTimeout(this.#timer);
		if (this.#ws && this.#ws.readyState !== CLOSED) this.#ws.close(code);
	}

	#next(): void {
		setTimeout(() => {
			if (this.#stopped) return;
			this.#url().then(
				(url) => {
					if (!this.#stopped) this.#open(url);
				},
				// A provider that fails is a failed round, like a socket that fails: the next one asks again.
				() => {
					if (!this.#stopped) this.#next();
				}
			);
		}, 0);
	}

	#open(url: string): void {
		const ws = new this.#WebSocket(url);
		this.#ws = ws;
		let ended = false;
		// The first of error, close or timeout ends this socket; what it says later is not heard.
		const end = (closeIt: boolean) => {
			if (ended) return;
			ended = true;
			clearTimeout(this.#timer);
			if (closeIt)
				try {
					ws.close(1000);
				} catch {
					// A socket that cannot be closed any more is closed already.
				}
			if (!this.#stopped) this.#next();
		};
		ws.addEventListener('open', () => clearTimeout(this.#timer));
		ws.addEventListener('message', (event) => {
			if (!ended) this.#onMessage(event.data);
		});
		ws.addEventListener('error', () => end(true));
		ws.addEventListener('close', () => end(false));
		this.#timer = setTimeout(() => end(true), this.#timeoutMs);
	}
}
