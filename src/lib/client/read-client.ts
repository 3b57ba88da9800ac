/**
 * ReadClient: a widget's client. It only reads (every other send is refused before the wire), and
 * what it knows of the send types is the reads' table alone (read-rules.ts), so widget.html carries
 * neither the whole send-type table nor the capabilities and refusals built on it.
 */
import { ClientCore } from './client-core';
import type { StreamClientOptions } from './client-types';
import { READ_RULES } from './read-rules';

export class ReadClient extends ClientCore {
	constructor(options: Omit<StreamClientOptions, 'readOnly'>) {
		super({ ...options, readOnly: true }, READ_RULES);
	}
}
