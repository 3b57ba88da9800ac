/**
 * The client every page has: one connection to the application. It keeps meta and settings current
 * (re-read after every reconnect), makes reads (`read`, `readVariable`), and hands widgets a view that
 * can only read. Sends with receipts, the snapshot, the frame counters, later narrowing, premium, the
 * `states` flags and the setup kept on the device are the dashboard's (StreamClient). What it knows of the send types comes from its
 * rules: StreamClient (client.ts) has the whole send-type table, ReadClient (read-client.ts) the reads
 * alone, so a widget's page does not carry the table, its capabilities per type or their refusals.
 */
import type { Envelope } from '../protocol/messages';
import type { Meta, SettingsData } from '../protocol/payloads';
import type { Capabilities } from './capabilities';
import type {
	ClientSnapshot,
	EventHandler,
	SendOptions,
	SendRules,
	StreamClientOptions
} from './client-types';
import {
	droppedError,
	invalidParamsError,
	isClientError,
	timeoutError,
	type ClientError
} from './errors';
import { Listeners, type Disposer } from './listeners';
import { createReadOnlyView, type ReadOnlyView, type VariableRead } from './read-only-view';
import { restFailureOutcome, socketOutcome, type Receipt, type SendOutcome } from './receipts';
import { RestClient } from './rest';
import { httpBase, socketUrl } from './settings';
import { ApiSocket, type ConnectionStatus } from './socket';

export type { ClientSnapshot, EventHandler, SendOptions, StreamClientOptions, VariableRead };

export class ClientCore {
	readonly #options: StreamClientOptions;
	readonly #rules: SendRules;
	readonly #rest: RestClient;
	readonly #socket: ApiSocket;
	readonly #eventListeners = new Map<string, Listeners<[Envelope]>>();
	readonly #statusListeners = new Listeners<[ConnectionStatus, ClientError | undefined]>();
	readonly #changeListeners = new Listeners<[]>();
	readonly #syncedListeners = new Listeners<[]>();
	readonly #readyListeners = new Listeners<[]>();
	readonly #receiptListeners = new Listeners<[Receipt]>();
	readonly #disposers: Disposer[] = [];
	#meta: Meta | undefined;
	#setup: SettingsData | undefined;
	#capabilities: Capabilities;
	#syncError: ClientError | undefined;
	#syncRound = 0;
	/** Meta asked for at start(), beside the socket's first attempt, for the open that attempt makes. */
	#startMeta: Promise<Meta> | undefined;

