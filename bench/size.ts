/**
 * Size of the built app, gzipped, and how much of it the deck runs.
 *
 * The dashboard is built twice (build-tools/kit-pages.js): build/index.html loads split chunks from build/_app/
 * over http, and build/standalone.html is the whole app in one file, for file://. What the deck
 * actually fetches on a first load over http is measured in the browser (`measureFirstLoad`). The
 * rest is read from the standalone page, where every route is inlined. What the deck runs, by part, is
 * read from the build's module graph: the same build, run again in a temporary copy of the project
 * with a plugin that records each module's rendered code and imports. The deck needs the client
 * runtime, the root and dashboard layouts, the error page and its own page, with all they import
 * statically. Widgets are measured in build/widget.html, their only page.
 */
import { spawn } from 'node:child_process';
import {
	cpSync,
	existsSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	symlinkSync,
	writeFileSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { minifySync } from 'vite';
import { COMPANION_GZIP_SUFFIX, COMPANION_PAGES } from '../src/server/static-site';
import { PHONE, type BenchStack } from './stack';

export const PROJECT_DIR = resolve(import.meta.dirname, '..');
export const BUILT_PAGE = join(PROJECT_DIR, 'build', 'index.html');
/** The whole app in one file (every route inlined), for file://. */
export const STANDALONE_PAGE = join(PROJECT_DIR, 'build', 'standalone.html');
/** The split chunks build/index.html loads over http. */
const CHUNKS_DIR = join(PROJECT_DIR, 'build', '_app', 'immutable');
/** The widget-only page (src/widget-entry): what the widget builder links to. */
export const WIDGET_PAGE = join(PROJECT_DIR, 'build', 'widget.html');
/** Strings only dashboard pages carry; none may appear in widget.html. */
// The last one is a rule of a type that changes things: widgets check their reads with checkRead only.
const DASHBOARD_MARKERS = [
	'Search commands, alerts, scenes',
	'Routines can never be shared',
	'Share links',
	'must be a hex colour'
];
/** A line of the in-page simulator's demo chat: widget.html must not carry it (build/widget-demo.js does). */
const SIMULATOR_MARKER = 'that was a clean run';
export const WIDGET_DEMO_SCRIPT = join(PROJECT_DIR, 'build', 'widget-demo.js');
/** The widgets' other languages, one classic script a widget fetches over http only when `lang=` names one. */
export const WIDGET_LANGUAGES_SCRIPT = join(PROJECT_DIR, 'build', 'widget-languages.js');
/** A German widget line, read from the catalogue (alert_follower without its name): widget.html must not carry it. */
const GERMAN_MARKER = (
	JSON.parse(readFileSync(join(PROJECT_DIR, 'messages', 'de.json'), 'utf8')) as Record<
		string,
		string
	>
)
	.alert_follower!.replace('{name}', '')
	.trim();
/** The dashboard's languages beside English, as a phone's browser names them. */
export const OTHER_LOCALES = ['es', 'pt-BR', 'de', 'fr'] as const;

export const WIDGET_ROUTES = ['counter', 'song-queue', 'now-playing', 'chat', 'events'] as const;
/** The overlays of issue 26, measured by their own phase (bench/overlay-cpu.ts, `--only=overlays`). */
export const OVERLAY_ROUTES = ['alert-box', 'goal', 'timer', 'stats'] as const;
export type WidgetId = (typeof WIDGET_ROUTES)[number] | (typeof OVERLAY_ROUTES)[number];

export interface SizeReport {
	wholeGzip: number;
	scriptGzip: number;
	styleGzip: number;
	/** The whole dashboard over http: build/index.html and every chunk in build/_app/immutable, each gzipped. */
	splitGzip?: { total: number; files: number };
	/** build/widget.html, gzipped, and whether any dashboard-only string is in it. */
	widgetPage?: {
		/** At zlib's level 6. */
		gzip: number;
		/** As the companion sends it: the build's Zopfli copy, meta tag included (build-tools/compress.ts); undefined without one. */
		served?: number;
		dashboardCode: boolean;
		simulator: boolean;
		demoScriptGzip?: number;
		/** Whether a language other than English is in widget.html itself. */
		otherLanguages: boolean;
		languagesScriptGzip?: number;
	};
	split?: SplitReport;
	splitError?: string;
}

export interface SplitReport {
	/** The JS the deck (index.html#/) runs before any lazy chunk, in all and by part, estimated gzipped. */
	deck: number;
	deckParts: [string, number][];
	modules: number;
}

/** Parts of the code, by where a module comes from; the first match names it. */
const PARTS: [string, RegExp][] = [
	['Svelte runtime', /\/node_modules\/svelte\//],
	['SvelteKit runtime', /\/node_modules\/@sveltejs\/kit\/|\.svelte-kit\/generated\//],
	// Virtual modules: the bundler's and Vite's helpers (dynamic imports, namespaces).
	['bundler helpers', /^\0/],
	['valibot', /\/node_modules\/valibot\//],
	['other packages', /\/node_modules\//],
	['in-page simulator (demo=1)', /\/src\/lib\/(sim|demo)\//],
	['protocol (schemas, catalog)', /\/src\/lib\/protocol\//],
	['client', /\/src\/lib\/client\//],
	// The deck: its model and inputs, and its page (the files at the top of (app)/ but the layout).
	['deck', /\/src\/lib\/app\/deck\/|\/src\/routes\/\(app\)\/(?!\+layout)[^/]+$/],
	[
		'other dashboard code (lib/app, lib/ui, the layout)',
		/\/src\/lib\/(app|ui)\/|\/src\/routes\/\(app\)\//
	],
	['widgets', /\/src\/lib\/widgets\//]
];
const partOf = (id: string) =>
	PARTS.find(([, pattern]) => pattern.test(id))?.[0] ?? 'other app code';

export async function buildIfMissing(): Promise<boolean> {
	if (existsSync(BUILT_PAGE) && existsSync(STANDALONE_PAGE) && existsSync(WIDGET_PAGE))
		return false;
	console.error(
		'build/index.html, build/standalone.html or build/widget.html is missing: building the app (npm run build)…'
	);
	const vite = join(PROJECT_DIR, 'node_modules', '.bin', 'vite');
	await run(vite, ['build', '--logLevel', 'warn'], PROJECT_DIR);
	await run(vite, ['build', '--mode', 'standalone', '--logLevel', 'warn'], PROJECT_DIR);
	await run(
		vite,
		['build', '-c', 'build-tools/widget-page.config.ts', '--logLevel', 'warn'],
		PROJECT_DIR
	);
	// The gzip copies the companion sends (widget.html's is the figure its budget row compares).
	await run(
		join(PROJECT_DIR, 'node_modules', '.bin', 'tsx'),
		['build-tools/compress.ts'],
		PROJECT_DIR
	);
	if (!existsSync(BUILT_PAGE) || !existsSync(STANDALONE_PAGE) || !existsSync(WIDGET_PAGE))
		throw new Error(
			'the build did not produce build/index.html, build/standalone.html and build/widget.html'
		);
	return true;
}

const gzipBytes = (text: string) => gzipSync(Buffer.from(text)).length;
const gzipOf = (file: string) =>
	existsSync(file) ? gzipBytes(readFileSync(file, 'utf8')) : undefined;
const bytesOf = (file: string) => (existsSync(file) ? statSync(file).size : undefined);

/**
 * What the companion sends for a file of build/ to a browser (which accepts gzip): the build's gzip copy
 * (build-tools/compress.ts; a page's `.companion.gz`), or the file as it is (those under 1 kB).
 */
export function servedBytes(file: string): number {
	const page = COMPANION_PAGES.some((name) => file === join(PROJECT_DIR, 'build', name));
	return bytesOf(`${file}${page ? COMPANION_GZIP_SUFFIX : '.gz'}`) ?? statSync(file).size;
}

function inlineParts(html: string, tag: 'script' | 'style'): string {
	return [...html.matchAll(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))]
		.map((m) => m[1] ?? '')
		.join('\n');
}

export async function measureSize(options: { split: boolean }): Promise<SizeReport> {
	const html = readFileSync(STANDALONE_PAGE, 'utf8');
	const report: SizeReport = {
		wholeGzip: gzipBytes(html),
		scriptGzip: gzipBytes(inlineParts(html, 'script')),
		styleGzip: gzipBytes(inlineParts(html, 'style'))
	};
	if (existsSync(CHUNKS_DIR)) {
		// The build's gzip copies (build-tools/compress.ts) are not files of their own.
		const chunks = readdirSync(CHUNKS_DIR, { recursive: true, withFileTypes: true }).filter(
			(entry) => entry.isFile() && !entry.name.endsWith('.gz')
		);
		const total = chunks.reduce(
			(sum, entry) => sum + gzipBytes(readFileSync(join(entry.parentPath, entry.name), 'utf8')),
			gzipBytes(readFileSync(BUILT_PAGE, 'utf8'))
		);
		report.splitGzip = { total, files: chunks.length + 1 };
	}
	if (existsSync(WIDGET_PAGE)) {
		const widgetHtml = readFileSync(WIDGET_PAGE, 'utf8');
		report.widgetPage = {
			gzip: gzipBytes(widgetHtml),
			served: bytesOf(WIDGET_PAGE + COMPANION_GZIP_SUFFIX),
			dashboardCode: DASHBOARD_MARKERS.some((marker) => widgetHtml.includes(marker)),
			simulator: widgetHtml.includes(SIMULATOR_MARKER),
			demoScriptGzip: gzipOf(WIDGET_DEMO_SCRIPT),
			otherLanguages: widgetHtml.includes(GERMAN_MARKER),
			languagesScriptGzip: gzipOf(WIDGET_LANGUAGES_SCRIPT)
		};
	}
	if (!options.split) return report;
	try {
		report.split = analyseSplit(await recordModuleGraph(), report.scriptGzip);
	} catch (error) {
		report.splitError = (error as Error).message.split('\n')[0];
	}
	return report;
}

interface ModuleRecord {
	code: string;
	imports: string[];
	dynamicImports: string[];
}

/** The vite config of the temporary copy: the project's plugins plus one that writes the client module graph. */
const graphConfig = (outFile: string) => `
import { sveltekit } from '@sveltejs/kit/vite';
import { writeFileSync } from 'node:fs';
const moduleGraph = {
	name: 'bench-module-graph',
	apply: 'build',
	generateBundle(_options, bundle) {
		if (this.environment?.name !== 'client') return;
		const modules = {};
		for (const output of Object.values(bundle)) {
			if (output.type !== 'chunk') continue;
			for (const [id, rendered] of Object.entries(output.modules))
				{
					const info = this.getModuleInfo(id);
					modules[id] = { code: rendered.code ?? '', imports: info?.importedIds ?? [], dynamicImports: info?.dynamicallyImportedIds ?? [] };
				}
		}
		writeFileSync(${JSON.stringify(outFile)}, JSON.stringify(modules));
	}
};
export default { plugins: [sveltekit(), moduleGraph] };
`;

async function recordModuleGraph(): Promise<Record<string, ModuleRecord>> {
	// A copy, so the project's own build/ and .svelte-kit/ (used by other builds and tests) stay untouched.
	const dir = mkdtempSync(join(tmpdir(), 'bench-graph-'));
	try {
		for (const path of [
			'src',
			'static',
			'svelte.config.js',
			'build-tools',
			'tsconfig.json',
			'package.json'
		])
			if (existsSync(join(PROJECT_DIR, path)))
				cpSync(join(PROJECT_DIR, path), join(dir, path), { recursive: true });
		symlinkSync(join(PROJECT_DIR, 'node_modules'), join(dir, 'node_modules'));
		const graphFile = join(dir, 'module-graph.json');
		writeFileSync(join(dir, 'vite.config.js'), graphConfig(graphFile));
		// The one-file build: one chunk, so module names are unique and the modules minify together as the
		// real script does (split chunks reuse short names, and joined they would not parse).
		await run(
			join(PROJECT_DIR, 'node_modules', '.bin', 'vite'),
			['build', '--logLevel', 'error'],
			dir,
			{ STREAM_CONTROL_PAGE: 'standalone' }
		);
		return JSON.parse(readFileSync(graphFile, 'utf8')) as Record<string, ModuleRecord>;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

function analyseSplit(modules: Record<string, ModuleRecord>, scriptGzip: number): SplitReport {
	const ids = Object.keys(modules);
	// The entries: what nothing imports (route nodes and lazy modules are imported dynamically).
	const imported = new Set(
		ids.flatMap((id) => [...modules[id]!.imports, ...modules[id]!.dynamicImports])
	);
	const entries = ids.filter((id) => !imported.has(id));
	const reachable = (start: string[]) => {
		const seen = new Set<string>();
		const stack = [...start];
		while (stack.length) {
			const id = stack.pop()!;
			if (seen.has(id) || !modules[id]) continue;
			seen.add(id);
			stack.push(...modules[id].imports);
		}
		return seen;
	};
	// SvelteKit's generated route nodes each import one component; find them by what they import.
	const nodeOf = (component: RegExp) => {
		const node = ids.find(
			(id) => /\/nodes\/\d+\.js$/.test(id) && modules[id]!.imports.some((i) => component.test(i))
		);
		if (!node) throw new Error(`no route node imports ${component}`);
		return node;
	};
	const kit = [...entries, nodeOf(/\/src\/routes\/\+layout\.svelte$/), nodeOf(/error\.svelte$/)];
	// Rendered module code is not minified (the chunk is, afterwards): minify each group the same way
	// and scale by the real script's gzipped size, so the parts are comparable with it.
	const gzipOf = (group: Iterable<string>) => {
		const code = [...group].map((id) => modules[id]!.code).join('\n');
		return gzipBytes(
			minifySync('group.js', code, { module: false, compress: true, mangle: true }).code
		);
	};
	const scale = scriptGzip / gzipOf(ids);
	const parts = (group: Iterable<string>) => {
		const byPart = new Map<string, string[]>();
		for (const id of group) byPart.set(partOf(id), [...(byPart.get(partOf(id)) ?? []), id]);
		return [...byPart]
			.map(([part, ids]): [string, number] => [part, gzipOf(ids) * scale])
			.sort((a, b) => b[1] - a[1]);
	};
	// The deck is the dashboard's home page: the (app) layout and its page, static imports only.
	const deck = reachable([
		...kit,
		nodeOf(/\/src\/routes\/\(app\)\/\+layout\.svelte$/),
		nodeOf(/\/src\/routes\/\(app\)\/\+page\.svelte$/)
	]);
	return {
		deck: gzipOf(deck) * scale,
		deckParts: parts(deck),
		modules: ids.length
	};
}

function run(
	command: string,
	args: string[],
	cwd: string,
	env: Record<string, string> = {}
): Promise<void> {
	return new Promise((resolvePromise, reject) => {
		const child = spawn(command, args, {
			cwd,
			env: { ...process.env, ...env },
			stdio: ['ignore', 'ignore', 'pipe']
		});
		let errors = '';
		child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
		child.on('error', reject);
		child.on('exit', (code) =>
			code === 0
				? resolvePromise()
				: reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${errors.slice(-2000)}`))
		);
	});
}

export interface FirstLoad {
	/**
	 * Each file the deck fetched from the site, in the order asked for: its path, its bytes gzipped at
	 * zlib's level 6, and what the companion sends for it (`servedBytes`).
	 */
	files: { path: string; gzip: number; served: number }[];
	total: number;
	/** What the companion sends for the same files. */
	served: number;
}

export interface FirstLoadReport extends FirstLoad {
	/** The same load with the browser set to each other language: what it fetched beyond English's files. */
	languages: { locale: string; extra: FirstLoad }[];
}

/**
 * What the deck (`index.html#/`) fetches over http on a cold load, connected to the simulator, until
 * its first button shows and the network is idle: each of the site's files it asked for, gzipped as
 * above. Files the page asks for later (other pages, the in-page simulator) are not in it. Then the
 * same with the browser in each other language (the dashboard follows it): the files beyond English's
 * are that language's cost, fetched only when it is shown.
 */
export async function measureFirstLoad(stack: BenchStack): Promise<FirstLoadReport> {
	const english = await loadFiles(stack, 'en-US');
	const languages = [];
	for (const locale of OTHER_LOCALES) {
		const files = (await loadFiles(stack, locale)).files.filter(
			(file) => !english.files.some((f) => f.path === file.path)
		);
		languages.push({
			locale,
			extra: {
				files,
				total: files.reduce((sum, f) => sum + f.gzip, 0),
				served: files.reduce((sum, f) => sum + f.served, 0)
			}
		});
	}
	return { ...english, languages };
}

async function loadFiles(stack: BenchStack, locale: string): Promise<FirstLoad> {
	const url = stack.urlOf('/');
	const origin = new URL(url).origin;
	const context = await stack.browser.newContext({ viewport: PHONE, locale });
	try {
		const asked: string[] = [];
		context.on('request', (request) => {
			const at = new URL(request.url());
			if (at.origin === origin && !asked.includes(at.pathname)) asked.push(at.pathname);
		});
		const page = await context.newPage();
		await page.goto(url);
		await page.getByRole('button', { name: 'lurk', exact: true }).waitFor({ timeout: 30_000 });
		await page.waitForLoadState('networkidle');
		const files = asked.map((path) => {
			const file = join(
				PROJECT_DIR,
				'build',
				path === '/' ? 'index.html' : decodeURIComponent(path.slice(1))
			);
			return { path, gzip: gzipBytes(readFileSync(file, 'utf8')), served: servedBytes(file) };
		});
		return {
			files,
			total: files.reduce((sum, f) => sum + f.gzip, 0),
			served: files.reduce((sum, f) => sum + f.served, 0)
		};
	} finally {
		await context.close();
	}
}
