/** The dashboard's colour theme, remembered on this device (dark unless the streamer chose light). */
import * as v from 'valibot';
import { deviceStorage, type KeyValueStorage } from '$lib/client/persisted';
import { PersistedState } from '$lib/client/state/persisted-state';

export type ThemeName = 'dark' | 'light';

export class Theme {
	readonly #stored: PersistedState<ThemeName>;

	constructor(storage: KeyValueStorage | undefined = deviceStorage()) {
		this.#stored = new PersistedState<ThemeName>(
			'stream-control:theme',
			v.picklist(['dark', 'light']),
			'dark',
			{ storage }
		);
	}

	get current(): ThemeName {
		return this.#stored.current;
	}

	toggle(): void {
		this.#stored.current = this.current === 'dark' ? 'light' : 'dark';
	}
}
