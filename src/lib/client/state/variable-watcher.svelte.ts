/**
 * Keeps a few variables current for a widget or a page: reads them on an interval and at once when an
 * event hints they changed (a variable-changed alert naming one, song alerts, the mod queue), after
 * this client's own sends to variables or songs, and after every reconnect. Events are only cues to
 * read again: alerts arrive only when enabled and in stream mode, so they cannot be the source.
 * A cue that comes while that variable's read is in flight is owed: it is read once more after.
 * While the socket is still connecting the first read waits until meta is read after the open (a
 * read before would go over REST, a POST with its own preflight per variable, and be made again
 * after); settings and premium are not waited for. If the socket fails to open instead, it reads
 * then, over REST.
 *
 * It watches only while something reactive reads it (createSubscriber): the first reader starts the
 * listeners, the interval and the first read; when the last reader is gone they all stop.
 */
import { createSubscriber } from 'svelte/reactivity';
import { changedVariableName, isSongHint } from '../../protocol/event-hints';
import type { ClientError } from '../errors';
import type { ReadOnlyView } from '../read-only-view';

interface VariableWatcherOptions {
	intervalMs?: number;
}

type WatchSource = Pick<
	ReadOnlyView,
	'status' | 'readVariable' | 'on' | 'onStatus' | 'onReady' | 'onReceipt'
>;

export class VariableWatcher {
	#values = $state.raw<Readonly<Record<string, unknown>>>({});
	#errors = $state.raw<Readonly<Record<string, ClientError>>>({});
	#updatedAt = $state<number | undefined>();
	readonly #source: WatchSource;
	readonly #names: readonly string[];
	readonly #inFlight = new Set<string>();
	/** Variables asked for again while their read was in flight. */
	readonly #owed = new Set<string>();
	readonly #intervalMs: number;
	readonly #subscribe: () => void;
	/** Bumped on every stop, so a read that ends after it does not apply. */
	#round = 0;
	#watching = false;
	/** Whether any read has started: until then a failed open still owes the first read. */
	#started = false;

	constructor(source: WatchSource, names: readonly string[], options: VariableWatcherOptions = {}) {
		this.#source = source;
		this.#names = [...new Set(names)];
		this.#intervalMs = options.intervalMs ?? 1000;
		this.#subscribe = createSubscriber(() => this.#watch());
	}

	#watch(): () => void {
		const source = this.#source;
		this.#watching = true;
		this.#started = false;
		const disposers = [
			source.on('alert', (envelope) => {
				const name = changedVariableName(envelope);
				if (name && this.#names.includes(name)) void this.refresh(name);
			}),
			source.on('*', (envelope) => {
				if (isSongHint(envelope)) void this.refresh();
			}),
			source.onReady(() => void this.refresh()),
			source.onStatus((status) => {
				if (!this.#started && status !== 'connecting' && status !== 'open') void this.refresh();
			}),
			source.onReceipt((receipt) => {
				if (receipt.changesValues) void this.refresh();
			})
		];
		// Polling a closed or refused connection only piles up errors; the reconnect triggers a read anyway.
		const timer = setInterval(
			() => source.status === 'open' && void this.#poll(),
			this.#intervalMs
		);
		if (source.status !== 'connecting') void this.refresh();
		return () => {
			this.#watching = false;
			this.#round++;
			clearInterval(timer);
			for (const dispose of disposers) dispose();
		};
	}

	/** Values by variable name, as the application stores them (numbers may come back as strings). */
	get values(): Readonly<Record<string, unknown>> {
		this.#subscribe();
		return this.#values;
	}
	get errors(): Readonly<Record<string, ClientError>> {
		this.#subscribe();
		return this.#errors;
	}
	get updatedAt(): number | undefined {
		this.#subscribe();
		return this.#updatedAt;
	}
	get names(): readonly string[] {
		return this.#names;
	}

	/** Reads one variable, or all; a variable whose read is in flight is read once more when it ends. */
	async refresh(name?: string): Promise<void> {
		await Promise.all((name ? [name] : this.#names).map((n) => this.#read(n, true)));
	}

	/** The interval's read: a read in flight already is as fresh, so it is not owed again. */
	async #poll(): Promise<void> {
		await Promise.all(this.#names.map((n) => this.#read(n, false)));
	}

	async #read(name: string, oweIfBusy: boolean): Promise<void> {
		// Nobody is watching: nothing to keep fresh (a page's explicit refresh() waits for its readers).
		if (!this.#watching) return;
		const round = this.#round;
		if (this.#inFlight.has(name)) {
			if (oweIfBusy) this.#owed.add(name);
			return;
		}
		this.#started = true;
		this.#inFlight.add(name);
		try {
			do {
				this.#owed.delete(name);
				const result = await this.#source.readVariable(name);
				if (round !== this.#round) return;
				this.#apply(name, result);
			} while (this.#owed.has(name));
		} finally {
			this.#inFlight.delete(name);
			this.#owed.delete(name);
		}
	}

	#apply(name: string, result: Awaited<ReturnType<WatchSource['readVariable']>>): void {
		if (result.ok) {
			// An unchanged value leaves `values` as it was: a poll that finds nothing new redraws nothing.
			if (!(Object.hasOwn(this.#values, name) && sameJson(this.#values[name], result.value)))
				this.#values = { ...this.#values, [name]: result.value };
			if (Object.hasOwn(this.#errors, name)) {
				const { [name]: _, ...rest } = this.#errors;
				this.#errors = rest;
			}
			this.#updatedAt = Date.now();
		} else this.#errors = { ...this.#errors, [name]: result.error };
	}
}

/** Equal as the JSON they were read from (values come from JSON, so key order is the sender's). */
function sameJson(a: unknown, b: unknown): boolean {
	return a === b || (typeof a === 'object' && JSON.stringify(a) === JSON.stringify(b));
}
