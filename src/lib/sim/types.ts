/** Public types of the simulator core. Other modules (client, transport, demo page) code against these. */
import type { ErrorCode, Feature } from '../protocol/vocabulary';
import type { SimClock } from './clock';
import type { Setup } from './setup';

export type Profile = 'current' | 'legacy';

export interface SimulatorOptions {
	token: string;
	profile?: Profile;
	disabledFeatures?: Feature[];
	setup?: Setup;
	/** The time and the waits (run-actions delays); tests pass a `ManualClock`. Default: the system clock. */
	clock?: SimClock;
	/** Lint notes become 400 answers (`npm run sim -- --strict`), for people testing their own clients. */
	strict?: boolean;
	/** Called with every request log entry as it is added (the CLI prints the ones with lint notes). */
	onLog?: (entry: LoggedRequest) => void;
	/** A clock reading alone (waits then use real time); `clock` wins when both are given. */
	now?: () => number;
	random?: () => number;
}

export interface SimHttpRequest {
	method: string;
	path: string;
	query: URLSearchParams;
	headers: Record<string, string | undefined>;
	body: string;
}

export interface SimHttpResponse {
	status: number;
	headers: Record<string, string>;
	body: string;
}

export interface SimPeer {
	send(text: string): void;
	close(code: number, reason?: string): void;
}

export interface SimConnection {
	receive(text: string): void;
	close(): void;
}

export interface LoggedRequest {
	seq: number;
	at: number;
	transport: 'http' | 'ws';
	method?: string;
	path?: string;
	type?: string;
	params?: unknown;
	context?: unknown;
	frame?: unknown;
	status: number;
	/** Platform-side outcome for acknowledgedOnly types: what the platform did with an acknowledged request. */
	platformOutcome?: string;
	/** What the simulator did besides answering (for example "queued while paused", "bad API request"). */
	note?: string;
	/**
	 * Leniencies of the application the request relied on (an ignored field, a numeric string, a
	 * truthy string, a fraction truncated…): each names the field and the rule. Our tests fail on any.
	 */
	lint?: string[];
}

/** A value now, or later (a send that waits, such as run-actions with delay steps). */
export type MaybePromise<T> = T | Promise<T>;

/** The result of one send, before it is shaped for HTTP or the websocket. */
export type SendOutcome =
	| {
			ok: true;
			/** absent key = no `message` in the answer */ message?: unknown;
			platformOutcome?: string;
			note?: string;
			lint?: string[];
	  }
	| { ok: false; status: number; code?: ErrorCode; text: string; note?: string; lint?: string[] };

/** A failure `Simulator.failNext` makes the next send of `type` answer (shaped by the profile like any failure). */
export interface InjectedFailure {
	type: string;
	status: number;
	message: string;
	code?: ErrorCode;
}

/** An event envelope as pushed on the socket (protocol facts §3.4). */
export interface Envelope {
	type: string;
	origin?: string;
	subOrigin?: string;
	event?: string;
	data?: unknown;
	[key: string]: unknown;
}
