/**
 * What to do after the socket closed, by close code (protocol facts §3.8): 1000 after open means the
 * streamer turned the interface off, so stop; 1012 means it restarts, so come back within a second;
 * anything else backs off from 1 s, doubling up to 30 s, with jitter so many widgets do not stampede.
 */
import { CLOSE_CODES } from '../protocol';

interface CloseInfo {
	code: number;
	/** Whether this socket had opened; a close before open is a refused or failed upgrade. */
	opened: boolean;
}

type ReconnectDecision =
	| { kind: 'stop' }
	| { kind: 'restart'; delayMs: number }
	/** `refused`: closed before open, worth diagnosing (token rejected or nothing listening). */
	| { kind: 'backoff'; delayMs: number; refused: boolean };

export interface ReconnectPolicyOptions {
	baseDelayMs?: number;
	maxDelayMs?: number;
	restartDelayMs?: { min: number; max: number };
	/** Share of the delay that is random: 0.25 spreads a 4 s delay over 3 to 5 s. */
	jitter?: number;
	random?: () => number;
}

export class ReconnectPolicy {
	readonly #base: number;
	readonly #max: number;
	readonly #restart: { min: number; max: number };
	readonly #jitter: number;
	readonly #random: () => number;
	#failures = 0;

	constructor(options: ReconnectPolicyOptions = {}) {
		this.#base = options.baseDelayMs ?? 1000;
		this.#max = options.maxDelayMs ?? 30_000;
		this.#restart = options.restartDelayMs ?? { min: 200, max: 800 };
		this.#jitter = options.jitter ?? 0.25;
		this.#random = options.random ?? Math.random;
	}

	/** A successful open resets the backoff. */
	opened(): void {
		this.#failures = 0;
	}

	decide(close: CloseInfo): ReconnectDecision {
		if (close.opened && close.code === CLOSE_CODES.stopped) return { kind: 'stop' };
		if (close.opened && close.code === CLOSE_CODES.restarting) {
			const { min, max } = this.#restart;
			return { kind: 'restart', delayMs: Math.round(min + this.#random() * (max - min)) };
		}
		const nominal = Math.min(this.#max, this.#base * 2 ** this.#failures);
		this.#failures++;
		const spread = nominal * this.#jitter * (2 * this.#random() - 1);
		return { kind: 'backoff', delayMs: Math.round(Math.min(this.#max, Math.max(0, nominal + spread))), refused: !close.opened };
	}
}
