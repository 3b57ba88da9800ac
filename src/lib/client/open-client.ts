/**
 * Opens one connection for a page: to the application named by the settings, or, in demo mode, to a
 * simulator running inside the page (no server at all).
 */
import type { ClientCore } from '$lib/client/client-core';
import type { StreamClientOptions } from '$lib/client/client-types';
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
export interface OpenedClient<C extends ClientCore = ClientCore> {
	readonly client: C;
	readonly settings: ConnectionSettings;
	/** The in-page simulator in demo mode. */
	readonly simulator?: Simulator;
	close(): void;
}

/**
 * `create` makes the kind of client the page needs (the dashboard's StreamClient, a widget's
 * ReadClient): given here, so each page carries only its own.
 */
export function openClient<C extends ClientCore>(
	settings: ConnectionSettings,
	options: OpenClientOptions,
	create: (options: StreamClientOptions) => C
): OpenedClient<C> {
	const demo = settings.demo ? startDemo(settings.token) : undefined;
	const transport: Pick<StreamClientOptions, 'fetch' | 'WebSocket'> = demo
		? { fetch: demo.fetch, WebSocket: demo.WebSocket }
		: {};
	const client = create({
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
