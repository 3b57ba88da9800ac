/** Shared set-up for browser tests: Debian's Chromium through playwright-core, the built app, the simulator. */
import { createServer, type Server } from 'node:http';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import sirv from 'sirv';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';

export const BUILD_DIR = resolve(import.meta.dirname, '../../build');
export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
	'--disable-quic'
];

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
	return chromium.launch({
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: [...CHROMIUM_ARGS, ...extraArgs],
		headless: true
	});
}

/**
 * Serves the built app over http on loopback, optionally under a subpath. `bare` leaves out our
 * Referrer-Policy header, as a plain static host would: the page's own meta tag must do the work.
 */
export async function serveBuild(
	subpath = '',
	{ bare = false } = {}
): Promise<{ url: string; close(): Promise<void> }> {
	if (!existsSync(resolve(BUILD_DIR, 'index.html')))
		throw new Error('build/index.html is missing: run `npm run build` first');
	const assets = sirv(BUILD_DIR, { dev: true, etag: false });
	const server: Server = createServer((req, res) => {
		if (subpath && req.url?.startsWith(subpath)) req.url = req.url.slice(subpath.length) || '/';
		if (!bare) res.setHeader('Referrer-Policy', 'no-referrer');
		assets(req, res, () => {
			res.statusCode = 404;
			res.end('not found');
		});
	});
	await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
	const address = server.address();
	const port = typeof address === 'object' && address ? address.port : 0;
	return {
		url: `http://127.0.0.1:${port}${subpath}/`,
		// Pages of a shared browser may still hold connections open: end them, or close waits on them.
		close: () =>
			new Promise<void>((ok) => {
				server.close(() => ok());
				server.closeAllConnections();
			})
	};
}

/** Records console lines and uncaught errors of a page, for assertions. */
export function watchPage(page: Page) {
	const consoleLines: string[] = [];
	const errors: string[] = [];
	page.on('console', (m: ConsoleMessage) => consoleLines.push(`${m.type()}: ${m.text()}`));
	page.on('pageerror', (e) => errors.push(String(e)));
	return { consoleLines, errors };
}

/** The hash-router URL of a route with connection settings and options in the fragment's query. */
export function appUrl(
	base: string,
	route: string,
	params: Record<string, string | number | boolean>
): string {
	const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
	return `${base}#${route}?${query}`;
}
