/** Options and shapes of the client (ClientCore and its two kinds), apart so the class file stays about behaviour. */
import type { ClientMessage, Envelope } from '../protocol/messages';
import type { Meta, SettingsData, States } from '../protocol/payloads';
import type { LazySendChecker } from '../protocol/check-params';
import type { Capabilities } from './capabilities';
import type { ClientError } from './errors';
import type { Receipt } from './receipts';
import type { SendType } from '../protocol/send-types';
import type { ReconnectPolicyOptions } from './reconnect-policy';
import type { SetupCache } from './setup-cache';
import type { ConnectionSettings } from './settings';
import type { ConnectionStatus, WebSocketConstructor } from './socket';

export interface StreamClientOptions {
	connection: Pick<ConnectionSettings, 'token' | 'host' | 'port' | 'secure'>;
	/** Shown to the streamer when this client connects; dashboards pass one, widgets none. */
	name?: string;
	/** More query parameters on the socket's address: a widget's `w=<kind>`, which the companion reads. */
	socketParams?: Readonly<Record<string, string>>;
	fetch?: typeof fetch;
	WebSocket?: WebSocketConstructor;
	/** Envelope types to receive (`ws-subscriptions` only); undefined receives everything. */
	subscribe?: readonly string[];
	/**
	 * Checks each send before it leaves: `checkSend` (every type), or `checkRead` on a page that only
	 * reads, so that page does not carry every type's schema. It may first fetch its rules: the send
	 * waits for them.
	 */
	check: LazySendChecker;
	/** Refuse every send type the catalog does not mark read-only. */
	readOnly?: boolean;
	/** `auto`: over the socket when it answers commands (ws-command-responses), else REST. */
	commands?: 'auto' | 'rest' | 'socket';
	requestTimeoutMs?: number;
	connectionTimeoutMs?: number;
	policy?: ReconnectPolicyOptions;
	/** Calls `wake` when an attempt is worth making at once (default: page visible again, back online). */
	wakeSignals?: (wake: () => void) => () => void;
	/** Where the last setup read is kept for this address: shown until the first read after a (re)load. */
	setupCache?: SetupCache;
}

export interface ClientSnapshot {
	status: ConnectionStatus;
	lastError: ClientError | undefined;
	everOpened: boolean;
	setupCachedAt: number | undefined;
	meta: Meta | undefined;
	setup: SettingsData | undefined;
	capabilities: Capabilities;
	premium: boolean | undefined;
	states: States | undefined;
}

export interface SendOptions {
	/** Called with each state of the receipt, starting with "sending". */
	onUpdate?: (receipt: Receipt) => void;
}

export type EventHandler = (envelope: Envelope) => void;

/**
 * What a client knows of the send types: StreamClient's rules read the whole send-type table
 * (capabilities.ts), ReadClient's the types that only read (read-rules.ts).
 */
export interface SendRules {
	/** What this installation offers, from meta and the setup (both undefined before the first read). */
	capabilities(meta: Meta | undefined, setup: SettingsData | undefined): Capabilities;
	/** Why a checked send may not go; undefined when it may. */
	refusal(
		type: SendType,
		params: Record<string, unknown>,
		capabilities: Capabilities,
		readOnly: boolean | undefined
	): ClientError | undefined;
	/**
	 * Whether a frame may go out on the socket (the application runs any frame as a command): the
	 * dashboard's, one of the three shapes of ClientMessageSchema; a widget's, a read, retrieve or subscribe.
	 */
	frame(message: ClientMessage): boolean;
}
