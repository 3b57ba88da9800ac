/** Test helpers for the companion: loopback only, every server on an ephemeral port. */
/* eslint-disable @typescript-eslint/no-explicit-any -- frames and bodies are parsed JSON of any shape; each test asserts the fields it reads */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { request as tlsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket, type ClientOptions } from 'ws';
import { startCompanion, type Companion, type CompanionOptions } from '../../src/server/companion';
import { startSimServer } from '../../src/server/sim-server';
import { recordLint } from '../support/lint';

export const FAKE_INDEX =
	'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>fake app</title></head><body>fake dashboard</body></html>';

/** The widget-only page's stand-in, with a policy in a <meta> tag as the real build writes it. */
export const FAKE_WIDGET_PAGE =
	'<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="default-src \'none\'; connect-src \'self\' http: ws:; script-src \'self\' \'sha256-abc=\'"><title>fake widget</title></head><body>fake widget</body></html>';

export function tempDir(prefix: string): { dir: string; remove(): void } {
	const dir = mkdtempSync(join(tmpdir(), prefix));
	return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A tiny stand-in for the real build, so these tests never depend on `vite build`. */
export function fakeBuild(dir: string): string {
	writeFileSync(join(dir, 'index.html'), FAKE_INDEX);
	writeFileSync(join(dir, 'widget.html'), FAKE_WIDGET_PAGE);
	writeFileSync(join(dir, 'app.js'), 'console.log("fake");');
	writeFileSync(
		join(dir, 'standalone.html'),
		FAKE_WIDGET_PAGE.replace(/fake widget/g, 'fake standalone app')
	);
	mkdirSync(join(dir, '_app', 'immutable', 'chunks'), { recursive: true });
	writeFileSync(join(dir, '_app', 'immutable', 'chunks', 'C1.js'), 'export const fake = 1;');
	return dir;
}

/** A loopback port that nothing listens on. */
export async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
	const address = server.address();
	await new Promise<void>((done) => server.close(() => done()));
	if (typeof address !== 'object' || !address) throw new Error('no port');
	return address.port;
}

export interface Rig {
	companion: Companion;
	sim: Awaited<ReturnType<typeof startSimServer>>;
	realToken: string;
	logs: string[];
	buildDir: string;
	sharesFile: string;
	restartCompanion(extra?: Partial<CompanionOptions>): Promise<Companion>;
	close(): Promise<void>;
}

/** The real companion in front of a simulator that holds `realToken`. */
export async function startRig(
	extra: Partial<CompanionOptions> = {},
	profile: 'current' | 'legacy' = 'current'
): Promise<Rig> {
	const realToken = `REAL-${randomBytes(12).toString('hex')}`;
	const sim = await startSimServer({
		port: 0,
		host: '127.0.0.1',
		token: realToken,
		profile,
		onLog: recordLint
	});
	const tmp = tempDir('companion-');
	const buildDir = fakeBuild(tmp.dir);
	const sharesFile = join(tmp.dir, 'shares', 'links.json');
	const logs: string[] = [];
	const options: CompanionOptions = {
		port: 0,
		host: '127.0.0.1',
		api: sim.url,
		buildDir,
		sharesFile,
		realToken,
		log: (line) => logs.push(line),
		...extra
	};
	// Its own socket to the simulator settled first: its /api/meta and {subscribe} never land in a test's log.
	const ready = async (companion: Companion) => {
		await companion.events.ready();
		return companion;
	};
	const rig: Rig = {
		companion: await ready(await startCompanion(options)),
		sim,
		realToken,
		logs,
		buildDir,
		sharesFile,
		async restartCompanion(more = {}) {
			await rig.companion.close();
			rig.companion = await ready(await startCompanion({ ...options, ...more }));
			return rig.companion;
		},
		async close() {
			await rig.companion.close();
			await sim.close();
			tmp.remove();
		}
	};
	return rig;
}

export interface HttpAnswer {
	status: number;
	headers: IncomingHttpHeaders;
	body: string;
	json: any;
}

