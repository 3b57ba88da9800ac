/**
 * What to do after the socket closed, by close code (protocol facts §3.8), and how long to wait.
 * - 1012 after open: the interface restarts, so come back within a second.
 * - 1000 after open: the streamer switched the interface off. Retry slowly (seconds, not minutes):
 *   it comes back only when switched on again, and then the page should notice by itself.
 * - anything else: back off from 1 s, doubling, with jitter so many widgets do not stampede; capped
 *   at about 3 s while the page is visible (a streamer is looking at it), further when hidden.
 * The policy keeps the "switched off" state until the next open, so failed attempts after a 1000
 * stay slow. Time and randomness are injected: tests need no sleeps.
 */
import { CLOSE_CODES } from '../protocol/vocabulary';

interface CloseInfo {
	code: number;
	/** Whether this socket had opened; a close before open is a refused or failed upgrade. */
	opened: boolean;
}

export type ReconnectDecision =
	| { kind: 'restart'; delayMs: number }
	/** The interface was switched off (1000 after open): retried slowly until it opens again. */
	| { kind: 'switched-off'; delayMs: number }
	/** `refused`: closed before open, worth diagnosing (token rejected or nothing listening). */
	| { kind: 'backoff'; delayMs: number; refused: boolean };

export interface ReconnectPolicyOptions {
	baseDelayMs?: number;
	/** Longest wait between attempts while the page is visible. */
	visibleMaxDelayMs?: number;
	/** Longest wait while the page is hidden (a background tab, an OBS source not shown). */
	hiddenMaxDelayMs?: number;
	/** Wait between attempts after the interface was switched off, visible and hidden. */
	switchedOffDelayMs?: { visible: number; hidden: number };
	restartDelayMs?: { min: number; max: number };
	/** Share of the delay that is random: 0.25 spreads a 2 s delay over 1.5 to 2.5 s. */
	jitter?: number;
	random?: () => number;
	/** Whether the page is visible now (default: the document's visibility; always visible without one). */
	visible?: () => boolean;
}

export const VISIBLE_MAX_DELAY_MS = 3000;
export const HIDDEN_MAX_DELAY_MS = 30_000;
export const SWITCHED_OFF_DELAY_MS = { visible: 10_000, hidden: 30_000 };

export class ReconnectPolicy {
	readonly #base: number;
	readonly #visibleMax: number;
	readonly #hiddenMax: number;
	readonly #switchedOff: { visible: number; hidden: number };
	readonly #restart: { min: number; max: number };
	readonly #jitter: number;
	readonly #random: () => number;
	readonly #visible: () => boolean;
	#failures = 0;
	#off = false;

	constructor(options: ReconnectPolicyOptions = {}) {
		this.#base = options.baseDelayMs ?? 1000;
		this.#visibleMax = options.visibleMaxDelayMs ?? VISIBLE_MAX_DELAY_MS;
		this.#hiddenMax = options.hiddenMaxDelayMs ?? HIDDEN_MAX_DELAY_MS;
		this.#switchedOff = options.switchedOffDelayMs ?? SWITCHED_OFF_DELAY_MS;
		this.#restart = options.restartDelayMs ?? { min: 200, max: 800 };
		this.#jitter = options.jitter ?? 0.25;
		this.#random = options.random ?? Math.random;
		this.#visible = options.visible ?? pageVisible;
	}

	/** Whether the last close said the interface was switched off (and nothing opened since). */
	get switchedOff(): boolean {
		return this.#off;
	}

	/** A successful open resets the backoff and the switched-off state. */
	opened(): void {
		this.#failures = 0;
		this.#off = false;
	}

	/** Shortens the backoff again, for a retry the page asked for (visible again, online again, Retry now). */
	reset(): void {
		this.#failures = 0;
	}

	decide(close: CloseInfo): ReconnectDecision {
		const visible = this.#visible();
		if (close.opened && close.code === CLOSE_CODES.stopped) this.#off = true;
		if (this.#off) {
			const slow = visible ? this.#switchedOff.visible : this.#switchedOff.hidden;
			return { kind: 'switched-off', delayMs: this.#spread(slow, slow) };
		}
		if (close.opened && close.code === CLOSE_CODES.restarting) {
			const { min, max } = this.#restart;
			return { kind: 'restart', delayMs: Math.round(min + this.#random() * (max - min)) };
		}
		const nominal = this.#base * 2 ** Math.min(this.#failures, 20);
		this.#failures++;
		return {
			kind: 'backoff',
			delayMs: this.#spread(nominal, visible ? this.#visibleMax : this.#hiddenMax),
			refused: !close.opened
		};
	}

	/**
	 * A delay drawn around `nominal` (± jitter), never above `cap`: at the cap the range slides below
	 * it rather than piling every client on the cap itself.
	 */
	#spread(nominal: number, cap: number): number {
		const high = Math.min(cap, nominal * (1 + this.#jitter));
		const low = (high * (1 - this.#jitter)) / (1 + this.#jitter);
		return Math.round(low + this.#random() * (high - low));
	}
}

/** The document's visibility; a page without one (Node, a worker) counts as visible. */
export function pageVisible(): boolean {
	return (
		(globalThis as { document?: { visibilityState?: string } }).document?.visibilityState !==
		'hidden'
	);
}

/**
 * Calls `wake` when the page becomes visible or the network comes back: the moments an attempt is
 * worth making at once. Returns the function that stops listening; without a page it does nothing.
 */
export function browserWakeSignals(wake: () => void): () => void {
	const doc = (globalThis as { document?: Document }).document;
	const win = (globalThis as { window?: Window }).window;
	const onVisibility = () => {
		if (pageVisible()) wake();
	};
	doc?.addEventListener('visibilitychange', onVisibility);
	win?.addEventListener('online', wake);
	return () => {
		doc?.removeEventListener('visibilitychange', onVisibility);
		win?.removeEventListener('online', wake);
	};
}
