/**
 * Why: the companion (`npm start`, src/server/static-site.ts) would otherwise send every page and chunk
 * uncompressed, and it must not compress per request: that would hold up the event loop that relays
 * every socket. So the build compresses once, with Zopfli: gzip that any browser decodes, a few per
 * cent smaller than zlib's (widget.html: 49.7 kB instead of 51.5 kB).
 *
 * The last step of `npm run build` (and of npm start's own build, src/server/build-if-stale.ts):
 * - beside every other text file of build/ from 1 kB up, `<file>.gz`, which sirv sends when a request
 *   accepts gzip;
 * - beside each page the companion serves with its same-origin meta tag (index.html, standalone.html,
 *   widget.html), `<page>.companion.gz`: the page exactly as the companion sends it. Those pages get no
 *   plain `.gz`: the companion never sends them without the tag.
 * Nothing else in build/ changes, and nothing lists the copies (the service worker's list is made
 * earlier, by the app's build).
 */
import type { ZopfliOptions } from '@gfx/zopfli';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
	COMPANION_GZIP_SUFFIX,
	COMPANION_PAGES,
	injectSameOriginMeta
} from '../src/server/static-site';

/** What is worth compressing: text. Images and fonts are compressed already. */
const TEXT = new Set([
	'.html',
	'.js',
	'.mjs',
	'.css',
	'.json',
	'.webmanifest',
	'.svg',
	'.txt',
	'.xml'
]);
/** Below this, gzip's own header and a request's headers outweigh what it saves. */
export const MIN_BYTES = 1024;
const WIDGET_COPY = `widget.html${COMPANION_GZIP_SUFFIX}`;

/**
 * How hard Zopfli works on a file, measured on this build (CPU time on a 2-core machine): splitting a
 * file into blocks costs about 0.2 s a file whatever its size, and on the 71 files under 64 kB it took
 * 15 s to save 1.3 kB; on larger ones it pays (4 kB on 9 files, widget.html among them). More passes
 * hardly change the time or the size: widget.html is 49,680 bytes with 15, 49,696 with 5. The one
 * file over 600 kB, standalone.html (1.5 MB), takes 2.5 s in one pass, 3.6 s in 5 (2.3 kB smaller).
 */
export function zopfliOptions(bytes: number): ZopfliOptions {
	if (bytes < 64_000) return { numiterations: 15, blocksplitting: false };
	if (bytes <= 600_000) return { numiterations: 15 };
	return { numiterations: 5 };
}

/**
 * Zopfli's WebAssembly holds its thread for up to seconds a file, so files are compressed in worker
 * threads, one per core (four at most). The worker is plain CommonJS, so it runs under tsx and
 * vitest alike.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { gzipAsync } = require(workerData);
parentPort.on('message', ({ text, options }) =>
	gzipAsync(text, options).then((gzip) => parentPort.postMessage(gzip, [gzip.buffer]))
);`;

function zopfliWorker() {
	const worker = new Worker(WORKER, {
		eval: true,
		workerData: createRequire(import.meta.url).resolve('@gfx/zopfli')
	});
	return {
		gzip: (text: Buffer, options: ZopfliOptions) =>
			new Promise<Uint8Array>((done, fail) => {
				const settle = (gzip: Uint8Array) => {
					worker.off('message', settle).off('error', failed);
					done(gzip);
				};
				const failed = (error: Error) => {
					worker.off('message', settle).off('error', failed);
					fail(error);
				};
				worker.on('message', settle).on('error', failed);
				worker.postMessage({ text, options });
			}),
		close: () => worker.terminate()
	};
}

export interface Compressed {
	/** The copy's name, relative to the build folder, `/`-separated. */
	file: string;
	bytes: number;
	gzip: number;
}

interface Job {
	file: string;
	text: Buffer;
}

function jobsOf(buildDir: string): Job[] {
	const jobs: Job[] = [];
	const pages = new Set<string>(COMPANION_PAGES);
	for (const entry of readdirSync(buildDir, { recursive: true, withFileTypes: true })) {
		const path = join(entry.parentPath, entry.name);
		const file = relative(buildDir, path).split('\\').join('/');
		if (!entry.isFile() || !TEXT.has(extname(entry.name)) || pages.has(file)) continue;
		const text = readFileSync(path);
		if (text.length >= MIN_BYTES) jobs.push({ file: `${file}.gz`, text });
	}
	for (const page of COMPANION_PAGES) {
		let html: string;
		try {
			html = readFileSync(join(buildDir, page), 'utf8');
		} catch {
			continue; // a build without this page: the companion says so when asked for it
		}
		jobs.push({
			file: page + COMPANION_GZIP_SUFFIX,
			text: Buffer.from(injectSameOriginMeta(html))
		});
	}
	return jobs;
}

/** Writes through a temporary name, so a companion serving this folder never reads half a copy. */
function writeCopy(path: string, gzip: Uint8Array): void {
	writeFileSync(`${path}.tmp`, gzip);
	renameSync(`${path}.tmp`, path);
}

/** Writes every gzip copy of the build in `buildDir`, widget.html's last: npm start takes it as the sign that this step finished. */
export async function compressBuild(
	buildDir: string,
	threads = Math.min(4, availableParallelism())
): Promise<Compressed[]> {
	const jobs = jobsOf(buildDir);
	// The largest first, so that no thread is left alone with a large one at the end.
	const queue = [...jobs].sort((a, b) => b.text.length - a.text.length);
	const copies = new Map<Job, Uint8Array>();
	const count = Math.max(1, Math.min(threads, queue.length));
	const workers = Array.from({ length: count }, zopfliWorker);
	try {
		await Promise.all(
			workers.map(async (worker) => {
				for (let job = queue.shift(); job; job = queue.shift())
					copies.set(job, await worker.gzip(job.text, zopfliOptions(job.text.length)));
			})
		);
	} finally {
		await Promise.all(workers.map((worker) => worker.close()));
	}
	const last = (job: Job) => Number(job.file === WIDGET_COPY);
	return jobs
		.sort((a, b) => last(a) - last(b))
		.map((job) => {
			const gzip = copies.get(job)!;
			writeCopy(join(buildDir, job.file), gzip);
			return { file: job.file, bytes: job.text.length, gzip: gzip.length };
		});
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
	const buildDir = fileURLToPath(new URL('../build', import.meta.url));
	const started = performance.now();
	const done = await compressBuild(buildDir);
	const sum = (key: 'bytes' | 'gzip') => done.reduce((total, entry) => total + entry[key], 0);
	const widget = done.find((entry) => entry.file === WIDGET_COPY);
	const seconds = ((performance.now() - started) / 1000).toFixed(1);
	console.log(
		`gzip copies (Zopfli): ${done.length} files, ${sum('bytes')} → ${sum('gzip')} bytes in ${seconds} s` +
			(widget ? `; widget.html as the companion sends it: ${widget.gzip} bytes` : '')
	);
}
