/**
 * Live connection state for the dashboard: LiveStatus's status, last error and time of change, plus
 * meta and capabilities, the application's setup, premium (kept current by the `premium` event) and
 * the `states` flags. A view, not a copy, subscribed only while something reactive reads it (LiveStatus).
 */
import type { Meta, SettingsData, States } from '../../protocol/payloads';
import type { Capabilities } from '../capabilities';
import type { ClientSnapshot } from '../client-types';
import type { ReadableSource } from '../read-only-view';
import { LiveStatus } from './live-status.svelte';

/** The dashboard's client (StreamClient): a widget's view has no premium, states or setup kept on the device. */
export type ConnectionSource = ReadableSource &
	Pick<ClientSnapshot, 'everOpened' | 'setupCachedAt' | 'premium' | 'states'>;

export class Connection extends LiveStatus<ConnectionSource> {
	get everOpened(): boolean {
		return this.read().everOpened;
	}
	/** When the setup shown was read, while it is the copy kept on this device (an outage since the page loaded). */
	get setupCachedAt(): number | undefined {
		return this.read().setupCachedAt;
	}
	get meta(): Meta | undefined {
		return this.read().meta;
	}
	/** The application's setup (its settings payload), not the connection settings. */
	get setup(): SettingsData | undefined {
		return this.read().setup;
	}
	get capabilities(): Capabilities | undefined {
		return this.read().capabilities;
	}
	get premium(): boolean | undefined {
		return this.read().premium;
	}
	get states(): States | undefined {
		return this.read().states;
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
}
