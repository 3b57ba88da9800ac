/** The build's gzip step (build-tools/compress.ts) on a small build of its own, in a temporary folder. */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compressBuild, MIN_BYTES } from '../../build-tools/compress';
import { injectSameOriginMeta, SAME_ORIGIN_META } from '../../src/server/static-site';
import { tempDir } from '../server/helpers';

const tmp = tempDir('compress-');
afterAll(() => tmp.remove());

/** Text that compresses: `n` lines of a script. */
const script = (n: number) =>
	Array.from({ length: n }, (_, i) => `export const value${i} = "line ${i}";`).join('\n');
const page = (title: string) =>
	`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><script>${script(80)}</script></body></html>`;

function files(dir: string): string[] {
	return readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) =>
			join(entry.parentPath, entry.name)
				.slice(dir.length + 1)
				.split('\\')
				.join('/')
		)
		.sort();
}

describe('compressBuild', () => {
	const dir = join(tmp.dir, 'build');
	const originals: Record<string, string | Buffer> = {
		'index.html': page('dashboard'),
		'widget.html': page('widgets'),
		'_app/immutable/chunks/big.js': script(200),
		'_app/immutable/assets/deck.css': `.deck{display:grid}\n`.repeat(100),
		'manifest.webmanifest': JSON.stringify({ name: 'x'.repeat(MIN_BYTES), icons: [] }),
		'_app/immutable/chunks/small.js': 'export const x = 1;',
		'icon.png': Buffer.alloc(4 * MIN_BYTES, 7)
	};

	it('writes a Zopfli gzip copy beside each text file of 1 kB or more, and leaves the rest as it was', async () => {
		for (const [file, content] of Object.entries(originals)) {
			mkdirSync(join(dir, file, '..'), { recursive: true });
			writeFileSync(join(dir, file), content);
		}
		const done = await compressBuild(dir, 2);

		const copies = [
			'_app/immutable/assets/deck.css.gz',
			'_app/immutable/chunks/big.js.gz',
			'index.html.companion.gz',
			'manifest.webmanifest.gz',
			'widget.html.companion.gz'
		];
		expect(files(dir)).toEqual([...Object.keys(originals), ...copies].sort());
		expect(done.map((entry) => entry.file).sort()).toEqual(copies);
		// widget.html's copy last: npm start takes it as the sign that the step finished.
		expect(done.at(-1)!.file).toBe('widget.html.companion.gz');
		for (const [file, content] of Object.entries(originals))
			expect(readFileSync(join(dir, file)).equals(Buffer.from(content))).toBe(true);

		for (const file of ['_app/immutable/chunks/big.js', '_app/immutable/assets/deck.css']) {
			const gzip = readFileSync(join(dir, `${file}.gz`));
			expect(gunzipSync(gzip).toString()).toBe(originals[file]);
			expect(gzip.length).toBeLessThan(Buffer.byteLength(originals[file] as string) / 4);
			expect(done.find((entry) => entry.file === `${file}.gz`)).toEqual({
				file: `${file}.gz`,
				bytes: Buffer.byteLength(originals[file] as string),
				gzip: gzip.length
			});
		}
	});

	it('writes each page as the companion sends it, with its meta tag, and no plain copy of it', () => {
		for (const file of ['index.html', 'widget.html']) {
			const html = gunzipSync(readFileSync(join(dir, `${file}.companion.gz`))).toString();
			expect(html).toBe(injectSameOriginMeta(originals[file] as string));
			expect(html).toContain(SAME_ORIGIN_META);
		}
		// A page the build lacks gets no copy.
		expect(files(dir)).not.toContain('standalone.html.companion.gz');
	});

	it('leaves each copy at least as new as its file', () => {
		for (const [file, copy] of [
			['_app/immutable/chunks/big.js', '_app/immutable/chunks/big.js.gz'],
			['widget.html', 'widget.html.companion.gz']
		] as const)
			expect(statSync(join(dir, copy)).mtimeMs).toBeGreaterThanOrEqual(
				statSync(join(dir, file)).mtimeMs
			);
	});

	it('run again, it replaces its copies and adds no copy of a copy', async () => {
		writeFileSync(join(dir, '_app/immutable/chunks/big.js'), script(300));
		await compressBuild(dir, 1);
		expect(files(dir).filter((file) => file.endsWith('.gz.gz'))).toEqual([]);
		expect(gunzipSync(readFileSync(join(dir, '_app/immutable/chunks/big.js.gz'))).toString()).toBe(
			script(300)
		);
	});
});
