/**
 * What a widget gets: it can read the settings and variables, follow events and the connection, and
 * has no way to send anything that changes the stream. Reads go through a gate that lets only the
 * types that only read through (read-types.ts), so even a wrong type name passed in cannot slip through.
 */
import { isReadType } from '../protocol/read-types';
import type { Envelope } from '../protocol/messages';
import type { Meta, SettingsData } from '../protocol/payloads';
import type { Capabilities } from './capabilities';
import { notOfferedError, WIDGET_ONLY_READS, type ClientError } from './errors';
import type { Disposer } from './listeners';
import type { Receipt } from './receipts';
import type { ConnectionStatus } from './socket';

export type VariableRead = { ok: true; value: unknown } | { ok: false; error: ClientError };

/** The parts of StreamClient a read-only view exposes (and the state classes rely on). */
export interface ReadableSource {
	readonly status: ConnectionStatus;
	readonly lastError: ClientError | undefined;
	readonly meta: Meta | undefined;
	/** The application's setup: the settings payload it answers `retrieve` with. */
	readonly setup: SettingsData | undefined;
	readonly capabilities: Capabilities;
	retrieve(): Promise<SettingsData>;
	on(type: string, handler: (envelope: Envelope) => void): Disposer;
	onStatus(handler: (status: ConnectionStatus, error: ClientError | undefined) => void): Disposer;
	onReady(handler: () => void): Disposer;
	onReceipt(handler: (receipt: Receipt) => void): Disposer;
	/** Any change of status, error, meta, setup or capabilities. */
	onChange(handler: () => void): Disposer;
}

export interface ReadOnlyView extends ReadableSource {
	readVariable(name: string): Promise<VariableRead>;
}

type ReadSender = (type: string, params: Record<string, unknown>) => Promise<VariableRead>;

/** Sends only the types that only read; anything else fails here without touching the wire. */
export function readOnlyGate(send: ReadSender): ReadSender {
	return async (type, params) =>
		isReadType(type)
			? send(type, params)
			: { ok: false, error: notOfferedError(type, 'widget-read-only', WIDGET_ONLY_READS) };
}

/** The source's state a view reads live (getters), and the methods it passes on: none of them sends. */
const LIVE = [
	'status',
	'lastError',
	'meta',
	'setup',
	'capabilities'
] as const satisfies readonly (keyof ReadableSource)[];
const PASSED = [
	'retrieve',
	'on',
	'onStatus',
	'onReady',
	'onReceipt',
	'onChange'
] as const satisfies readonly (keyof ReadableSource)[];
// A member added to ReadableSource must be listed above: this line stops compiling until it is.
const everyMember: Exclude<
	keyof ReadableSource,
	(typeof LIVE)[number] | (typeof PASSED)[number]
> extends never
	? true
	: never = true;
void everyMember;

export function createReadOnlyView(source: ReadableSource, send: ReadSender): ReadOnlyView {
	const read = readOnlyGate(send);
	const view: Record<string, unknown> = {
		readVariable: (name: string): Promise<VariableRead> => read('get-variable-value', { name })
	};
	for (const key of LIVE)
		Object.defineProperty(view, key, { get: () => source[key], enumerable: true });
	for (const key of PASSED) view[key] = (source[key] as (...args: never[]) => unknown).bind(source);
	// Frozen: a widget cannot attach a send method or reach the client behind it.
	return Object.freeze(view) as unknown as ReadOnlyView;
}
