/** Builds the static app when build/index.html is missing or older than the sources. */
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

export function buildIsStale(projectDir: string, buildDir: string): boolean {
	let built: number;
	try {
		built = statSync(join(buildDir, 'index.html')).mtimeMs;
	} catch {
		return true;
	}
	const sources = Math.max(newestMtime(join(projectDir, 'src')), newestMtime(join(projectDir, 'static')));
	return sources > built;
}

/** Runs `npx vite build`; resolves with its output's last lines on failure. */
export function runBuild(projectDir: string): Promise<{ ok: true } | { ok: false; tail: string }> {
	return new Promise((done) => {
		// The build needs no secret: the streamer's token stays out of the child's environment.
		const { STREAM_TOKEN: _secret, ...env } = process.env;
		const child = spawn('npx', ['vite', 'build'], { cwd: projectDir, stdio: ['ignore', 'pipe', 'pipe'], env });
		let output = '';
		const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
		child.stdout.on('data', keep);
		child.stderr.on('data', keep);
		child.on('error', (err) => done({ ok: false, tail: err.message }));
		child.on('close', (code) => done(code === 0 ? { ok: true } : { ok: false, tail: output.trim().split('\n').slice(-15).join('\n') }));
	});
}
