import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

export default defineConfig(
	// What a command makes, as in .prettierignore (node_modules is ignored by eslint itself).
	globalIgnores([
		'build/',
		'.svelte-kit/',
		'test-results/',
		'src/lib/paraglide/',
		'build-tools/.paraglide-english/',
		'src/lib/paraglide-ui/',
		'build-tools/.paraglide-dashboard/',
		'build-tools/.paraglide-widget-languages/'
	]),
	js.configs.recommended,
	...ts.configs.recommended,
	...svelte.configs.recommended,
	prettier,
	...svelte.configs.prettier,
	{
		languageOptions: { globals: { ...globals.browser, ...globals.node } },
		rules: {
			// typescript-eslint advises against no-undef in TypeScript: svelte-check already finds undefined names.
			'no-undef': 'off',
			// A leading underscore marks a name kept on purpose: an each block's unused item, a field dropped by a rest pattern.
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_' }
			],
			// Svelte 5 trims whitespace at a block's edges: `{' '}` is how a space is kept there, not a useless mustache.
			'svelte/no-useless-mustaches': 'off',
			// Flags every Set, Map and URLSearchParams in runes code; here they are local temporaries or registries
			// nothing renders (what renders is $state, replaced whole).
			'svelte/prefer-svelte-reactivity': 'off',
			// The hash router's redirects go to `#/page?query` built from a page path the app keeps (last page,
			// a share link's first page): resolve() types only literal routes, and the hash needs no base path.
			'svelte/no-navigation-without-resolve': ['error', { ignoreGoto: true }]
		}
	},
	{
		files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'],
		languageOptions: {
			parserOptions: {
				projectService: true,
				extraFileExtensions: ['.svelte'],
				parser: ts.parser,
				svelteConfig
			}
		}
	}
);
