/** Builds the static app when build/index.html or build/widget.html is missing or older than the sources. */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the build reads besides src/, static/, build-tools/ and messages/: a change to any of them makes the build stale. */
export const BUILD_INPUT_FILES = [
	'svelte.config.js',
	'vite.config.ts',
	'package-lock.json',
	'project.inlang/settings.json'
] as const;

function newestMtime(dir: string): number {
	let newest = 0;
	let entries;
	try {
		entries = readdirSync(dir, { withFileTypes: true });
	} catch {
		return 0;
	}
	for (const entry of entries) {
		// Hidden entries are made by the build itself (build-tools/.paraglide-english/), never its input.
		if (entry.name.startsWith('.')) continue;
		const path = join(dir, entry.name);
		if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
		else if (entry.isFile()) newest = Math.max(newest, statSync(path).mtimeMs);
	}
	return newest;
}

function mtimeOf(file: string): number {
	try {
		return statSync(file).mtimeMs;
	} catch {
		return 0;
	}
}

/**
 * What each step of a build makes (`npm run build`): the app (split), the standalone app for file://,
 * the widget-only page, its demo script, its other languages, then the gzip copies the companion
 * sends (widget.html's written last). A build that stopped halfway leaves one missing or old.
 */
export const BUILT_PAGES = [
	'index.html',
	'standalone.html',
	'widget.html',
	'widget-demo.js',
	'widget-languages.js',
	'widget.html.companion.gz'
] as const;
/** Vite's arguments for each step of `npm run build` but the last, build-tools/compress.ts. */
const BUILD_STEPS = [
	['build'],
	['build', '--mode', 'standalone'],
	['build', '-c', 'build-tools/widget-page.config.ts'],
	['build', '-c', 'build-tools/widget-demo.config.ts'],
	['build', '-c', 'build-tools/widget-languages.config.ts']
] as const;

export function buildIsStale(projectDir: string, buildDir: string): boolean {
	let built = Infinity;
	try {
		for (const page of BUILT_PAGES) built = Math.min(built, statSync(join(buildDir, page)).mtimeMs);
	} catch {
		return true;
	}
	const sources = Math.max(
		newestMtime(join(projectDir, 'src')),
		newestMtime(join(projectDir, 'static')),
		newestMtime(join(projectDir, 'build-tools')),
		newestMtime(join(projectDir, 'messages')),
		...BUILD_INPUT_FILES.map((file) => mtimeOf(join(projectDir, file)))
	);
	return sources > built;
}

/**
 * The command that runs Vite: this very Node with Vite's own JS entry, resolved from the project. No
 * `npx` and no shell, so it works the same on Windows (where `npx` is a .cmd file).
 */
export function viteBuildCommand(
	projectDir: string,
	args: readonly string[] = ['build']
): { command: string; args: string[] } {
	const require = createRequire(join(projectDir, 'package.json'));
	const manifestPath = require.resolve('vite/package.json');
	const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
		bin?: string | Record<string, string>;
	};
	const bin =
		typeof manifest.bin === 'string' ? manifest.bin : (manifest.bin?.vite ?? 'bin/vite.js');
	return { command: process.execPath, args: [join(dirname(manifestPath), bin), ...args] };
}

type BuildResult = { ok: true } | { ok: false; tail: string };

/**
 * The build's last step, the gzip copies (build-tools/compress.ts), run as `npm run build` runs it: by
 * tsx, here as this Node with tsx's loader resolved from the project. The companion itself never
 * loads the compressor.
 */
export function compressCommand(projectDir: string): { command: string; args: string[] } {
	const loader = createRequire(join(projectDir, 'package.json')).resolve('tsx');
	return {
		command: process.execPath,
		args: ['--import', pathToFileURL(loader).href, join(projectDir, 'build-tools', 'compress.ts')]
	};
}

/** Runs the build's steps (`npm run build`) one after the other; resolves with the failing step's last lines. */
export async function runBuild(projectDir: string): Promise<BuildResult> {
	const steps = [
		...BUILD_STEPS.map((args) => () => viteBuildCommand(projectDir, args)),
		() => compressCommand(projectDir)
	];
	for (const step of steps) {
		const result = await runStep(projectDir, step);
		if (!result.ok) return result;
	}
	return { ok: true };
}

/** Runs one step; resolves with its output's last lines on failure. */
function runStep(
	projectDir: string,
	commandOf: () => { command: string; args: string[] }
): Promise<BuildResult> {
	return new Promise((done) => {
		let step: { command: string; args: string[] };
		try {
			step = commandOf();
		} catch (err) {
			return done({
				ok: false,
				tail: `Vite or tsx is not installed (run npm ci): ${(err as Error).message.split('\n')[0]}`
			});
		}
		// The build needs no secret: the streamer's token stays out of the child's environment.
		const { STREAM_TOKEN: _secret, ...env } = process.env;
		const child = spawn(step.command, step.args, {
			cwd: projectDir,
			stdio: ['ignore', 'pipe', 'pipe'],
			env
		});
		let output = '';
		const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
		child.stdout.on('data', keep);
		child.stderr.on('data', keep);
		child.on('error', (err) => done({ ok: false, tail: err.message }));
		child.on('close', (code) =>
			done(
				code === 0
					? { ok: true }
					: { ok: false, tail: output.trim().split('\n').slice(-15).join('\n') }
			)
		);
	});
}
