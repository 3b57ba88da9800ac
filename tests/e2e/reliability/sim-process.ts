/**
 * The simulator CLI as a process of its own (`node --import tsx src/server/sim-cli.ts`), driven through
 * its /__sim/ control API: what a test needs to kill the application for real (SIGKILL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoggedRequest, Profile } from '../../../src/lib/sim/types';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface SimProcess {
	url: string;
	port: number;
	child: ChildProcess;
	/** Sends one event envelope to every subscribed client. */
	emit(envelope: unknown): Promise<void>;
	/** restart: close every socket with 1012; stop / start: switch the API off (1000) and on. */
	control(action: 'restart' | 'stop' | 'start'): Promise<void>;
	requestsSince(seq: number): Promise<LoggedRequest[]>;
	/** SIGKILL: no close frame, no goodbye; resolves once the process is gone. */
	kill(): Promise<void>;
	/** SIGTERM, as Ctrl+C would; resolves once the process is gone. */
	stop(): Promise<void>;
}

export async function startSimProcess(opts: {
	port: number;
	token: string;
	pingMs?: number;
	demo?: boolean;
	profile?: Profile;
}): Promise<SimProcess> {
	// One process (no tsx wrapper), so the signal reaches the server itself. The token goes by environment.
	const args = [
		'--import',
		'tsx',
		'src/server/sim-cli.ts',
		'--port',
		String(opts.port),
		'--ping-ms',
		String(opts.pingMs ?? 5000),
		'--profile',
		opts.profile ?? 'current'
	];
	const child = spawn(process.execPath, opts.demo === false ? args : [...args, '--demo'], {
		cwd: ROOT,
		env: { ...process.env, SIM_TOKEN: opts.token },
		stdio: ['ignore', 'pipe', 'pipe']
	});
	const exited = new Promise<void>((done) => child.once('exit', () => done()));
	let output = '';
	const url = await new Promise<string>((done, fail) => {
		const collect = (chunk: Buffer) => {
			output += chunk.toString();
			const match = /simulator listening on (http:\/\/\S+)/.exec(output);
			if (match) done(match[1]!);
		};
		child.stdout!.on('data', collect);
		child.stderr!.on('data', collect);
		void exited.then(() => fail(new Error(`the simulator exited before listening: ${output}`)));
	});
	const token = encodeURIComponent(opts.token);
	const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
		const res = await fetch(`${url}/__sim/${path}${path.includes('?') ? '&' : '?'}token=${token}`, {
			method,
			headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body)
		});
		if (!res.ok) throw new Error(`/__sim/${path.split('?')[0]} answered ${res.status}`);
		return res.json() as Promise<Record<string, unknown>>;
	};
	const end = async (signal: NodeJS.Signals) => {
		if (child.exitCode === null && child.signalCode === null) child.kill(signal);
		await exited;
	};
	return {
		url,
		port: Number(new URL(url).port),
		child,
		emit: async (envelope) => void (await call('POST', 'emit', envelope)),
		control: async (action) => void (await call('POST', action, {})),
		requestsSince: async (seq) =>
			(await call('GET', `requests?since=${seq}`)).requests as LoggedRequest[],
		kill: () => end('SIGKILL'),
		stop: () => end('SIGTERM')
	};
}
