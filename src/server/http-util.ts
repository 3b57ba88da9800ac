/** Small HTTP helpers shared by the companion's handlers. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** Headers every answer of ours carries: pages never leak their URL (and its token) as a referrer. */
export const SECURITY_HEADERS = {
	'Referrer-Policy': 'no-referrer',
	'X-Content-Type-Options': 'nosniff'
} as const;

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
	if (res.headersSent) {
		res.destroy();
		return;
	}
	const text = JSON.stringify(body);
	res.writeHead(status, {
		...SECURITY_HEADERS,
		'Content-Type': 'application/json; charset=utf-8',
		'Content-Length': Buffer.byteLength(text),
		'Cache-Control': 'no-store'
	});
	res.end(text);
}

/** Refuses a websocket upgrade with a plain HTTP status and a JSON body ({status, code?, message}), then drops the connection. */
export function refuseUpgrade(
	socket: Duplex,
	status: number,
	reason: string,
	message: string,
	code?: string
): void {
	const body = JSON.stringify(code === undefined ? { status, message } : { status, code, message });
	socket.end(
		`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
	);
}

const UNPARSEABLE = '/__unparseable__';

/** The request's URL; a target no URL parser accepts becomes a path nothing serves, never an exception. */
export function requestUrl(req: IncomingMessage): URL {
	try {
		return new URL(req.url ?? '/', 'http://companion.invalid');
	} catch {
		return new URL(UNPARSEABLE, 'http://companion.invalid');
	}
}

/** Every token a request presents: each `token` query parameter and a Bearer header. */
export function presentedTokens(req: IncomingMessage): string[] {
	const url = requestUrl(req);
	const out = url.searchParams.getAll('token');
	const auth = req.headers.authorization;
	const bearer = typeof auth === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1] : undefined;
	if (bearer) out.push(bearer);
	return out;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Compares secrets in constant time (on digests, so lengths do not leak either). */
export function sameSecret(a: string, b: string): boolean {
	return timingSafeEqual(digest(a), digest(b));
}

export function hashKey(key: string): string {
	return digest(key).toString('hex');
}

export class BodyTooLarge extends Error {}

/** Reads a request body up to a limit. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req) {
		size += (chunk as Buffer).length;
		if (size > limit) throw new BodyTooLarge(`body larger than ${limit} bytes`);
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks);
}

/** Parses JSON, answering undefined instead of throwing. */
export function parseJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

/**
 * Drops the Origin header of a request from a page the companion served itself (Origin's host is
 * the Host the browser asked for): to the application such a request is the companion's own, and
 * an application that checks Origins would otherwise see every LAN address as a foreign page.
 * Any other Origin (another site, file://) passes unchanged, for the application to judge.
 */
export function dropOwnOrigin(req: IncomingMessage): void {
	const { origin, host } = req.headers;
	if (typeof origin !== 'string' || !host) return;
	let url: URL;
	try {
		url = new URL(origin);
	} catch {
		return;
	}
	if ((url.protocol === 'http:' || url.protocol === 'https:') && url.host === host.toLowerCase())
		delete req.headers.origin;
}
