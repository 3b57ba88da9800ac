/**
 * Keeps a few variables current for a widget or a page: reads them on an interval and at once when an
 * event hints they changed (a variable-changed alert naming one, song alerts, the mod queue), after
 * this client's own sends to variables or songs, and after every reconnect. Events are only cues to
 * read again: alerts arrive only when enabled and in stream mode, so they cannot be the source.
 * A cue that comes while that variable's read is in flight is owed: it is read once more after.
 * While the socket is still connecting the first read waits for the sync after open (a read before
 * would go over REST, a POST with its own preflight per variable, and be made again after the sync);
 * if the socket fails to open instead, it reads then, over REST.
 */
import { CATALOG, changedVariableName, isSendType, isSongHint } from '../../protocol';
import type { ClientError } from '../errors';
import type { Disposer } from '../listeners';
import type { ReadOnlyView } from '../read-only-view';

interface VariableWatcherOptions {
	intervalMs?: number;
}

type WatchSource = Pick<ReadOnlyView, 'status' | 'readVariable' | 'on' | 'onStatus' | 'onSynced' | 'onReceipt'>;

export class VariableWatcher {
	#values = $state.raw<Readonly<Record<string, unknown>>>({});
	#errors = $state.raw<Readonly<Record<string, ClientError>>>({});
	#updatedAt = $state<number | undefined>();
	readonly #source: WatchSource;
	readonly #names: readonly string[];
	readonly #inFlight = new Set<string>();
	/** Variables asked for again while their read was in flight. */
	readonly #owed = new Set<string>();
	readonly #disposers: Disposer[] = [];
	#timer: ReturnType<typeof setInterval> | undefined;
	#destroyed = false;
	/** Whether any read has started: until then a failed open still owes the first read. */
	#started = false;

	constructor(source: WatchSource, names: readonly string[], options: VariableWatcherOptions = {}) {
		this.#source = source;
		this.#names = [...new Set(names)];
		this.#disposers.push(
			source.on('alert', (envelope) => {
				const name = changedVariableName(envelope);
				if (name && this.#names.includes(name)) void this.refresh(name);
			}),
			source.on('*', (envelope) => {
				if (isSongHint(envelope)) void this.refresh();
			}),
			source.onSynced(() => void this.refresh()),
			source.onStatus((status) => {
				if (!this.#started && status !== 'connecting' && status !== 'open') void this.refresh();
			}),
			source.onReceipt((receipt) => {
				const rule = isSendType(receipt.type) ? CATALOG[receipt.type] : undefined;
				if (rule && !rule.readOnly && (rule.group === 'variables' || rule.group === 'songs')) void this.refresh();
			})
		);
		// Polling a closed or refused connection only piles up errors; the reconnect triggers a read anyway.
		this.#timer = setInterval(() => source.status === 'open' && void this.#poll(), options.intervalMs ?? 1000);
		if (source.status !== 'connecting') void this.refresh();
	}

	/** Values by variable name, as the application stores them (numbers may come back as strings). */
	get values(): Readonly<Record<string, unknown>> {
		return this.#values;
	}
	get errors(): Readonly<Record<string, ClientError>> {
		return this.#errors;
	}
	get updatedAt(): number | undefined {
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

	destroy(): void {
		this.#destroyed = true;
		clearInterval(this.#timer);
		for (const dispose of this.#disposers.splice(0)) dispose();
	}

	async #read(name: string, oweIfBusy: boolean): Promise<void> {
		if (this.#destroyed) return;
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
				if (this.#destroyed) return;
				this.#apply(name, result);
			} while (this.#owed.has(name));
		} finally {
			this.#inFlight.delete(name);
			this.#owed.delete(name);
		}
	}

	#apply(name: string, result: Awaited<ReturnType<WatchSource['readVariable']>>): void {
		if (result.ok) {
			this.#values = { ...this.#values, [name]: result.value };
			if (Object.hasOwn(this.#errors, name)) {
				const { [name]: _, ...rest } = this.#errors;
				this.#errors = rest;
			}
			this.#updatedAt = Date.now();
		} else this.#errors = { ...this.#errors, [name]: result.error };
	}
}
