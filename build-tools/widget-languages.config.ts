/**
 * Why: widget.html stays small with English only; the other languages are this one classic script
 * beside it, which the page loads only for a widget whose `lang=` asks for one. A classic script, as
 * for demo mode: it loads over http and from file:// alike.
 *
 * build/widget-languages.js: every language's message functions (src/widget-entry/languages.ts), as
 * one classic script (IIFE). Built after the widget page, against a compile without the messages no
 * widget says (build-tools/paraglide.ts, widgetLanguagesParaglide).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { BUILD_TARGET } from './build-target';
import { WIDGET_LANGUAGES, widgetLanguagesParaglide } from './paraglide';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
	publicDir: false,
	plugins: [widgetLanguagesParaglide()],
	// The more specific alias first: $lib/paraglide is this build's own compile.
	resolve: {
		alias: [
			{ find: /^\$lib\/paraglide\//, replacement: `${WIDGET_LANGUAGES}/paraglide/` },
			{ find: '$lib', replacement: here('../src/lib') }
		]
	},
	build: {
		target: BUILD_TARGET,
		outDir: here('../build'),
		emptyOutDir: false,
		minify: true,
		lib: {
			entry: here('../src/widget-entry/languages.ts'),
			formats: ['iife'],
			name: 'streamControlLanguages',
			fileName: () => 'widget-languages.js'
		}
	}
});
