/**
 * The song data both song widgets share: the song-request variables, read at start, on an interval,
 * on music alerts and the mod queue (VariableWatcher's hints) and after every reconnect, while
 * something on screen reads them.
 */
import type { ReadOnlyView } from '$lib/client/read-only-view';
import { VariableWatcher } from '$lib/client/state/variable-watcher.svelte';
import { SONG_VARIABLES } from '$lib/protocol/vocabulary';
import {
	parseNowPlaying,
	parseQueue,
	songVariableNames,
	type NowPlaying,
	type Song
} from '../songs';

/** Envelope types song widgets need: music alerts (hints) and the mod queue. */
export const SONG_SUBSCRIPTIONS = ['alert', 'modqueue_list'] as const;

export class SongState {
	readonly #withQueue: boolean;
	readonly #watcher: VariableWatcher;

	readonly nowPlaying: NowPlaying | null;
	readonly queue: Song[];
	/**
	 * Whether the first full read is done: every variable answered (a value or an error) and the title
	 * has a value. Before that the widget shows nothing, rather than "idle" or half a song.
	 */
	readonly loaded: boolean;

	constructor(view: ReadOnlyView, options: { intervalMs: number; withQueue: boolean }) {
		this.#withQueue = options.withQueue;
		const names = songVariableNames(options.withQueue);
		this.#watcher = new VariableWatcher(view, names, { intervalMs: options.intervalMs });
		this.nowPlaying = $derived(parseNowPlaying(this.#values));
		this.queue = $derived(this.#withQueue ? parseQueue(this.#values[SONG_VARIABLES.queue]) : []);
		this.loaded = $derived(
			Object.hasOwn(this.#values, SONG_VARIABLES.title) &&
				names.every((n) => Object.hasOwn(this.#values, n) || Object.hasOwn(this.#watcher.errors, n))
		);
	}

	get #values(): Readonly<Record<string, unknown>> {
		return this.#watcher.values;
	}
	get updatedAt(): number | undefined {
		return this.#watcher.updatedAt;
	}
	/** The first read error, if any variable failed on its last read. */
	get error(): string | undefined {
		return Object.values(this.#watcher.errors)[0]?.message;
	}
}
