/** In-memory stand-ins for WebSocket and fetch, for unit tests with fake timers. */
import type { WebSocketConstructor } from '$lib/client/socket';

type Listener = (event: { code?: number; data?: unknown }) => void;

export class FakeSocket {
	readyState = 0;
	readonly sent: string[] = [];
	readonly #listeners = new Map<string, Set<Listener>>();
	/** Server-side auto-replies: called with each frame the client sends. */
	onSend?: (data: string, socket: FakeSocket) => void;
	constructor(readonly url: string) {}

	addEventListener(type: string, listener: Listener) {
		if (!this.#listeners.has(type)) this.#listeners.set(type, new Set());
		this.#listeners.get(type)!.add(listener);
	}
	removeEventListener(type: string, listener: Listener) {
		this.#listeners.get(type)?.delete(listener);
	}
	#fire(type: string, event: { code?: number; data?: unknown } = {}) {
		for (const l of [...(this.#listeners.get(type) ?? [])]) l(event);
	}
	send(data: string) {
		if (this.readyState !== 1) throw new Error('not open');
		this.sent.push(data);
		this.onSend?.(data, this);
	}
	close(code = 1000) {
		if (this.readyState >= 2) return;
		const wasOpen = this.readyState === 1;
		this.readyState = 2;
		// Like browsers and ws: closing before open is abnormal whatever code was asked for.
		setTimeout(() => this.#closed(wasOpen ? code : 1006), 0);
	}
	// Server side:
	open() {
		this.readyState = 1;
		this.#fire('open');
	}
	receive(data: unknown) {
		this.#fire('message', { data });
	}
	serverClose(code: number) {
		this.#closed(code);
	}
	refuse() {
		this.#fire('error');
		this.#closed(1006);
	}
	#closed(code: number) {
		if (this.readyState === 3) return;
		this.readyState = 3;
		this.#fire('close', { code });
	}
	sentJson(): unknown[] {
		return this.sent.map((s) => JSON.parse(s));
	}
}

export function fakeWebSocketClass(onSend?: (data: string, socket: FakeSocket) => void) {
	const instances: FakeSocket[] = [];
	const Ctor = function (url: string) {
		const socket = new FakeSocket(url);
		socket.onSend = onSend;
		instances.push(socket);
		return socket;
	} as unknown as WebSocketConstructor;
	Object.assign(Ctor, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
	return { Ctor, instances, latest: () => instances.at(-1)! };
}

export interface FakeRequest {
	method: string;
	path: string;
	query: URLSearchParams;
	body: unknown;
	url: string;
}
export type FakeAnswer = { status: number; body: string | object } | 'network-error' | 'hang';

export function fakeFetch(route: (request: FakeRequest) => FakeAnswer) {
	const requests: FakeRequest[] = [];
	const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
		const url = new URL(String(input));
		const request: FakeRequest = {
			method: init?.method ?? 'GET',
			path: url.pathname,
			query: url.searchParams,
			body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
			url: url.toString()
		};
		requests.push(request);
		const answer = route(request);
		if (answer === 'network-error') throw new TypeError(`fetch failed for ${url}`);
		if (answer === 'hang')
			return new Promise<Response>((_, reject) =>
				init?.signal?.addEventListener('abort', () =>
					reject(new DOMException(`aborted ${url}`, 'AbortError'))
				)
			);
		const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
		return new Response(body, { status: answer.status });
	}) as typeof fetch;
	return { fetch: fetchFn, requests };
}

export const CURRENT_META = {
	status: 200,
	name: 'app-stream',
	version: '9.1.0',
	apiVersion: 2,
	startedAt: 1,
	features: [
		'meta',
		'retrieve-slim',
		'structured-errors',
		'name-validation',
		'ws-command-responses',
		'ws-subscriptions',
		'ws-keepalive',
		'mcp',
		'premium'
	]
};

export const SETTINGS_DATA = {
	premium: false,
	// Every name the spec lists for data.types but studio-animation and alpha-points.
	types: [
		'alert',
		'chat-command',
		'chatbot-message',
		'clear-queue',
		'clear-cooldowns',
		'hex-color',
		'rgb-color',
		'set-fuze',
		'set-app',
		'start-app',
		'stop-app',
		'studio-scene',
		'studio-theme',
		'to-default',
		'toggle-fuze',
		'tts',
		'alpha-extension'
	],
	options: {
		alert: { values: ['alpha-follower'] },
		'chat-command': { values: ['hello', 'lurk'] },
		'studio-scene': { values: [] },
		'studio-theme': { values: ['Calm'] }
	},
	lights: [{ id: 'l1', type: 'brand_a' }],
	states: { on: 1, streamMode: 0, fuze: 0 }
};
