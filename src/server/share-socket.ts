/**
 * The websocket of a share key is never a blind pipe: the companion accepts the client socket,
 * opens its own upstream socket with the streamer's token, and checks every client frame against
 * the link's profile before forwarding it. Server frames go to the client as they are.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { refuseUpgrade, requestUrl } from './http-util';
import { closeLikeUpstream } from './relay-close';
import { isExpired, type ShareLink, type ShareStore } from './share-store';
import { judgeFrame } from './shares';
import { m } from '../lib/paraglide/messages.js';

/** Closed when the link stops being valid; the client's reconnect then meets a refused upgrade. */
const POLICY_CLOSE = 1008;
const CLIENT_FRAME_LIMIT = 1024 * 1024;
const HEARTBEAT_MS = 30_000;
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface ShareSocketRelay {
	accept(req: IncomingMessage, socket: Duplex, head: Buffer, link: ShareLink): void;
	close(): void;
}

export function createShareSocketRelay(deps: {
	store: ShareStore;
	/** ws:// address of the application's socket, without any token. */
	upstreamUrl: string;
	upstreamToken: string;
	log: (line: string) => void;
	/** Told of each relayed socket (the scene check's registry notes widget keys' sockets). */
	onRelay?: (client: WebSocket, upstream: WebSocket, req: IncomingMessage, link: ShareLink) => void;
}): ShareSocketRelay {
	const { store, upstreamUrl, upstreamToken, log } = deps;
	const wss = new WebSocketServer({ noServer: true, maxPayload: CLIENT_FRAME_LIMIT });
	const openByLink = new Map<string, Set<() => void>>();
	const stopRevokeListener = store.onRevoke((id) => {
		for (const end of openByLink.get(id) ?? []) end();
	});

	const heartbeat = setInterval(() => {
		for (const client of wss.clients) {
			const alive = client as WebSocket & { alive?: boolean };
			if (alive.alive === false) alive.terminate();
			else {
				alive.alive = false;
				alive.ping();
			}
		}
	}, HEARTBEAT_MS);
	heartbeat.unref();

	function accept(req: IncomingMessage, socket: Duplex, head: Buffer, link: ShareLink): void {
		const name = requestUrl(req).searchParams.get('name');
		const target = new URL(upstreamUrl);
		if (name !== null) target.searchParams.set('name', name);
		const upstream = new WebSocket(target, {
			headers: { authorization: `Bearer ${upstreamToken}` },
			handshakeTimeout: 5000
		});
		upstream.on('error', () => {}); // reported by the handlers below; never an uncaught error
		const early: { data: RawData; isBinary: boolean }[] = [];
		const keepEarly = (data: RawData, isBinary: boolean) => early.push({ data, isBinary });
		upstream.on('message', keepEarly);
		upstream.once('unexpected-response', (_r, res) => {
			refuseUpgrade(
				socket,
				502,
				'Bad Gateway',
				`the application refused the companion's connection (HTTP ${res.statusCode})`
			);
			upstream.terminate();
		});
		const unreachable = () => {
			if (!socket.destroyed)
				refuseUpgrade(socket, 502, 'Bad Gateway', 'the application is not reachable');
		};
		upstream.once('error', unreachable);
		socket.once('close', () => {
			if (upstream.readyState === WebSocket.CONNECTING) upstream.terminate();
		});
		upstream.once('open', () => {
			upstream.off('error', unreachable);
			if (socket.destroyed) return upstream.close();
			wss.handleUpgrade(req, socket, head, (client) => {
				upstream.off('message', keepEarly);
				relay(client, upstream, link);
				deps.onRelay?.(client, upstream, req, link);
				for (const { data, isBinary } of early) client.send(data, { binary: isBinary });
			});
		});
	}

	function relay(client: WebSocket, upstream: WebSocket, link: ShareLink): void {
		const end = (reason: string) => {
			if (client.readyState === WebSocket.OPEN) client.close(POLICY_CLOSE, reason);
			upstream.close();
		};
		const revoked = () =>
			end(link.profile === 'widget' ? 'widget key revoked or regenerated' : 'share link revoked');
		const ends = openByLink.get(link.id) ?? new Set();
		ends.add(revoked);
		openByLink.set(link.id, ends);

		let expiryTimer: NodeJS.Timeout | undefined;
		const watchExpiry = () => {
			if (link.expiresAt === null) return;
			if (isExpired(link)) return end('share link expired');
			expiryTimer = setTimeout(watchExpiry, Math.min(link.expiresAt - Date.now(), MAX_TIMER_MS));
		};
		watchExpiry();

		(client as WebSocket & { alive?: boolean }).alive = true;
		client.on('pong', () => ((client as WebSocket & { alive?: boolean }).alive = true));

		upstream.on('message', (data, isBinary) => {
			if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
		});
		client.on('message', (data, isBinary) => {
			if (isBinary) return; // the application takes JSON text only
			if (isExpired(link) || !store.lookup(link.key).ok) return end('share link no longer valid');
			const verdict = judgeFrame(link, data.toString());
			if ('forward' in verdict) {
				if (upstream.readyState === WebSocket.OPEN) upstream.send(verdict.forward);
			} else if (verdict.answer) client.send(JSON.stringify(verdict.answer));
		});
		client.on('close', () => {
			clearTimeout(expiryTimer);
			ends.delete(revoked);
			if (ends.size === 0) openByLink.delete(link.id);
			upstream.close();
		});
		upstream.on('close', (code, reason) => closeLikeUpstream(client, code, reason));
		client.on('error', () => upstream.close());
		upstream.on('error', (err) => {
			log(
				m.companion_share_socket_error({
					label: link.label,
					error: err.message.replace(/token=[^&\s]*/gi, 'token=…')
				})
			);
			client.terminate();
		});
	}

	return {
		accept,
		close() {
			clearInterval(heartbeat);
			stopRevokeListener();
			for (const client of wss.clients) client.terminate();
			wss.close();
		}
	};
}
