/**
 * Why: a browser source may open widget.html from a file, where only one self-contained page works.
 *
 * A small Vite plugin that makes a built HTML page self-contained, like SvelteKit's 'inline' bundle
 * strategy does for index.html: one file that loads over http, from a subpath and from file://.
 *
 * After the bundle is written in memory (generateBundle), for each HTML page it:
 * - replaces each `<script src>` of an emitted JS chunk by an inline `<script type="module">` with its
 *   code, and each `<link rel="stylesheet">` of an emitted CSS file by a `<style>` with its rules;
 * - drops those files from the output, so only the page remains, and the page's HTML comments;
 * - writes a Content-Security-Policy <meta> right after `<meta charset>`, from the given directives,
 *   with script-src allowing the inline script by its sha256 hash (computed here, on the exact text).
 *
 * It needs the bundle to be one JS chunk and one CSS file: set `output.codeSplitting: false`,
 * `cssCodeSplit: false` and `modulePreload: false` (no preload helper or polyfill).
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** CSP source keywords, which the policy spells in single quotes. */
const KEYWORDS = new Set([
	'self',
	'none',
	'unsafe-inline',
	'unsafe-eval',
	'unsafe-hashes',
	'strict-dynamic',
	'report-sample',
	'wasm-unsafe-eval'
]);

/** The policy text: `default-src 'none'; script-src 'self' 'sha256-…'; …`. */
export function policyText(
	directives: Record<string, readonly string[]>,
	scriptHashes: readonly string[]
): string {
	return Object.entries(directives)
		.map(([name, sources]) => {
			const quoted = sources.map((s) => (KEYWORDS.has(s) ? `'${s}'` : s));
			if (name === 'script-src') quoted.push(...scriptHashes.map((h) => `'sha256-${h}'`));
			return [name, ...quoted].join(' ');
		})
		.join('; ');
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

/**
 * Whether code would end or confuse an HTML <script> element's content: `</script` ends it, and
 * `<script` after a `<!--` would stop the next `</script>` from ending it (the HTML parser's
 * "double escaped" state). Svelte's code has `<!---->` (harmless without `<script`). The build fails
 * rather than rewrite code.
 */
const unsafeInScript = (code: string) =>
	/<\/script/i.test(code) || (code.includes('<!--') && /<script/i.test(code));

export function inlineSingleFile(options: {
	directives: Record<string, readonly string[]>;
}): Plugin {
	return {
		name: 'inline-single-file',
		apply: 'build',
		enforce: 'post',
		generateBundle(_output, bundle) {
			/** The bundle entry a page's (relative) reference names. */
			const fileOf = (ref: string) => bundle[ref.replace(/^\.?\//, '')];
			const inlined = new Set<string>();
			for (const page of Object.values(bundle)) {
				if (page.type !== 'asset' || !page.fileName.endsWith('.html')) continue;
				const hashes: string[] = [];
				// The page's own HTML comments are notes for its source, not for the browser: they go, before
				// any script is inlined (bundled code has `<!---->` strings of its own).
				let html = String(page.source).replace(/[ \t]*<!--[\s\S]*?-->\n?/g, '');
				// Replacement functions, never strings: bundled code is full of `$&`-like sequences.
				html = html.replace(
					/<script\b[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g,
					(tag, ref: string) => {
						const chunk = fileOf(ref);
						if (chunk?.type !== 'chunk') return tag;
						const code = chunk.code.trim();
						if (unsafeInScript(code))
							this.error(
								`${chunk.fileName} contains "</script", or "<!--" and "<script": it cannot be inlined as is`
							);
						hashes.push(sha256(code));
						inlined.add(chunk.fileName);
						return `<script type="module">${code}</script>`;
					}
				);
				html = html.replace(
					/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>/g,
					(tag, ref: string) => {
						const asset = fileOf(ref);
						if (asset?.type !== 'asset') return tag;
						// Without Vite's `/*$vite$:1*/` marker, which nothing reads in the page.
						const css = String(asset.source)
							.replace(/\/\*\$vite\$:\d+\*\//g, '')
							.trim();
						if (/<\/style/i.test(css))
							this.error(`${asset.fileName} contains "</style": it cannot be inlined as is`);
						inlined.add(asset.fileName);
						return `<style>${css}</style>`;
					}
				);
				if (/<script\b[^>]*\bsrc=|<link\b[^>]*\brel="(stylesheet|modulepreload)"/.test(html))
					this.error(
						`${page.fileName} still loads a file: the bundle must be one JS chunk and one CSS file`
					);
				const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
				if (!charset)
					this.error(`${page.fileName} has no <meta charset>, after which the policy goes`);
				const at = charset.index + charset[0].length;
				const meta = `\n\t\t<meta http-equiv="content-security-policy" content="${policyText(options.directives, hashes)}">`;
				page.source = html.slice(0, at) + meta + html.slice(at);
			}
			for (const name of inlined) delete bundle[name];
		}
	};
}
