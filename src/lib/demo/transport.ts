/**
 * An in-page transport to the simulator core: a `fetch` and a WebSocket class that talk to a
 * Simulator object instead of the network, so the static build alone can run the full demo.
 */
import type { Simulator } from '$lib/sim/simulator';
import type { SimPeer } from '$lib/sim/types';

const later = (fn: () => void) => setTimeout(fn, 0);

/** A `fetch` that answers /api/* from the simulator. Other URLs fail like an unreachable host. */
export function demoFetch(sim: Simulator): typeof fetch {
	return async (input: RequestInfo | URL, init?: RequestInit) => {
		const request = new Request(input, init);
		const url = new URL(request.url);
		const headers: Record<string, string> = {};
		request.headers.forEach((value, key) => (headers[key] = value));
		const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
		await new Promise((r) => later(() => r(undefined)));
		if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
		const answer = await sim.handleHttp({
			method: request.method,
			path: url.pathname,
			query: url.searchParams,
			headers,
			body
		});
		return new Response(answer.body, { status: answer.status, headers: answer.headers });
	};
}

type Listener = (event: Event) => void;

/** A WebSocket look-alike (enough for the client's reconnect loop) connected to the simulator. */
export function demoWebSocketClass(sim: Simulator) {
	return class DemoWebSocket extends EventTarget {
		static readonly CONNECTING = 0;
		static readonly OPEN = 1;
		static readonly CLOSING = 2;
		static readonly CLOSED = 3;
		readonly CONNECTING = 0;
		readonly OPEN = 1;
		readonly CLOSING = 2;
		readonly CLOSED = 3;
		readyState = 0;
		binaryType: BinaryType = 'blob';
		readonly bufferedAmount = 0;
		readonly extensions = '';
		readonly protocol = '';
		readonly url: string;
		onopen: Listener | null = null;
		onmessage: Listener | null = null;
		onclose: Listener | null = null;
		onerror: Listener | null = null;
		#session: { receive(text: string): void; close(): void } | undefined;

		constructor(url: string | URL) {
			super();
			this.url = String(url);
			const query = new URL(this.url).searchParams;
			later(() => {
				if (this.readyState !== 0) return;
				const peer: SimPeer = {
					send: (text) =>
						later(() => this.readyState === 1 && this.#fire('message', { data: text })),
					close: (code, reason = '') => later(() => this.#closed(code, reason))
				};
				const session = sim.connect(query, peer);
				if ('refused' in session) {
					this.#fire('error', {});
					this.#closed(1006, '');
					return;
				}
				this.#session = session;
				this.readyState = 1;
				this.#fire('open', {});
			});
		}

		send(data: string) {
			if (this.readyState !== 1)
				throw new DOMException('WebSocket is not open', 'InvalidStateError');
			const session = this.#session;
			later(() => session?.receive(String(data)));
		}

		close(code = 1000, reason = '') {
			if (this.readyState >= 2) return;
			this.readyState = 2;
			this.#session?.close();
			later(() => this.#closed(code, reason));
		}

		#closed(code: number, reason: string) {
			if (this.readyState === 3) return;
			this.readyState = 3;
			this.#session = undefined;
			this.#fire('close', { code, reason, wasClean: code === 1000 });
		}

		#fire(type: 'open' | 'message' | 'close' | 'error', fields: Record<string, unknown>) {
			const event = Object.assign(new Event(type), fields);
			this.dispatchEvent(event);
			const handler = {
				open: this.onopen,
				message: this.onmessage,
				close: this.onclose,
				error: this.onerror
			}[type];
			handler?.call(this, event);
		}
	};
}
