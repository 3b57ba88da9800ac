/**
 * Opens one connection for a page: to the application named by the settings, or, in demo mode, to a
 * simulator running inside the page (no server at all).
 */
import { StreamClient, type StreamClientOptions } from '$lib/client/client';
import type { ConnectionSettings } from '$lib/client/settings';
import type { Simulator } from '$lib/sim/simulator';
import { startDemo } from './demo';
import { lockConnections } from './connection-lock';
import type { LazySendChecker } from '$lib/protocol/check-params';

/**
 * Each client names its checker: a read-only one (a widget) `checkRead`, the dashboard `checkSend`
 * (fetched on its first use), so neither page carries the other's rules.
 */
export type OpenClientOptions = Pick<
	StreamClientOptions,
	'name' | 'subscribe' | 'setupCache' | 'readOnly' | 'socketParams'
> & { check: LazySendChecker };

/** One opened client, with what closing it must also stop (the demo's simulator). */
export interface OpenedClient {
	readonly client: StreamClient;
	readonly settings: ConnectionSettings;
	/** The in-page simulator in demo mode. */
	readonly simulator?: Simulator;
	close(): void;
}

export function openClient(settings: ConnectionSettings, options: OpenClientOptions): OpenedClient {
	const demo = settings.demo ? startDemo(settings.token) : undefined;
	const transport: Pick<StreamClientOptions, 'fetch' | 'WebSocket'> = demo
		? { fetch: demo.fetch, WebSocket: demo.WebSocket }
		: {};
	const client = new StreamClient({
		connection: settings,
		...options,
		...transport
	});
	// Before the first request: from now on the page can reach this address only.
	lockConnections(settings);
	client.start();
	return {
		client,
		settings,
		simulator: demo?.simulator,
		close() {
			client.destroy();
			demo?.stop();
		}
	};
}
