/**
 * The companion server: serves the static app on every interface and reverse-proxies /api (HTTP
 * and websocket) to the desktop application, so a phone on the LAN reaches one port and the page
 * talks to its own origin. A caller's token passes through untouched; only share keys are swapped
 * for the streamer's token, after their profile allowed the request.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { Socket } from 'node:net';
import { dirname, resolve } from 'node:path';
import { Readable, type Duplex } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';
import { dropOwnOrigin, refuseUpgrade, sendJson, requestUrl } from './http-util';
import { lanAddresses as systemLanAddresses, lanOrigins } from './lan';
import { KeyAttempts } from './key-attempts';
import { createShareSocketRelay } from './share-socket';
import { CHAT_HISTORY_PATH, ChatHistory, collectChat, handleChatHistory } from './chat-history';
import { ShareStore } from './share-store';
import { SHARE_TOKEN_PATH, handleShareToken, readSavedToken } from './share-token';
import {
	NOT_ALLOWED,
	NO_REAL_TOKEN_MESSAGE,
	handleShareApi,
	judgeRest,
	keyRefusal,
	shareKeyOf
} from './shares';
import { startSimServer } from './sim-server';
import { startSubathon, type Subathon, type SubathonRule } from './subathon';
import { createStaticSite } from './static-site';
import { mediaFolder } from './media';
import { DECK_PATH, DeckFile, deckApi } from './deck-sync';
import { UpstreamEvents } from './upstream-events';
import { watchUpstream } from './upstream-watch';
import { WidgetSockets, widgetKindOf } from './widget-sockets';
import { REHEARSE_PATH, SCENE_PATH, createSceneApi } from './scene-api';
import { streamerTokenCheck } from './streamer-token';
import { m } from '../lib/paraglide/messages.js';

import { DEFAULT_API, DEFAULT_COMPANION_PORT, PROJECT_DIR } from './companion-defaults';
import { CompanionError, type StartError } from './start-errors';

export { CompanionError, DEFAULT_API, DEFAULT_COMPANION_PORT, PROJECT_DIR, type StartError };
// A closed application refuses at once; this bounds one that hangs. 1.5 s was too short for a
// busy PC, where a slow first answer made the companion fall back to its simulator.
const PROBE_TIMEOUT_MS = 5000;

export interface CompanionOptions {
	port?: number;
	/** Default 0.0.0.0: every interface, so phones on the LAN can connect. */
	host?: string;
	api?: string;
	buildDir?: string;
	/** The streamer's token: only used for share links; never printed or logged. */
	realToken?: string;
	sharesFile?: string;
	/** The streamer's deck, one per application setup (default: .stream-decks.json beside the share-links file). */
	decksFile?: string;
	/** Where the token is kept when the streamer asks for it (default: .stream-token beside the share-links file). */
	tokenFile?: string;
	/** This PC's LAN addresses (default: its network interfaces); tests pass their own. */
	lanAddresses?: () => string[];
	/** Serve the built-in simulator even if an application answers. */
	demo?: boolean;
	/** When nothing answers at `api`: serve the simulator (default) or fail with `api_unreachable`. */
	fallbackToSimulator?: boolean;
	/** How often to check that the application is still there, to say when it goes away and comes back (ms). */
	watchIntervalMs?: number;
	/** The streamer's certificate and key (PEM): serve https and wss instead of http and ws. */
	tls?: { cert: Buffer | string; key: Buffer | string };
	/** Subathon mode: alerts that add time to the timer variable (see subathon.ts). */
	subathon?: { rules: readonly SubathonRule[]; variable: string };
	/** How often widget sockets are pinged for the scene check (ms; tests shorten it). */
	widgetPingMs?: number;
	/** A folder of the streamer's sounds for the alert box, served at /media/ (media.ts). */
	mediaDir?: string;
	log?: (line: string) => void;
}

export interface EmbeddedSimulator {
	url: string;
	port: number;
	/** A demo token for the simulator only: printing it is fine. */
	token: string;
	reason: 'demo' | 'fallback';
	sim: Awaited<ReturnType<typeof startSimServer>>['sim'];
}

export interface Companion {
	/** http://127.0.0.1:PORT (https:// with a certificate) when listening on every interface. */
	url: string;
	port: number;
	/** Origin the /api requests go to (never with a token). */
	apiTarget: string;
	embeddedSim?: EmbeddedSimulator;
	shares: ShareStore;
	/** The widgets connected through the companion (scene check, rehearsals). */
	widgets: WidgetSockets;
	subathon?: Subathon;
	/** The companion's own socket to the application (chat history, subathon). */
	events: UpstreamEvents;
	/** Whether share links are on (a token to forward with, from the start or turned on since). */
	sharesOn(): boolean;
	close(): Promise<void>;
}

