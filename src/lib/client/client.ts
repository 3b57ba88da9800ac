/**
 * StreamClient: the dashboard's client, which may send every type of the interface. Its rules read
 * the whole send-type table (capabilities per type, refusals, how each type is answered); a widget's
 * client is ReadClient (read-client.ts), which carries the reads alone.
 */
import { isSendType, SEND_TYPE_INFO } from '../protocol/send-types';
import { deriveCapabilities, refusalFor } from './capabilities';
import { ClientCore } from './client-core';
import type { SendRules, StreamClientOptions } from './client-types';

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
	info: (type) => (isSendType(type) ? SEND_TYPE_INFO[type] : undefined)
};

export class StreamClient extends ClientCore {
	constructor(options: StreamClientOptions) {
		super(options, SEND_RULES);
	}
}
