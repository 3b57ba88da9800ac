/**
 * Node transport for the simulator core: node:http for REST (with CORS and the /__sim/ control
 * surface) and `ws` for the websocket on /api, on one port. Every answer is decided by the core.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { Simulator } from '../lib/sim/simulator';
import type { LoggedRequest, Profile, SimHttpResponse, SimPeer } from '../lib/sim/types';
import type { Setup } from '../lib/sim/setup';
import type { Feature } from '../lib/protocol/vocabulary';
import { handleControl } from './sim-control';
import { corsHeaders, readBody, tokenFrom, tooLargeMessage } from './sim-http';

export interface SimServerOptions {
	/** 0 = an ephemeral port. */
	port?: number;
	host?: string;
	token: string;
	profile?: Profile;
	disabledFeatures?: Feature[];
	setup?: Setup;
	/** Protocol-level ping interval; only with the ws-keepalive feature. */
	pingIntervalMs?: number;
	demo?: boolean;
	/** Lint notes become 400 answers. */
	strict?: boolean;
	/** Every request log entry as it is added. */
	onLog?: (entry: LoggedRequest) => void;
	/** Larger request bodies answer a plain-text 400 naming the limit; larger websocket frames close the socket (1009). */
	maxBodyBytes?: number;
}

export interface SimServer {
	url: string;
	port: number;
	sim: Simulator;
	close(): Promise<void>;
}

const DEFAULT_MAX_BODY = 1024 * 1024;

function write(
	res: ServerResponse,
	answer: SimHttpResponse,
	extraHeaders: Record<string, string>
): void {
	if (res.headersSent || res.destroyed) return;
	res.writeHead(answer.status, {
		...extraHeaders,
		...answer.headers,
		'Content-Length': Buffer.byteLength(answer.body)
	});
	res.end(answer.body);
}

export async function startSimServer(opts: SimServerOptions): Promise<SimServer> {
	const sim = new Simulator({
		token: opts.token,
		profile: opts.profile,
		disabledFeatures: opts.disabledFeatures,
		setup: opts.setup,
		strict: opts.strict,
		onLog: opts.onLog
	});
	const maxBody = opts.maxBodyBytes ?? DEFAULT_MAX_BODY;
	const host = opts.host ?? '127.0.0.1';
	const demo: { stop?: () => void } = {};
	const setDemo = (on: boolean) => {
		if (on && !demo.stop) demo.stop = sim.startDemo();
		if (!on && demo.stop) {
			demo.stop();
			demo.stop = undefined;
		}
	};

	const server = createServer((req, res) => {
		void serve(req, res).catch((err: unknown) => {
			// A transport bug must not take the server down; it answers 500 and keeps serving.
			write(
				res,
				{
					status: 500,
					headers: { 'Content-Type': 'text/plain; charset=utf-8' },
					body: `internal error: ${(err as Error)?.message ?? 'unknown'}`
				},
				{}
			);
		});
	});

	async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const url = new URL(req.url ?? '/', 'http://localhost');
		const cors = corsHeaders(req);
		if (req.method === 'OPTIONS') {
			res.writeHead(204, { ...cors, 'Content-Length': '0' });
			res.end();
			return;
		}
		const body = await readBody(req, maxBody);
		if (!body.ok) {
			// Malformed input, like any other: a plain-text 400 (spec), naming the limit the body broke.
			write(
				res,
				{
					status: 400,
					headers: { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' },
					body: tooLargeMessage(maxBody)
				},
				cors
			);
			return;
		}
		const headers: Record<string, string | undefined> = {};
		for (const [k, v] of Object.entries(req.headers))
			headers[k] = Array.isArray(v) ? v.join(', ') : v;
		if (url.pathname.startsWith('/__sim/') || url.pathname === '/__sim') {
			write(
				res,
				handleControl(
					{ sim, token: opts.token, setDemo, demoOn: () => Boolean(demo.stop) },
					req.method ?? 'GET',
					url,
					headers,
					body.text
				),
				cors
			);
			return;
		}
		write(
			res,
			await sim.handleHttp({
				method: req.method ?? 'GET',
				path: url.pathname,
				query: url.searchParams,
				headers,
				body: body.text
			}),
			cors
		);
	}

	const wss = new WebSocketServer({ noServer: true, maxPayload: maxBody });
	const alive = new WeakMap<WebSocket, boolean>();

	server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
		socket.on('error', () => socket.destroy());
		const url = new URL(req.url ?? '/', 'http://localhost');
		if (url.pathname.replace(/\/+$/, '') !== '/api') {
			socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
			return;
		}
		// Clients that can set headers may send the token as a Bearer header instead of the query.
		const query = new URLSearchParams(url.searchParams);
		const headerToken = tokenFrom(undefined, req.headers.authorization);
		if (!query.get('token') && headerToken) query.set('token', headerToken);
		let client: WebSocket | undefined;
		const early: (() => void)[] = [];
		const peer: SimPeer = {
			send: (text) => (client ? client.send(text) : early.push(() => client?.send(text))),
			close: (code, reason) =>
				client ? client.close(code, reason) : early.push(() => client?.close(code, reason))
		};
		const session = sim.connect(query, peer);
		if ('refused' in session) {
			socket.end(
				'HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: 12\r\n\r\nUnauthorized'
			);
			return;
		}
		// A handshake that ws rejects (bad key, wrong version) never reaches the callback: forget the session.
		socket.once('close', () => {
			if (!client) session.close();
		});
		wss.handleUpgrade(req, socket, head, (ws) => {
			client = ws;
			alive.set(ws, true);
			ws.on('pong', () => alive.set(ws, true));
			ws.on('message', (data, isBinary) =>
				session.receive(isBinary ? Buffer.from(data as Buffer).toString('utf8') : data.toString())
			);
			ws.on('close', () => session.close());
			ws.on('error', () => session.close());
			for (const flush of early.splice(0)) flush();
		});
	});

	// Protocol-level keepalive: ping every interval; a client that did not pong since the last ping is dropped.
	const pingTimer = sim.features.includes('ws-keepalive')
		? setInterval(() => {
				for (const ws of wss.clients) {
					if (alive.get(ws) === false) {
						ws.terminate();
						continue;
					}
					alive.set(ws, false);
					ws.ping();
				}
			}, opts.pingIntervalMs ?? 30_000)
		: undefined;
	pingTimer?.unref();

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(opts.port ?? 0, host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	const port = (server.address() as AddressInfo).port;
	if (opts.demo) setDemo(true);
	const displayHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;

	return {
		url: `http://${displayHost}:${port}`,
		port,
		sim,
		close: () =>
			new Promise<void>((resolve) => {
				setDemo(false);
				if (pingTimer) clearInterval(pingTimer);
				for (const ws of wss.clients) ws.terminate();
				wss.close();
				server.closeAllConnections?.();
				server.close(() => resolve());
			})
	};
}
