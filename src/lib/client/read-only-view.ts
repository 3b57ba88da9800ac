/**
 * What a widget gets: it can read the settings and variables, follow events and the connection, and
 * has no way to send anything that changes the stream. Reads go through a gate that checks the
 * catalog's `readOnly` flag, so even a wrong type name passed in cannot slip through.
 */
import { SEND_TYPE_INFO, isSendType } from '../protocol/send-types';
import type { Envelope } from '../protocol/messages';
import type { Meta, SettingsData, States } from '../protocol/payloads';
import type { Capabilities } from './capabilities';
import { notOfferedError, type ClientError } from './errors';
import type { Disposer } from './listeners';
import { settleReceipt, startReceipt, type Receipt } from './receipts';
import type { ConnectionStatus } from './socket';

export type VariableRead = { ok: true; value: unknown } | { ok: false; error: ClientError };

/** The parts of StreamClient a read-only view exposes (and the state classes rely on). */
export interface ReadableSource {
	readonly status: ConnectionStatus;
	readonly lastError: ClientError | undefined;
	/** Whether the socket ever opened since start. */
	readonly everOpened: boolean;
	/** When the setup shown was read, while it is a copy kept on the device. */
	readonly setupCachedAt: number | undefined;
	readonly meta: Meta | undefined;
	/** The application's setup: the settings payload it answers `retrieve` with. */
	readonly setup: SettingsData | undefined;
	readonly capabilities: Capabilities;
	readonly premium: boolean | undefined;
	readonly states: States | undefined;
	retrieve(): Promise<SettingsData>;
	on(type: string, handler: (envelope: Envelope) => void): Disposer;
	onStatus(handler: (status: ConnectionStatus, error: ClientError | undefined) => void): Disposer;
	onReady(handler: () => void): Disposer;
	onReceipt(handler: (receipt: Receipt) => void): Disposer;
	/** Any change of status, error, meta, setup, capabilities, premium or states. */
	onChange(handler: () => void): Disposer;
}

export interface ReadOnlyView extends ReadableSource {
	readVariable(name: string): Promise<VariableRead>;
}

type ReadSender = (type: string, params: Record<string, unknown>) => Promise<Receipt>;

/** Sends only catalog types marked read-only; anything else fails here without touching the wire. */
export function readOnlyGate(send: ReadSender): ReadSender {
	return async (type, params) => {
		if (!isSendType(type) || !SEND_TYPE_INFO[type].readOnly)
			return settleReceipt(startReceipt(type, 'none'), {
				kind: 'failed',
				error: notOfferedError(type, 'a widget can only read')
			});
		return send(type, params);
	};
}

export function createReadOnlyView(source: ReadableSource, send: ReadSender): ReadOnlyView {
	const read = readOnlyGate(send);
	const view: ReadOnlyView = {
		get status() {
			return source.status;
		},
		get lastError() {
			return source.lastError;
		},
		get everOpened() {
			return source.everOpened;
		},
		get setupCachedAt() {
			return source.setupCachedAt;
		},
		get meta() {
			return source.meta;
		},
		get setup() {
			return source.setup;
		},
		get capabilities() {
			return source.capabilities;
		},
		get premium() {
			return source.premium;
		},
		get states() {
			return source.states;
		},
		retrieve: () => source.retrieve(),
		readVariable: async (name) => {
			const receipt = await read('get-variable-value', { name });
			return receipt.state === 'confirmed'
				? { ok: true, value: receipt.value }
				: { ok: false, error: receipt.error ?? notOfferedError('get-variable-value', 'no answer') };
		},
		on: (type, handler) => source.on(type, handler),
		onStatus: (handler) => source.onStatus(handler),
		onReady: (handler) => source.onReady(handler),
		onReceipt: (handler) => source.onReceipt(handler),
		onChange: (handler) => source.onChange(handler)
	};
	// Frozen: a widget cannot attach a send method or reach the client behind it.
	return Object.freeze(view);
}
