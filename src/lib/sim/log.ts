/** The bounded log of every request the simulator received, for tests and the control surface. */
import type { LoggedRequest } from './types';

export const LOG_CAPACITY = 5000;
/** Values bigger than this (as JSON) are stored as a short preview, so a flood of huge bodies stays cheap. */
const MAX_LOGGED_CHARS = 4096;

export type LogEntry = Omit<LoggedRequest, 'seq' | 'at'>;

/** A JSON-safe, size-bounded copy of a request value. Never throws (deep nesting, huge strings). */
export function boundForLog(value: unknown): unknown {
	if (value === undefined) return undefined;
	let text: string | undefined;
	try {
		text = JSON.stringify(value);
	} catch {
		return { unloggable: true };
	}
	if (text === undefined) return undefined;
	if (text.length <= MAX_LOGGED_CHARS) return JSON.parse(text) as unknown;
	return { truncated: true, chars: text.length, preview: text.slice(0, 200) };
}

export class RequestLog {
	private entries: LoggedRequest[] = [];
	private seq = 0;

	constructor(private readonly now: () => number) {}

	add(entry: LogEntry): LoggedRequest {
		const logged: LoggedRequest = { seq: ++this.seq, at: this.now(), ...entry };
		for (const k of ['params', 'context', 'frame'] as const)
			if (k in logged) logged[k] = boundForLog(logged[k]);
		for (const k of Object.keys(logged) as (keyof LoggedRequest)[])
			if (logged[k] === undefined) delete logged[k];
		this.entries.push(logged);
		if (this.entries.length > LOG_CAPACITY)
			this.entries.splice(0, this.entries.length - LOG_CAPACITY);
		return logged;
	}

	get all(): LoggedRequest[] {
		return this.entries;
	}

	since(seq: number): LoggedRequest[] {
		return this.entries.filter((e) => e.seq > seq);
	}

	clear(): void {
		this.entries = [];
	}
}
