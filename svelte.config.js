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
		paths: { relative: true },
		// A Content-Security-Policy in a <meta> tag, with the hash of the one inline script. Everything is
		// bundled, so nothing may load from elsewhere. connect-src is broad here because the application's
		// address is only known at run time: the page narrows it to that address before connecting
		// (src/lib/client/connection-lock.ts). Images stay open to http(s): song covers come from the
		// application's variables. The widget builder previews widgets in a same-page iframe. Dashboard
		// pages link the web manifest (static/manifest.webmanifest) so the phone can install them.
		csp: {
			mode: 'hash',
			directives: {
				'default-src': ['none'],
				'script-src': ['self'],
				'style-src': ['self', 'unsafe-inline'],
				'img-src': ['self', 'data:', 'https:', 'http:'],
				'connect-src': ['self', 'http:', 'https:', 'ws:', 'wss:'],
				'frame-src': ['self'],
				'manifest-src': ['self'],
				'base-uri': ['none'],
				'form-action': ['none']
			}
		}
	}
};

export default config;