	constructor(options: StreamClientOptions, rules: SendRules) {
		this.#options = options;
		this.#rules = rules;
		this.#capabilities = rules.capabilities(undefined, undefined);
		const timeouts = { timeoutMs: options.requestTimeoutMs };
		this.#rest = new RestClient({
			baseUrl: httpBase(options.connection),
			token: options.connection.token,
			fetch: options.fetch,
			...timeouts
		});
		this.#socket = new ApiSocket({
			url: socketUrl(options.connection, options.name, options.socketParams),
			address: this.#rest.address,
			frame: rules.frame,
			WebSocket: options.WebSocket,
			probe: () => this.#rest.probe(),
			refusal: () => this.#rest.refusal,
			policy: options.policy,
			wakeSignals: options.wakeSignals,
			connectionTimeoutMs: options.connectionTimeoutMs,
			requestTimeoutMs: options.requestTimeoutMs
		});
		this.#disposers.push(
			this.#socket.onStatus((status, error) => {
				// A failed attempt: the meta asked for beside it may be stale by the open that follows.
				if (status !== 'connecting' && status !== 'open') this.#startMeta = undefined;
				this.#statusListeners.emit(status, error);
				this.changed();
			}),
			this.#socket.onOpen(() => void this.#resync()),
			this.#socket.onEvent((envelope) => this.#dispatch(envelope)),
			this.#socket.onRetrieve((data) => this.#applySettings(data))
		);
	}

	get status(): ConnectionStatus {
		return this.#socket.status;
	}
	get lastError(): ClientError | undefined {
		return this.#socket.lastError ?? this.#syncError;
	}
	get meta(): Meta | undefined {
		return this.#meta;
	}
	/** The application's setup: the settings payload of `retrieve` (the one kept on the device until the first read). */
	get setup(): SettingsData | undefined {
		return this.#setup;
	}
	get capabilities(): Capabilities {
		return this.#capabilities;
	}
	/** Shows a setup kept on the device until the first live read (StreamClient's setup cache). */
	protected seed(setup: SettingsData, meta: Meta | undefined): void {
		this.#setup = setup;
		this.#capabilities = this.#rules.capabilities(meta, setup);
	}
	/** REST, for what only the dashboard's client reads with it (premium: client.ts, premium.ts). */
	protected get rest(): RestClient {
		return this.#rest;
	}
	/** The socket, for what only the dashboard's client does with it (client.ts). */
	protected get socket(): ApiSocket {
		return this.#socket;
	}
	start(): void {
		if (this.#socket.running) return;
		// Meta decides the subscription and retrieve's form after the open: asked for now, it is in by then.
		const meta = this.#rest.meta();
		meta.catch(() => {}); // an application still starting: #resync asks again
		this.#startMeta = meta;
		this.#socket.start();
	}
	stop(): void {
		this.#socket.stop();
	}
	/** Connects again at once ("Retry now"; also after stop()). */
	retry(): void {
		this.#socket.retry();
	}
	/** Stops and releases every listener; the client cannot be used afterwards. */
	destroy(): void {
		this.stop();
		for (const dispose of this.#disposers.splice(0)) dispose();
		for (const listeners of [
			this.#statusListeners,
			this.#changeListeners,
			this.#syncedListeners,
			this.#readyListeners,
			this.#receiptListeners
		])
			listeners.clear();
		this.#eventListeners.clear();
	}

	on(type: string, handler: EventHandler): Disposer {
		let listeners = this.#eventListeners.get(type);
		if (!listeners) this.#eventListeners.set(type, (listeners = new Listeners()));
		return listeners.add(handler);
	}
	onStatus(handler: (status: ConnectionStatus, error: ClientError | undefined) => void): Disposer {
		return this.#statusListeners.add(handler);
	}
	/** Any change of status, error, meta, setup or capabilities (StreamClient's also premium and states, and hears its snapshot). */
	onChange(handler: () => void): Disposer {
		return this.#changeListeners.add(handler);
	}
	/** After each open, once meta and settings (and the dashboard's premium: afterMeta) have been read again. */
	onSynced(handler: () => void): Disposer {
		return this.#syncedListeners.add(handler);
	}
	/** After each open, once meta has been read again: reads and sends know their way (settings and premium may still be on theirs). */
	onReady(handler: () => void): Disposer {
		return this.#readyListeners.add(handler);
	}
	/** Every settled receipt of `send` (not the reads of readVariable). */
	onReceipt(handler: (receipt: Receipt) => void): Disposer {
		return this.#receiptListeners.add(handler);
	}

	/**
	 * Reads the settings again: over the socket when it is open and the application has `retrieve-slim`,
	 * else over REST. Without slim the payload carries every overlay and can be megabytes, more than
	 * an incoming frame may be (MAX_FRAME_CHARS); an HTTP body has no such cap.
	 */
	async retrieve(): Promise<SettingsData> {
		const overSocket = () => this.#socket.isOpen && this.#capabilities.has('retrieve-slim');
		let data: SettingsData;
		try {
			data = overSocket()
				? await this.#socket.retrieve(true)
				: await this.#rest.retrieve({ slim: true });
		} catch (error) {
			if (!overSocket()) throw error;
			data = await this.#rest.retrieve({ slim: true });
		}
		this.#applySettings(data);
		return data;
	}

	/**
	 * A read, or any send without a receipt: its value, or why it failed (refused here, or by the
	 * application). A widget's client has only this; the dashboard's also has `send` (client.ts).
	 */
	async read(type: string, params?: Record<string, unknown>): Promise<VariableRead> {
		const { outcome } = await this.request(type, params);
		// `answered` is a success only: REST throws on any other status, the socket's is `failed`.
		if (outcome.kind === 'answered') return { ok: true, value: outcome.message };
		return { ok: false, error: (outcome.kind !== 'sent' && outcome.error) || droppedError() };
	}

	readVariable(name: string): Promise<VariableRead> {
		return this.read('get-variable-value', { name });
	}

	readOnlyView(): ReadOnlyView {
		return createReadOnlyView(this, (type, params) => this.read(type, params));
	}

	/** The types to subscribe to for a narrowed list: a widget's own (StreamClient adds what it follows). */
	protected subscription(types: readonly string[]): string[] {
		return [...types];
	}

	/** Tells onReceipt's listeners of a settled receipt (the dashboard's sends, client.ts). */
	protected receipted(receipt: Receipt): void {
		this.#receiptListeners.emit(receipt);
	}

	/**
	 * Checks a request against the rules, then makes it over the socket or REST. `onSending` hears the
	 * transport it starts on; the answer says the one it ended on (a socket gone before sending: REST),
	 * or `none` for a request refused here.
	 */
	protected async request(
		type: string,
		params: Record<string, unknown> | undefined,
		onSending?: (transport: 'socket' | 'rest') => void
	): Promise<{ transport: 'socket' | 'rest' | 'none'; outcome: SendOutcome }> {
		const checked = this.#options.check(type, params);
		// Awaited only when the rules are still on their way: a check already in runs in the same task.
		const check = checked instanceof Promise ? await checked : checked;
		const refusal = check.ok
			? this.#rules.refusal(check.type, check.params, this.#capabilities, this.#options.readOnly)
			: invalidParamsError(check.issues);
		if (refusal || !check.ok)
			return { transport: 'none', outcome: { kind: 'failed', error: refusal! } };
		const overSocket =
			this.#socket.isOpen &&
			(this.#options.commands === 'socket' ||
				(this.#options.commands !== 'rest' && this.#capabilities.has('ws-command-responses')));
		let transport: 'socket' | 'rest' = overSocket ? 'socket' : 'rest';
		onSending?.(transport);
		let outcome: SendOutcome | undefined;
		// A request the application answers only after its own waits (run-actions' delays) gets them on top.
		const timeoutMs = this.#rest.timeoutMs + (check.waitMs ?? 0);
		if (overSocket) {
			const answer = await this.#socket.command(
				type,
				check.params,
				this.#capabilities.has('ws-command-responses'),
				timeoutMs
			);
			if (answer.kind !== 'not-sent')
				outcome = socketOutcome(answer, this.#options.connection.token, droppedError, timeoutError);
			else transport = 'rest';
		}
		outcome ??= await this.#rest.send(type, check.params, timeoutMs).then(
			(answer): SendOutcome => ({ kind: 'answered', ...answer }),
			(error: unknown) => restFailureOutcome(isClientError(error) ? error : droppedError())
		);
		return { transport, outcome };
	}

	/**
	 * After every open: meta first (it decides subscriptions and slim; after start() it was asked for
	 * while the socket connected), then settings and what afterMeta reads side by side.
	 */
	async #resync(): Promise<void> {
		const round = ++this.#syncRound;
		const early = this.#startMeta;
		this.#startMeta = undefined;
		try {
			const meta = await (early ? early.catch(() => this.#rest.meta()) : this.#rest.meta());
			if (round !== this.#syncRound) return;
			this.#meta = meta;
			this.#capabilities = this.#rules.capabilities(meta, this.#setup);
			if (this.#options.subscribe && this.#capabilities.has('ws-subscriptions'))
				this.#socket.subscribe(this.subscription(this.#options.subscribe));
			this.changed();
			this.#readyListeners.emit();
			await Promise.all([this.retrieve(), this.afterMeta(meta)]);
			if (round !== this.#syncRound) return;
			this.#syncError = undefined;
			this.changed();
			this.#syncedListeners.emit();
		} catch (error) {
			if (round !== this.#syncRound) return;
			this.#syncError = isClientError(error) ? error : droppedError();
			this.changed();
		}
	}

	#applySettings(data: SettingsData): void {
		this.#setup = data;
		this.#capabilities = this.#rules.capabilities(this.#meta, data);
		this.changed();
	}

	#dispatch(envelope: Envelope): void {
		this.#eventListeners.get(envelope.type)?.emit(envelope);
		this.#eventListeners.get('*')?.emit(envelope);
	}

	/** What else a resync reads once meta is in, beside the settings (StreamClient: premium). */
	protected async afterMeta(_meta: Meta): Promise<void> {}

	/** Tells onChange's listeners (StreamClient too, for premium and states). */
	protected changed(): void {
		this.#changeListeners.emit();
	}
}
