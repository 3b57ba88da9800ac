/**
 * StreamClient: the dashboard's client, which may send every type of the interface. Its rules read
 * the whole send-type table (capabilities per type, refusals, how each type is answered); a widget's
 * client is ReadClient (read-client.ts), which carries the reads alone.
 */
import * as v from 'valibot';
import { ClientMessageSchema, parsePremiumEvent, parseStatesEvent } from '../protocol/messages';
import { isSendType, SEND_TYPE_INFO, type SendType } from '../protocol/send-types';
import { deriveCapabilities, refusalFor } from './capabilities';
import { readPremium } from './premium';
import { ClientCore } from './client-core';
import type { ApiSocket } from './socket';
import type { ClientSnapshot, SendOptions, SendRules, StreamClientOptions } from './client-types';
import type { Meta, SettingsData, States } from '../protocol/payloads';
import type { Disposer } from './listeners';
import { settleReceipt, startReceipt, type Receipt } from './receipts';

export type {
	ClientSnapshot,
	EventHandler,
	SendOptions,
	StreamClientOptions,
	VariableRead
} from './client-core';

/** Envelope types this client follows (premium and the states flags), kept in every narrowed subscription. */
const OWN_EVENT_TYPES = ['premium', 'states'] as const;

const SEND_RULES: SendRules = {
	capabilities: deriveCapabilities,
	refusal: refusalFor,
	frame: (message) => v.is(ClientMessageSchema, message)
};

export class StreamClient extends ClientCore {
	readonly #options: StreamClientOptions;
	/** The setup last shown, and when it was read while it is the copy kept on the device. */
	#shown: SettingsData | undefined;
	#cachedAt: number | undefined;
	#premium: boolean | undefined;
	#states: States | undefined;

	constructor(options: StreamClientOptions) {
		super(options, SEND_RULES);
		// The same object ClientCore keeps: a new `subscribe` here is the one it renews after a reconnect.
		this.#options = options;
		// The last setup read here, until the first live one: a reload during an outage still shows the pages.
		const cached = options.setupCache?.load();
		if (cached) {
			this.seed(cached.setup, cached.meta);
			this.#shown = cached.setup;
			this.#cachedAt = cached.savedAt;
		}
		// Premium, the states flags and the setup kept on the device are this client's, not ClientCore's
		// (widgets show none of them). These listeners come first, so every other one hears them current.
		super.onChange(() => {
			const setup = this.setup;
			if (!setup || setup === this.#shown) return;
			this.#shown = setup;
			this.#cachedAt = undefined;
			options.setupCache?.save(setup, this.meta);
			// With the `premium` feature, /api/premium and the premium event are the truth; retrieve's copy may lag.
			if (!this.meta?.features.includes('premium')) this.#premium = setup.premium;
			if (setup.states) this.#states = setup.states;
		});
		this.on('premium', (envelope) => {
			const premium = parsePremiumEvent(envelope);
			if (premium !== undefined && premium !== this.#premium) {
				this.#premium = premium;
				this.changed();
			}
		});
		this.on('states', (envelope) => {
			const states = parseStatesEvent(envelope);
			if (states) {
				this.#states = { ...this.#states, ...states };
				this.changed();
			}
		});
	}

	get premium(): boolean | undefined {
		return this.#premium;
	}
	get states(): States | undefined {
		return this.#states;
	}

	/** After each open, premium is read beside the settings (onSynced waits for both). */
	protected override async afterMeta(meta: Meta): Promise<void> {
		if (meta.features.includes('premium')) this.#premium = await readPremium(this.rest, meta);
	}

	/** When the setup shown was read, while it is the copy kept on the device; undefined once read live. */
	get setupCachedAt(): number | undefined {
		return this.#cachedAt;
	}
	/** Whether the socket ever opened since start: an address that never answered may be wrong. */
	get everOpened(): boolean {
		return this.socket.everOpened;
	}

	/** Frame counters: received, invalid (dropped), stray replies, refused outgoing messages, events of unknown types (dropped). */
	get socketStats(): Readonly<ApiSocket['stats']> {
		return this.socket.stats;
	}

	/**
	 * Narrows pushed events now and after every reconnect (only where `ws-subscriptions` exists). The
	 * `premium` and `states` events are always kept, so premium and the states flags stay live.
	 */
	setSubscriptions(types: readonly string[] | undefined): void {
		this.#options.subscribe = types;
		if (this.capabilities.has('ws-subscriptions'))
			this.socket.subscribe(this.subscription(types ?? []));
	}

	/** A narrowed list gains this client's own types; an empty list already means every type. */
	protected override subscription(types: readonly string[]): string[] {
		return types.length === 0 ? [] : [...new Set([...types, ...OWN_EVENT_TYPES])];
	}

	snapshot(): ClientSnapshot {
		return {
			status: this.status,
			lastError: this.lastError,
			everOpened: this.everOpened,
			setupCachedAt: this.setupCachedAt,
			meta: this.meta,
			setup: this.setup,
			capabilities: this.capabilities,
			premium: this.premium,
			states: this.states
		};
	}

	/** Any change, with the snapshot after it (here, not in ClientCore: widgets read the getters). */
	override onChange(handler: (snapshot: ClientSnapshot) => void): Disposer {
		return super.onChange(() => handler(this.snapshot()));
	}

	/**
	 * Sends with a receipt (sending → sent | confirmed | failed | unknown), which onReceipt's listeners
	 * hear once settled. Only this client makes receipts: a widget's reads need none (ClientCore.read).
	 */
	async send(
		type: SendType | string,
		params?: Record<string, unknown>,
		options: SendOptions = {}
	): Promise<Receipt> {
		const rule = isSendType(type) ? SEND_TYPE_INFO[type] : undefined;
		// Set by the callback, which TypeScript's narrowing does not follow.
		let started = undefined as Receipt | undefined;
		const { transport, outcome } = await this.request(type, params, (transport) =>
			options.onUpdate?.((started = startReceipt(type, transport)))
		);
		const receipt = settleReceipt(
			{ ...(started ?? startReceipt(type, transport)), transport },
			outcome,
			rule
		);
		if (started) options.onUpdate?.(receipt);
		this.receipted(receipt);
		return receipt;
	}
}
