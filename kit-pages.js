/**
 * The dashboard's two pages from the one SvelteKit app (svelte.config.js, `npm run build`):
 *
 * - `build/index.html` (`vite build`): split chunks in `build/_app/`, so a phone first fetches only
 *   the runtime, the layouts and the page it opens; other pages load when visited. SvelteKit writes a
 *   hash-routed page with absolute `/_app/…` addresses; `splitPage` makes them relative (the build
 *   also works from a subpath), and sends a page opened from `file://` to the standalone page, since
 *   a browser loads no module from `file://`. The bootstrap script changes, so its hash in the
 *   Content-Security-Policy is computed again. It also paints `BOOT_SHELL` at once on dashboard routes.
 * - `build/standalone.html` (`vite build --mode standalone`): the same app with every route inlined
 *   in one file (bundleStrategy 'inline'), for `file://`.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import adapter from '@sveltejs/adapter-static';

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
 * adapter-static, then `splitPage` on the index.html it wrote.
 * @param {{ pages: string }} options adapter-static's options
 * @returns {import('@sveltejs/kit').Adapter}
 */
export function splitAdapter(options) {
	const inner = adapter({ ...options, assets: options.pages, fallback: undefined, strict: false });
	return {
		name: 'split-pages',
		async adapt(builder) {
			await inner.adapt(builder);
			const file = join(options.pages, 'index.html');
			writeFileSync(file, splitPage(readFileSync(file, 'utf8')));
		}
	};
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
 * SvelteKit's split page, made relative and file://-aware. Throws when the page is not shaped as
 * expected (one inline script, its hash in the policy), rather than write a page that would not run.
 * @param {string} html
 */
export function splitPage(html) {
	const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
	const [tag, code] = scripts.length === 1 && scripts[0] ? [scripts[0][0], scripts[0][1] ?? ''] : [];
	if (tag === undefined || code === undefined) throw new Error(`index.html: expected one inline script, found ${scripts.length}`);
	const oldHash = `'sha256-${sha256(code)}'`;
	if (!html.includes(oldHash)) throw new Error("index.html: the policy does not carry the bootstrap script's hash");

	// Preloads become part of the script: a file:// page must not ask for modules it cannot load.
	const preloads = [...html.matchAll(/<link href="\/(_app\/[^"]+)" rel="modulepreload">\s*/g)];
	// The first load's styles (first-load-chunk.ts) too: a <link> in the head would block the loading
	// line's paint and be fetched from file://. The script loads them, and starts the app once they are in.
	const styles = [...html.matchAll(/<link href="\/(_app\/[^"]+\.css)" rel="stylesheet">\s*/g)];
	const kitStart = code.replace(/import\("\/_app\//g, 'import("./_app/');
	const relative = styles.length ? kitStart.replace('Promise.all([', 'Promise.all([styled, ').replace('.then(([kit, app])', '.then(([, kit, app])') : kitStart;
	if (styles.length && (relative.split('styled').length !== 2 || !relative.includes('([, kit, app])'))) throw new Error("index.html: SvelteKit's start is not shaped as expected");
	const style = `const styled = Promise.all(${JSON.stringify(styles.map((m) => `./${m[1]}`))}.map((href) => new Promise((done) => document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href, onload: done, onerror: done })))));`;
	const preload = `for (const href of ${JSON.stringify(preloads.map((m) => `./${m[1]}`))}) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));`;
	const script = `
				if (location.protocol === 'file:') location.replace('./${STANDALONE_PAGE}' + location.search + location.hash);
				else {
				if (!location.hash.startsWith('#/widget')) document.currentScript.parentElement.insertAdjacentHTML('beforebegin', ${JSON.stringify(BOOT_SHELL)});
				${preload}
				${styles.length ? style : ''}
				${relative.trim()}
				}
			`;
	let out = html;
	for (const m of [...preloads, ...styles]) out = out.replace(m[0], '');
	out = out.replace(tag, () => `<script>${script}</script>`).replace(oldHash, () => `'sha256-${sha256(script)}'`);
	if (/["'(]\/_app\//.test(out)) throw new Error('index.html: an absolute /_app/ address is left');
	return out;
}
