/**
 * Live connection state for the UI: status and last error, meta and capabilities, the application's
 * setup, premium (kept current by the `premium` event) and the `states` flags. A view, not a copy:
 * every getter reads the client, and subscribes to its changes only while something reactive reads it
 * (createSubscriber), so nothing is left listening once the readers are gone.
 */
import { createSubscriber } from 'svelte/reactivity';
import type { Meta, SettingsData, States } from '../../protocol/payloads';
import type { Capabilities } from '../capabilities';
import type { ClientError } from '../errors';
import type { ReadableSource } from '../read-only-view';
import type { ConnectionStatus } from '../socket';

export class Connection {
	readonly #source: ReadableSource;
	readonly #subscribe: () => void;
	#updatedAt = Date.now();

	constructor(source: ReadableSource) {
		this.#source = source;
		this.#subscribe = createSubscriber((update) =>
			source.onChange(() => {
				this.#updatedAt = Date.now();
				update();
			})
		);
	}

	#read(): ReadableSource {
		this.#subscribe();
		return this.#source;
	}

	get status(): ConnectionStatus {
		return this.#read().status;
	}
	get lastError(): ClientError | undefined {
		return this.#read().lastError;
	}
	get everOpened(): boolean {
		return this.#read().everOpened;
	}
	/** When the setup shown was read, while it is the copy kept on this device (an outage since the page loaded). */
	get setupCachedAt(): number | undefined {
		return this.#read().setupCachedAt;
	}
	get meta(): Meta | undefined {
		return this.#read().meta;
	}
	/** The application's setup (its settings payload), not the connection settings. */
	get setup(): SettingsData | undefined {
		return this.#read().setup;
	}
	get capabilities(): Capabilities | undefined {
		return this.#read().capabilities;
	}
	get premium(): boolean | undefined {
		return this.#read().premium;
	}
	get states(): States | undefined {
		return this.#read().states;
	}
	/** Whether the application currently has its light control on, from the `states` flags. */
	get lightsOn(): boolean {
		return Boolean(this.states?.on);
	}
	get streamMode(): boolean {
		return Boolean(this.states?.streamMode);
	}
	get fuze(): boolean {
		return Boolean(this.states?.fuze);
	}
	/** When anything last changed while someone was watching (for a widget's debug corner). */
	get updatedAt(): number {
		this.#subscribe();
		return this.#updatedAt;
	}
}
