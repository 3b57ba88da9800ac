import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';
import { splitAdapter, standaloneAdapter } from './build-tools/kit-pages.js';

// `vite build --mode standalone` (vite.config.ts sets this) builds the one-file page for file://.
const standalone = process.env.STREAM_CONTROL_PAGE === 'standalone';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	compilerOptions: { runes: true },
	kit: {
		// build/index.html loads split chunks over http (from a subpath too); build/standalone.html is
		// the whole app in one file, for file:// (build-tools/kit-pages.js).
		adapter: standalone ? standaloneAdapter('build') : splitAdapter({ pages: 'build' }),
		router: { type: 'hash' },
		// src/service-worker.ts is registered by the dashboard itself, over https only: over plain http a
		// phone has no service worker, and from file:// none can be registered.
		serviceWorker: { register: false },
		output: { bundleStrategy: standalone ? 'inline' : 'split' },
		paths: { relative: true },
		// The first load's stylesheet (≈ 10.5 kB, the deck's first chunk's CSS, which the root layout's node
		// names) goes into index.html: a page start script waits for pending stylesheets, an inline one
		// none (bench/README.md). The other pages' CSS stays in files, fetched with their chunks.
		inlineStyleThreshold: 32_768,
		// A Content-Security-Policy in a <meta> tag, with the hash of the one inline script. Scripts come
		// from the page's own origin only, so nothing may load from elsewhere. connect-src is broad here because the application's
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
				// The alert box's sounds: files the companion serves from its media folder. data: for the
				// silent video that keeps a phone's screen on over plain http (nosleep.js, src/lib/ui/screen-awake.svelte.ts).
				'media-src': ['self', 'data:'],
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
