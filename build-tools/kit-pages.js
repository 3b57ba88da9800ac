/**
 * Why: SvelteKit writes absolute addresses into a hash-routed page, and no page that runs from file://.
 *
 * The dashboard's two pages from the one SvelteKit app (svelte.config.js, `npm run build`):
 *
 * - `build/index.html` (`vite build`): split chunks in `build/_app/`, so a phone first fetches only
 *   the runtime, the layouts and the page it opens; other pages load when visited. SvelteKit writes a
 *   hash-routed page with absolute `/_app/…` addresses even with `paths.relative` (sveltejs/kit#9569,
 *   open); `splitPage` makes them relative, so the build also works from a subpath, and sends a page
 *   opened from `file://` to the standalone page, since a browser loads no module from `file://`.
 *   SvelteKit's start script itself is kept as it is, only its addresses changed; the script's hash in
 *   the Content-Security-Policy is computed again.
 * - `build/standalone.html` (`vite build --mode standalone`): the same app with every route inlined
 *   in one file (bundleStrategy 'inline'), for `file://`.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import adapter from '@sveltejs/adapter-static';

export const STANDALONE_PAGE = 'standalone.html';

const sha256 = (/** @type {string} */ text) =>
	createHash('sha256').update(text, 'utf8').digest('base64');

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
	const [tag, code] =
		scripts.length === 1 && scripts[0] ? [scripts[0][0], scripts[0][1] ?? ''] : [];
	if (tag === undefined || code === undefined)
		throw new Error(`index.html: expected one inline script, found ${scripts.length}`);
	const oldHash = `'sha256-${sha256(code)}'`;
	if (!html.includes(oldHash))
		throw new Error("index.html: the policy does not carry the bootstrap script's hash");

	// Preloads move into the script, after the file:// check: a file:// page must not ask for modules it
	// cannot load. Stylesheets stay where SvelteKit put them (a file:// page can read them).
	const preloads = [...html.matchAll(/<link href="\/(_app\/[^"]+)" rel="modulepreload">\s*/g)];
	const relative = (/** @type {string} */ text) => text.replace(/(["'(])\/_app\//g, '$1./_app/');
	const script = `
				if (location.protocol === 'file:') location.replace('./${STANDALONE_PAGE}' + location.search + location.hash);
				else {
				for (const href of ${JSON.stringify(preloads.map((m) => `./${m[1]}`))}) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
				${relative(code).trim()}
				}
			`;
	let out = html;
	for (const m of preloads) out = out.replace(m[0], '');
	out = relative(out.replace(tag, () => `<script>${script}</script>`)).replace(
		oldHash,
		() => `'sha256-${sha256(script)}'`
	);
	if (/["'(]\/_app\//.test(out)) throw new Error('index.html: an absolute /_app/ address is left');
	return out;
}
