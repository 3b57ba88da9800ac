/**
 * The websocket half of the interface, on a reconnect loop of its own (reconnect-loop.ts). Rules that keep the streamer safe:
 * - only the three client message shapes are ever sent, each checked by the client's `frame` rule
 *   (ClientMessageSchema for the dashboard, reads only for a widget: client-types.ts's SendRules);
 * - nothing is queued while disconnected, so nothing is sent "later";
 * - a command in flight when the socket drops is settled as lost and never sent again;
 * - every incoming frame goes through parseServerFrame; bad frames are counted and dropped.
 * Reconnect timing follows ReconnectPolicy, applied through the URL provider; each raw socket's own
 * close code is the truth (tracked-websocket.ts), not how the loop ended it.
 */
import type { ClientMessage, Envelope } from '../protocol/messages';
import type { SettingsData } from '../protocol/payloads';
import {
	gatewayError,
	lostError,
	stoppedError,
	timeoutError,
	unauthorizedError,
	unreachableError,
	type ClientError
} from './errors';
import { Listeners, type Disposer } from './listeners';
import { FrameRouter } from './frames';
import { ReconnectLoop } from './reconnect-loop';
import type { PendingOutcome } from './pending';
import {
	browserWakeSignals,
	ReconnectPolicy,
	type ReconnectPolicyOptions
} from './reconnect-policy';
import type { ProbeResult } from './rest';
import {
	Attempt,
	trackedWebSocket,
	type WebSocketConstructor,
	type WebSocketLike
} from './tracked-websocket';

export type ConnectionStatus =
	'connecting' | 'open' | 'reconnecting' | 'stopped' | 'unauthorized' | 'unreachable';

export type { WebSocketConstructor, WebSocketLike };

interface ApiSocketOptions {
	/** Full address with the token (see `socketUrl`). */
	url: string;
	/** `host:port`, for messages. */
	address: string;
	/** Whether a frame may go out (SendRules' `frame`). */
	frame: (message: ClientMessage) => boolean;
	WebSocket?: WebSocketConstructor;
	/** Tells a refused upgrade apart: token rejected, or nothing listening (GET /api/meta). */
	probe: () => Promise<ProbeResult>;
	/** The code of the last refusal the probe met, if it gave one. */
	refusal?: () => string | undefined;
	policy?: ReconnectPolicyOptions;
	/** Calls `wake` when an attempt is worth making at once (page visible again, back online); returns the stop. */
	wakeSignals?: (wake: () => void) => () => void;
	connectionTimeoutMs?: number;
	requestTimeoutMs?: number;
}

export type SocketCommandOutcome = PendingOutcome | { kind: 'sent' } | { kind: 'not-sent' };

/** How long to wait for a raw socket's close event before acting as if it closed abnormally. */
const CLOSE_GRACE_MS = 3000;

const OPEN = 1;
/** A fresh promise each time: a shared one would keep every awaiting closure alive forever. */
const never = <T = void>() => new Promise<T>(() => {});

export class ApiSocket {
	readonly #options: ApiSocketOptions;
	readonly #policy: ReconnectPolicy;
	readonly #frames = new FrameRouter();
	readonly #pending = this.#frames.pending;
	readonly #statusListeners = new Listeners<[ConnectionStatus, ClientError | undefined]>();
	readonly #openListeners = new Listeners<[]>();
	#rws: ReconnectLoop | undefined;
	#attempt: Attempt | undefined;
	#gate: Promise<void> = Promise.resolve();
	#gateTimer: ReturnType<typeof setTimeout> | undefined;
	#releaseGate: () => void = () => {};
	#stopWaking: (() => void) | undefined;
	#everOpened = false;
	#halted = true;
	/** Bumped on every start, so a library instance from before a retry can never connect again. */
	#generation = 0;
	#status: ConnectionStatus = 'stopped';
	#lastError: ClientError | undefined;
	/** Counters for diagnostics and tests. */
	readonly stats = this.#frames.stats;

	constructor(options: ApiSocketOptions) {
		this.#options = options;
		this.#policy = new ReconnectPolicy(options.policy);
	}

