/** `npm start` as a process: prints working URLs, one-line errors, stops on SIGTERM. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanAddresses } from '../../src/server/lan';
import { startSimServer } from '../../src/server/sim-server';
import { closedPort, fakeBuild, hasOpenssl, http, makeCertificate, tempDir } from './helpers';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const tmp = tempDir('companion-cli-');
const buildDir = fakeBuild(tmp.dir);

interface Run {
	child: ChildProcess;
	output(): string;
	/** Resolves with the first match of a pattern in stdout+stderr. */
	waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
	exited: Promise<number | null>;
}

/** Every process started here; any still running when the suite ends (a failed test) is stopped. */
const started: ChildProcess[] = [];

function runStart(args: string[], env: Record<string, string> = {}): Run {
	// One process (no tsx wrapper), so a signal reaches the server itself and cleanup leaves no orphan.
	const child = spawn(
		process.execPath,
		[
			'--import',
			'tsx',
			'src/server/start.ts',
			'--host',
			'127.0.0.1',
			'--build-dir',
			buildDir,
			'--shares',
			join(tmp.dir, 'shares.json'),
			...args
		],
		{
			cwd: ROOT,
			// English unless a test asks otherwise: the log follows the system locale.
			env: {
				...process.env,
				STREAM_TOKEN: '',
				LC_ALL: '',
				LC_MESSAGES: '',
				LANG: 'C.UTF-8',
				...env
			},
			stdio: ['ignore', 'pipe', 'pipe']
		}
	);
	started.push(child);
	let text = '';
	const waiters: (() => void)[] = [];
	const collect = (chunk: Buffer) => {
		text += chunk.toString();
		waiters.forEach((w) => w());
	};
	child.stdout!.on('data', collect);
	child.stderr!.on('data', collect);
	const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
	return {
		child,
		output: () => text,
		exited,
		waitFor(pattern) {
			return new Promise((done, fail) => {
				const check = () => {
					const match = pattern.exec(text);
					if (match) done(match);
				};
				waiters.push(check);
				check();
				exited.then(() =>
					setTimeout(() => fail(new Error(`exited before ${pattern}:\n${text}`)), 50)
				);
			});
		}
	};
}

/** Decodes a QR code printed by uqr's renderUnicodeCompact (light modules drawn, two rows per line). */
function decodeTerminalQr(text: string): string | undefined {
	const lines = text.split('\n').filter((l) => l.length > 0);
	const scale = 4;
	const margin = 4;
	const cols = Math.max(...lines.map((l) => [...l].length));
	const size = { w: (cols + 2 * margin) * scale, h: (lines.length * 2 + 2 * margin) * scale };
	const pixels = new Uint8ClampedArray(size.w * size.h * 4).fill(255);
	lines.forEach((line, row) =>
		[...line].forEach((ch, col) => {
			const light = {
				'█': [true, true],
				'▀': [true, false],
				'▄': [false, true],
				' ': [false, false]
			}[ch] ?? [true, true];
			light.forEach((isLight, half) => {
				if (isLight) return;
				for (let y = 0; y < scale; y++)
					for (let x = 0; x < scale; x++) {
						const px = (col + margin) * scale + x;
						const py = (row * 2 + half + margin) * scale + y;
						pixels.fill(0, (py * size.w + px) * 4, (py * size.w + px) * 4 + 3);
					}
			});
		})
	);
	return jsQR(pixels, size.w, size.h)?.data;
}

let busy: Server;
let sim: Awaited<ReturnType<typeof startSimServer>>;
beforeAll(async () => {
	busy = createServer();
	await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done));
	sim = await startSimServer({ port: 0, host: '127.0.0.1', token: 'cli-real-token-123' });
});
afterAll(async () => {
	for (const child of started)
		if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
	await new Promise((done) => busy.close(done));
	await sim.close();
	tmp.remove();
});