/** Plain node:http (node:https for https://, trusting `ca`), so any header (Origin included) goes out exactly as given. */
export function http(
	method: string,
	url: string,
	opts: { headers?: Record<string, string>; body?: string | object; ca?: string | Buffer } = {}
): Promise<HttpAnswer> {
	const body =
		opts.body === undefined
			? undefined
			: typeof opts.body === 'string'
				? opts.body
				: JSON.stringify(opts.body);
	return new Promise((done, fail) => {
		const bodyHeaders =
			body === undefined
				? {}
				: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
		const send = url.startsWith('https:') ? tlsRequest : request;
		const req = send(
			url,
			{ method, headers: { ...bodyHeaders, ...opts.headers }, ...(opts.ca ? { ca: opts.ca } : {}) },
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (c: Buffer) => chunks.push(c));
				res.on('end', () => {
					const text = Buffer.concat(chunks).toString('utf8');
					let json: unknown;
					try {
						json = JSON.parse(text);
					} catch {
						json = undefined;
					}
					done({ status: res.statusCode ?? 0, headers: res.headers, body: text, json });
				});
			}
		);
		req.on('error', fail);
		req.end(body);
	});
}

/** A websocket client that keeps every frame it received. */
export class TestSocket {
	readonly frames: any[] = [];
	readonly raw: string[] = [];
	readonly closed: Promise<{ code: number; reason: string }>;
	#waiters: { match: (f: any) => boolean; done: (f: any) => void }[] = [];

	private constructor(readonly ws: WebSocket) {
		ws.on('message', (data) => {
			const text = data.toString();
			this.raw.push(text);
			const frame = JSON.parse(text);
			this.frames.push(frame);
			this.#waiters = this.#waiters.filter((w) => (w.match(frame) ? (w.done(frame), false) : true));
		});
		this.closed = new Promise((done) =>
			ws.on('close', (code, reason) => done({ code, reason: reason.toString() }))
		);
	}

	/** Opens, or rejects with the HTTP status of a refused upgrade. */
	static open(
		url: string,
		headers: Record<string, string> = {},
		options: ClientOptions = {}
	): Promise<TestSocket> {
		return new Promise((done, fail) => {
			const ws = new WebSocket(url, { headers, ...options });
			const socket = new TestSocket(ws);
			ws.once('open', () => done(socket));
			ws.once('unexpected-response', (_req, res) => {
				// The refusal's body, parsed when it is JSON, rides along as `body`.
				let text = '';
				res.on('data', (chunk: Buffer) => (text += chunk.toString()));
				res.on('end', () => {
					let body: unknown = text;
					try {
						body = JSON.parse(text);
					} catch {
						/* not JSON: kept as text */
					}
					fail(
						Object.assign(new Error(`upgrade refused ${res.statusCode}`), {
							status: res.statusCode,
							body
						})
					);
				});
			});
			ws.once('error', fail);
		});
	}

	send(frame: unknown): void {
		this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
	}

	next(match: (frame: any) => boolean): Promise<any> {
		const seen = this.frames.find(match);
		if (seen) return Promise.resolve(seen);
		return new Promise((done) => this.#waiters.push({ match, done }));
	}

	reply(context: string | number): Promise<any> {
		return this.next((f) => f.context === context);
	}

	close(): void {
		this.ws.close();
	}
}

export const wsUrl = (httpUrl: string, token: string) =>
	`${httpUrl.replace(/^http/, 'ws')}/api?token=${encodeURIComponent(token)}`;

/** Whether openssl is on this machine, to make throwaway certificates with. */
export const hasOpenssl = (() => {
	try {
		execFileSync('openssl', ['version'], { stdio: 'ignore' });
		return true;
	} catch {
		return false;
	}
})();

/** A throwaway self-signed certificate for 127.0.0.1 and localhost, made here (no network), as PEM files in `dir`. */
export function makeCertificate(
	dir: string,
	name = 'companion'
): { certFile: string; keyFile: string; cert: Buffer; key: Buffer } {
	const certFile = join(dir, `${name}-cert.pem`);
	const keyFile = join(dir, `${name}-key.pem`);
	execFileSync(
		'openssl',
		[
			'req',
			'-x509',
			'-newkey',
			'ec',
			'-pkeyopt',
			'ec_paramgen_curve:prime256v1',
			'-nodes',
			'-keyout',
			keyFile,
			'-out',
			certFile,
			'-days',
			'1',
			'-subj',
			'/CN=127.0.0.1',
			'-addext',
			'subjectAltName=IP:127.0.0.1,DNS:localhost'
		],
		{ stdio: 'ignore' }
	);
	return { certFile, keyFile, cert: readFileSync(certFile), key: readFileSync(keyFile) };
}
