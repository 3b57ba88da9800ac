/// <reference types="@sveltejs/kit" />
/// <reference no-default-lib="true"/>
/// <reference lib="esnext" />
/// <reference lib="webworker" />
/**
 * The app shell kept on the phone, so a reload during an outage still opens the dashboard (which then
 * says what is unreachable). Registered only over https (src/routes/(app)/+layout.svelte): browsers
 * give service workers to secure pages only. Caches the page and its own files, never /api, the
 * companion's endpoints or anything carrying a token (the token travels in the fragment or a header,
 * never in what is cached).
 */
import { build, files, version } from '$service-worker';

const sw = globalThis.self as unknown as ServiceWorkerGlobalScope;
const CACHE = `shell-${version}`;
/** Relative to this file, so a build served from a subpath works too. */
const here = (path: string) => new URL(`.${path}`, sw.location.href).href;
const PAGE = new URL('./', sw.location.href).href;
const ASSETS = new Set([PAGE, ...build.map(here), ...files.map(here)]);

sw.addEventListener('install', (event) => {
	event.waitUntil(
		caches
			.open(CACHE)
			.then((cache) => cache.addAll([...ASSETS]))
			.then(() => sw.skipWaiting())
	);
});

sw.addEventListener('activate', (event) => {
	// An older build's shell goes: its chunks' names no longer match the page's.
	// The page already open is served too: an outage before its next reload still finds the lazy parts
	// (the banner that explains the outage is one).
	event.waitUntil(
		caches
			.keys()
			.then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
			.then(() => sw.clients.claim())
	);
});

sw.addEventListener('fetch', (event) => {
	const { request } = event;
	if (request.method !== 'GET') return;
	const url = new URL(request.url);
	url.search = '';
	url.hash = '';
	const isPage =
		request.mode === 'navigate' && (url.href === PAGE || url.href === `${PAGE}index.html`);
	// Files whose names change with their content: the cached copy is the right one.
	if (!isPage && ASSETS.has(url.href)) {
		event.respondWith(caches.match(url.href).then((hit) => hit ?? fetch(request)));
		return;
	}
	if (!isPage) return; // /api, the companion's endpoints, widgets, media: the network only
	// The page: the network first, so a new build shows at once; the cached shell when it cannot answer.
	event.respondWith(
		fetch(request)
			.then((response) => {
				if (response.ok) {
					const copy = response.clone();
					void caches.open(CACHE).then((cache) => cache.put(PAGE, copy));
				}
				return response;
			})
			.catch(async () => (await caches.match(PAGE)) ?? Response.error())
	);
});