	get status(): ConnectionStatus {
		return this.#status;
	}
	get lastError(): ClientError | undefined {
		return this.#lastError;
	}
	/** Whether any socket of this connection ever opened: an address that never answered may be wrong. */
	get everOpened(): boolean {
		return this.#everOpened;
	}
	/** Between start() and stop(): connecting, open or waiting to try again. */
	get running(): boolean {
		return !this.#halted;
	}
	get isOpen(): boolean {
		return !this.#halted && this.#status === 'open' && this.#rws?.readyState === OPEN;
	}
	/** Channels last acknowledged by `socketapi:subscribed`. */
	get channels(): string[] | 'all' {
		return this.#frames.channels;
	}
	get pendingCount(): number {
		return this.#pending.size;
	}

	onStatus(handler: (status: ConnectionStatus, error: ClientError | undefined) => void): Disposer {
		return this.#statusListeners.add(handler);
	}
	/** After every open, the first and each reconnect: the place to subscribe and re-read state. */
	onOpen(handler: () => void): Disposer {
		return this.#openListeners.add(handler);
	}
	onEvent(handler: (envelope: Envelope) => void): Disposer {
		return this.#frames.events.add(handler);
	}
	onRetrieve(handler: (data: SettingsData) => void): Disposer {
		return this.#frames.retrieves.add(handler);
	}

