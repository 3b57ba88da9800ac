/**
 * The widgets connected through the companion, for the scene check and rehearsals. A widget's socket
 * URL carries `w=<kind>`, and maybe `off=` (the alert kinds an alert box hides) and `preview=` (the
 * builder preview's rehearsal target): HTTP query parameters (lib/protocol/widget-socket.ts), the only
 * things a widget adds: its frames stay commands, `{retrieve}` and `{subscribe}`. Such a socket is not
 * piped blindly: the companion accepts it, opens its own to the application with the same query
 * (minus those), relays frames both ways, and notes what the scene check shows: the last event sent,
 * the variables read, whether the last websocket ping was answered. Rehearsals are pushed into these
 * sockets only.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import {
	PREVIEW_ID,
	PREVIEW_TARGET_PREFIX,
	WIDGET_SOCKET_PARAMS
} from '../lib/protocol/widget-socket';
import { ALERT_KINDS } from '../lib/widgets/alert-box/alert-kinds';
import { refuseUpgrade, requestUrl } from './http-util';
import { closeLikeUpstream } from './relay-close';

const CLIENT_FRAME_LIMIT = 1024 * 1024;
const MAX_READS = 20;
/** Widget ids are short and numbered in connection order: they name a socket, never a key. */
let nextId = 1;

const TITLES: Record<string, string> = {
	counter: 'Counter',
	'song-queue': 'Song queue',
	'now-playing': 'Now playing',
	chat: 'Chat',
	events: 'Recent events',
	goal: 'Goal',
	stats: 'Stream stats',
	timer: 'Timer',
	'alert-box': 'Alert box'
};

export interface WidgetSocketView {
	id: string;
	name: string;
	kind: string;
	/** The widget key's id when it connected with one (a `widget` share link). */
	keyId?: string;
	connectedAt: number;
	engine: string;
	lastEvent?: { type: string; event?: string; at: number; test: boolean };
	/** null until a first ping was sent. */
	answeredPing: boolean | null;
	/** Envelope types it subscribed to; null: everything. */
	subscribed: string[] | null;
	/** Variables it read over the socket (get-variable-value), for the scene check. */
	reads: string[];
	/** Alert kinds it does not show (an alert box's `off` option), for the scene check. */
	hidden: string[];
}

interface Entry {
	view: WidgetSocketView;
	client: WebSocket;
	awaitingPong: boolean;
	/** The builder preview's rehearsal target, when it is one. */
	preview?: string;
}

