/**
 * One table of requests awaiting a socket reply, keyed by the `context` the reply echoes. Every entry
 * ends exactly once: on its reply, on its timeout, or as lost when the socket drops.
 */
import type { SettingsData } from '../protocol/payloads';

type PendingKind = 'command' | 'retrieve';

export type PendingOutcome =
	| { kind: 'response'; status: number; message?: unknown; error?: string; code?: string }
	| { kind: 'retrieve'; data: SettingsData }
	/** The socket closed first: whether the application acted on it is unknown. */
	| { kind: 'lost' }
	| { kind: 'timeout'; afterMs: number };

interface Entry {
	kind: PendingKind;
	resolve: (outcome: PendingOutcome) => void;
	timer: ReturnType<typeof setTimeout>;
}

export class PendingRequests {
	readonly #entries = new Map<string, Entry>();
	readonly #prefix: string;
	#counter = 0;

	constructor(prefix = `sc${Math.random().toString(36).slice(2, 8)}`) {
		this.#prefix = prefix;
	}

	/** Registers a request; its promise never rejects and always settles. */
	open(
		kind: PendingKind,
		timeoutMs: number
	): { context: string; settled: Promise<PendingOutcome> } {
		const context = `${this.#prefix}-${++this.#counter}`;
		const settled = new Promise<PendingOutcome>((resolve) => {
			const timer = setTimeout(
				() => this.settle(context, { kind: 'timeout', afterMs: timeoutMs }),
				timeoutMs
			);
			this.#entries.set(context, { kind, resolve, timer });
		});
		return { context, settled };
	}

	/** Settles the entry with this context; false when nothing waits for it (a stray or late reply). */
	settle(context: string | number, outcome: PendingOutcome): boolean {
		const key = String(context);
		const entry = this.#entries.get(key);
		if (!entry) return false;
		this.#entries.delete(key);
		clearTimeout(entry.timer);
		entry.resolve(outcome);
		return true;
	}

	/** For replies that came back without a context: the oldest waiting request of that kind takes it. */
	settleOldest(kind: PendingKind, outcome: PendingOutcome): boolean {
		for (const [context, entry] of this.#entries)
			if (entry.kind === kind) return this.settle(context, outcome);
		return false;
	}

	settleAll(outcome: PendingOutcome): void {
		for (const context of [...this.#entries.keys()]) this.settle(context, outcome);
	}

	get size(): number {
		return this.#entries.size;
	}
}
