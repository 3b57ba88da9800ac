/**
 * Why: widget.html stays small with English only; the other languages are this one classic script
 * beside it (widget-languages.ts says how the page uses it).
 *
 * build/widget-languages.js: every language but English, as one classic script (IIFE). Built after
 * the widget page.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { BUILD_TARGET } from './build-target';
import { paraglide } from './paraglide';
import { LANGUAGES_ENTRY, languagesScript } from './widget-languages';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
	publicDir: false,
	plugins: [paraglide(), languagesScript()],
	build: {
		target: BUILD_TARGET,
		outDir: here('../build'),
		emptyOutDir: false,
		minify: true,
		lib: {
			entry: LANGUAGES_ENTRY,
			formats: ['iife'],
			name: 'streamControlLanguages',
			fileName: () => 'widget-languages.js'
		}
	}
});
