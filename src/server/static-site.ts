/**
 * The static build, served with sirv. Its pages (index.html, standalone.html, widget.html) get a meta tag telling the page to talk to its
 * own origin (this server proxies /api), so a phone needs to reach only this one port.
 *
 * Compressed only by the build, never here: Zopfli takes seconds, and even zlib would hold up the
 * event loop that relays every socket. `npm run build` writes `<file>.gz` beside each text file and
 * `<page>.companion.gz` (the page as sent here, meta tag included) beside each page
 * (build-tools/compress.ts); a request that accepts gzip gets them while they are at least as new as
 * their file, and anything else gets the file as it is.
 */
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, normalize, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import sirv, { type Options } from 'sirv';
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

/** The build's pages, each served with the same-origin meta tag and its policy as a header. */
export const COMPANION_PAGES = ['index.html', 'standalone.html', 'widget.html'] as const;
type Page = (typeof COMPANION_PAGES)[number];
/** Beside a page: the page as this server sends it, gzipped by the build (build-tools/compress.ts). */
export const COMPANION_GZIP_SUFFIX = '.companion.gz';

/** Each page's paths; other files go as they are. */
const PAGES: Readonly<Record<string, Page>> = {
	'/': 'index.html',
	...Object.fromEntries(COMPANION_PAGES.map((page) => [`/${page}`, page]))
};

/** Whether a request's Accept-Encoding takes gzip (named without `q=0`; `*` is not looked for, as sirv does not). */
export function acceptsGzip(header: string | undefined): boolean {
	return (header ?? '').split(',').some((part) => {
		const [coding, ...params] = part.split(';');
		return (
			coding!.trim().toLowerCase() === 'gzip' &&
			!params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/i.test(param))
		);
	});
}

function mtimeOf(path: string): number | undefined {
	try {
		return statSync(path).mtimeMs;
	} catch {
		return undefined;
	}
}

/** The dashboard's split chunks: their names change with their content, so a phone keeps them. */
const IMMUTABLE = /^\/_app\/immutable\//;

export function createStaticSite(
	buildDir: string
): (req: IncomingMessage, res: ServerResponse) => void {
	interface Cached {
		mtimeMs: number;
		gzipMtimeMs: number | undefined;
		html: Buffer;
		policy: string | undefined;
		/** The build's gzip copy of `html`, when it is at least as new as the page and decodes to `html`. */
		gzip: Buffer | undefined;
	}
	const cached = new Map<Page, Cached>();

	/** Re-read only when the build changed, so a rebuild shows without a restart. */
	function readPage(file: Page): Cached | undefined {
		try {
			const path = join(buildDir, file);
			const { mtimeMs } = statSync(path);
			const gzipMtimeMs = mtimeOf(path + COMPANION_GZIP_SUFFIX);
			let page = cached.get(file);
			if (page?.mtimeMs !== mtimeMs || page.gzipMtimeMs !== gzipMtimeMs) {
				const text = readFileSync(path, 'utf8');
				const html = Buffer.from(injectSameOriginMeta(text));
				page = {
					mtimeMs,
					gzipMtimeMs,
					html,
					policy: companionPolicy(text),
					gzip:
						gzipMtimeMs !== undefined && gzipMtimeMs >= mtimeMs
							? readGzipCopy(path + COMPANION_GZIP_SUFFIX, html)
							: undefined
				};
				cached.set(file, page);
			}
			return page;
		} catch {
			return undefined;
		}
	}

	/** Checked once per build by decoding it: a copy made by an older companion (another meta tag) is not what we send. */
	function readGzipCopy(path: string, html: Buffer): Buffer | undefined {
		try {
			const gzip = readFileSync(path);
			return gunzipSync(gzip).equals(html) ? gzip : undefined;
		} catch {
			return undefined;
		}
	}

	function servePage(req: IncomingMessage, res: ServerResponse, file: Page = 'index.html'): void {
		const page = readPage(file);
		if (!page)
			return sendJson(res, 503, {
				status: 503,
				message: `The app is not built yet (no ${file}): run \`npm run build\` (npm start does it for you).`
			});
		const { html, policy } = page;
		const gzip = page.gzip && acceptsGzip(req.headers['accept-encoding']) ? page.gzip : undefined;
		const body = gzip ?? html;
		res.writeHead(200, {
			...SECURITY_HEADERS,
			...(policy ? { 'Content-Security-Policy': policy } : {}),
			'Content-Type': 'text/html; charset=utf-8',
			...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
			'Content-Length': body.length,
			'Cache-Control': 'no-cache',
			Vary: 'Accept-Encoding'
		});
		res.end(req.method === 'HEAD' ? undefined : body);
	}

	const options: Options = {
		dev: true, // look files up per request: the build may appear or change while we run
		etag: true,
		dotfiles: false,
		setHeaders: (res, pathname) => {
			for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
			if (IMMUTABLE.test(pathname))
				res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
		}
	};
	// sirv's `gzip` sends `<file>.gz` when the request accepts gzip; the plain one when that copy is stale.
	const gzipped = sirv(buildDir, { ...options, gzip: true });
	const plain = sirv(buildDir, options);
	const root = normalize(buildDir + sep);

	/** Whether the file a (decoded) path names has a gzip copy at least as new as itself. */
	function hasFreshGzip(pathname: string): boolean {
		const path = normalize(join(root, pathname));
		if (!path.startsWith(root)) return false;
		const file = mtimeOf(path);
		const gzip = mtimeOf(`${path}.gz`);
		return file !== undefined && gzip !== undefined && gzip >= file;
	}

	return (req, res) => {
		if (req.method !== 'GET' && req.method !== 'HEAD')
			return sendJson(res, 405, { status: 405, message: 'pages are read-only' });
		const path = requestUrl(req).pathname;
		const page = PAGES[path];
		if (page) return servePage(req, res, page);
		const notFound = () => sendJson(res, 404, { status: 404, message: 'not found' });
		let decoded = path;
		try {
			decoded = decodeURI(path); // as sirv reads it, malformed ones as they are
		} catch {
			/* kept as it is */
		}
		// The build's gzip copies are encodings of its files, not files of their own.
		if (decoded.endsWith('.gz')) return notFound();
		// Before sirv: it answers an unchanged file (304) without its own Vary.
		res.setHeader('Vary', 'Accept-Encoding');
		const files =
			acceptsGzip(req.headers['accept-encoding']) && hasFreshGzip(decoded) ? gzipped : plain;
		files(req, res, () => {
			// Single-page app: unknown page paths get the app, which routes by the hash.
			if (/text\/html/.test(req.headers.accept ?? '')) servePage(req, res);
			else notFound();
		});
	};
}
