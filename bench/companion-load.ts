/**
 * The companion server under load: the simulator (here) pushes chat lines and alerts at a steady
 * rate; the companion (`npm start`'s server, its own process) relays them to widget sockets and
 * dashboards; a clients process (companion-clients.ts) receives them through the companion and, as
 * the reference, straight from the simulator. Reports what the proxy adds to each event's delivery,
 * events lost, and the companion's memory (RSS) once warmed up and at the end.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { startSimServer } from '../src/server/sim-server';
import { BUILD_DIR } from '../tests/e2e/harness';
import { wallNow } from './clock';
import type { ClientsReport, ClientsStart } from './companion-clients';
import { Histogram } from './histogram';
import { MiB, ms, sleep } from './stats';
import { row, type Row } from './table';
import { alertEnvelope, chatEnvelope, sendAtRate } from './traffic';

export interface CompanionLoadOptions {
	durationS: number;
	perSecond: number;
	widgets: number;
	dashboards: number;
	/** Sockets straight to the simulator: the reference each proxied receipt is compared with. */
	direct: number;
}

export interface CompanionLoadReport extends CompanionLoadOptions {
	sent: number;
	clients: ClientsReport;
	/** Companion RSS in bytes: idle (sockets open, no traffic), once warmed up, every 10 s, at the end. */
	rss: { idle: number; warm: number; end: number; samples: number[] };
	warmUpS: number;
}

const TSX = ['--import', 'tsx'];

/** A forked bench process; `next` resolves with its next message that has `key`. */
function child(script: string, args: string[]) {
	const process_ = fork(join(import.meta.dirname, script), args, {
		execArgv: TSX,
		stdio: ['ignore', 'inherit', 'inherit', 'ipc']
	});
	const waiting: { key: string; resolve: (m: Record<string, unknown>) => void }[] = [];
	process_.on('message', (message: Record<string, unknown>) => {
		const i = waiting.findIndex((w) => w.key in message || 'error' in message);
		if (i >= 0) waiting.splice(i, 1)[0]!.resolve(message);
	});
	const next = <T>(key: string, timeoutMs: number) =>
		new Promise<T>((resolve, reject) => {
			const timer = setTimeout(
				() => reject(new Error(`${script}: no "${key}" within ${timeoutMs / 1000} s`)),
				timeoutMs
			);
			const exited = (code: number | null) =>
				reject(new Error(`${script} exited (${code}) before "${key}"`));
			process_.once('exit', exited);
			waiting.push({
				key,
				resolve: (message) => {
					clearTimeout(timer);
					// One `next` every 10 s for the RSS samples: each must take its listener back.
					process_.off('exit', exited);
					if ('error' in message) reject(new Error(`${script}: ${String(message.error)}`));
					else resolve(message[key] as T);
				}
			});
		});
	return { process: process_, next };
}

