/**
 * Why: widgets run in OBS without SvelteKit or dashboard code, so they get their own small Vite build.
 *
 * The widget-only page, build/widget.html: every widget without the dashboard or the SvelteKit
 * runtime, for browser sources (`widget.html#/widget/counter?token=…`). Built after the app
 * (`npm run build`), into the same folder, as one self-contained file with the app's
 * Content-Security-Policy (inline-html.ts).
 */
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import type { CompileOptions } from 'svelte/compiler';
import { defineConfig } from 'vite';
import svelteConfig from '../svelte.config.js';
import { inlineSingleFile } from './inline-html';
import { secondMinify } from './second-minify';
import { paraglide, WIDGET_ENGLISH_MESSAGES, widgetEnglishParaglide } from './paraglide';
import { BUILD_TARGET } from './build-target';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const directives = svelteConfig.kit?.csp?.directives;
if (!directives)
	throw new Error('svelte.config.js has no kit.csp.directives for the widget page to share');

/**
 * Widgets load images from https only (chat badges, avatars and emotes, song covers), with data: kept
 * for the covers the application and the simulator send inline: never http:, never this origin.
 */
const widgetDirectives: Record<string, string[]> = {
	...(directives as Record<string, string[]>),
	'img-src': ['https:', 'data:']
};

/**
 * Svelte's production options for this page alone (documented compiler options): scoped class names
 * of three characters instead of `svelte-` and seven (they repeat in every template and rule: 0.3 kB
 * gzipped), and no version stamp on `window`. A name is `s` and the shortest start of the styles'
 * hash that no other component's different styles hold: two characters, more only on a clash.
 */
const scopedStyles = new Map<string, string>();
const WIDGET_COMPILER_OPTIONS: Pick<CompileOptions, 'discloseVersion' | 'cssHash'> = {
	discloseVersion: false,
	cssHash: ({ hash, css, filename }) => {
		const full = hash(css);
		for (let length = 2; length <= full.length; length++) {
			const name = `s${full.slice(0, length)}`;
			const other = scopedStyles.get(name);
			if (other !== undefined && other !== css) continue;
			scopedStyles.set(name, css);
			return name;
		}
		throw new Error(`${filename}: another component's styles have the scoped class s${full}`);
	}
};

export default defineConfig({
	root: here('../src/widget-entry'),
	base: './',
	publicDir: false,
	// English only in the page; the other languages load on demand (src/lib/widgets/messages.ts).
	define: { __WIDGET_LANGUAGES_ON_DEMAND__: 'true', __WIDGET_PAGE__: 'true' },
	plugins: [
		paraglide(),
		widgetEnglishParaglide(),
		svelte({ configFile: here('../svelte.config.js'), compilerOptions: WIDGET_COMPILER_OPTIONS }),
		// Before inlineSingleFile, which hashes the script's final text for the policy.
		secondMinify({ target: BUILD_TARGET }),
		inlineSingleFile({ directives: widgetDirectives })
	],
	resolve: {
		alias: [
			// Paraglide's `m` from the English-only compile's locale module (paraglide.ts).
			{ find: /^\$lib\/paraglide\/messages(\.js)?$/, replacement: WIDGET_ENGLISH_MESSAGES },
			// The languages alone, without Paraglide's runtime (widget-locales.ts).
			{ find: /^\$lib\/paraglide\/runtime(\.js)?$/, replacement: here('./widget-locales.ts') },
			{ find: '$lib', replacement: here('../src/lib') }
		]
	},
	build: {
		target: BUILD_TARGET,
		outDir: here('../build'),
		// The app's build (index.html) is already there.
		emptyOutDir: false,
		cssCodeSplit: false,
		modulePreload: false,
		assetsInlineLimit: Number.POSITIVE_INFINITY,
		rolldownOptions: {
			input: here('../src/widget-entry/widget.html'),
			// Imported constants (Svelte's flags among them) written where they are used, in two passes:
			// 0.2 kB less gzipped than the default 'smart' mode (bench/README.md).
			optimization: { inlineConst: { mode: 'all', pass: 2 } },
			// One script: a dynamic import becomes a lazy initialiser inside it.
			output: { codeSplitting: false }
		}
	}
});
