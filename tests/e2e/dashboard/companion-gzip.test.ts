/**
 * What the companion sends over the wire from a real build: its gzip copies (build-tools/compress.ts)
 * to a request that accepts gzip, the files as they are to one that does not, and never a copy older
 * than its file. Bodies are read raw with node:http (fetch would decode them), so the sizes are the
 * wire's. The build is copied to a temporary folder, as the stale cases age files.
 */
import {
	cpSync,
	existsSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	utimesSync
} from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompanion, type Companion } from '../../../src/server/companion';
import { startSimServer, type SimServer } from '../../../src/server/sim-server';
import { injectSameOriginMeta, SAME_ORIGIN_META } from '../../../src/server/static-site';
import { BUILD_DIR } from '../harness';
import { TOKEN } from '../stack';

/** Issue 26: widget.html with every widget, gzipped, as the companion sends it. */
const WIDGET_PAGE_BUDGET = 50_000;

interface Raw {
	status: number;
	headers: IncomingHttpHeaders;
	body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
	return new Promise((done, fail) => {
		const req = request(url, { method, headers }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (chunk: Buffer) => chunks.push(chunk));
			res.on('end', () =>
				done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) })
			);
		});
		req.on('error', fail);
		req.end();
	});
}

const GZIP = { 'Accept-Encoding': 'gzip, deflate, br' };

