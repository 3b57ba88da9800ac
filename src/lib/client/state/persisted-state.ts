/**
 * One value kept on this device, as reactive state: `.current` reads it (validated by its valibot
 * schema, the fallback when nothing valid is stored) and assigning `.current` stores it. Every
 * localStorage value of the app goes through this, or through its framework-free core `StoredValue`
 * (lib/client/persisted.ts) where the client must stay free of Svelte.
 *
 * Other tabs' writes arrive by the window's `storage` event, listened to only while something shows
 * the value (createSubscriber); a read with no listener compares the stored text with the last one
 * seen instead. Other instances for the same key in this tab are told directly (no event fires there).
 */
import type * as v from 'valibot';
import { createSubscriber } from 'svelte/reactivity';
import { StoredValue, deviceStorage, type KeyValueStorage } from '../persisted';

type StorageListener = (event: { readonly key: string | null }) => void;
/** Where other tabs' writes are announced: the window, or a stand-in in tests. */
export interface StorageEvents {
	addEventListener(type: 'storage', listener: StorageListener): void;
	removeEventListener(type: 'storage', listener: StorageListener): void;
}

export interface PersistedOptions {
	/** The device's localStorage unless given; undefined keeps the value for this visit only. */
	storage?: KeyValueStorage | undefined;
	/** The window unless given; undefined listens to no other tab. */
	events?: StorageEvents | undefined;
	/** Copy an entry that fails the schema to `key:unreadable` before anything overwrites it. */
	keepUnreadable?: boolean;
}

/** Instances listening, by key, so a write reaches the others in this tab. */
const listening = new Map<string, Set<() => void>>();

export class PersistedState<T> {
	readonly #stored: StoredValue<T>;
	readonly #fallback: T;
	#value: T;
	#saved = true;
	/** The stored text when last read or written: other text there means another tab wrote. */
	#seen: string | null;
	#listening = false;
	#changed = () => {};
	readonly #subscribe: () => void;

	constructor(
		key: string,
		schema: v.GenericSchema<unknown, T>,
		fallback: T,
		options: PersistedOptions = {}
	) {
		this.#stored = new StoredValue(
			key,
			schema,
			'storage' in options ? options.storage : deviceStorage()
		);
		this.#fallback = fallback;
		this.#seen = this.#stored.text();
		const loaded = this.#stored.parse(this.#seen);
		if (loaded === undefined && this.#seen !== null && options.keepUnreadable)
			this.#stored.keepAside(this.#seen);
		this.#value = loaded ?? fallback;
		const events =
			'events' in options ? options.events : (globalThis.window as StorageEvents | undefined);
		this.#subscribe = createSubscriber((update) => {
			const sync = () => {
				if (this.#sync()) update();
			};
			const onStorage: StorageListener = (event) => {
				if (event.key === key || event.key === null) sync();
			};
			const peers = listening.get(key) ?? new Set();
			listening.set(key, peers.add(sync));
			events?.addEventListener('storage', onStorage);
			// What another tab wrote while nobody listened.
			this.#sync();
			this.#listening = true;
			this.#changed = update;
			return () => {
				events?.removeEventListener('storage', onStorage);
				peers.delete(sync);
				if (peers.size === 0) listening.delete(key);
				this.#listening = false;
				this.#changed = () => {};
			};
		});
	}

	get key(): string {
		return this.#stored.key;
	}

	get current(): T {
		this.#subscribe();
		if (!this.#listening) this.#sync();
		return this.#value;
	}

	/** Stores the value (undefined forgets it); it is current even where the device cannot keep it. */
	set current(value: T) {
		this.#value = value;
		this.#saved = this.#stored.save(value);
		this.#seen = this.#stored.text();
		this.#changed();
		for (const peer of listening.get(this.key) ?? []) peer();
	}

	/** False when the last write could not be kept (storage full or unavailable): it lasts this visit only. */
	get saved(): boolean {
		this.#subscribe();
		return this.#saved;
	}

	/** Re-reads the stored value if its text changed since last seen; true when it did. */
	#sync(): boolean {
		const text = this.#stored.text();
		if (text === this.#seen) return false;
		this.#seen = text;
		this.#value = this.#stored.parse(text) ?? this.#fallback;
		return true;
	}
}