	start(): void {
		if (!this.#halted) return;
		this.#halted = false;
		this.#attempt = undefined;
		this.#gate = Promise.resolve();
		this.#policy.opened();
		this.#setStatus('connecting', undefined);
		const generation = ++this.#generation;
		const Base =
			this.#options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketConstructor);
		this.#rws = new ReconnectLoop(
			() => this.#nextUrl(generation),
			trackedWebSocket(Base, (ws) => this.#track(ws)),
			this.#options.connectionTimeoutMs ?? 5000,
			(data) => this.handleFrame(data)
		);
		this.#stopWaking?.();
		this.#stopWaking = (this.#options.wakeSignals ?? browserWakeSignals)(() => this.wake());
	}

	/**
	 * Makes the waiting attempt now, with the backoff shortened again: the page became visible, the
	 * network came back, or the streamer asked. Does nothing while open or while an attempt is on its way.
	 */
	wake(): void {
		if (this.#halted || this.#status === 'open') return;
		this.#policy.reset();
		clearTimeout(this.#gateTimer);
		this.#releaseGate();
	}

	/** Closes for good; anything in flight is settled as lost. */
	stop(): void {
		this.#halt();
		this.#setStatus('stopped', undefined);
	}

	/** A fresh connection at once: "Retry now", or after stop(). */
	retry(): void {
		this.#halt();
		this.start();
	}

	/**
	 * Sends a command. With `expectResponse` it waits for the matching `socketapi:response` (or a
	 * timeout, or the socket dropping); without, it ends once the frame is handed to the socket.
	 * `timeoutMs` replaces the usual timeout for a command the application answers late by design.
	 */
	async command(
		type: string,
		params: Record<string, unknown> | undefined,
		expectResponse: boolean,
		timeoutMs = this.#options.requestTimeoutMs ?? 8000
	): Promise<SocketCommandOutcome> {
		if (!this.isOpen) return { kind: 'not-sent' };
		if (!expectResponse)
			return this.#transmit(params === undefined ? { type } : { type, params })
				? { kind: 'sent' }
				: { kind: 'not-sent' };
		const { context, settled } = this.#pending.open('command', timeoutMs);
		if (!this.#transmit(params === undefined ? { type, context } : { type, params, context })) {
			this.#pending.settle(context, { kind: 'lost' });
			return { kind: 'not-sent' };
		}
		return settled;
	}

	/** Settings over the socket (`{retrieve: true}` works on every version). */
	async retrieve(slim: boolean): Promise<SettingsData> {
		const timeoutMs = this.#options.requestTimeoutMs ?? 8000;
		if (!this.isOpen) throw unreachableError(this.#options.address);
		const { context, settled } = this.#pending.open('retrieve', timeoutMs);
		if (
			!this.#transmit(slim ? { retrieve: true, slim: true, context } : { retrieve: true, context })
		)
			this.#pending.settle(context, { kind: 'lost' });
		const outcome = await settled;
		if (outcome.kind === 'retrieve') return outcome.data;
		throw outcome.kind === 'timeout'
			? timeoutError(timeoutMs)
			: unreachableError(this.#options.address);
	}

	/** Narrows pushed events to these envelope types (`[]` means all). Only call with `ws-subscriptions`. */
	subscribe(types: readonly string[]): boolean {
		return this.isOpen && this.#transmit({ subscribe: [...types] });
	}

	/** Every incoming frame lands here. Never throws (see FrameRouter). */
	handleFrame(raw: unknown): void {
		this.#frames.handle(raw);
	}

	#transmit(message: ClientMessage): boolean {
		// The application executes any frame as a command: refuse anything outside the three shapes.
		if (!this.#options.frame(message) || !this.isOpen || !this.#rws) {
			this.stats.refusedMessages++;
			return false;
		}
		try {
			this.#rws.send(JSON.stringify(message));
			return true;
		} catch {
			return false;
		}
	}

	#setStatus(status: ConnectionStatus, error: ClientError | undefined): void {
		if (status === this.#status && error?.kind === this.#lastError?.kind) return;
		this.#status = status;
		this.#lastError = error;
		this.#statusListeners.emit(status, error);
	}

	#halt(): void {
		this.#halted = true;
		this.#stopWaking?.();
		this.#stopWaking = undefined;
		clearTimeout(this.#gateTimer);
		this.#gate = never();
		const rws = this.#rws;
		this.#rws = undefined;
		rws?.close(1000);
		this.#pending.settleAll({ kind: 'lost' });
	}

	/** The loop asks for the address before every attempt: this is where the policy's delay is applied. */
	async #nextUrl(generation: number): Promise<string> {
		if (generation !== this.#generation) return never<string>();
		const attempt = this.#attempt;
		if (attempt) {
			await attempt.closedOrGrace(CLOSE_GRACE_MS);
			this.#closed(attempt, 1006);
		}
		await this.#gate;
		if (generation !== this.#generation || this.#halted) return never<string>();
		return this.#options.url;
	}

	#track(ws: WebSocketLike): void {
		const owner = this.#rws;
		const attempt = new Attempt();
		this.#attempt = attempt;
		ws.addEventListener('open', () => {
			if (this.#halted || owner !== this.#rws) return;
			attempt.opened = true;
			this.#everOpened = true;
			this.#policy.opened();
			this.#setStatus('open', undefined);
			this.#openListeners.emit();
		});
		ws.addEventListener('close', (event) => {
			if (owner === this.#rws)
				this.#closed(attempt, typeof event.code === 'number' ? event.code : 1006);
			attempt.markClosed();
		});
	}

	/** Acts on an attempt's close once, whichever comes first: its close event or the grace timeout. */
	#closed(attempt: Attempt, code: number): void {
		if (attempt.handled) return;
		attempt.handled = true;
		if (!this.#halted) this.#afterClose(attempt, code);
	}

	#afterClose(attempt: Attempt, code: number): void {
		if (attempt.opened) this.#pending.settleAll({ kind: 'lost' });
		const decision = this.#policy.decide({ code, opened: attempt.opened });
		this.#gate = new Promise<void>((resolve) => {
			this.#releaseGate = resolve;
			this.#gateTimer = setTimeout(resolve, decision.delayMs);
		});
		// Switched off: said as such until it opens again, whatever the slow attempts meanwhile meet.
		if (decision.kind === 'switched-off') this.#setStatus('stopped', stoppedError());
		else if (decision.kind === 'restart') this.#setStatus('reconnecting', undefined);
		else if (!decision.refused)
			this.#setStatus('reconnecting', lostError(this.#options.address, code));
		else {
			if (this.#status === 'open' || this.#status === 'connecting')
				this.#setStatus('reconnecting', this.#lastError);
			void this.#diagnose();
		}
	}

	async #diagnose(): Promise<void> {
		const owner = this.#rws;
		const result = await this.#options.probe();
		if (owner !== this.#rws || this.#halted || this.#status === 'open') return;
		if (result === 'unauthorized')
			this.#setStatus('unauthorized', unauthorizedError(this.#options.refusal?.()));
		else if (result === 'unreachable')
			this.#setStatus('unreachable', unreachableError(this.#options.address));
		else if (result === 'gateway')
			this.#setStatus('unreachable', gatewayError(this.#options.address));
		else this.#setStatus('reconnecting', undefined);
	}
}
