/** HTTP plumbing of the simulator's Node transport: CORS headers, bounded bodies, the token. */
import type { IncomingMessage } from 'node:http';

/**
 * CORS for every answer, so a page from another origin (or a local file) can call the simulator;
 * Chromium's Private Network Access preflight gets its allow header when it asks.
 */
export function corsHeaders(req: IncomingMessage): Record<string, string> {
	const origin = req.headers.origin;
	const headers: Record<string, string> = {
		'Access-Control-Allow-Origin': origin && origin.length < 2000 ? origin : '*',
		'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
		'Access-Control-Allow-Headers': 'Content-Type, Authorization',
		'Access-Control-Max-Age': '600',
		Vary: 'Origin'
	};
	if (String(req.headers['access-control-request-private-network']).toLowerCase() === 'true')
		headers['Access-Control-Allow-Private-Network'] = 'true';
	return headers;
}

/** The answer to a request body over the limit: plain text naming the limit, e.g. "… 1,048,576 bytes (1 MiB)". */
export function tooLargeMessage(limit: number): string {
	const mib = limit / (1024 * 1024);
	const size = Number.isInteger(mib) ? ` (${mib} MiB)` : '';
	return `Request body is too large: the limit is ${limit.toLocaleString('en-US')} bytes${size}`;
}

/** Beyond this multiple of the limit the connection is cut instead of drained. */
const DRAIN_FACTOR = 64;

/** Reads a body up to `limit` bytes. A larger body is drained (so the client still reads the 400) and reported. */
export function readBody(
	req: IncomingMessage,
	limit: number
): Promise<{ ok: true; text: string } | { ok: false }> {
	return new Promise((resolve) => {
		const chunks: Buffer[] = [];
		let size = 0;
		let tooLarge = false;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > limit) {
				tooLarge = true;
				chunks.length = 0;
				if (size > limit * DRAIN_FACTOR) {
					req.destroy();
					resolve({ ok: false });
				}
				return;
			}
			chunks.push(chunk);
		});
		req.on('end', () =>
			resolve(tooLarge ? { ok: false } : { ok: true, text: Buffer.concat(chunks).toString('utf8') })
		);
		req.on('error', () => resolve({ ok: false }));
	});
}

/** The token from the query or an `Authorization: Bearer` header. */
export function tokenFrom(
	query: URLSearchParams | undefined,
	authorization: string | undefined
): string | undefined {
	const fromQuery = query?.get('token');
	if (fromQuery) return fromQuery;
	const match = authorization ? /^Bearer\s+(.+)$/i.exec(authorization.trim()) : null;
	return match?.[1];
}
