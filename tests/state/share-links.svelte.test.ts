/**
 * ShareLinks (the share page's state) as the browser compiles it, over a scripted companion: a reader
 * sees the list, the page state and the LAN addresses follow each answer, and refusals keep their words.
 */
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareLinks } from '../../src/routes/(app)/share/share-links.svelte';
import { mounted } from './watch.svelte';

const link = (id: string) => ({
	id,
	label: id,
	profile: 'moderation',
	types: [],
	allowed: ['chatbot-message'],
	expiresAt: null,
	createdAt: 1,
	expired: false,
	path: `/?token=share_${id}`
});
const answer = (status: number, body: unknown) =>
	new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The companion as a queue of answers; each request is recorded (method, path, headers). */
function companion(...answers: Response[]) {
	const requests: { method: string; path: string; auth: string | null }[] = [];
	vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
		requests.push({
			method: init.method ?? 'GET',
			path: new URL(url).pathname,
			auth: new Headers(init.headers).get('authorization')
		});
		const next = answers.shift();
		if (!next) throw new TypeError('connection refused');
		return next;
	});
	return requests;
}

afterEach(() => vi.unstubAllGlobals());

describe('ShareLinks', () => {
	it('loads, creates and revokes, and a reader sees every change', async () => {
		const requests = companion(
			answer(200, { links: [link('a')], lanOrigins: ['http://192.168.1.20:5173'] }),
			answer(200, {
				...link('b'),
				lanOrigins: ['http://192.168.1.20:5173', 'http://10.0.0.5:5173']
			}),
			answer(200, { revoked: 'a' })
		);
		const seen: string[] = [];
		const { value: links, stop } = mounted(
			() => new ShareLinks('http://127.0.0.1:5173', 'streamer-token'),
			(l) => seen.push(`${l.state.kind}:${l.links.map((x) => x.id).join(',')}`)
		);
		await links.load();
		flushSync();
		expect(seen.at(-1)).toBe('ready:a');
		expect((await links.create({ profile: 'moderation', label: 'b' })).ok).toBe(true);
		flushSync();
		expect(seen.at(-1)).toBe('ready:b,a');
		expect(links.lanOrigins).toEqual(['http://192.168.1.20:5173', 'http://10.0.0.5:5173']);
		expect(await links.revoke('a')).toEqual({ ok: true });
		flushSync();
		expect(seen).toEqual(['loading:', 'ready:a', 'ready:b,a', 'ready:b']);
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /__share/links',
			'POST /__share/links',
			'DELETE /__share/links/a'
		]);
		expect(requests.every((r) => r.auth === 'Bearer streamer-token')).toBe(true);
		await stop();
	});

	it('says why links cannot be made: no token on the companion, a different token, or no answer', async () => {
		companion(
			answer(409, { status: 409, code: 'no_token', message: 'no token' }),
			answer(401, {
				status: 401,
				code: 'unauthorized',
				message: 'This is not the token the companion was started with.'
			})
		);
		const { value: links, stop } = mounted(() => new ShareLinks('http://127.0.0.1:5173', 't'));
		await links.load();
		expect(links.state).toEqual({ kind: 'no-token' });
		await links.load();
		expect(links.state).toEqual({
			kind: 'wrong-token',
			message: 'This is not the token the companion was started with.'
		});
		await links.load();
		expect(links.state).toEqual({
			kind: 'failed',
			message: 'The companion server did not answer.'
		});
		await stop();
	});

	it('keeps the list when a revoke is refused, and drops a link the companion no longer knows (404)', async () => {
		companion(
			answer(200, { links: [link('a'), link('b')] }),
			answer(500, { message: 'disk full' }),
			answer(404, { message: 'no such link' })
		);
		const { value: links, stop } = mounted(() => new ShareLinks('http://127.0.0.1:5173', 't'));
		await links.load();
		expect(await links.revoke('a')).toEqual({ ok: false, message: 'disk full' });
		expect(links.links.map((l) => l.id)).toEqual(['a', 'b']);
		expect(await links.revoke('b')).toEqual({ ok: true });
		expect(links.links.map((l) => l.id)).toEqual(['a']);
		await stop();
	});
});
