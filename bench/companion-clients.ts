/**
 * The pages of the companion load phase (bench/companion-load.ts), in a process of their own so the
 * sockets' work does not run on the simulator's or the companion's thread: widget sockets and
 * dashboards through the companion, and a few sockets straight to the simulator as the reference.
 * Each event carries `bench-load-SEQ@SENT_AT`; per event, what the proxy adds is the time a proxied
 * socket received it minus the median time the direct sockets did, on this process's one clock.
 */
import WebSocket from 'ws';
import { wallNow } from './clock';
import { Histogram } from './histogram';

export interface ClientsStart {
	companionPort: number;
	simPort: number;
	token: string;
	widgets: number;
	dashboards: number;
	direct: number;
}

export interface ClientsReport {
	/** Histograms of 10 µs buckets (see Histogram). */
	added: number[];
	directLatency: number[];
	proxiedLatency: number[];
	/** Expected receipts (each socket, each event of the kinds it takes) and those missing. */
	expected: number;
	missing: number;
	socketsMissing: number;
	closedEarly: number;
	/** Close codes of the sockets closed before the end, and how many had each (1006: dropped, e.g. by the keepalive). */
	closeCodes: Record<string, number>;
}

type Kind = 'chat' | 'alert' | 'all';
interface Client {
	socket: WebSocket;
	kind: Kind;
	proxied: boolean;
	seen: Set<number>;
	closedWith?: number;
}

const MARK_START = 'bench-load-';
const MARK = /bench-load-(\d+)@([\d.]+)/;
const clients: Client[] = [];
const added = new Histogram();
const directLatency = new Histogram();
const proxiedLatency = new Histogram();
/** Per recent event: when the direct sockets received it, their median once all have, and proxied receipts waiting for it. */
const events = new Map<number, { direct: number[]; reference?: number; proxied: number[] }>();
let directCount = 0;
let newest = 0;

function onFrame(client: Client, data: WebSocket.RawData): void {
	const at = wallNow();
	// Straight from the bytes (the mark is ASCII): 44,000 frames a second leave little time for decoding.
	const frame = data as Buffer;
	const from = frame.indexOf(MARK_START);
	if (from < 0) return;
	const match = MARK.exec(frame.toString('latin1', from, from + 48));
	if (!match) return;
	const seq = Number(match[1]);
	if (client.seen.has(seq)) return;
	client.seen.add(seq);
	(client.proxied ? proxiedLatency : directLatency).add(at - Number(match[2]));
	let entry = events.get(seq);
	if (!entry) {
		events.set(seq, (entry = { direct: [], proxied: [] }));
		if (seq > newest) newest = seq;
		// Events over 5,000 old are forgotten: a receipt that late still counts as seen, not in the latency.
		if (seq % 1000 === 0)
			for (const old of events.keys()) if (old < newest - 5000) events.delete(old);
	}
	if (client.proxied) {
		if (entry.reference === undefined) entry.proxied.push(at);
		else added.add(at - entry.reference);
		return;
	}
	entry.direct.push(at);
	if (entry.direct.length < directCount) return;
	const sorted = entry.direct.sort((a, b) => a - b);
	entry.reference = (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
	for (const t of entry.proxied) added.add(t - entry.reference);
	entry.proxied = [];
}

function open(
	url: string,
	kind: Kind,
	proxied: boolean,
	subscribe: string[] | undefined
): Promise<void> {
	return new Promise((resolve, reject) => {
		const socket = new WebSocket(url, { skipUTF8Validation: true });
		const client: Client = { socket, kind, proxied, seen: new Set() };
		socket.on('open', () => {
			if (subscribe) socket.send(JSON.stringify({ subscribe }));
			clients.push(client);
			resolve();
		});
		socket.on('message', (data) => onFrame(client, data));
		socket.on('close', (code) => (client.closedWith ??= code));
		socket.on('error', reject);
	});
}

async function start(s: ClientsStart): Promise<void> {
	const token = encodeURIComponent(s.token);
	const viaCompanion = `ws://127.0.0.1:${s.companionPort}/api?token=${token}`;
	directCount = s.direct;
	const opening: Promise<void>[] = [];
	for (let i = 0; i < s.direct; i++)
		opening.push(open(`ws://127.0.0.1:${s.simPort}/api?token=${token}`, 'all', false, undefined));
	// Half the widgets take chat lines (the chat widget's subscription), half alerts (the events widget's).
	for (let i = 0; i < s.widgets; i++) {
		const kind = i % 2 === 0 ? 'chat' : 'alert';
		opening.push(open(viaCompanion, kind, true, [kind, 'premium', 'states']));
	}
	for (let i = 0; i < s.dashboards; i++) opening.push(open(viaCompanion, 'all', true, undefined));
	await Promise.all(opening);
}

/** Waits until every socket saw its last event (or `timeoutMs`), then counts what is missing. */
async function finish(
	lastChat: number,
	lastAlert: number,
	sent: number,
	timeoutMs: number
): Promise<ClientsReport> {
	const expects = (kind: Kind, seq: number) =>
		kind === 'all' || (kind === 'chat') === (seq % 2 === 0);
	const done = () =>
		clients.every(
			(c) =>
				(c.kind !== 'alert' ? c.seen.has(lastChat) : true) &&
				(c.kind !== 'chat' ? c.seen.has(lastAlert) : true)
		);
	const end = Date.now() + timeoutMs;
	while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
	let expected = 0;
	let missing = 0;
	let socketsMissing = 0;
	for (const c of clients) {
		let own = 0;
		for (let seq = 0; seq < sent; seq++)
			if (expects(c.kind, seq)) {
				expected++;
				if (!c.seen.has(seq)) own++;
			}
		missing += own;
		if (own) socketsMissing++;
	}
	const early = clients.filter((c) => c.socket.readyState !== WebSocket.OPEN);
	const closedEarly = early.length;
	const closeCodes: Record<string, number> = {};
	for (const c of early)
		closeCodes[String(c.closedWith ?? 'unknown')] =
			(closeCodes[String(c.closedWith ?? 'unknown')] ?? 0) + 1;
	for (const c of clients) c.socket.close();
	return {
		added: added.sparse(),
		directLatency: directLatency.sparse(),
		proxiedLatency: proxiedLatency.sparse(),
		expected,
		missing,
		socketsMissing,
		closedEarly,
		closeCodes
	};
}

process.on(
	'message',
	(message: {
		start?: ClientsStart;
		finish?: { lastChat: number; lastAlert: number; sent: number; timeoutMs: number };
	}) => {
		if (message.start)
			start(message.start).then(
				() => process.send!({ ready: clients.length }),
				(error: Error) => process.send!({ error: error.message })
			);
		if (message.finish) {
			const f = message.finish;
			void finish(f.lastChat, f.lastAlert, f.sent, f.timeoutMs).then((report) => {
				process.send!({ report }, () => process.exit(0));
			});
		}
	}
);
