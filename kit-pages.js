/**
 * The dashboard's two pages from the one SvelteKit app (svelte.config.js, `npm run build`):
 *
 * - `build/index.html` (`vite build`): split chunks in `build/_app/`, so a phone first fetches only
 *   the runtime, the layouts and the page it opens; other pages load when visited. SvelteKit writes a
 *   hash-routed page with absolute `/_app/…` addresses; `splitPage` makes them relative (the build
 *   also works from a subpath), and sends a page opened from `file://` to the standalone page, since
 *   a browser loads no module from `file://`. At `#/` it opens the deck without SvelteKit's router
 *   (src/deck-entry, first-load-chunk.ts), a smaller first load; other routes start SvelteKit. The
 *   bootstrap script changes, so its hash in the Content-Security-Policy is computed again. It also
 *   paints `BOOT_SHELL` at once on dashboard routes.
 * - `build/standalone.html` (`vite build --mode standalone`): the same app with every route inlined
 *   in one file (bundleStrategy 'inline'), for `file://`.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import adapter from '@sveltejs/adapter-static';

/** The deck's entry, as Vite's manifest names it (first-load-chunk.ts adds it to the split build). */
export const DECK_ENTRY = 'src/deck-entry/main.ts';

export const STANDALONE_PAGE = 'standalone.html';

/**
 * Painted by the bootstrap script while the modules load, so a slow phone shows the dashboard's colours
 * and a line of text at once instead of a blank page; the dashboard's layout removes it when it mounts.
 * Widget routes (transparent browser sources) never get it.
 */
export const BOOT_SHELL =
	'<p id="boot" style="position:fixed;inset:0;margin:0;padding:1rem;background:#0f1115;color:#a3a9b8;font:16px/1.4 system-ui,sans-serif">Loading the dashboard…</p>';

const sha256 = (/** @type {string} */ text) => createHash('sha256').update(text, 'utf8').digest('base64');

/**
 * adapter-static, then `splitPage` on the index.html it wrote, with the deck's entry (first-load-chunk.ts)
 * as Vite's manifest names it.
 * @param {{ pages: string }} options adapter-static's options
 * @returns {import('@sveltejs/kit').Adapter}
 */
export function splitAdapter(options) {
	const inner = adapter({ ...options, assets: options.pages, fallback: undefined, strict: false });
	return {
		name: 'split-pages',
		async adapt(builder) {
			await inner.adapt(builder);
			const manifest = JSON.parse(readFileSync(join(builder.config.kit.outDir, 'output', 'client', '.vite', 'manifest.json'), 'utf8'));
			const file = join(options.pages, 'index.html');
			writeFileSync(file, splitPage(readFileSync(file, 'utf8'), deckEntry(manifest)));
		}
	};
}

/**
 * The deck entry's script and every stylesheet it needs, from Vite's manifest.
 * @param {Record<string, { file: string; css?: string[]; imports?: string[] }>} manifest
 * @returns {DeckEntry}
 */
export function deckEntry(manifest) {
	const entry = manifest[DECK_ENTRY];
	if (!entry) throw new Error(`Vite's manifest has no ${DECK_ENTRY}: is first-load-chunk.ts in the build?`);
	/** @type {Set<string>} */
	const css = new Set();
	/** @type {Set<string>} */
	const seen = new Set();
	/** @param {string} key */
	const visit = (key) => {
		const chunk = manifest[key];
		if (!chunk || seen.has(key)) return;
		seen.add(key);
		for (const sheet of chunk.css ?? []) css.add(sheet);
		for (const imported of chunk.imports ?? []) visit(imported);
	};
	visit(DECK_ENTRY);
	return { script: entry.file, css: [...css] };
}

/**
 * Writes only the one inlined page, as `standalone.html` beside the split build.
 * @param {string} pages the build folder
 * @returns {import('@sveltejs/kit').Adapter}
 */
export function standaloneAdapter(pages) {
	return {
		name: 'standalone-page',
		async adapt(builder) {
			const dir = builder.getBuildDirectory('standalone');
			builder.rimraf(dir);
			builder.writePrerendered(dir);
			mkdirSync(pages, { recursive: true });
			copyFileSync(join(dir, 'index.html'), join(pages, STANDALONE_PAGE));
			builder.log(`Wrote ${join(pages, STANDALONE_PAGE)}`);
		}
	};
}

