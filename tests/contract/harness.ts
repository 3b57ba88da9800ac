/**
 * Contract-test harness: a real simulator server on an ephemeral port, a fetch wrapper that keeps
 * status, content type and body, and a websocket wrapper that waits for frames by predicate.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import WebSocket from 'ws';
import { startSimServer, type SimServer, type SimServerOptions } from '../../src/server/sim-server';
import { recordLint } from '../support/lint';
export { expectLint } from '../support/lint';
import type { Profile } from '$lib/sim';

export const TOKEN = 'contract-token-7f3a';
export const PROFILES: Profile[] = ['current', 'legacy'];
export const OK = { message: true, status: 200 };

export interface Answer {
	status: number;
	headers: Headers;
	text: string;
	/** The parsed body when it is JSON, else undefined. */
	json: unknown;
	isJson: boolean;
}

export class Api {
	constructor(readonly server: SimServer) {}

	get url(): string {
		return this.server.url;
	}

	async request(path: string, init: RequestInit & { token?: string | null } = {}): Promise<Answer> {
		const url = new URL(path, this.server.url);
		const token = init.token === undefined ? TOKEN : init.token;
		if (token !== null && !url.searchParams.has('token')) url.searchParams.set('token', token);
		const res = await fetch(url, init);
		const text = await res.text();
		const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
		return {
			status: res.status,
			headers: res.headers,
			text,
			json: isJson ? (JSON.parse(text) as unknown) : undefined,
			isJson
		};
	}

	get(path: string, init: RequestInit & { token?: string | null } = {}): Promise<Answer> {
		return this.request(path, init);
	}

	post(
		path: string,
		body: unknown,
		init: RequestInit & { token?: string | null } = {}
	): Promise<Answer> {
		return this.request(path, {
			method: 'POST',
			body: typeof body === 'string' ? body : JSON.stringify(body),
			headers: { 'Content-Type': 'application/json' },
			...init
		});
	}

	send(type: string, params?: unknown): Promise<Answer> {
		return this.post('/api/send', params === undefined ? { type } : { type, params });
	}

	/** Reads a variable's value through the API (undefined when the answer has no message). */
	async variable(name: string): Promise<unknown> {
		const answer = await this.send('get-variable-value', { name });
		return (answer.json as { message?: unknown }).message;
	}

	async control(path: string, body?: unknown): Promise<Answer> {
		return body === undefined ? this.get(`/__sim/${path}`) : this.post(`/__sim/${path}`, body);
	}

	socket(query = `token=${TOKEN}`, opts: WebSocket.ClientOptions = {}): Promise<TestSocket> {
		return TestSocket.open(`${this.server.url.replace(/^http/, 'ws')}/api?${query}`, opts);
	}
}

type Frame = Record<string, unknown>;

export class TestSocket {
	readonly frames: Frame[] = [];
	private cursor = 0;
	private waiters: (() => void)[] = [];
	readonly closed: Promise<{ code: number; reason: string }>;
	pings = 0;

	private constructor(readonly ws: WebSocket) {
		ws.on('message', (data) => {
			this.frames.push(JSON.parse(data.toString()) as Frame);
			for (const wake of this.waiters.splice(0)) wake();
		});
		ws.on('ping', () => this.pings++);
		this.closed = new Promise((resolve) =>
			ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }))
		);
	}

	static open(url: string, opts: WebSocket.ClientOptions = {}): Promise<TestSocket> {
		return new Promise((resolve, reject) => {
			const ws = new WebSocket(url, opts);
			const socket = new TestSocket(ws);
			ws.once('open', () => resolve(socket));
			ws.once('unexpected-response', (_req, res) => {
				reject(
					Object.assign(new Error(`upgrade refused with ${res.statusCode}`), {
						status: res.statusCode
					})
				);
				ws.terminate();
			});
			ws.once('error', (err) => reject(err));
		});
	}

	send(frame: unknown): void {
		this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
	}

	/** The next frame (after the ones already taken) matching the predicate; frames before it are skipped. */
	async next(match: (f: Frame) => boolean = () => true, timeoutMs = 5000): Promise<Frame> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			while (this.cursor < this.frames.length) {
				const frame = this.frames[this.cursor++]!;
				if (match(frame)) return frame;
			}
			const left = deadline - Date.now();
			if (left <= 0)
				throw new Error(
					`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.slice(-3)).slice(0, 600)}`
				);
			await new Promise<void>((resolve) => {
				const timer = setTimeout(resolve, left);
				this.waiters.push(() => {
					clearTimeout(timer);
					resolve();
				});
			});
		}
	}

	/**
	 * Sends `frame`, then a retrieve as a fence (frames are handled in order): returns the replies
	 * (`socketapi:*` frames) that arrived between the two. Pushed events are left out.
	 */
	async repliesAfter(frame: unknown): Promise<Frame[]> {
		const fence = `fence-${Math.random()}`;
		const start = this.frames.length;
		this.send(frame);
		this.send({ retrieve: true, context: fence });
		await this.next((f) => f.context === fence);
		this.cursor = this.frames.length;
		return this.frames
			.slice(start)
			.filter((f) => f.context !== fence && String(f.event ?? '').startsWith('socketapi:'));
	}

	/** Sends a command with a context and returns its socketapi:response. */
	async command(
		type: string,
		params: unknown,
		context: string | number = `c-${Math.random()}`
	): Promise<Frame> {
		this.send(params === undefined ? { type, context } : { type, params, context });
		return this.next((f) => f.event === 'socketapi:response' && f.context === context);
	}

	close(): void {
		this.ws.close();
	}
}

/**
 * A fresh simulator for every test of the enclosing describe (state never leaks between tests), or
 * with `shared`, one for the whole describe (for tables of requests that change nothing).
 */
export function useSim(
	profile: Profile,
	extra: Partial<SimServerOptions> = {},
	{ shared = false } = {}
): { readonly api: Api } {
	const holder: { api?: Api } = {};
	const sockets: TestSocket[] = [];
	const [before, after] = shared ? [beforeAll, afterAll] : [beforeEach, afterEach];
	before(async () => {
		const server = await startSimServer({
			port: 0,
			token: TOKEN,
			profile,
			onLog: recordLint,
			...extra
		});
		holder.api = new Api(server);
		const open = holder.api.socket.bind(holder.api);
		holder.api.socket = async (...args) => {
			const s = await open(...args);
			sockets.push(s);
			return s;
		};
	});
	after(async () => {
		for (const s of sockets.splice(0)) s.ws.terminate();
		await holder.api?.server.close();
	});
	return {
		get api() {
			if (!holder.api) throw new Error('simulator not started');
			return holder.api;
		}
	};
}

export const structured = (status: number, code: string, message: string) => ({
	status,
	code,
	message
});
