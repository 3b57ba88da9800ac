import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	compilerOptions: { runes: true },
	kit: {
		// One self-contained index.html: loads over http, from a subpath and from file://.
		adapter: adapter({ pages: 'build', assets: 'build', fallback: undefined, strict: false }),
		router: { type: 'hash' },
		output: { bundleStrategy: 'inline' },
		paths: { relative: true }
	}
};

export default config;
