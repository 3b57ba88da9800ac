/** Builds the static app when build/index.html or build/widget.html is missing or older than the sources. */
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(dir: string): number {
	let newest = 0;
	let entries;
	try {
		entries = readdirSync(dir, { withFileTypes: true });
	} catch {
		return 0;
	}
	for (const entry of entries) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
		else if (entry.isFile()) newest = Math.max(newest, statSync(path).mtimeMs);
	}
	return newest;
}

/** The pages a build makes (`npm run build`): the app, then the widget-only page. */
export const BUILT_PAGES = ['index.html', 'widget.html'] as const;
const BUILD_STEPS = [['vite', 'build'], ['vite', 'build', '-c', 'vite.widgets.config.ts']] as const;

export function buildIsStale(projectDir: string, buildDir: string): boolean {
	let built = Infinity;
	try {
		for (const page of BUILT_PAGES) built = Math.min(built, statSync(join(buildDir, page)).mtimeMs);
	} catch {
		return true;
	}
	const sources = Math.max(newestMtime(join(projectDir, 'src')), newestMtime(join(projectDir, 'static')));
	return sources > built;
}

type BuildResult = { ok: true } | { ok: false; tail: string };

/** Runs the build's steps (`npm run build`) one after the other; resolves with the failing step's last lines. */
export async function runBuild(projectDir: string): Promise<BuildResult> {
	for (const step of BUILD_STEPS) {
		const result = await runStep(projectDir, step);
		if (!result.ok) return result;
	}
	return { ok: true };
}

/** Runs `npx <args>`; resolves with its output's last lines on failure. */
function runStep(projectDir: string, args: readonly string[]): Promise<BuildResult> {
	return new Promise((done) => {
		// The build needs no secret: the streamer's token stays out of the child's environment.
		const { STREAM_TOKEN: _secret, ...env } = process.env;
		const child = spawn('npx', [...args], { cwd: projectDir, stdio: ['ignore', 'pipe', 'pipe'], env });
		let output = '';
		const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
		child.stdout.on('data', keep);
		child.stderr.on('data', keep);
		child.on('error', (err) => done({ ok: false, tail: err.message }));
		child.on('close', (code) => done(code === 0 ? { ok: true } : { ok: false, tail: output.trim().split('\n').slice(-15).join('\n') }));
	});
}
