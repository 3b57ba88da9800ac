/**
 * Every share-link and widget-key lookup of the companion goes through here: a failure is counted
 * and the count logged as one line (at most every LOG_EVERY_MS, so guessing cannot flood the log),
 * a success marks the key's last connection. The key itself is never logged.
 */
import type { KeyFailure, KeyLookup, ShareStore } from './share-store';
import { m } from '../lib/paraglide/messages.js';
import { number } from './start-lines';

const LOG_EVERY_MS = 10_000;

export class KeyAttempts {
	readonly #store: ShareStore;
	readonly #log: (line: string) => void;
	readonly #counts: Record<KeyFailure, number> = { unknown: 0, expired: 0, malformed: 0 };
	#loggedAt = -Infinity;
	#timer: NodeJS.Timeout | undefined;

	constructor(store: ShareStore, log: (line: string) => void) {
		this.#store = store;
		this.#log = log;
	}

	/** How many key attempts failed since the start, by cause. */
	get failures(): Readonly<Record<KeyFailure, number>> {
		return { ...this.#counts };
	}

	/** Looks a presented key up; a success counts as the key's connection . */
	check(key: string, now = Date.now()): KeyLookup {
		const found = this.#store.lookup(key, now);
		if (found.ok) this.#store.touch(found.link.id, now);
		else this.#fail(found.reason, now);
		return found;
	}

	close(): void {
		clearTimeout(this.#timer);
		this.#timer = undefined;
	}

	#fail(reason: KeyFailure, now: number): void {
		this.#counts[reason]++;
		if (this.#timer) return;
		const wait = this.#loggedAt + LOG_EVERY_MS - now;
		if (wait <= 0) return this.#write(now);
		this.#timer = setTimeout(() => {
			this.#timer = undefined;
			this.#write(Date.now());
		}, wait);
		this.#timer.unref();
	}

	#write(now: number): void {
		this.#loggedAt = now;
		const { unknown, expired, malformed } = this.#counts;
		this.#log(
			m.companion_key_attempts({
				total: number(unknown + expired + malformed),
				unknown: number(unknown),
				expired: number(expired),
				malformed: number(malformed)
			})
		);
	}
}
