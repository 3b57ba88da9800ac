/**
 * Where widget.html's gzipped bytes go, by source module: `npx tsx bench/widget-parts.ts [top]`.
 *
 * Builds the widget page again in memory (build-tools/widget-page.config.ts, with a hidden source map,
 * nothing written), maps each byte of the minified script to the source it came from, and reports each
 * module's minified bytes and its gzip cost: the gzipped script less the gzipped script without that
 * module's bytes (what leaving it out would save; shared strings make the costs not add up exactly).
 * Byte counts only, so the machine's load does not change them.
 */
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';
import { build, type Plugin, type Rollup } from 'vite';

const PROJECT = fileURLToPath(new URL('..', import.meta.url));
const gzip = (text: string) => gzipSync(text).length;

interface Captured {
	code: string;
	map: { sources: string[]; mappings: string };
	css: string;
}

/** Takes the script and its map before the page's plugin inlines them (it runs after, `enforce: 'post'`). */
function capture(into: Partial<Captured>): Plugin {
	return {
		name: 'bench-widget-parts',
		apply: 'build',
		generateBundle(_options, bundle) {
			for (const file of Object.values(bundle)) {
				if (file.type === 'chunk' && file.map) {
					into.code = file.code;
					into.map = file.map as Captured['map'];
				} else if (file.type === 'asset' && file.fileName.endsWith('.css'))
					into.css = String((file as Rollup.OutputAsset).source);
			}
		}
	};
}

/** A readable name: the path under the project, node_modules' package folders shortened. */
function nameOf(source: string): string {
	const path = relative(PROJECT, fileURLToPath(new URL(source, `file://${PROJECT}build/x.js`)));
	const inModules =
		/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
	return inModules ? `${inModules[1]}:${inModules[2]}` : path.replace(/^(\.\.\/)+/, '');
}

async function main(): Promise<void> {
	const top = Number(process.argv[2] ?? 25);
	const captured: Partial<Captured> = {};
	await build({
		configFile: fileURLToPath(new URL('../build-tools/widget-page.config.ts', import.meta.url)),
		logLevel: 'error',
		build: { sourcemap: 'hidden', write: false },
		plugins: [capture(captured)]
	});
	const { code, map, css = '' } = captured;
	if (!code || !map) throw new Error('the widget build gave no script with a source map');

	// Each byte of the script, by source (-1: no source, the bundler's own glue).
	const lines = code.split('\n');
	const owner: Int32Array[] = lines.map((line) => new Int32Array(line.length).fill(-1));
	decode(map.mappings).forEach((segments, lineIndex) => {
		const bytes = owner[lineIndex];
		if (!bytes) return;
		segments.forEach((segment, i) => {
			const end = segments[i + 1]?.[0] ?? bytes.length;
			bytes.fill(segment.length > 1 ? segment[1]! : -1, segment[0], end);
		});
	});
	const minified = new Map<number, number>();
	for (const bytes of owner) for (const s of bytes) minified.set(s, (minified.get(s) ?? 0) + 1);

	const whole = gzip(code);
	/** The script without the bytes of the given sources (columns count UTF-16 units, as maps do). */
	const keep = (drop: (source: number) => boolean) =>
		lines
			.map((line, l) => {
				let kept = '';
				for (let c = 0; c < line.length; c++) if (!drop(owner[l]![c]!)) kept += line[c];
				return kept;
			})
			.join('\n');
	const without = (source: number) => keep((s) => s === source);
	const rows = [...minified]
		.map(([source, bytes]) => ({
			name: source < 0 ? '(bundler glue, unmapped)' : nameOf(map.sources[source]!),
			bytes,
			cost: whole - gzip(without(source))
		}))
		.sort((a, b) => b.cost - a.cost);

	const part = (name: string) =>
		name.startsWith('svelte:')
			? 'Svelte runtime'
			: name.startsWith('valibot:')
				? 'valibot'
				: /^src\/lib\/(client|protocol|widgets)\//.test(name)
					? `lib/${name.split('/')[2]}`
					: /paraglide/.test(name)
						? 'English words'
						: name.startsWith('src/widget-entry')
							? 'widget entry'
							: name.startsWith('(')
								? name
								: 'other';
	const parts = new Map<string, { bytes: number; ids: Set<number> }>();
	for (const [source, bytes] of minified) {
		const name = part(source < 0 ? '(bundler glue, unmapped)' : nameOf(map.sources[source]!));
		const entry = parts.get(name) ?? { bytes: 0, ids: new Set<number>() };
		entry.bytes += bytes;
		entry.ids.add(source);
		parts.set(name, entry);
	}
	const withoutPart = (ids: Set<number>) => keep((s) => ids.has(s));

	const kB = (n: number) => (n / 1000).toFixed(2);
	console.log(
		`script ${code.length} bytes, ${kB(whole)} kB gzipped; CSS ${kB(gzip(css))} kB gzipped\n`
	);
	console.log('part | minified bytes | gzip kB without it');
	for (const [name, { bytes, ids }] of [...parts].sort((a, b) => b[1].bytes - a[1].bytes))
		console.log(`${name} | ${bytes} | ${kB(whole - gzip(withoutPart(ids)))}`);
	console.log(`\nmodule | minified bytes | gzip kB without it (top ${top} of ${rows.length})`);
	for (const row of rows.slice(0, top)) console.log(`${row.name} | ${row.bytes} | ${kB(row.cost)}`);
}

await main();
