/**
 * Live connection state for the UI: status and last error, meta and capabilities, settings, premium
 * (kept current by the `premium` event) and the `states` flags (from retrieve and the `states` event).
 * The client does the protocol work; this class only mirrors its snapshot into runes.
 */
import type { Meta, SettingsData, States } from '../../protocol';
import type { Capabilities } from '../capabilities';
import type { ClientError } from '../errors';
import type { Disposer } from '../listeners';
import type { ReadableSource } from '../read-only-view';
import type { ConnectionStatus } from '../socket';

export class Connection {
	#status = $state<ConnectionStatus>('stopped');
	#lastError = $state.raw<ClientError | undefined>();
	#meta = $state.raw<Meta | undefined>();
	#setup = $state.raw<SettingsData | undefined>();
	#capabilities = $state.raw<Capabilities | undefined>();
	#premium = $state<boolean | undefined>();
	#states = $state.raw<States | undefined>();
	#updatedAt = $state<number | undefined>();
	readonly #source: ReadableSource;
	readonly #disposers: Disposer[] = [];

	/** Whether the application currently has its light control on, from the `states` flags. */
	readonly lightsOn = $derived(Boolean(this.#states?.on));
	readonly streamMode = $derived(Boolean(this.#states?.streamMode));
	readonly fuze = $derived(Boolean(this.#states?.fuze));

	constructor(source: ReadableSource) {
		this.#source = source;
		this.#copy();
		this.#disposers.push(source.onChange(() => this.#copy()));
	}

	get status(): ConnectionStatus {
		return this.#status;
	}
	get lastError(): ClientError | undefined {
		return this.#lastError;
	}
	get meta(): Meta | undefined {
		return this.#meta;
	}
	get setup(): SettingsData | undefined {
		return this.#setup;
	}
	get capabilities(): Capabilities | undefined {
		return this.#capabilities;
	}
	get premium(): boolean | undefined {
		return this.#premium;
	}
	get states(): States | undefined {
		return this.#states;
	}
	/** When anything last changed (for a widget's debug corner). */
	get updatedAt(): number | undefined {
		return this.#updatedAt;
	}

	destroy(): void {
		for (const dispose of this.#disposers.splice(0)) dispose();
	}

	#copy(): void {
		const s = this.#source;
		this.#status = s.status;
		this.#lastError = s.lastError;
		this.#meta = s.meta;
		this.#setup = s.setup;
		this.#capabilities = s.capabilities;
		this.#premium = s.premium;
		this.#states = s.states;
		this.#updatedAt = Date.now();
	}
}
