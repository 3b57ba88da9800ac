/**
 * The reconnect loop ends a socket on its error or timeout by closing it itself, so the socket policy
 * listens to each raw socket: this wraps a WebSocket constructor so every raw socket it creates is
 * handed to a callback before the loop attaches its own listeners, and each attempt's real outcome is
 * kept in an Attempt.
 */

/** What the client needs of a WebSocket: the browser's, `ws`'s and the demo's in-page fake all fit. */
export interface WebSocketLike {
	readonly readyState: number;
	send(data: string): void;
	close(code?: number, reason?: string): void;
	addEventListener(
		type: string,
		listener: (event: { code?: number; data?: unknown }) => void
	): void;
}
export type WebSocketConstructor = new (
	url: string,
	protocols?: string | string[]
) => WebSocketLike;

export function trackedWebSocket(
	Base: WebSocketConstructor,
	onCreate: (ws: WebSocketLike) => void
): WebSocketConstructor {
	function Tracked(url: string, protocols?: string | string[]): WebSocketLike {
		const ws = protocols === undefined ? new Base(url) : new Base(url, protocols);
		// Node's ws throws an `error` emitted with no listener; the close that follows carries the outcome.
		ws.addEventListener('error', () => {});
		onCreate(ws);
		return ws;
	}
	return Tracked as unknown as WebSocketConstructor;
}

/** One raw connection attempt, as the policy sees it. */
export class Attempt {
	opened = false;
	/** Its close has been acted on (by the close event, or after the grace below). */
	handled = false;
	readonly closed: Promise<void>;
	#markClosed: () => void = () => {};

	constructor() {
		this.closed = new Promise<void>((resolve) => (this.#markClosed = resolve));
	}

	markClosed(): void {
		this.#markClosed();
	}

	/** Waits for the close event, but no longer than `graceMs`: a socket that never reports must not stall reconnection. */
	async closedOrGrace(graceMs: number): Promise<void> {
		let grace: ReturnType<typeof setTimeout> | undefined;
		const late = new Promise<void>((resolve) => (grace = setTimeout(resolve, graceMs)));
		await Promise.race([this.closed, late]);
		clearTimeout(grace);
	}
}
