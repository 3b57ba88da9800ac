/**
 * The websocket side (protocol facts §3): connected peers, the three frames a client may send,
 * replies, subscriptions and the filter on pushed envelopes. Transport-neutral: a peer is anything
 * with send/close, so the same code serves `ws` in Node and an in-page socket in demo mode.
 */
import { SEND_FRAME_FIELDS, strayTopLevel } from '../protocol/leniency';
import type { Dispatcher } from './dispatch';
import type { LogEntry } from './log';
import { settingsData } from './retrieve';
import type { Runtime } from './runtime';
import type { Envelope, SendOutcome, SimConnection, SimPeer } from './types';
import { outcomeToSocket, safeStringify, statusOf } from './wire';

export interface SocketDeps {
	rt: Runtime;
	dispatcher: Pick<Dispatcher, 'send'>;
	log(entry: LogEntry): void;
	tick(): void;
}

interface Connection {
	id: number;
	name?: string;
	peer: SimPeer;
	channels: Set<string> | 'all';
	open: boolean;
}

const isRecord = (x: unknown): x is Record<string, unknown> =>
	typeof x === 'object' && x !== null && !Array.isArray(x);

export class SocketHub {
	private readonly connections = new Set<Connection>();
	private nextId = 0;

	constructor(private readonly deps: SocketDeps) {}

	get clients(): { id: number; name?: string; channels: string[] | 'all' }[] {
		return [...this.connections].map((c) => ({
			id: c.id,
			name: c.name,
			channels: c.channels === 'all' ? 'all' : [...c.channels]
		}));
	}

	open(name: string | undefined, peer: SimPeer): SimConnection {
		const conn: Connection = { id: ++this.nextId, name, peer, channels: 'all', open: true };
		this.connections.add(conn);
		return {
			receive: (text) => {
				if (conn.open) this.receive(conn, text);
			},
			close: () => {
				conn.open = false;
				this.connections.delete(conn);
			}
		};
	}

	/** Pushes an envelope to every socket whose subscription includes its `type`. Returns how many got it. */
	broadcast(envelope: Envelope): number {
		const text = safeStringify(envelope);
		let delivered = 0;
		for (const conn of this.connections) {
			if (conn.channels !== 'all' && !conn.channels.has(String(envelope.type))) continue;
			if (this.sendTo(conn, text)) delivered++;
		}
		return delivered;
	}

	/**
	 * Pushes a text frame exactly as given to every open socket, subscriptions ignored: what a
	 * misbehaving application could send (tests of the client's frame handling). Returns how many got it.
	 */
	broadcastRaw(text: string): number {
		let delivered = 0;
		for (const conn of this.connections) if (this.sendTo(conn, text)) delivered++;
		return delivered;
	}

	closeAll(code: number, reason: string): void {
		for (const conn of [...this.connections]) {
			conn.open = false;
			this.connections.delete(conn);
			try {
				conn.peer.close(code, reason);
			} catch {
				// Already gone: nothing to close.
			}
		}
	}

	private sendTo(conn: Connection, text: string): boolean {
		try {
			conn.peer.send(text);
			return true;
		} catch {
			return false;
		}
	}

	private reply(conn: Connection, message: Record<string, unknown>): void {
		this.sendTo(conn, safeStringify(message));
	}

	/** Anything that is not one of the three messages is a "Bad API request" on the application: logged, no reply. */
	private bad(frame: unknown, why: string): void {
		this.deps.log({ transport: 'ws', frame, status: 400, note: `bad API request: ${why}` });
	}

	private receive(conn: Connection, text: string): void {
		const { rt } = this.deps;
		this.deps.tick();
		let frame: unknown;
		try {
			frame = JSON.parse(text);
		} catch {
			return this.bad(text.length > 200 ? `${text.slice(0, 200)}…` : text, 'not JSON');
		}
		if (!isRecord(frame)) return this.bad(frame, 'not a JSON object');
		const context = frame.context;
		if (frame.type === undefined && frame.retrieve === true) {
			const slim = rt.has('retrieve-slim') && frame.slim === true;
			const reply: Record<string, unknown> = {
				event: 'socketapi:retrieve',
				...(context !== undefined ? { context } : {}),
				data: settingsData(rt, slim)
			};
			this.reply(conn, reply);
			this.deps.log({
				transport: 'ws',
				frame,
				context,
				status: 200,
				note: slim ? 'retrieve (slim)' : 'retrieve'
			});
			return;
		}
		if (frame.type === undefined && 'subscribe' in frame) {
			if (!rt.has('ws-subscriptions'))
				return this.bad(frame, 'subscribe is not supported by this version');
			const channels = frame.subscribe;
			if (!Array.isArray(channels) || !channels.every((c): c is string => typeof c === 'string'))
				return this.bad(frame, 'subscribe must be a list of event types');
			conn.channels = channels.length === 0 ? 'all' : new Set(channels);
			this.reply(conn, {
				event: 'socketapi:subscribed',
				channels: channels.length === 0 ? 'all' : [...new Set(channels)],
				...(context !== undefined ? { context } : {})
			});
			this.deps.log({ transport: 'ws', frame, context, status: 200, note: 'subscribe' });
			return;
		}
		if (typeof frame.type !== 'string' || frame.type.length === 0)
			return this.bad(frame, 'neither a command, a retrieve nor a subscribe');
		this.command(conn, frame, context);
	}

	private command(conn: Connection, frame: Record<string, unknown>, context: unknown): void {
		const { dispatcher } = this.deps;
		// Other top-level fields (the legacy SDK's `lsorigin`) are ignored by the application (facts §3.2, §4.4): a lint note each.
		const outcome = dispatcher.send(
			frame.type,
			frame.params,
			strayTopLevel(frame, SEND_FRAME_FIELDS, 'frame')
		);
		// A send that waits (run-actions with delays) replies, and is logged, when it has finished.
		if (outcome instanceof Promise)
			void outcome.then((done) => this.answer(conn, frame, context, done));
		else this.answer(conn, frame, context, outcome);
	}

	private answer(
		conn: Connection,
		frame: Record<string, unknown>,
		context: unknown,
		outcome: SendOutcome
	): void {
		const { rt } = this.deps;
		// One reply per command on versions with ws-command-responses, with or without a context (facts §3.3).
		if (rt.has('ws-command-responses') && conn.open)
			this.reply(conn, outcomeToSocket(rt, outcome, context));
		this.deps.log({
			transport: 'ws',
			type: String(frame.type).slice(0, 100),
			params: frame.params,
			context,
			status: statusOf(rt, outcome),
			platformOutcome: outcome.ok ? outcome.platformOutcome : undefined,
			note: outcome.note,
			lint: outcome.lint
		});
	}
}
