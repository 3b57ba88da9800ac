/**
 * Why: the widgets' words live in messages/{locale}.json (the inlang project in project.inlang/);
 * Paraglide compiles them into typed message functions in src/lib/paraglide (git-ignored). Every Vite
 * build and the vitest run compile through the plugin; `npm run check` runs this file first, since
 * svelte-check reads the generated modules and runs no Vite.
 *
 * The locale is a global the page sets once (`setLocale(…, { reload: false })` from a widget's `lang=`),
 * English when nothing set it: no cookie, no URL routing (docs/languages.md).
 */
import { fileURLToPath } from 'node:url';
import { compile, paraglideVitePlugin, type CompilerOptions } from '@inlang/paraglide-js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const PARAGLIDE_OPTIONS = {
	project: here('../project.inlang'),
	outdir: here('../src/lib/paraglide'),
	strategy: ['globalVariable', 'baseLocale'],
	// One module per language (messages/de.js…): widget.html keeps English and loads the others on
	// demand (widget-languages.ts).
	outputStructure: 'locale-modules'
} satisfies CompilerOptions;

export const paraglide = () => paraglideVitePlugin(PARAGLIDE_OPTIONS);

// `tsx build-tools/paraglide.ts`: compile once, outside Vite.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
	await compile(PARAGLIDE_OPTIONS);
