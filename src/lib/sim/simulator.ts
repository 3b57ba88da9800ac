/**
 * The simulator core: the whole interface, transport-neutral. A Node server (src/server) or an
 * in-page shim (demo mode) moves bytes; this class decides every answer.
 */
import { FEATURES, CLOSE_CODES, type Feature } from '../protocol/vocabulary';
import { systemClock } from './clock';
import { defaultSetup } from './default-setup';
import { parseSetup } from './setup';
import { startDemoTraffic } from './demo';
import { Dispatcher } from './dispatch';
import { premiumEnvelope } from './events';
import { tickPolls } from './handlers/polls';
import { progressOf, tickSongs } from './handlers/songs';
import { handleApiHttp, type HttpDeps } from './http';
import { overlayConfig } from './retrieve';
import { RequestLog, type LogEntry } from './log';
import { Runtime } from './runtime';
import { SocketHub } from './socket';
import { tickStreamVariables } from './stream-variables';
import { SimState } from './state';
import type {
	Envelope,
	InjectedFailure,
	LoggedRequest,
	Profile,
	SendOutcome,
	SimConnection,
	SimHttpRequest,
	SimHttpResponse,
	SimPeer,
	SimulatorOptions
} from './types';

/** Compares without an early exit, so the token cannot be guessed by timing. */
function sameToken(given: string | undefined, expected: string): boolean {
	if (given === undefined || given.length !== expected.length) return false;
	let diff = 0;
	for (let i = 0; i < expected.length; i++) diff |= given.charCodeAt(i) ^ expected.charCodeAt(i);
	return diff === 0;
}

export function featuresFor(profile: Profile, disabled: readonly Feature[] = []): Feature[] {
	if (profile === 'legacy') return [];
	return FEATURES.filter((f) => !disabled.includes(f));
}

export class Simulator {
	readonly features: Feature[];
	readonly profile: Profile;
	private readonly token: string;
	private readonly rt: Runtime;
	private readonly dispatcher: Dispatcher;
	/** What client requests (REST and websocket) go through: the dispatcher, unless a failure was injected. */
	private readonly clientDispatcher: Pick<Dispatcher, 'send'>;
	private readonly injectedFailures: InjectedFailure[] = [];
	private readonly hub: SocketHub;
	private readonly log: RequestLog;
	private readonly startedAt: number;
	private apiRunning = true;
	private readonly onLog?: (entry: LoggedRequest) => void;

	constructor(opts: SimulatorOptions) {
		if (!opts.token) throw new Error('the simulator needs a token');
		this.token = opts.token;
		this.profile = opts.profile ?? 'current';
		this.features = featuresFor(this.profile, opts.disabledFeatures);
		const clock =
			opts.clock ?? (opts.now ? { now: opts.now, wait: systemClock.wait } : systemClock);
		const now = () => clock.now();
		// Re-validated (and copied) so a hand-built setup gets its defaults or a clear error.
		const parsed = opts.setup
			? parseSetup(opts.setup)
			: { ok: true as const, setup: defaultSetup() };
		if (!parsed.ok) throw new Error(parsed.error);
		const setup = parsed.setup;
		this.startedAt = now();
		this.log = new RequestLog(now);
		this.rt = new Runtime({
			state: new SimState(setup, now()),
			features: this.features,
			now,
			wait: (ms) => clock.wait(ms),
			random: opts.random ?? Math.random,
			push: (envelope) => this.hub.broadcast(envelope)
		});
		this.dispatcher = new Dispatcher(this.rt, opts.strict ?? false);
		this.onLog = opts.onLog;
		this.clientDispatcher = {
			send: (type, params, notes) =>
				this.takeInjectedFailure(type) ?? this.dispatcher.send(type, params, notes)
		};
		this.hub = new SocketHub({
			rt: this.rt,
			dispatcher: this.clientDispatcher,
			log: (e) => this.addLog(e),
			tick: () => this.tick()
		});
		this.tick();
	}

	/** One HTTP request. Most answers are ready at once; run-actions answers when its list has finished. */
	async handleHttp(req: SimHttpRequest): Promise<SimHttpResponse> {
		const deps: HttpDeps = {
			rt: this.rt,
			dispatcher: this.clientDispatcher,
			startedAt: this.startedAt,
			admitted: (token) => this.apiRunning && sameToken(token, this.token),
			log: (e) => this.addLog(e),
			tick: () => this.tick()
		};
		return await handleApiHttp(deps, req);
	}