const stop = (p: ChildProcess | undefined) => {
	if (p && p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
};

export async function measureCompanionLoad(
	options: CompanionLoadOptions
): Promise<CompanionLoadReport> {
	const token = `bench-${randomBytes(12).toString('hex')}`;
	const sim = await startSimServer({ port: 0, token });
	let companion: ReturnType<typeof child> | undefined;
	let clients: ReturnType<typeof child> | undefined;
	try {
		companion = child('companion-child.ts', [`http://127.0.0.1:${sim.port}`, BUILD_DIR]);
		const companionPort = await companion.next<number>('port', 60_000);
		const rss = () => {
			companion!.process.send({ rss: true });
			return companion!.next<number>('rss', 10_000);
		};
		clients = child('companion-clients.ts', []);
		const start: ClientsStart = {
			companionPort,
			simPort: sim.port,
			token,
			widgets: options.widgets,
			dashboards: options.dashboards,
			direct: options.direct
		};
		clients.process.send({ start });
		await clients.next<number>('ready', 120_000);
		await sleep(1000);
		const idle = await rss();

		const count = Math.round(options.durationS * options.perSecond);
		const warmUpS = Math.min(30, options.durationS / 5);
		let warm = Number.NaN;
		const samples: number[] = [];
		const sampler = setInterval(
			() =>
				void rss().then(
					(value) => samples.push(value),
					() => undefined
				),
			10_000
		);
		const warmTimer = setTimeout(
			() =>
				void rss().then(
					(value) => (warm = value),
					() => undefined
				),
			warmUpS * 1000
		);
		let lastChat = -1;
		let lastAlert = -1;
		// Even sequence numbers are chat lines, odd ones alerts; each names its number and send time.
		const sent = await sendAtRate(count, options.perSecond, (seq) => {
			const mark = `bench-load-${seq}@${wallNow().toFixed(3)}`;
			if (seq % 2 === 0) {
				sim.sim.emit(chatEnvelope(seq, `load ${mark}`));
				lastChat = seq;
			} else {
				sim.sim.emit(alertEnvelope(seq, mark));
				lastAlert = seq;
			}
		});
		clearInterval(sampler);
		clearTimeout(warmTimer);
		clients.process.send({ finish: { lastChat, lastAlert, sent, timeoutMs: 30_000 } });
		const report = await clients.next<ClientsReport>('report', 120_000);
		const end = await rss();
		if (!Number.isFinite(warm)) warm = samples[0] ?? end;
		companion.process.send({ close: true });
		return { ...options, sent, clients: report, rss: { idle, warm, end, samples }, warmUpS };
	} finally {
		stop(clients?.process);
		await sleep(200);
		stop(companion?.process);
		await sim.close();
	}
}

export const ADDED_P99_LIMIT_MS = 5;
/** Memory counts as flat when the end is within this share of the warmed-up reading. */
export const RSS_GROWTH_LIMIT = 0.1;

export function companionLoadRows(r: CompanionLoadReport): Row[] {
	const pct = (sparse: number[], ...ranks: number[]) =>
		ranks.map((rank) => `p${rank} ${ms(Histogram.percentile(sparse, rank), 2)}`).join(', ');
	const c = r.clients;
	const addedP99 = Histogram.percentile(c.added, 99);
	const growth = r.rss.end / r.rss.warm - 1;
	const title = `Companion under load (${r.widgets} widget sockets and ${r.dashboards} dashboards through the proxy, ${r.perSecond} events/s for ${minutes(r.durationS)})`;
	return [
		row(
			`${title}: latency the proxy adds (proxied receipt − same event received straight from the simulator)`,
			pct(c.added, 50, 95, 99),
			`p99 ≤ ${ms(ADDED_P99_LIMIT_MS, 0)}`,
			addedP99 <= ADDED_P99_LIMIT_MS
		),
		row(
			'… event sent → received, straight from the simulator / through the companion',
			`${pct(c.directLatency, 50, 99)} / ${pct(c.proxiedLatency, 50, 99)}`,
			'—',
			'info'
		),
		row(
			'… events lost',
			`${count(c.missing)} of ${count(c.expected)} receipts (${count(r.sent)} events)${c.socketsMissing ? ` on ${c.socketsMissing} sockets` : ''}${
				c.closedEarly
					? `; ${c.closedEarly} sockets closed early (${Object.entries(c.closeCodes)
							.map(([code, n]) => `${code} ×${n}`)
							.join(
								', '
							)}; 1006: dropped, as the simulator's keepalive drops a socket that has not answered its ping in 30 s)`
					: ''
			}`,
			'0',
			c.missing === 0 && c.closedEarly === 0
		),
		row(
			'… companion memory (RSS): idle → warmed up → end',
			`${MiB(r.rss.idle)} → ${MiB(r.rss.warm)} (after ${r.warmUpS.toFixed(0)} s) → ${MiB(r.rss.end)} (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%); every 10 s: ${r.rss.samples.map((b) => (b / 1024 / 1024).toFixed(0)).join(', ')} MiB`,
			`flat (end within ${RSS_GROWTH_LIMIT * 100}% of warmed up)`,
			growth <= RSS_GROWTH_LIMIT
		)
	];
}

const count = (n: number) => n.toLocaleString('en-US');
const minutes = (s: number) => (s % 60 === 0 ? `${s / 60} min` : `${s} s`);
