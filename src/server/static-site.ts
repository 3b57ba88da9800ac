/**
 * The static build, served with sirv. Its pages (index.html, standalone.html, widget.html) get a meta tag telling the page to talk to its
 * own origin (this server proxies /api), so a phone needs to reach only this one port.
 */
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';
import { SECURITY_HEADERS, sendJson, requestUrl } from './http-util';

export const SAME_ORIGIN_META = '<meta name="stream-control-origin" content="same">';

/**
 * A page's own meta tag, looked for in the markup before its first script only: a minified script
 * may spell out the selector `meta[name="stream-control-origin"]`, and mistaking it for the tag left
 * widget.html without it (every widget served by the companion then showed "unreachable").
 */
const OWN_META = /<meta\s[^>]*name="stream-control-origin"/i;

/** Puts the same-origin meta tag first in <head> (once). */
export function injectSameOriginMeta(html: string): string {
	if (OWN_META.test(html.split(/<script\b/i, 1)[0]!)) return html;
	const head = /<head(\s[^>]*)?>/i.exec(html);
	if (!head) return SAME_ORIGIN_META + html;
	const at = head.index + head[0].length;
	return html.slice(0, at) + SAME_ORIGIN_META + html.slice(at);
}

const POLICY_META = /<meta\s+http-equiv="content-security-policy"\s+content="([^"]*)"/i;

/**
 * The build's Content-Security-Policy (its <meta> tag) as this server's header, with connections
 * limited to this server: pages it serves talk to their own origin only (it proxies /api).
 */
export function companionPolicy(html: string): string | undefined {
	const meta = POLICY_META.exec(html);
	if (!meta) return undefined;
	const text = meta[1]!
		.replace(/&#39;|&apos;/g, "'")
		.replace(/&quot;/g, '"')
		.replace(/&amp;/g, '&');
	const kept = text
		.split(';')
		.map((directive) => directive.trim())
		.filter((directive) => directive && !/^connect-src\b/i.test(directive));
	return [...kept, "connect-src 'self'"].join('; ');
}

/** The build's pages, each served with the same-origin meta tag and its policy as a header; other files as they are. */
const PAGES: Readonly<Record<string, string>> = {
	'/': 'index.html',
	'/index.html': 'index.html',
	'/standalone.html': 'standalone.html',
	'/widget.html': 'widget.html'
};

/** The dashboard's split chunks: their names change with their content, so a phone keeps them. */
const IMMUTABLE = /^\/_app\/immutable\//;

export function createStaticSite(
	buildDir: string
): (req: IncomingMessage, res: ServerResponse) => void {
	const cached = new Map<string, { mtimeMs: number; html: Buffer; policy: string | undefined }>();

	/** Re-read only when the build changed, so a rebuild shows without a restart. */
	function readPage(file: string): { html: Buffer; policy: string | undefined } | undefined {
		try {
			const path = join(buildDir, file);
			const { mtimeMs } = statSync(path);
			let page = cached.get(file);
			if (page?.mtimeMs !== mtimeMs) {
				const text = readFileSync(path, 'utf8');
				page = {
					mtimeMs,
					html: Buffer.from(injectSameOriginMeta(text)),
					policy: companionPolicy(text)
				};
				cached.set(file, page);
			}
			return page;
		} catch {
			return undefined;
		}
	}

	function servePage(req: IncomingMessage, res: ServerResponse, file = 'index.html'): void {
		const page = readPage(file);
		if (!page)
			return sendJson(res, 503, {
				status: 503,
				message: `The app is not built yet (no ${file}): run \`npm run build\` (npm start does it for you).`
			});
		const { html, policy } = page;
		res.writeHead(200, {
			...SECURITY_HEADERS,
			...(policy ? { 'Content-Security-Policy': policy } : {}),
			'Content-Type': 'text/html; charset=utf-8',
			'Content-Length': html.length,
			'Cache-Control': 'no-cache'
		});
		res.end(req.method === 'HEAD' ? undefined : html);
	}

	const files = sirv(buildDir, {
		dev: true, // look files up per request: the build may appear or change while we run
		etag: true,
		dotfiles: false,
		setHeaders: (res, pathname) => {
			for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
			if (IMMUTABLE.test(pathname))
				res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
		}
	});

	return (req, res) => {
		if (req.method !== 'GET' && req.method !== 'HEAD')
			return sendJson(res, 405, { status: 405, message: 'pages are read-only' });
		const path = requestUrl(req).pathname;
		const page = PAGES[path];
		if (page) return servePage(req, res, page);
		files(req, res, () => {
			// Single-page app: unknown page paths get the app, which routes by the hash.
			if (/text\/html/.test(req.headers.accept ?? '')) servePage(req, res);
			else sendJson(res, 404, { status: 404, message: 'not found' });
		});
	};
}