	/** A websocket asking to connect with `?token=…&name=…`: refused (as a 401 upgrade) or accepted. */
	connect(query: URLSearchParams, peer: SimPeer): SimConnection | { refused: 401 } {
		const name = query.get('name') ?? undefined;
		if (!this.apiRunning || !sameToken(query.get('token') ?? undefined, this.token)) {
			this.addLog({
				transport: 'ws',
				method: 'GET',
				path: '/api',
				status: 401,
				note: this.apiRunning ? 'upgrade refused: bad token' : 'upgrade refused: API stopped'
			});
			return { refused: 401 };
		}
		this.addLog({
			transport: 'ws',
			method: 'GET',
			path: '/api',
			status: 101,
			note: name ? `connected as "${name.slice(0, 80)}"` : 'connected'
		});
		return this.hub.open(name, peer);
	}

	emit(envelope: object): void {
		this.hub.broadcast(envelope as Envelope);
	}

	/**
	 * Pushes one text frame as it is (not necessarily JSON, never checked) to every connected socket,
	 * whatever it subscribed to: a misbehaving application, for tests. Returns how many sockets got it.
	 */
	emitRaw(frame: string): number {
		return this.hub.broadcastRaw(frame);
	}

	/**
	 * The next client send of `failure.type` (REST or websocket) fails with this status, code and
	 * message instead of running, once: an application error a test chooses the text of.
	 */
	failNext(failure: InjectedFailure): void {
		this.injectedFailures.push({ ...failure });
	}

	/** The API restarts (settings, port or token change): sockets close with 1012 and may reconnect at once. */
	restart(): void {
		this.hub.closeAll(CLOSE_CODES.restarting, 'API restarting');
	}

	/** The streamer switched the API off: sockets close with 1000; HTTP answers 401, upgrades are refused. */
	stopApi(): void {
		this.apiRunning = false;
		this.hub.closeAll(CLOSE_CODES.stopped, 'API stopped');
	}

	startApi(): void {
		this.apiRunning = true;
	}

	get running(): boolean {
		return this.apiRunning;
	}

	setPremium(value: boolean): void {
		this.rt.state.premium = value;
		this.recheckPremium();
	}

	/** The application re-checked the subscription: the `premium` event carries the current value. */
	recheckPremium(): void {
		if (this.rt.has('premium')) this.emit(premiumEnvelope(this.rt.state.premium));
	}

	get requestLog(): LoggedRequest[] {
		return this.log.all;
	}

	requestsSince(seq: number): LoggedRequest[] {
		return this.log.since(seq);
	}

	clearLog(): void {
		this.log.clear();
	}

	get clients(): { id: number; name?: string; channels: string[] | 'all' }[] {
		return this.hub.clients;
	}

	startDemo(): () => void {
		return startDemoTraffic(this.rt, (type, params) => this.dispatcher.send(type, params));
	}

	/** The parts of the state no API call reads back (polls, chat modes, lights…), for tests and the demo page. */
	snapshot(): Record<string, unknown> {
		this.tick();
		const s = this.rt.state;
		return {
			apiRunning: this.apiRunning,
			states: s.statesPayload(),
			premium: s.premium,
			poll: s.poll ?? null,
			prediction: s.prediction ?? null,
			chatModes: s.chatModes,
			pinnedMessage: s.pinnedMessage ?? null,
			stream: s.stream,
			moderators: [...s.moderators],
			vips: [...s.vips],
			banned: [...s.banned],
			lights: s.lights,
			studio: s.studio,
			overlays: overlayConfig(this.rt).overlays,
			layers: overlayConfig(this.rt).overlayLayers,
			hud: s.hud,
			musicPlayerCommands: s.musicPlayerCommands,
			activityQueue: {
				paused: s.activityQueue.paused,
				pending: s.activityQueue.pending.map((a) => a.label)
			},
			songs: { ...s.songs, progress: progressOf(this.rt) },
			folders: [...s.folders.values()],
			commands: Object.fromEntries(
				Object.entries(s.commands).map(([kind, list]) => [kind, [...list.values()]])
			),
			chatbotCommands: [...s.chatbot.values()],
			variables: Object.fromEntries([...s.variables].map(([name, variable]) => [name, variable])),
			clients: this.clients
		};
	}

	private takeInjectedFailure(type: unknown): SendOutcome | undefined {
		const at = this.injectedFailures.findIndex((f) => f.type === type);
		if (at < 0) return undefined;
		const [failure] = this.injectedFailures.splice(at, 1);
		return {
			ok: false,
			status: failure!.status,
			code: failure!.code,
			text: failure!.message,
			note: 'injected failure'
		};
	}

	private tick(): void {
		tickSongs(this.rt);
		tickPolls(this.rt);
		tickStreamVariables(this.rt);
	}

	private addLog(entry: LogEntry): void {
		const logged = this.log.add(entry);
		this.onLog?.(logged);
	}
}