/**
 * @typedef {{ script: string; css: string[] }} DeckEntry the deck's first load without SvelteKit: its
 * entry module and stylesheets, relative to the build folder
 */

/** The deck's route (`#/`, `#/?token=…`, no hash), as the page's script tells it. */
const ON_DECK = "(location.hash.replace(/^#/, '').replace(/[?#].*$/, '') || '/') === '/'";

/**
 * SvelteKit's split page, made relative and file://-aware, and opening the deck without SvelteKit when
 * `deck` is given (src/deck-entry): other routes, and the deck's first other page, start SvelteKit.
 * Throws when SvelteKit's page is not shaped as expected (one inline script, its hash in the policy,
 * the start snippet as below), rather than write a page that would not run.
 * @param {string} html
 * @param {DeckEntry} [deck]
 */
export function splitPage(html, deck) {
	const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
	const [tag, code] = scripts.length === 1 && scripts[0] ? [scripts[0][0], scripts[0][1] ?? ''] : [];
	if (tag === undefined || code === undefined) throw new Error(`index.html: expected one inline script, found ${scripts.length}`);
	const oldHash = `'sha256-${sha256(code)}'`;
	if (!html.includes(oldHash)) throw new Error("index.html: the policy does not carry the bootstrap script's hash");

	// SvelteKit's start: its paths global, its two entry modules, and `kit.start(app, element)` on the
	// script's parent. The script below does the same, later when the deck opens first.
	const globals = /__sveltekit_\w+ = \{\s*base: new URL\((['"])\.\1, location\)\.pathname\.slice\(0, -1\)\s*\};/.exec(code)?.[0];
	const start = /import\("\/(_app\/immutable\/entry\/start\.[^"]+\.js)"\)/.exec(code)?.[1];
	const app = /import\("\/(_app\/immutable\/entry\/app\.[^"]+\.js)"\)/.exec(code)?.[1];
	const shaped = /const element = document\.currentScript\.parentElement;/.test(code) && /\.then\(\(\[kit, app\]\) => \{?\s*kit\.start\(app, element\);?\s*\}?\)/.test(code);
	if (!globals || !start || !app || !shaped || code.split('import(').length !== 3) throw new Error("index.html: SvelteKit's start is not shaped as expected");

	// Preloads and the first load's styles become part of the script: a file:// page must not ask for
	// modules it cannot load, and a <link> in the head would block the loading line's paint.
	const preloads = [...html.matchAll(/<link href="\/(_app\/[^"]+)" rel="modulepreload">\s*/g)];
	const styles = [...html.matchAll(/<link href="\/(_app\/[^"]+\.css)" rel="stylesheet">\s*/g)];
	const list = (/** @type {string[]} */ paths) => JSON.stringify(paths.map((path) => `./${path}`));
	const script = `
				if (location.protocol === 'file:') location.replace('./${STANDALONE_PAGE}' + location.search + location.hash);
				else {
				const target = document.currentScript.parentElement;
				if (!location.hash.startsWith('#/widget')) target.insertAdjacentHTML('beforebegin', ${JSON.stringify(BOOT_SHELL)});
				const added = new Set();
				const sheets = (hrefs) => Promise.all(hrefs.filter((href) => !added.has(href) && added.add(href)).map((href) => new Promise((done) => document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href, onload: done, onerror: done })))));
				${globals}
				const kit = () => {
					for (const href of ${list(preloads.map((m) => m[1] ?? ''))}) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
					return Promise.all([sheets(${list(styles.map((m) => m[1] ?? ''))}), import("./${start}"), import("./${app}")]).then(([, kit, app]) => kit.start(app, target));
				};
				${deck ? `if (${ON_DECK}) Promise.all([sheets(${list(deck.css)}), import("./${deck.script}")]).then(([, deck]) => deck.start(target, kit), kit);
				else kit();` : 'kit();'}
				}
			`;
	let out = html;
	for (const m of [...preloads, ...styles]) out = out.replace(m[0], '');
	out = out.replace(tag, () => `<script>${script}</script>`).replace(oldHash, () => `'sha256-${sha256(script)}'`);
	if (/["'(]\/_app\//.test(out)) throw new Error('index.html: an absolute /_app/ address is left');
	return out;
}
