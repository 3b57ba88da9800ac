/**
 * The Chromium builds broadcasting software embeds (OBS 28–30: 103; OBS 31+: 127), from the
 * `chromium-103` / `chromium-127` dev dependencies (@sparticuz/chromium). Unpacked on first use into
 * node_modules/.cache/obs-chromium/<version>/, then launched headless and driven over CDP.
 * Used by the browser tests and by the bench.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
	createReadStream,
	createWriteStream,
	existsSync,
	mkdirSync,
	renameSync,
	rmSync,
	chmodSync
} from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { resolve, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { extract } from 'tar-fs';
import { CHROMIUM_ARGS } from './harness';

export type EngineVersion = '103' | '127';
export const ENGINES: EngineVersion[] = ['103', '127'];

const ROOT = resolve(import.meta.dirname, '../..');
const CACHE = resolve(ROOT, 'node_modules/.cache/obs-chromium');

/** Where an engine's files are; its `chromium` binary is unpacked on the first call. */
export async function enginePath(version: EngineVersion): Promise<string> {
	const dir = join(CACHE, version);
	const binary = join(dir, 'chromium');
	if (existsSync(binary)) return binary;
	mkdirSync(CACHE, { recursive: true });
	// Several test forks may get here at once: each unpacks into its own temp dir and renames it into
	// place; the first rename wins and the others throw theirs away.
	const temp = await mkdtemp(join(CACHE, `${version}-tmp-`));
	try {
		const bin = resolve(ROOT, `node_modules/chromium-${version}/bin`);
		await pipeline(
			createReadStream(join(bin, 'chromium.br')),
			createBrotliDecompress(),
			createWriteStream(join(temp, 'chromium'))
		);
		chmodSync(join(temp, 'chromium'), 0o755);
		// SwiftShader (software GL): Chromium looks for libEGL/libGLESv2 beside itself.
		await pipeline(
			createReadStream(join(bin, 'swiftshader.tar.br')),
			createBrotliDecompress(),
			extract(temp)
		);
		try {
			renameSync(temp, dir);
		} catch (error) {
			if (!existsSync(binary)) throw error;
		}
	} finally {
		if (existsSync(temp)) rmSync(temp, { recursive: true, force: true });
	}
	return binary;
}

export interface Engine {
	version: EngineVersion;
	browser: Browser;
	close(): Promise<void>;
}

/**
 * Launches an engine and connects over CDP. Playwright's `chromium.launch` drives Chromium through
 * its own pipe protocol and expects a current build, so the old engines are started as plain processes
 * with a DevTools port and attached with `connectOverCDP`.
 */
export async function launchEngine(
	version: EngineVersion,
	extraArgs: string[] = []
): Promise<Engine> {
	const binary = await enginePath(version);
	const userDataDir = await mkdtemp(join(CACHE, `profile-${version}-`));
	const child: ChildProcess = spawn(
		binary,
		[
			...CHROMIUM_ARGS,
			'--headless=new',
			'--remote-debugging-port=0',
			`--user-data-dir=${userDataDir}`,
			'--no-zygote',
			'--use-gl=swiftshader',
			'--hide-scrollbars',
			'--mute-audio',
			...extraArgs,
			'about:blank'
		],
		{ stdio: ['ignore', 'ignore', 'pipe'] }
	);
	const exited = new Promise<never>((_, fail) =>
		child.once('exit', (code) =>
			fail(new Error(`Chromium ${version} exited (${code}) before DevTools was ready`))
		)
	);
	const wsUrl = await Promise.race([
		new Promise<string>((ok) => {
			const lines = createInterface({ input: child.stderr! });
			lines.on('line', (line) => {
				const match = /DevTools listening on (ws:\/\/\S+)/.exec(line);
				if (match) ok(match[1]!);
			});
		}),
		exited
	]);
	child.stderr!.resume();
	const browser = await chromium.connectOverCDP(wsUrl);
	return {
		version,
		browser,
		async close() {
			await browser.close().catch(() => {});
			if (child.exitCode === null) {
				const gone = new Promise((ok) => child.once('exit', ok));
				child.kill('SIGTERM');
				await gone;
			}
			rmSync(userDataDir, { recursive: true, force: true });
		}
	};
}
