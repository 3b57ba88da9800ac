/**
 * Opens one connection for a page: to the application named by the settings, or, in demo mode, to a
 * simulator running inside the page (no server at all).
 */
import { StreamClient, type StreamClientOptions } from '$lib/client/client';
import type { ConnectionSettings } from '$lib/client/settings';
import type { WebSocketConstructor } from '$lib/client/socket';
import { demoFetch, demoWebSocketClass } from '$lib/demo/transport';
import type { Simulator } from '$lib/sim';
import { lockConnections } from './connection-lock';

export interface OpenClientOptions extends Pick<StreamClientOptions, 'name' | 'readOnly' | 'subscribe'> {}

/** One opened client, with what closing it must also stop (the demo's simulator). */
export interface OpenedClient {
	readonly client: StreamClient;
	readonly settings: ConnectionSettings;
	/** The in-page simulator in demo mode, once its chunk is loaded. */
	readonly simulator?: Simulator;
	close(): void;
}

export function openClient(settings: ConnectionSettings, options: OpenClientOptions = {}): OpenedClient {
	let simulator: Simulator | undefined;
	let stopDemo: (() => void) | undefined;
	let closed = false;
	let transport: Pick<StreamClientOptions, 'fetch' | 'WebSocket'> = {};
	if (settings.demo) {
		// The simulator is a chunk of its own, fetched in demo mode only: no other page pays for it.
		const loading = import('$lib/sim').then(({ Simulator }) => {
			const sim = new Simulator({ token: settings.token });
			if (!closed) {
				stopDemo = sim.startDemo();
				simulator = sim;
			}
			return sim;
		});
		transport = { fetch: demoFetch(loading), WebSocket: demoWebSocketClass(loading) as unknown as WebSocketConstructor };
	}
	const client = new StreamClient({ connection: settings, ...options, ...transport });
	// Before the first request: from now on the page can reach this address only.
	lockConnections(settings);
	client.start();
	return {
		client,
		settings,
		get simulator() {
			return simulator;
		},
		close() {
			closed = true;
			client.destroy();
			stopDemo?.();
		}
	};
}
