/**
 * What a widget's debug corner reads of its connection: status, last error, and when anything last
 * changed. A view, not a copy: every getter reads the client, and subscribes to its changes only while
 * something reactive reads it (createSubscriber), so nothing is left listening once the readers are
 * gone. The dashboard's Connection (connection.svelte.ts) adds meta, setup, premium and the rest,
 * which widget.html then does not carry.
 */
import { createSubscriber } from 'svelte/reactivity';
import type { ClientError } from '../errors';
import type { ReadableSource } from '../read-only-view';
import type { ConnectionStatus } from '../socket';

export class LiveStatus<Source extends ReadableSource = ReadableSource> {
	readonly #source: Source;
	readonly #subscribe: () => void;
	#updatedAt = Date.now();

	constructor(source: Source) {
		this.#source = source;
		this.#subscribe = createSubscriber((update) =>
			source.onChange(() => {
				this.#updatedAt = Date.now();
				update();
			})
		);
	}

	/** The source, with this reader subscribed to its changes. */
	protected read(): Source {
		this.#subscribe();
		return this.#source;
	}

	get status(): ConnectionStatus {
		return this.read().status;
	}
	get lastError(): ClientError | undefined {
		return this.read().lastError;
	}
	/** When anything last changed while someone was watching (for a widget's debug corner). */
	get updatedAt(): number {
		this.#subscribe();
		return this.#updatedAt;
	}
}