/**
 * Any HTTP answer means an application is there; the status tells whether it took the token. An older
 * application answers 404 to /api/meta (spec, Versioning), so the token is then checked on /api/retrieve.
 */
async function probe(apiTarget: string, token?: string): Promise<number | undefined> {
	const status = await probePath(apiTarget, '/api/meta', token);
	return status === 404 && token ? probePath(apiTarget, '/api/retrieve?slim=true', token) : status;
}

async function probePath(
	apiTarget: string,
	path: string,
	token?: string
): Promise<number | undefined> {
	try {
		const res = await fetch(`${apiTarget}${path}`, {
			headers: token ? { authorization: `Bearer ${token}` } : {},
			signal: AbortSignal.timeout(PROBE_TIMEOUT_MS)
		});
		await res.arrayBuffer().catch(() => undefined);
		return res.status;
	} catch {
		return undefined;
	}
}

function originOf(api: string): string {
	let url: URL;
	try {
		url = new URL(api);
	} catch {
		throw new CompanionError({ kind: 'api_address', example: DEFAULT_API });
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:')
		throw new CompanionError({ kind: 'api_scheme' });
	return url.origin;
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

export async function startCompanion(opts: CompanionOptions = {}): Promise<Companion> {
	const log = opts.log ?? ((line: string) => console.log(line));
	const closers: (() => Promise<void>)[] = [];
	const port = opts.port ?? DEFAULT_COMPANION_PORT;
	const host = opts.host ?? '0.0.0.0';
	const sharesFile = opts.sharesFile ?? resolve(PROJECT_DIR, '.share-links.json');
	const shares = ShareStore.open(sharesFile, log);
	const attempts = new KeyAttempts(shares, log);
	closers.push(async () => attempts.close());
	const tokenFile = opts.tokenFile ?? resolve(dirname(sharesFile), '.stream-token');
	const decks = DeckFile.open(
		opts.decksFile ?? resolve(dirname(sharesFile), '.stream-decks.json'),
		log
	);
	const scheme = opts.tls ? 'https' : 'http';
	const lanOf = (port: number) =>
		lanOrigins(host, port, opts.lanAddresses ?? systemLanAddresses, scheme);

	let apiTarget = originOf(opts.api ?? DEFAULT_API);
	let upstreamToken = opts.realToken;
	let embeddedSim: EmbeddedSimulator | undefined;
	const status = opts.demo ? undefined : await probe(apiTarget, opts.realToken);
	if (status === undefined && !opts.demo && opts.fallbackToSimulator === false)
		throw new CompanionError({ kind: 'api_unreachable', api: apiTarget });
	if (opts.realToken && (status === 401 || status === 403))
		throw new CompanionError({ kind: 'token_rejected', api: apiTarget, status });
	if (status === undefined) {
		const token = randomBytes(18).toString('base64url');
		const server = await startSimServer({ port: 0, host: '127.0.0.1', token, demo: true });
		const reason = opts.demo ? 'demo' : 'fallback';
		embeddedSim = { url: server.url, port: server.port, token, reason, sim: server.sim };
		log(
			reason === 'demo' ? m.companion_demo_mode() : m.companion_no_app_fallback({ api: apiTarget })
		);
		apiTarget = originOf(server.url);
		// Share links then work against the simulator, with its own token.
		upstreamToken = token;
		closers.push(() => server.close());
	}

	// A token the streamer saved from the dashboard turns share links on again, if the application still takes it.
	const saved = upstreamToken === undefined ? readSavedToken(tokenFile) : undefined;
	if (saved !== undefined) {
		const savedStatus = await probe(apiTarget, saved);
		if (savedStatus !== undefined && savedStatus < 400) {
			upstreamToken = saved;
			log(m.companion_saved_token_on({ file: tokenFile }));
		} else
			log(
				savedStatus === undefined
					? m.companion_saved_token_unchecked({ file: tokenFile })
					: m.companion_saved_token_rejected({ file: tokenFile })
			);
	}

	// One socket to the application for everything the companion follows itself (chat history, subathon).
	const upstream = new UpstreamEvents({ apiTarget, token: () => upstreamToken });
	closers.push(async () => upstream.close());
	const subathon = opts.subathon
		? startSubathon({
				...opts.subathon,
				apiTarget,
				token: () => upstreamToken,
				log,
				events: upstream
			})
		: undefined;
	if (subathon) {
		closers.push(async () => subathon.close());
		// The rules as the flag writes them: the streamer typed them so.
		const said = {
			variable: opts.subathon!.variable,
			rules: opts
				.subathon!.rules.map((r) => `${r.key}=${r.seconds}${r.per ? `/${r.per}` : ''}`)
				.join(', ')
		};
		log(upstreamToken ? m.companion_subathon_on(said) : m.companion_subathon_waiting(said));
	}

	const proxy = createProxyServer({ target: apiTarget, changeOrigin: true, ws: true });
	const proxyFailure = `The application at ${apiTarget} did not answer`;
	// The built-in simulator lives and dies with the companion: only a real application can go away.
	const watch = embeddedSim
		? undefined
		: watchUpstream({
				target: apiTarget,
				log,
				intervalMs: opts.watchIntervalMs,
				up: status !== undefined
			});
	if (watch) closers.push(async () => watch.close());
	proxy.on('error', (err, _req, res) => {
		watch?.check();
		const code = (err as NodeJS.ErrnoException).code ?? 'error';
		if ('writeHead' in res)
			sendJson(res as ServerResponse, 502, {
				status: 502,
				code: 'bad_gateway',
				message: `${proxyFailure} (${code})`
			});
		else refuseUpgrade(res, 502, 'Bad Gateway', `${proxyFailure} (${code})`);
	});

	const media = mediaFolder(opts.mediaDir);
	const staticSite = createStaticSite(opts.buildDir ?? resolve(PROJECT_DIR, 'build'));
	const widgets = new WidgetSockets({
		upstreamBase: () => apiTarget.replace(/^http/, 'ws'),
		unreachable: (code) => {
			watch?.check();
			return `${proxyFailure} (${code})`;
		},
		pingMs: opts.widgetPingMs
	});
	closers.push(async () => widgets.close());
	// One answer to "is this the streamer's token?" for the deck, the scene check, share management and chat history.
	const streamer = streamerTokenCheck({
		held: () => upstreamToken,
		probe: (token) => probe(apiTarget, token)
	});
	const sceneApi = createSceneApi({
		widgets,
		apiTarget: () => apiTarget,
		streamer,
		// Widget keys (the `widget` share profile) no open scene uses.
		idleKeys: (connected) =>
			shares
				.listWidgetKeys()
				.filter((l) => !connected.has(l.id))
				.map((l) => ({
					id: l.id,
					name: l.name,
					createdAt: l.createdAt,
					lastConnectedAt: l.lastConnectedAt
				})),
		log
	});
	const relayFor = (token: string) =>
		createShareSocketRelay({
			store: shares,
			upstreamUrl: `${apiTarget.replace(/^http/, 'ws')}/api`,
			upstreamToken: token,
			log,
			onRelay(client, upstreamSocket, req, link) {
				const kind = widgetKindOf(req);
				const named = link as typeof link & { name?: string };
				if (kind || (link.profile as string) === 'widget')
					widgets.track(client, upstreamSocket, req, {
						kind: kind ?? 'widget',
						keyId: link.id,
						keyName: named.name ?? link.label
					});
			}
		});
	let relay = upstreamToken ? relayFor(upstreamToken) : undefined;
	// One deck per application setup; the built-in simulator's port changes each start, its deck does not.
	const handleDeck = deckApi({
		decks,
		setup: embeddedSim ? 'simulator' : apiTarget,
		shares,
		streamer
	});
	// The last chat lines for dashboards that connect later, kept while the companion holds a token.
	const history = new ChatHistory();
	collectChat(history, upstream);
	upstream.start();
	/** Holds the streamer's token from now on (share links and widget keys on), in memory only. */
	function enable(token: string): void {
		upstreamToken = token;
		relay ??= relayFor(token);
		upstream.start();
	}

	async function forwardShareRequest(
		req: IncomingMessage,
		res: ServerResponse,
		key: string
	): Promise<void> {
		const found = attempts.check(key);
		if (!found.ok) return sendJson(res, 401, keyRefusal(found.reason));
		if (!upstreamToken)
			return sendJson(res, 409, {
				status: 409,
				code: 'no_real_token',
				message: NO_REAL_TOKEN_MESSAGE
			});
		const verdict = await judgeRest(req, found.link);
		if (!verdict.ok)
			return sendJson(res, verdict.status, {
				status: verdict.status,
				code: verdict.code,
				message: verdict.message
			});
		// Forward a canonical request: checked path and body, the streamer's token, nothing of the caller's auth.
		req.url = verdict.path;
		for (const name of [
			'authorization',
			'cookie',
			'transfer-encoding',
			'content-length',
			'content-type'
		])
			delete req.headers[name];
		if (verdict.body)
			Object.assign(req.headers, {
				'content-type': 'application/json',
				'content-length': String(verdict.body.length)
			});
		proxy.web(req, res, {
			headers: { authorization: `Bearer ${upstreamToken}` },
			...(verdict.body ? { buffer: Readable.from([verdict.body]) } : {})
		});
	}

	function onRequest(req: IncomingMessage, res: ServerResponse): void {
		const path = requestUrl(req).pathname;
		if (isApiPath(path)) {
			dropOwnOrigin(req);
			const key = shareKeyOf(req);
			if (!key) return void proxy.web(req, res);
			forwardShareRequest(req, res, key).catch((err: Error) => {
				log(m.companion_share_request_failed({ error: err.message }));
				sendJson(res, 500, { status: 500, message: 'the companion could not handle this request' });
			});
			return;
		}
		if (path === '/__companion/lan') return sendJson(res, 200, { origins: lanOf(boundPort) });
		if (path === CHAT_HISTORY_PATH)
			return void handleChatHistory(req, res, {
				history,
				store: shares,
				upstreamToken,
				streamer
			}).catch(() => sendJson(res, 500, { status: 500, message: 'chat history failed' }));
		// Only its own two paths: the media list, the deck and the chat history are answered elsewhere.
		if (path === SCENE_PATH || path === REHEARSE_PATH) {
			sceneApi(req, res)
				.then((handled) => {
					if (!handled) staticSite(req, res);
				})
				.catch((err: Error) => {
					// Never the error's text: these requests carry the token.
					log(m.companion_scene_request_failed({ error: err.name }));
					sendJson(res, 500, {
						status: 500,
						message: 'the companion could not handle this request'
					});
				});
			return;
		}
		if (media.handle(req, res, path)) return;
		if (path === DECK_PATH)
			return void handleDeck(req, res).catch((err: Error) => {
				log(m.companion_deck_request_failed({ error: err.message }));
				sendJson(res, 500, { status: 500, message: 'the companion could not handle this request' });
			});
		if (path === SHARE_TOKEN_PATH)
			return void handleShareToken(req, res, {
				current: () => upstreamToken,
				simulator: Boolean(embeddedSim),
				probe: (token) => probe(apiTarget, token),
				enable,
				tokenFile,
				log
			}).catch(() => {
				// The message of a failure here is not logged: it is a request that carried the token.
				log(m.companion_shares_turn_on_failed());
				sendJson(res, 500, { status: 500, message: 'the companion could not handle this request' });
			});
		if (path.startsWith('/__share/'))
			return void handleShareApi(req, res, {
				store: shares,
				attempts,
				upstreamToken: () => upstreamToken,
				streamer,
				enable,
				log,
				scheme,
				lanOrigins: () => lanOf(boundPort)
			}).catch((err: Error) => {
				log(m.companion_share_management_failed({ error: err.message }));
				sendJson(res, 500, { status: 500, message: 'the companion could not handle this request' });
			});
		staticSite(req, res);
	}

	let boundPort = port;
	const upgraded = new Set<Duplex>();
	function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
		upgraded.add(socket);
		socket.once('close', () => upgraded.delete(socket));
		socket.on('error', () => socket.destroy());
		const path = requestUrl(req).pathname;
		if (!isApiPath(path)) return refuseUpgrade(socket, 404, 'Not Found', 'websockets live at /api');
		dropOwnOrigin(req);
		const key = shareKeyOf(req);
		const widgetKind = widgetKindOf(req);
		if (!key && widgetKind && path === '/api') return widgets.accept(req, socket, head, widgetKind);
		if (!key) return void proxy.ws(req, socket as Socket, head);
		const found = attempts.check(key);
		if (!found.ok) {
			const refusal = keyRefusal(found.reason);
			return refuseUpgrade(socket, refusal.status, 'Unauthorized', refusal.message, refusal.code);
		}
		if (!relay)
			return refuseUpgrade(socket, 409, 'Conflict', NO_REAL_TOKEN_MESSAGE, 'no_real_token');
		if (path !== '/api')
			return refuseUpgrade(socket, 403, 'Forbidden', 'share links connect at /api', NOT_ALLOWED);
		relay.accept(req, socket, head, found.link);
	}

	// The proxy's side to the application stays as --api says: only the browser's side needs TLS.
	const server = opts.tls
		? createTlsServer({ cert: opts.tls.cert, key: opts.tls.key }, onRequest)
		: createServer(onRequest);
	server.on('upgrade', onUpgrade);
	try {
		await new Promise<void>((done, fail) => {
			server.once('error', fail);
			server.listen(port, host, () => {
				server.off('error', fail);
				done();
			});
		});
	} catch (err) {
		await Promise.all(closers.map((close) => close()));
		if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE')
			throw new CompanionError({ kind: 'port_in_use', port });
		throw err;
	}
	const address = server.address();
	boundPort = typeof address === 'object' && address ? address.port : port;
	const shownHost =
		host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

	return {
		url: `${scheme}://${shownHost}:${boundPort}`,
		port: boundPort,
		apiTarget,
		embeddedSim,
		shares,
		widgets,
		subathon,
		events: upstream,
		sharesOn: () => upstreamToken !== undefined,
		async close() {
			relay?.close();
			for (const socket of upgraded) socket.destroy();
			await new Promise<void>((done) => {
				server.close(() => done());
				server.closeAllConnections();
			});
			await Promise.all(closers.map((close) => close()));
		}
	};
}