describe('npm start', () => {
	it('falls back to the simulator, prints working URLs with the demo token, and stops on SIGTERM', async () => {
		const run = runStart(['--port', '0', '--api', `http://127.0.0.1:${await closedPort()}`]);
		const [, url] = await run.waitFor(/Dashboard on this PC:\s+(http:\/\/\S+)/);
		await run.waitFor(/Stop with Ctrl\+C/);
		expect(run.output()).toMatch(/serving the built-in simulator/);
		expect(run.output()).toMatch(/Widget builder:\s+http:\/\/127\.0\.0\.1:\d+\/#\/widgets\?token=/);
		const { origin, hash } = new URL(url!);
		expect(hash).toMatch(/^#\/\?token=.+/);
		const page = await http('GET', `${origin}/`);
		expect(page.body).toContain('name="stream-control-origin"');
		const token = hash.split('token=')[1]!;
		expect((await http('GET', `${origin}/api/meta?token=${token}`)).status).toBe(200);
		run.child.kill('SIGTERM');
		expect(await run.exited).toBe(0);
	});

	it('says so in one line when the port is in use', async () => {
		const address = busy.address();
		const port = typeof address === 'object' && address ? address.port : 0;
		const run = runStart(['--port', String(port), '--demo']);
		expect(await run.exited).toBe(1);
		expect(run.output().trim().split('\n').at(-1)).toBe(`Port ${port} is in use: pass --port N`);
	});

	it('with a token, reports an unreachable application or a rejected token, never the token', async () => {
		const secret = 'cli-secret-token-abc';
		const unreachable = runStart(
			['--port', '0', '--api', `http://127.0.0.1:${await closedPort()}`],
			{ STREAM_TOKEN: secret }
		);
		expect(await unreachable.exited).toBe(1);
		expect(unreachable.output()).toMatch(/No application answers at http:\/\/127\.0\.0\.1:\d+/);
		const rejected = runStart(['--port', '0', '--api', sim.url, '--token', secret]);
		expect(await rejected.exited).toBe(1);
		expect(rejected.output()).toMatch(/rejected the token \(HTTP 401\)/);
		expect(unreachable.output() + rejected.output()).not.toContain(secret);
	});

	it('starts against a real application with its token, without printing it', async () => {
		const run = runStart(['--port', '0', '--api', sim.url], { STREAM_TOKEN: 'cli-real-token-123' });
		const [, url] = await run.waitFor(/Dashboard on this PC:\s+(http:\/\/\S+)/);
		expect(url).toMatch(/\/#\/$/);
		await run.waitFor(/Share links: on/);
		await run.waitFor(/Stop with Ctrl\+C/);
		// A new streamer's next steps, in three lines, last before "Stop": the address, where the token is, pairing.
		const lines = run.output().trim().split('\n');
		expect(lines.slice(-4, -1)).toEqual([
			`1. Open ${url} in a browser on this PC.`,
			'2. Paste the token from the application (Settings → API) on the Connect page, and press Connect.',
			'3. Pair your phone: on the Connect page, tap "Open on your phone" and scan its code with the phone\'s camera.'
		]);
		expect(run.output()).not.toContain('cli-real-token-123');
		run.child.kill('SIGINT');
		expect(await run.exited).toBe(0);
	});

	it('--help shows the token for bash and zsh, PowerShell and cmd, and turning share links on from the dashboard', async () => {
		const run = runStart(['--help']);
		expect(await run.exited).toBe(0);
		const out = run.output();
		for (const form of [
			"STREAM_TOKEN='your-token' npm start",
			"npm start -- --token 'your-token'",
			"$env:STREAM_TOKEN='your-token'; npm start",
			"npm start '--' --token 'your-token'",
			'set "STREAM_TOKEN=your-token" && npm start',
			'npm start -- --token "your-token"'
		])
			expect(out).toContain(form);
		expect(out).toMatch(/bash, zsh[\s\S]*PowerShell[\s\S]*cmd/);
		expect(out).toMatch(/Without any variable: .*\n?.*"Turn share links on"/);
	});

	it.skipIf(lanAddresses().length === 0)(
		'on every interface, the terminal QR opens the LAN dashboard with no token, and points to the dashboard for the phone',
		async () => {
			const run = runStart(['--host', '0.0.0.0', '--port', '0', '--api', sim.url], {
				STREAM_TOKEN: 'cli-real-token-123'
			});
			await run.waitFor(/Stop with Ctrl\+C/);
			const out = run.output();
			const [, lanUrl] = /Dashboard on your LAN:\s+(http:\/\/\S+)/.exec(out) ?? [];
			expect(lanUrl).toMatch(/^http:\/\/[\d.]+:\d+\/#\/$/);
			const qr =
				/Scan with your phone.*\n([\s\S]*?)\nThis code carries the address only/.exec(out)?.[1] ??
				'';
			expect(decodeTerminalQr(qr)).toBe(lanUrl);
			expect(out).toMatch(/"Open on your phone" on its Connect page/);
			expect(out).not.toContain('cli-real-token-123');
			run.child.kill('SIGTERM');
			expect(await run.exited).toBe(0);
		}
	);

	it('in demo mode, the first step opens the address with the demo token', async () => {
		const run = runStart(['--port', '0', '--demo']);
		const [, url] = await run.waitFor(/Dashboard on this PC:\s+(http:\/\/\S+)/);
		await run.waitFor(/Stop with Ctrl\+C/);
		expect(run.output()).toContain(`1. Open ${url} in a browser on this PC.`);
		expect(run.output()).toMatch(
			/^2\. That address carries the demo token; for the application, paste its token \(in the application: Settings → API\)/m
		);
		expect(run.output()).toMatch(/^3\. Pair your phone/m);
		run.child.kill('SIGTERM');
		expect(await run.exited).toBe(0);
	});

	it.skipIf(!hasOpenssl)(
		'with --cert and --key, serves https and prints https addresses',
		async () => {
			const { certFile, keyFile, cert } = makeCertificate(tmp.dir);
			const run = runStart(
				['--port', '0', '--api', sim.url, '--cert', certFile, '--key', keyFile],
				{ STREAM_TOKEN: 'cli-real-token-123' }
			);
			const [, url] = await run.waitFor(/Dashboard on this PC:\s+(\S+)/);
			await run.waitFor(/Stop with Ctrl\+C/);
			expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/#\/$/);
			expect(run.output()).toMatch(/Widget builder:\s+https:\/\//);
			expect(run.output()).toContain(`1. Open ${url} in a browser on this PC.`);
			const { origin } = new URL(url!);
			const page = await http('GET', `${origin}/`, { ca: cert });
			expect(page.body).toContain('name="stream-control-origin"');
			expect(
				(
					await http('GET', `${origin}/api/meta`, {
						ca: cert,
						headers: { authorization: 'Bearer cli-real-token-123' }
					})
				).status
			).toBe(200);
			run.child.kill('SIGTERM');
			expect(await run.exited).toBe(0);
		}
	);

	it('stops in one line, naming the flag and the file, for a certificate that cannot be read or --cert without --key', async () => {
		const missing = join(tmp.dir, 'no-such-cert.pem');
		const keyFile = join(tmp.dir, 'no-such-key.pem');
		const bad = runStart(['--port', '0', '--demo', '--cert', missing, '--key', keyFile]);
		expect(await bad.exited).toBe(1);
		expect(bad.output().trim()).toBe(`--cert ${missing}: cannot read it (no such file)`);
		const alone = runStart(['--port', '0', '--demo', '--cert', missing]);
		expect(await alone.exited).toBe(1);
		expect(alone.output().trim()).toBe(
			'--cert needs --key FILE too: give both, or neither for plain http'
		);
	});

	it('refuses unknown flags in one line', async () => {
		const run = runStart(['--prot', '1']);
		expect(await run.exited).toBe(1);
		expect(run.output()).toMatch(/Unknown option '--prot'.*see --help/);
	});

	it('prints its start log in the language --lang names, or the system locale', async () => {
		const german = runStart(['--port', '0', '--demo', '--lang', 'de']);
		const [, url] = await german.waitFor(/Dashboard auf diesem PC:\s+(http:\/\/\S+)/);
		await german.waitFor(/Beenden mit Strg\+C\./);
		expect(german.output()).toMatch(
			/^Widget-Baukasten:\s+http:\/\/127\.0\.0\.1:\d+\/#\/widgets\?token=/m
		);
		expect(german.output()).toContain(`1. Öffne ${url} in einem Browser auf diesem PC.`);
		// The labels' column: every address starts where the longest German label ends, plus two spaces.
		const rows = german
			.output()
			.match(/^(Dashboard auf diesem PC:|Widget-Baukasten:|API-Anfragen gehen an:)\s+/gm)!;
		expect(new Set(rows.map((r) => r.length)).size).toBe(1);
		german.child.kill('SIGTERM');
		expect(await german.exited).toBe(0);
		expect(german.output()).toMatch(/SIGTERM: wird beendet…/);

		const french = runStart(['--port', '0', '--demo'], { LANG: 'fr_FR.UTF-8' });
		await french.waitFor(/Arrête avec Ctrl\+C\./);
		expect(french.output()).toMatch(/^Tableau de bord sur ce PC :\s+http:\/\//m);
		french.child.kill('SIGTERM');
		expect(await french.exited).toBe(0);
	});

	it('refuses an unknown --lang in one line, naming the languages', async () => {
		const run = runStart(['--port', '0', '--demo', '--lang', 'klingon']);
		expect(await run.exited).toBe(1);
		expect(run.output().trim()).toBe('--lang must be one of en, es, pt-BR, de, fr');
	});

	it('says its start-up errors in the start log’s language: --lang, else the system’s', async () => {
		const port = runStart(['--port', 'x', '--demo', '--lang', 'de']);
		expect(await port.exited).toBe(1);
		expect(port.output().trim()).toBe('--port muss eine ganze Zahl von 0 bis 65535 sein');
		const flag = runStart(['--prot', '1'], { LANG: 'fr_FR.UTF-8' });
		expect(await flag.exited).toBe(1);
		expect(flag.output().trim()).toBe("Option inconnue '--prot' (voir --help)");
		const lang = runStart(['--port', '0', '--lang', 'klingon'], { LANG: 'es_ES.UTF-8' });
		expect(await lang.exited).toBe(1);
		expect(lang.output().trim()).toBe(
			'--lang debe ser uno de estos idiomas: en, es, pt-BR, de, fr'
		);
	});

	it('never repeats a stray argument, which may be a token npm left behind', async () => {
		const run = runStart(['cli-stray-token-789']);
		expect(await run.exited).toBe(1);
		expect(run.output().trim()).toBe(
			'npm start takes options only, each starting with -- (see --help)'
		);
		expect(run.output()).not.toContain('cli-stray-token-789');
	});

	it('refuses a broken --subathon rule in one line, naming it', async () => {
		const run = runStart(['--port', '0', '--demo', '--subathon', 'subscriber=60,bits']);
		expect(await run.exited).toBe(1);
		expect(run.output().trim()).toBe(
			'--subathon: "bits" is not kind=seconds or kind=seconds/amount (e.g. subscriber=60,bits=1/100)'
		);
	});
});
