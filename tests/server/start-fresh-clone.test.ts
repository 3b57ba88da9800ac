/**
 * The acceptance test of `npm start` on a fresh clone with no desktop application: in a copy of the
 * project's tracked files (no build/, no .svelte-kit/), it builds the app, falls back to the built-in
 * simulator and prints a working dashboard URL. How long that takes (build included; 7–18 s measured
 * alone) is a figure, not a test: the suite waits on the URL itself, with a ceiling that only ends a
 * run that hangs, so a busy machine cannot fail it.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { closedPort, http, tempDir } from './helpers';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/**
 * Only a hung start-up reaches this: four build steps on a loaded 2-core machine took over 60 s, and
 * with the gzip step (build-tools/compress.ts) 206 s under a load average of 5–7 (branch compress46).
 */
const READY_WITHIN_MS = 330_000;

const tmp = tempDir('fresh-clone-');
let child: ChildProcess | undefined;
afterAll(() => {
	if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
	tmp.remove();
});

/** What a clone holds: the tracked files as they are in this work tree, plus the installed node_modules. */
function freshClone(): string {
	const dir = join(tmp.dir, 'clone');
	const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
		.split('\0')
		.filter(Boolean);
	for (const path of tracked) {
		if (!existsSync(join(ROOT, path))) continue; // deleted in the work tree, not yet committed
		mkdirSync(dirname(join(dir, path)), { recursive: true });
		cpSync(join(ROOT, path), join(dir, path));
	}
	symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'junction');
	return dir;
}

describe('npm start on a fresh clone', () => {
	it(
		'builds, falls back to the simulator and prints a working dashboard URL',
		{ timeout: 390_000 },
		async () => {
			const dir = freshClone();
			expect(existsSync(join(dir, 'build'))).toBe(false);
			expect(existsSync(join(dir, '.svelte-kit'))).toBe(false);
			const api = `http://127.0.0.1:${await closedPort()}`;

			let output = '';
			const url = await new Promise<string>((done, fail) => {
				child = spawn(
					process.execPath,
					[
						'--import',
						'tsx',
						'src/server/start.ts',
						'--host',
						'127.0.0.1',
						'--port',
						'0',
						'--api',
						api
					],
					{
						cwd: dir,
						env: { ...process.env, STREAM_TOKEN: '', LC_ALL: '', LC_MESSAGES: '', LANG: 'C.UTF-8' },
						stdio: ['ignore', 'pipe', 'pipe']
					}
				);
				const deadline = setTimeout(
					() => fail(new Error(`no dashboard URL within ${READY_WITHIN_MS / 1000} s:\n${output}`)),
					READY_WITHIN_MS
				);
				const collect = (chunk: Buffer) => {
					output += chunk.toString();
					const match = /Dashboard on this PC:\s+(http:\/\/\S+)/.exec(output);
					if (match) {
						clearTimeout(deadline);
						done(match[1]!);
					}
				};
				child.stdout!.on('data', collect);
				child.stderr!.on('data', collect);
				child.on('exit', () => {
					clearTimeout(deadline);
					fail(new Error(`exited before printing a URL:\n${output}`));
				});
			});

			expect(output).toMatch(
				/Building the app \(first run or sources changed\)…\nBuilt in [\d.]+ s\./
			);
			expect(output).toMatch(/serving the built-in simulator/);
			expect(existsSync(join(dir, 'build', 'index.html'))).toBe(true);
			const { origin, hash } = new URL(url);
			const token = /^#\/\?token=(.+)$/.exec(hash)?.[1];
			expect(token).toBeTruthy();
			expect(output).toContain(`Demo token (for the simulator only): ${token}`);
			// The page just built: the app's own document, with the companion's same-origin marker.
			const page = await http('GET', `${origin}/`);
			expect(page.status).toBe(200);
			expect(page.body).toContain('name="stream-control-origin"');
			// Its policy, in the page (the built <meta>) and as the companion's header.
			expect(page.body).toMatch(
				/<meta http-equiv="content-security-policy" content="default-src 'none';[^"]*script-src 'self' 'sha256-/i
			);
			expect(page.headers['content-security-policy']).toMatch(
				/script-src 'self' 'sha256-[^']+'.*connect-src 'self'/
			);
			const meta = await http('GET', `${origin}/api/meta?token=${token}`);
			expect(meta).toMatchObject({
				status: 200,
				json: { status: 200, apiVersion: expect.any(Number) }
			});
			expect((await http('GET', `${origin}/api/meta?token=wrong`)).status).toBe(401);

			const exited = new Promise<number | null>((done) =>
				child!.once('exit', (code) => done(code))
			);
			child!.kill('SIGTERM');
			expect(await exited).toBe(0);
		}
	);
});
