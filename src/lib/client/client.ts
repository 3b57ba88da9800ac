/**
 * StreamClient: the dashboard's client, which may send every type of the interface. Its rules read
 * the whole send-type table (capabilities per type, refusals, how each type is answered); a widget's
 * client is ReadClient (read-client.ts), which carries the reads alone.
 */
import * as v from 'valibot';
import { ClientMessageSchema } from '../protocol/messages';
import { isSendType, SEND_TYPE_INFO, type SendType } from '../protocol/send-types';
import { deriveCapabilities, refusalFor } from './capabilities';
import { ClientCore } from './client-core';
import type { SendOptions, SendRules, StreamClientOptions } from './client-types';
import { settleReceipt, startReceipt, type Receipt } from './receipts';

export type {
	ClientSnapshot,
	EventHandler,
	SendOptions,
	StreamClientOptions,
	VariableRead
} from './client-core';

const SEND_RULES: SendRules = {
	capabilities: deriveCapabilities,
	refusal: refusalFor,
	frame: (message) => v.is(ClientMessageSchema, message)
};

export class StreamClient extends ClientCore {
	constructor(options: StreamClientOptions) {
		super(options, SEND_RULES);
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
