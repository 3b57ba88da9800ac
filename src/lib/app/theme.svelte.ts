/** The dashboard's colour theme, remembered on this device (dark unless the streamer chose light). */
import * as v from 'valibot';
import { Persisted, deviceStorage, type KeyValueStorage } from '$lib/client/persisted';

export type ThemeName = 'dark' | 'light';

export class Theme {
	readonly #stored: Persisted<ThemeName>;
	current = $state<ThemeName>('dark');

	constructor(storage: KeyValueStorage | undefined = deviceStorage()) {
		this.#stored = new Persisted('stream-control:theme', v.picklist(['dark', 'light']), storage);
		this.current = this.#stored.load() ?? 'dark';
	}

	toggle(): void {
		this.current = this.current === 'dark' ? 'light' : 'dark';
		this.#stored.save(this.current);
	}
}
