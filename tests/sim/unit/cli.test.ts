/** The CLI as a process: prints where it listens (never the token), refuses a bad setup by field, stops on SIGTERM and SIGINT. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const TOKEN = 'cli-secret-token-9';
const dir = mkdtempSync(join(tmpdir(), 'sim-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[], env: Record<string, string> = {}) {
	// `node --import tsx` runs one process (the .bin/tsx wrapper would start a second).
	const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/sim-cli.ts', ...args], {
		env: { ...process.env, ...env },
		stdio: ['ignore', 'pipe', 'pipe']
	});
	let out = '';
	child.stdout.on('data', (d: Buffer) => (out += d.toString()));
	child.stderr.on('data', (d: Buffer) => (out += d.toString()));
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
	const line = (pattern: RegExp) =>
		new Promise<RegExpMatchArray>((resolve, reject) => {
			const check = () => {
				const match = out.match(pattern);
				if (match) resolve(match);
			};
			child.stdout.on('data', check);
			child.stderr.on('data', check);
			void exited.then(() =>
				out.match(pattern)
					? resolve(out.match(pattern)!)
					: reject(new Error(`exited without ${pattern}: ${out}`))
			);
		});
	return { child, exited, line, output: () => out };
}

describe('sim CLI', () => {
	it('prints the URL once ready (never the token), serves, and stops cleanly on SIGTERM', async () => {
		const cli = run(['--port', '0', '--disable-feature', 'meta', 'premium', '--ping-ms', '1000'], {
			SIM_TOKEN: TOKEN
		});
		const [, url] = await cli.line(
			/simulator listening on (http:\/\/127\.0\.0\.1:\d+) \(profile current\)/
		);
		const res = await fetch(`${url}/api/retrieve?token=${TOKEN}`);
		expect(res.status).toBe(200);
		expect((await fetch(`${url}/api/meta?token=${TOKEN}`)).status).toBe(404);
		expect((await fetch(`${url}/api/premium?token=${TOKEN}`)).status).toBe(404);
		expect((await fetch(`${url}/api/retrieve?token=wrong`)).status).toBe(401);
		cli.child.kill('SIGTERM');
		expect(await cli.exited).toBe(0);
		expect(cli.output()).not.toContain(TOKEN);
	}, 20_000);

	it('stops cleanly on SIGINT (Ctrl+C) too, and the port is released', async () => {
		const cli = run(['--port', '0'], { SIM_TOKEN: TOKEN });
		const [, url] = await cli.line(
			/simulator listening on (http:\/\/127\.0\.0\.1:\d+) \(profile current\)/
		);
		expect((await fetch(`${url}/api/retrieve?token=${TOKEN}`)).status).toBe(200);
		cli.child.kill('SIGINT');
		expect(await cli.exited).toBe(0);
		await expect(fetch(`${url}/api/retrieve?token=${TOKEN}`)).rejects.toThrow();
		expect(cli.output()).not.toContain(TOKEN);
	}, 20_000);

	it('refuses a bad setup file with one line naming the field, exit code 1', async () => {
		const file = join(dir, 'bad-setup.json');
		writeFileSync(file, JSON.stringify({ lights: [{ id: 'l1', type: 5 }] }));
		const cli = run(['--port', '0', '--token', TOKEN, '--setup', file]);
		expect(await cli.exited).toBe(1);
		const lines = cli
			.output()
			.trim()
			.split('\n')
			.filter((l) => !l.startsWith('npm warn'));
		expect(lines).toEqual([
			`${file}: invalid setup: setup.lights[0].type must be a string (light type)`
		]);
	}, 20_000);
});
