/** A real simulator on an ephemeral port, and StreamClients talking to it over real sockets. */
import { checkSend } from '$lib/protocol/send';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { StreamClient, type StreamClientOptions } from '$lib/client/client';
import type { WebSocketConstructor } from '$lib/client/socket';
import { startSimServer } from '../../../src/server/sim-server';
import { recordLint } from '../../support/lint';

export type Profile = 'current' | 'legacy';
export const NodeWebSocket = WebSocket as unknown as WebSocketConstructor;

/** Waits for a condition: synchronisation with a generous limit, not a timing assertion. */
export async function waitFor(
	predicate: () => boolean,
	what: string,
	limitMs = 8000
): Promise<void> {
	const start = Date.now();
	while (!predicate()) {
		if (Date.now() - start > limitMs) throw new Error(`timed out waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 5));
	}
}

/** A loopback port nothing listens on. */
export async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((done) => server.close(() => done()));
	return port;
}

export function nextSync(client: StreamClient): Promise<void> {
	return new Promise((resolve) => {
		const off = client.onSynced(() => {
			off();
			resolve();
		});
	});
}

export async function simRig(profile: Profile) {
	const token = `tok-${randomBytes(9).toString('base64url')}`;
	const server = await startSimServer({ port: 0, token, profile, onLog: recordLint });
	const clients: StreamClient[] = [];
	const makeClient = (extra: Partial<StreamClientOptions> = {}) => {
		const client = new StreamClient({
			connection: { token, host: '127.0.0.1', port: server.port, secure: false },
			WebSocket: NodeWebSocket,
			requestTimeoutMs: 4000,
			...extra,
			check: extra.check ?? checkSend
		});
		clients.push(client);
		return client;
	};
	/** Starts a client and resolves once it is open and has read meta, settings and premium. */
	const connect = async (client: StreamClient) => {
		const synced = nextSync(client);
		client.start();
		await synced;
		return client;
	};
	const log = () => server.sim.requestLog;
	const close = async () => {
		for (const c of clients) c.destroy();
		await server.close();
	};
	return { token, server, sim: server.sim, makeClient, connect, log, close };
}