/** The engine a browser source runs, from its user agent (OBS embeds Chromium 103 in 28–30, 127 in 31+). */
export function engineOf(userAgent: string | undefined): string {
	const ua = userAgent ?? '';
	const chrome = /(?:Chrome|Chromium)\/(\d+)/.exec(ua)?.[1];
	const obs = /\bOBS\/(\d+)/.exec(ua)?.[1];
	if (chrome && obs) return `Chromium ${chrome}, OBS ${obs}`;
	if (chrome === '127') return 'Chromium 127, OBS 31+';
	if (chrome === '103') return 'Chromium 103, OBS 28–30';
	const edge = /Edg\/(\d+)/.exec(ua)?.[1];
	if (edge) return `Edge ${edge}`;
	if (chrome) return `Chrome ${chrome}`;
	const firefox = /Firefox\/(\d+)/.exec(ua)?.[1];
	if (firefox) return `Firefox ${firefox}`;
	if (/Safari\//.test(ua)) return 'Safari';
	return 'unknown browser';
}

export const widgetKindOf = (req: IncomingMessage): string | undefined => {
	const kind = requestUrl(req).searchParams.get(WIDGET_SOCKET_PARAMS.kind);
	return kind && Object.hasOwn(TITLES, kind) ? kind : undefined;
};

export class WidgetSockets {
	readonly #entries = new Map<string, Entry>();
	readonly #wss = new WebSocketServer({ noServer: true, maxPayload: CLIENT_FRAME_LIMIT });
	readonly #ping: NodeJS.Timeout;
	readonly #upstreamBase: () => string;
	readonly #unreachable: (code: string) => string;

	constructor(deps: {
		/** ws:// origin of the application (it may change: the companion can fall back to its simulator). */
		upstreamBase: () => string;
		/** The words of a refused upgrade when nothing answers, as the proxy says them. */
		unreachable: (code: string) => string;
		pingMs?: number;
	}) {
		this.#upstreamBase = deps.upstreamBase;
		this.#unreachable = deps.unreachable;
		this.#ping = setInterval(() => this.#pingAll(), deps.pingMs ?? 10_000);
		this.#ping.unref();
	}

	list(): WidgetSocketView[] {
		return [...this.#entries.values()].map((e) => ({
			...e.view,
			reads: [...e.view.reads],
			hidden: [...e.view.hidden]
		}));
	}

	/** A widget connecting with the token: the application judges the token, as it would through the proxy. */
	accept(req: IncomingMessage, socket: Duplex, head: Buffer, kind: string): void {
		const query = requestUrl(req).searchParams;
		for (const param of Object.values(WIDGET_SOCKET_PARAMS)) query.delete(param);
		const upstream = new WebSocket(`${this.#upstreamBase()}/api?${query}`, {
			handshakeTimeout: 5000
		});
		upstream.on('error', () => {}); // answered by the handlers below, never thrown
		const early: RawData[] = [];
		const keepEarly = (data: RawData) => early.push(data);
		upstream.on('message', keepEarly);
		let refused = false;
		upstream.once('unexpected-response', (_r, res) => {
			refused = true;
			// The application's own refusal (401 with its message) reaches the widget as it is.
			const chunks: Buffer[] = [];
			res.on('data', (c: Buffer) => chunks.push(c));
			res.on('end', () => {
				const status = res.statusCode ?? 502;
				let message = `the application refused the connection (HTTP ${status})`;
				let code: string | undefined;
				try {
					const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<
						string,
						unknown
					>;
					if (typeof body.message === 'string') message = body.message.slice(0, 300);
					if (typeof body.code === 'string') code = body.code.slice(0, 60);
				} catch {
					// not JSON: the status says enough
				}
				if (!socket.destroyed)
					refuseUpgrade(socket, status, res.statusMessage ?? 'Refused', message, code);
			});
			upstream.terminate();
		});
		upstream.once('error', (err: NodeJS.ErrnoException) => {
			if (!socket.destroyed && !refused)
				refuseUpgrade(socket, 502, 'Bad Gateway', this.#unreachable(err.code ?? 'error'));
		});
		socket.once('close', () => {
			if (upstream.readyState === WebSocket.CONNECTING) upstream.terminate();
		});
		upstream.once('open', () => {
			if (socket.destroyed) return upstream.close();
			this.#wss.handleUpgrade(req, socket, head, (client) => {
				upstream.off('message', keepEarly);
				this.#pipe(client, upstream);
				this.track(client, upstream, req, { kind });
				for (const data of early) this.#toClient(client, data);
			});
		});
	}

	#pipe(client: WebSocket, upstream: WebSocket): void {
		upstream.on('message', (data, isBinary) => {
			if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
		});
		client.on('message', (data, isBinary) => {
			if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary: isBinary });
		});
		client.on('close', () => upstream.close());
		client.on('error', () => upstream.close());
		upstream.on('close', (code, reason) => closeLikeUpstream(client, code, reason));
		upstream.on('error', () => client.terminate());
	}

	#toClient(client: WebSocket, data: RawData): void {
		if (client.readyState === WebSocket.OPEN) client.send(data);
	}

	/**
	 * Registers a relayed widget socket (a token one from accept(), or a widget key's from the share
	 * relay): watches what it is sent and asks, and drops it when it closes.
	 */
	track(
		client: WebSocket,
		upstream: WebSocket,
		req: IncomingMessage,
		who: { kind: string; keyId?: string; keyName?: string }
	): void {
		const id = `w${nextId++}`;
		const query = requestUrl(req).searchParams;
		const preview = query.get(WIDGET_SOCKET_PARAMS.preview) ?? '';
		const off = (query.get(WIDGET_SOCKET_PARAMS.off) ?? '').split(',');
		const name = who.keyName ?? TITLES[who.kind] ?? who.kind;
		const view: WidgetSocketView = {
			id,
			name: PREVIEW_ID.test(preview) ? `${name} (builder preview)` : name,
			kind: who.kind,
			...(who.keyId ? { keyId: who.keyId } : {}),
			connectedAt: Date.now(),
			engine: engineOf(req.headers['user-agent']),
			answeredPing: null,
			subscribed: null,
			reads: [],
			hidden: ALERT_KINDS.filter((k) => off.includes(k))
		};
		const entry: Entry = {
			view,
			client,
			awaitingPong: false,
			...(PREVIEW_ID.test(preview) ? { preview } : {})
		};
		this.#entries.set(id, entry);
		client.on('pong', () => {
			entry.awaitingPong = false;
			view.answeredPing = true;
		});
		client.on('close', () => this.#entries.delete(id));
		client.on('message', (data, isBinary) => {
			if (!isBinary) this.#noteAsked(view, data.toString());
		});
		upstream.on('message', (data, isBinary) => {
			if (!isBinary) this.#noteSent(view, data.toString(), false);
		});
	}

	#noteAsked(view: WidgetSocketView, text: string): void {
		const frame = parse(text);
		if (!frame) return;
		if (Array.isArray(frame.subscribe))
			view.subscribed = frame.subscribe.length
				? frame.subscribe.filter((t): t is string => typeof t === 'string').slice(0, 20)
				: null;
		const params = frame.params as Record<string, unknown> | undefined;
		if (frame.type === 'get-variable-value' && typeof params?.name === 'string') {
			const name = params.name.slice(0, 120);
			if (!view.reads.includes(name) && view.reads.length < MAX_READS) view.reads.push(name);
		}
	}

	#noteSent(view: WidgetSocketView, text: string, test: boolean): void {
		const frame = parse(text);
		if (!frame || typeof frame.type !== 'string' || !('data' in frame)) return;
		view.lastEvent = {
			type: frame.type.slice(0, 60),
			...(typeof frame.event === 'string' ? { event: frame.event.slice(0, 80) } : {}),
			at: Date.now(),
			test
		};
	}

	/**
	 * Pushes one event into the chosen widget sockets (those subscribed to its type): `all`, a widget's
	 * id, or `preview:<id>` for the builder preview that carries it. Answers the ids reached.
	 */
	inject(envelope: Record<string, unknown>, target: string): string[] {
		const type = String(envelope.type);
		const text = JSON.stringify(envelope);
		const reached: string[] = [];
		const chosen = (e: Entry) =>
			target === 'all' ||
			e.view.id === target ||
			(e.preview !== undefined && target === PREVIEW_TARGET_PREFIX + e.preview);
		for (const entry of this.#entries.values()) {
			const { view, client } = entry;
			if (!chosen(entry)) continue;
			if (view.subscribed && !view.subscribed.includes(type)) continue;
			if (client.readyState !== WebSocket.OPEN) continue;
			client.send(text);
			this.#noteSent(view, text, true);
			reached.push(view.id);
		}
		return reached;
	}

	#pingAll(): void {
		for (const entry of this.#entries.values()) {
			if (entry.client.readyState !== WebSocket.OPEN) continue;
			if (entry.awaitingPong) entry.view.answeredPing = false;
			entry.awaitingPong = true;
			entry.client.ping();
		}
	}

	close(): void {
		clearInterval(this.#ping);
		for (const { client } of this.#entries.values()) client.terminate();
		this.#entries.clear();
		this.#wss.close();
	}
}

function parse(text: string): Record<string, unknown> | undefined {
	if (text.length > 64 * 1024 || !text.startsWith('{')) return undefined;
	try {
		const value: unknown = JSON.parse(text);
		return typeof value === 'object' && value !== null
			? (value as Record<string, unknown>)
			: undefined;
	} catch {
		return undefined;
	}
}
