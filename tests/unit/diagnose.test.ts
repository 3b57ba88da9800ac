/** The Connect page's Test: what each failure is called, and the fix it offers. */
import { describe, expect, it } from 'vitest';
import { diagnose, originProblem } from '../../src/lib/app/diagnose';
import type { ConnectionSettings } from '../../src/lib/client/settings';

const LAN: ConnectionSettings = { token: 'secret-token-1', host: '192.168.1.20', port: 39231, secure: false, demo: false };

/** A fetch answering every request with this response (or failing like a closed port). */
const answering = (respond: () => Response) => (async () => respond()) as unknown as typeof fetch;
const refused = (async () => {
	throw new TypeError('Failed to fetch');
}) as unknown as typeof fetch;

describe('originProblem', () => {
	it('an https page cannot call an http LAN address, and the fix names the secure port', () => {
		const problem = originProblem(LAN, 'https:');
		expect(problem?.kind).toBe('mixed-content');
		expect(problem).toMatchObject({ message: expect.stringContaining('http address 192.168.1.20:39231') });
		expect(problem && 'fix' in problem ? problem.fix : '').toContain('39232');
	});

	it('is no problem over http, with secure on, for loopback, or in demo mode', () => {
		expect(originProblem(LAN, 'http:')).toBeUndefined();
		expect(originProblem({ ...LAN, secure: true, port: 39232 }, 'https:')).toBeUndefined();
		expect(originProblem({ ...LAN, host: '127.0.0.1' }, 'https:')).toBeUndefined();
		expect(originProblem({ ...LAN, demo: true }, 'https:')).toBeUndefined();
	});
});

describe('diagnose', () => {
	it('tells a rejected token, an unreachable address and a stopped interface apart, never showing the token', async () => {
		const unauthorized = await diagnose(LAN, { pageProtocol: 'http:', fetch: answering(() => new Response('unauthorized', { status: 401 })) });
		const unreachable = await diagnose(LAN, { pageProtocol: 'http:', fetch: refused });
		const stopped = await diagnose(LAN, { pageProtocol: 'http:', fetch: refused, interfaceStopped: true });
		expect([unauthorized.kind, unreachable.kind, stopped.kind]).toEqual(['unauthorized', 'unreachable', 'stopped']);
		expect(unauthorized).toMatchObject({ fix: expect.stringContaining('Settings → API') });
		expect(stopped).toMatchObject({ message: 'The application turned its interface off (it closed the connection on purpose).' });
		for (const d of [unauthorized, unreachable, stopped]) expect(JSON.stringify(d)).not.toContain(LAN.token);
	});

	it('reports what answered when it works: meta, and premium from /api/premium', async () => {
		const fetchMeta = (async (input: RequestInfo | URL) => {
			const path = new URL(String(input)).pathname;
			if (path === '/api/meta') return Response.json({ status: 200, name: 'app-stream', version: '9.1.0', apiVersion: 2, startedAt: 1, features: ['meta', 'premium'] });
			if (path === '/api/premium') return Response.json({ status: 200, data: { premium: true } });
			return new Response('not found', { status: 404 });
		}) as unknown as typeof fetch;
		const ok = await diagnose(LAN, { pageProtocol: 'http:', fetch: fetchMeta });
		expect(ok).toMatchObject({ kind: 'ok', premium: true, meta: { name: 'app-stream', version: '9.1.0', apiVersion: 2 } });
	});

	it('the mixed-content problem comes first: nothing is requested', async () => {
		let requests = 0;
		const counting = (async () => {
			requests += 1;
			return new Response('', { status: 200 });
		}) as unknown as typeof fetch;
		expect((await diagnose(LAN, { pageProtocol: 'https:', fetch: counting })).kind).toBe('mixed-content');
		expect(requests).toBe(0);
	});
});
