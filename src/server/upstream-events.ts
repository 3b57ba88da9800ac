/**
 * The companion's own socket to the application, for what it follows itself while it holds the
 * streamer's token: chat lines for the chat history, alerts for subathon mode. One socket for all of
 * them (the application counts and lists each client), reconnecting with a growing delay. Where the
 * application offers `ws-subscriptions`, the socket is narrowed to the union of the envelope types its
 * followers want; an older one would log `{subscribe}` as a bad request, so it is asked /api/meta first.
 * The token goes in a header only: never in a URL, a log line or an error.
 */
import * as v from 'valibot';
import { WebSocket } from 'ws';
import { MetaSchema } from '../lib/protocol/payloads';

export type Envelope = { type?: unknown; event?: unknown; data?: unknown; origin?: unknown };

export interface Follower {
	/** Envelope `type`s it wants: `chat`, `alert`. */
	types: readonly string[];
	event(envelope: Envelope): void;
	/** Each time the socket opens (after a reconnect too). */
	opened?(): void;
}

export interface UpstreamEventsOptions {
	/** The application's origin, http(s)://host:port, never with a token. */
	apiTarget: string;
	/** The streamer's token now; none yet means no socket until `start()` is called again. */
	token: () => string | undefined;
	/** Delays before each reconnect, the last one repeated (ms). */
	retryMs?: readonly number[];
}

const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];
const META_TIMEOUT_MS = 2000;

export class UpstreamEvents {
	readonly #opts: UpstreamEventsOptions;
	readonly #followers = new Set<Follower>();
	#socket: WebSocket | undefined;
	#timer: NodeJS.Timeout | undefined;
	#failures = 0;
	#running = false;
	#closed = false;
	/** Whether the application behind the open socket takes `{subscribe}`. */
	#subscribes = false;
	/** Whether the open socket is narrowed, or known not narrowable; `ready()` waits for it. */
	#settled = false;
	readonly #waiting = new Set<() => void>();

	constructor(opts: UpstreamEventsOptions) {
		this.#opts = opts;
	}

	/** Adds a follower; the returned function removes it. */
	follow(follower: Follower): () => void {
		this.#followers.add(follower);
		this.#subscribe();
		if (this.#socket?.readyState === WebSocket.OPEN) follower.opened?.();
		return () => {
			this.#followers.delete(follower);
			this.#subscribe();
		};
	}

	/** Opens the socket once a token is known (at start, or when share links are turned on); idempotent. */
	start(): void {
		if (this.#running || this.#closed || this.#opts.token() === undefined) return;
		this.#running = true;
		this.#connect();
	}

	/** Whether the socket to the application is open now. */
	get open(): boolean {
		return this.#socket?.readyState === WebSocket.OPEN;
	}

	/**
	 * Settles once the socket is open and its subscription sent (or known unsupported), so a test can
	 * read the application's request log without this socket's own requests arriving in the middle.
	 * At once when there is no socket to wait for (no token, or closed).
	 */
	ready(): Promise<void> {
		if (!this.#running || this.#closed || this.#settled) return Promise.resolve();
		return new Promise((done) => this.#waiting.add(done));
	}

	close(): void {
		this.#closed = true;
		clearTimeout(this.#timer);
		this.#socket?.terminate();
		this.#settle();
	}

	/** The envelope types every follower wants together, sorted. */
	get types(): string[] {
		return [...new Set([...this.#followers].flatMap((f) => f.types))].sort();
	}

	#connect(): void {
		this.#timer = undefined;
		const token = this.#opts.token();
		if (this.#closed || token === undefined) return;
		const ws = new WebSocket(`${this.#opts.apiTarget.replace(/^http/, 'ws')}/api`, {
			headers: { authorization: `Bearer ${token}` },
			handshakeTimeout: 5000
		});
		this.#socket = ws;
		this.#subscribes = false;
		this.#settled = false;
		ws.on('open', () => {
			this.#failures = 0;
			for (const follower of this.#followers) follower.opened?.();
			void this.#checkSubscriptions(ws, token);
		});
		ws.on('message', (data, isBinary) => {
			if (!isBinary) this.#dispatch(data.toString());
		});
		ws.on('error', () => {}); // followed by close; the token is never in a message we print
		ws.on('close', () => {
			if (this.#socket === ws) this.#socket = undefined;
			if (this.#closed) return;
			const delays = this.#opts.retryMs ?? RETRY_MS;
			this.#timer = setTimeout(
				() => this.#connect(),
				delays[Math.min(this.#failures++, delays.length - 1)]
			);
			this.#timer.unref();
		});
	}

	/** Asks the application behind this socket whether it takes `{subscribe}`, then narrows the socket. */
	async #checkSubscriptions(ws: WebSocket, token: string): Promise<void> {
		let features: string[] = [];
		try {
			const res = await fetch(`${this.#opts.apiTarget}/api/meta`, {
				headers: { authorization: `Bearer ${token}` },
				signal: AbortSignal.timeout(META_TIMEOUT_MS)
			});
			const body: unknown = await res.json().catch(() => undefined);
			const meta = v.safeParse(MetaSchema, res.ok ? body : undefined);
			if (meta.success) features = meta.output.features;
		} catch {
			// No answer: an older or busy application; the socket stays unnarrowed, which is always safe.
		}
		if (ws !== this.#socket) return;
		this.#subscribes = features.includes('ws-subscriptions');
		// Narrowed, it is settled when the application acknowledges (#dispatch); otherwise now.
		if (!this.#subscribe()) this.#settle();
	}

	#settle(): void {
		this.#settled = true;
		for (const done of this.#waiting) done();
		this.#waiting.clear();
	}

	/** Sends the union of the followers' types, where the application takes it; whether it was sent. */
	#subscribe(): boolean {
		const ws = this.#socket;
		// An empty list means "everything" to the application: a socket nobody follows is left as it is.
		const types = this.types;
		if (!this.#subscribes || ws?.readyState !== WebSocket.OPEN || !types.length) return false;
		ws.send(JSON.stringify({ subscribe: types }));
		return true;
	}

	#dispatch(text: string): void {
		let envelope: unknown;
		try {
			envelope = JSON.parse(text);
		} catch {
			return; // not JSON: nothing to follow
		}
		if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) return;
		if ((envelope as Envelope).event === 'socketapi:subscribed') return this.#settle();
		const type = (envelope as Envelope).type;
		for (const follower of this.#followers) {
			if (typeof type !== 'string' || !follower.types.includes(type)) continue;
			try {
				follower.event(envelope as Envelope);
			} catch {
				// One follower's failure must not stop the others, nor the socket.
			}
		}
	}
}
