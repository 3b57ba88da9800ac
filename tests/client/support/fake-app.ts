/** A tiny scripted application behind the fakes: enough protocol to drive StreamClient in unit tests. */
import { checkSend } from '$lib/protocol/send';
import { StreamClient, type StreamClientOptions } from '$lib/client/client';
import type { ClientCore } from '$lib/client/client-core';
import {
	CURRENT_META,
	SETTINGS_DATA,
	fakeFetch,
	fakeWebSocketClass,
	type FakeSocket
} from './fakes';

export interface FakeAppOptions {
	profile?: 'current' | 'legacy';
	variables?: Record<string, unknown>;
	token?: string;
}

export function fakeApp(options: FakeAppOptions = {}) {
	const current = (options.profile ?? 'current') === 'current';
	const variables = { ...(options.variables ?? {}) };
	const reply = (socket: FakeSocket, frame: object) =>
		setTimeout(() => socket.readyState === 1 && socket.receive(JSON.stringify(frame)), 0);
	const answer = (type: string, params: Record<string, unknown> = {}) => {
		if (type === 'get-variable-value') return variables[String(params.name)];
		if (type === 'set-counter-value') variables[String(params.name)] = params.value;
		return true;
	};
	const ws = fakeWebSocketClass((data, socket) => {
		const message = JSON.parse(data) as Record<string, unknown>;
		if (message.retrieve)
			reply(socket, {
				event: 'socketapi:retrieve',
				...(current ? { context: message.context } : {}),
				data: SETTINGS_DATA
			});
		else if (message.subscribe && current)
			reply(socket, {
				event: 'socketapi:subscribed',
				channels: message.subscribe,
				context: message.context
			});
		else if (typeof message.type === 'string' && current && message.context !== undefined)
			reply(socket, {
				event: 'socketapi:response',
				context: message.context,
				status: 200,
				message: answer(message.type, message.params as Record<string, unknown>)
			});
	});
	const http = fakeFetch((request) => {
		if (options.token && request.query.get('token') !== options.token)
			return { status: 401, body: 'Unauthorized' };
		if (request.path === '/api/meta')
			return current ? { status: 200, body: CURRENT_META } : { status: 404, body: 'Not found' };
		if (request.path === '/api/premium')
			return current
				? { status: 200, body: { status: 200, data: { premium: false } } }
				: { status: 404, body: '' };
		if (request.path === '/api/retrieve')
			return { status: 200, body: { status: 200, data: SETTINGS_DATA } };
		if (request.path === '/api/send') {
			const body = request.body as { type: string; params?: Record<string, unknown> };
			if (!current && ['create-chatbot-command', 'run-actions'].includes(body.type))
				return { status: 400, body: 'unknown type' };
			return { status: 200, body: { status: 200, message: answer(body.type, body.params) } };
		}
		return { status: 404, body: '' };
	});
	const client = (extra: Partial<StreamClientOptions> = {}) =>
		new StreamClient({
			connection: { token: options.token ?? 'T', host: '127.0.0.1', port: 39231, secure: false },
			fetch: http.fetch,
			WebSocket: ws.Ctor,
			...extra,
			check: extra.check ?? checkSend
		});
	/** Opens the latest socket and waits until meta, settings and premium have been read. */
	const connect = async (c: ClientCore) => {
		const synced = new Promise<void>((resolve) => {
			const off = c.onSynced(() => {
				off();
				resolve();
			});
		});
		c.start();
		await new Promise((r) => setTimeout(r, 1));
		ws.latest().open();
		await synced;
	};
	const sendRequests = () => http.requests.filter((r) => r.path === '/api/send');
	return { ws, http, client, connect, variables, sendRequests };
}