describe('the companion sends the build gzipped', () => {
	let sim: SimServer;
	let companion: Companion;
	let dir: string;
	let base: string;
	/** A chunk under _app/immutable with its gzip copy. */
	let chunk: string;

	const page = (file: string) => injectSameOriginMeta(readFileSync(join(dir, file), 'utf8'));
	/** Dates a file `seconds` before its companion file, as a build step run again would leave it. */
	const olderThan = (copy: string, file: string, seconds = 60) => {
		const mtime = statSync(join(dir, file)).mtimeMs / 1000 - seconds;
		utimesSync(join(dir, copy), mtime, mtime);
	};

	beforeAll(async () => {
		if (!existsSync(join(BUILD_DIR, 'widget.html.companion.gz')))
			throw new Error('build/widget.html.companion.gz is missing: run `npm run build` first');
		dir = mkdtempSync(join(tmpdir(), 'companion-gzip-'));
		cpSync(BUILD_DIR, dir, { recursive: true, preserveTimestamps: true });
		const chunks = join(dir, '_app', 'immutable', 'chunks');
		const name = readdirSync(chunks).find((file) => file.endsWith('.js.gz'))!;
		chunk = `/_app/immutable/chunks/${name.slice(0, -3)}`;
		sim = await startSimServer({ port: 0, host: '127.0.0.1', token: TOKEN });
		companion = await startCompanion({
			port: 0,
			host: '127.0.0.1',
			api: sim.url,
			buildDir: dir,
			sharesFile: join(dir, 'links.json'),
			log: () => {}
		});
		base = `http://127.0.0.1:${companion.port}`;
	});
	afterAll(async () => {
		await companion?.close();
		await sim?.close();
		if (dir) rmSync(dir, { recursive: true, force: true });
	});

	it(`widget.html: gzip-encoded, within ${WIDGET_PAGE_BUDGET} bytes on the wire, the page with its meta tag`, async () => {
		const res = await get(`${base}/widget.html`, GZIP);
		expect(res.status).toBe(200);
		expect(res.headers).toMatchObject({
			'content-encoding': 'gzip',
			'content-type': 'text/html; charset=utf-8',
			'content-length': String(res.body.length),
			'cache-control': 'no-cache',
			vary: 'Accept-Encoding',
			'content-security-policy': expect.stringContaining("connect-src 'self'")
		});
		expect(res.body.length).toBeLessThanOrEqual(WIDGET_PAGE_BUDGET);
		const html = gunzipSync(res.body).toString('utf8');
		expect(html).toBe(page('widget.html'));
		expect(html.split(/<script\b/i, 1)[0]).toContain(SAME_ORIGIN_META);

		const head = await get(`${base}/widget.html`, GZIP, 'HEAD');
		expect(head.headers['content-encoding']).toBe('gzip');
		expect(head.headers['content-length']).toBe(String(res.body.length));
		expect(head.body.length).toBe(0);
	});

	it('widget.html without Accept-Encoding: identity, unchanged', async () => {
		for (const headers of [
			{},
			{ 'Accept-Encoding': 'identity' },
			{ 'Accept-Encoding': 'gzip;q=0' }
		] as Record<string, string>[]) {
			const res = await get(`${base}/widget.html`, headers);
			expect(res.headers['content-encoding']).toBeUndefined();
			expect(res.headers.vary).toBe('Accept-Encoding');
			expect(res.headers['content-length']).toBe(String(res.body.length));
			expect(res.body.toString('utf8')).toBe(page('widget.html'));
		}
	});

	it('the dashboard (/ and an unknown path) arrives gzipped too', async () => {
		for (const [path, headers] of [
			['/', GZIP],
			['/anything', { ...GZIP, Accept: 'text/html' }]
		] as const) {
			const res = await get(`${base}${path}`, headers);
			expect(res.headers['content-encoding']).toBe('gzip');
			expect(gunzipSync(res.body).toString('utf8')).toBe(page('index.html'));
		}
	});

	it('a chunk under _app/immutable: gzip-encoded, kept a year, revalidated by its own ETag', async () => {
		const file = readFileSync(join(dir, chunk));
		const res = await get(`${base}${chunk}`, GZIP);
		expect(res.status).toBe(200);
		expect(res.headers).toMatchObject({
			'content-encoding': 'gzip',
			'content-type': expect.stringMatching(/javascript/),
			'content-length': String(res.body.length),
			'cache-control': 'public, max-age=31536000, immutable',
			vary: 'Accept-Encoding',
			'x-content-type-options': 'nosniff'
		});
		expect(res.body.length).toBeLessThan(file.length);
		expect(gunzipSync(res.body).equals(file)).toBe(true);

		const plain = await get(`${base}${chunk}`);
		expect(plain.headers['content-encoding']).toBeUndefined();
		expect(plain.body.equals(file)).toBe(true);
		expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
		// Each encoding its own validator: a cache never answers one with the other.
		expect(res.headers.etag).toBeTruthy();
		expect(plain.headers.etag).toBeTruthy();
		expect(res.headers.etag).not.toBe(plain.headers.etag);
		const again = await get(`${base}${chunk}`, { ...GZIP, 'If-None-Match': res.headers.etag! });
		expect(again.status).toBe(304);
		expect(again.headers.vary).toBe('Accept-Encoding');
		expect(again.body.length).toBe(0);
	});

	it('a gzip copy is not a file of its own', async () => {
		expect((await get(`${base}${chunk}.gz`, GZIP)).status).toBe(404);
		expect((await get(`${base}/widget.html.companion.gz`, GZIP)).status).toBe(404);
		expect((await get(`${base}/widget.html.companion%2Egz`, GZIP)).status).toBe(404);
	});

	it('a copy older than its file is not sent: the file goes as it is', async () => {
		olderThan('widget.html.companion.gz', 'widget.html');
		const res = await get(`${base}/widget.html`, GZIP);
		expect(res.headers['content-encoding']).toBeUndefined();
		expect(res.body.toString('utf8')).toBe(page('widget.html'));

		olderThan(`${chunk.slice(1)}.gz`, chunk.slice(1));
		const js = await get(`${base}${chunk}`, GZIP);
		expect(js.headers['content-encoding']).toBeUndefined();
		expect(js.body.equals(readFileSync(join(dir, chunk)))).toBe(true);
	});

	it('a copy that decodes to anything but the page as sent (here another page) is not sent', async () => {
		cpSync(join(dir, 'index.html.companion.gz'), join(dir, 'standalone.html.companion.gz'));
		const res = await get(`${base}/standalone.html`, GZIP);
		expect(res.headers['content-encoding']).toBeUndefined();
		expect(res.body.toString('utf8')).toBe(page('standalone.html'));
	});
});
