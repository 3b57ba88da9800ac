/**
 * The connect page's test, without a browser: against the simulator core (through the demo transport,
 * so the answers are the simulator's own), a host that does not answer, and an https page.
 */
import { describe, expect, it } from 'vitest';
import {
	DEFAULT_COMPANION_PORT,
	diagnose,
	originProblem,
	type Diagnosis,
	type DiagnosisAction
} from '../../src/routes/(app)/connect/diagnose';
import { demoFetch } from '$lib/demo/transport';
import { Simulator } from '$lib/sim/simulator';
import { httpBase, type ConnectionSettings } from '$lib/client/settings';
import { DEFAULT_SECURE_PORT, FEATURES } from '$lib/protocol';
import { DEFAULT_COMPANION_PORT as COMPANION_SERVER_PORT } from '../../src/server/companion';

const TOKEN = 'unit-diagnose-token-91c2';
const settings = (over: Partial<ConnectionSettings> = {}): ConnectionSettings => ({
	token: TOKEN,
	host: '127.0.0.1',
	port: 39231,
	secure: false,
	demo: false,
	...over
});
/** What fetch does when nothing listens: a network error, with no answer. */
const refused: typeof fetch = async () => {
	throw new TypeError('Failed to fetch');
};
const HTTP_PAGE = { pageProtocol: 'http:' };

/** Every text of a diagnosis a page could show. */
const shown = (d: Diagnosis) => JSON.stringify(d);

describe('diagnose', () => {
	it('a working address: name, version, interface version, features and premium', async () => {
		const sim = new Simulator({ token: TOKEN });
		sim.setPremium(true);
		const d = await diagnose(settings(), { ...HTTP_PAGE, fetch: demoFetch(sim) });
		expect(d).toMatchObject({
			kind: 'ok',
			meta: { name: 'app-stream', version: '9.1.0', features: [...FEATURES] },
			premium: true
		});
		expect(d.kind === 'ok' && d.meta.apiVersion).toBeGreaterThanOrEqual(2);
	});

	it('an older application (no /api/meta, premium from retrieve) still works', async () => {
		const sim = new Simulator({ token: TOKEN, profile: 'legacy' });
		const d = await diagnose(settings(), { ...HTTP_PAGE, fetch: demoFetch(sim) });
		expect(d).toMatchObject({ kind: 'ok', meta: { apiVersion: 1, features: [] }, premium: false });
	});

	it('nothing answers: unreachable, naming the address and never the token', async () => {
		const d = await diagnose(settings({ port: 40999 }), { ...HTTP_PAGE, fetch: refused });
		expect(d.kind).toBe('unreachable');
		expect(shown(d)).toContain('127.0.0.1:40999');
		expect(shown(d)).not.toContain(TOKEN);
	});

	it('a wrong token: rejected, and it says honestly that a switched-off interface answers the same', async () => {
		const sim = new Simulator({ token: TOKEN });
		const d = await diagnose(settings({ token: 'not-the-token' }), {
			...HTTP_PAGE,
			fetch: demoFetch(sim)
		});
		expect(d.kind).toBe('unauthorized');
		expect(d.kind !== 'ok' && d.message).toMatch(
			/token is wrong, or the interface is switched off/
		);
		expect(shown(d)).not.toContain('not-the-token');
	});

	it('interface switched off: without a closed connection it cannot be told from a wrong token; after a 1000 close it can', async () => {
		const sim = new Simulator({ token: TOKEN });
		sim.stopApi();
		const fetch = demoFetch(sim);
		// A fresh page (or another address): the application answers 401 exactly as for a wrong token.
		expect((await diagnose(settings(), { ...HTTP_PAGE, fetch })).kind).toBe('unauthorized');
		// The page's own connection was closed on purpose (1000): a 401 now means the interface is off.
		const stopped = await diagnose(settings(), { ...HTTP_PAGE, fetch, interfaceStopped: true });
		expect(stopped).toMatchObject({
			kind: 'stopped',
			fix: expect.stringContaining('Settings → API')
		});
		// Switched on again: the test says so, rather than repeating what the old close said.
		sim.startApi();
		expect((await diagnose(settings(), { ...HTTP_PAGE, fetch, interfaceStopped: true })).kind).toBe(
			'ok'
		);
		// Closed on purpose and now no answer at all: the application was closed.
		const closed = await diagnose(settings(), {
			...HTTP_PAGE,
			fetch: refused,
			interfaceStopped: true
		});
		expect(closed).toMatchObject({
			kind: 'unreachable',
			message: expect.stringContaining('probably closed')
		});
	});

	it('an address the page is not locked to cannot be tested from here, and nothing is fetched', async () => {
		let fetched = 0;
		const counting: typeof fetch = async () => {
			fetched++;
			throw new TypeError('Failed to fetch');
		};
		const lock = 'http://127.0.0.1:39231 ws://127.0.0.1:39231';
		const doc = {
			head: { querySelector: () => ({ getAttribute: () => lock }) }
		} as unknown as Document;
		const d = await diagnose(settings({ port: 40001 }), { ...HTTP_PAGE, fetch: counting, doc });
		expect(d).toMatchObject({
			kind: 'other-address',
			fix: expect.stringContaining('Press Connect')
		});
		expect(fetched).toBe(0);
	});
});

describe('page-origin problem (an https page and an http address)', () => {
	const phoneTarget = settings({ host: '192.168.1.20' });

	it('is found before any request, for http addresses other than loopback only', async () => {
		let fetched = 0;
		const d = await diagnose(phoneTarget, {
			pageProtocol: 'https:',
			fetch: async () => {
				fetched++;
				throw new TypeError('Failed to fetch');
			}
		});
		expect(d.kind).toBe('mixed-content');
		expect(fetched).toBe(0);
		expect(originProblem(phoneTarget, 'http:')).toBeUndefined();
		expect(originProblem(phoneTarget, 'file:')).toBeUndefined();
		expect(originProblem(settings({ host: 'localhost' }), 'https:')).toBeUndefined();
		expect(originProblem(settings({ host: '127.0.0.1' }), 'https:')).toBeUndefined();
		expect(
			originProblem({ ...phoneTarget, secure: true, port: DEFAULT_SECURE_PORT }, 'https:')
		).toBeUndefined();
		expect(originProblem({ ...phoneTarget, demo: true }, 'https:')).toBeUndefined();
	});

	it('offers fixes that work: the secure port (which the page may call), and the companion server over http', () => {
		const d = originProblem(phoneTarget, 'https:');
		if (d?.kind !== 'mixed-content') throw new Error('expected a mixed-content diagnosis');
		const [useSecure, openCompanion] = d.actions as [DiagnosisAction, DiagnosisAction];
		expect(useSecure).toMatchObject({
			kind: 'settings',
			settings: { secure: true, port: DEFAULT_SECURE_PORT }
		});
		// Applying the offered change gives settings an https page may call: https on the same host.
		const fixed = { ...phoneTarget, ...(useSecure.kind === 'settings' ? useSecure.settings : {}) };
		expect(originProblem(fixed, 'https:')).toBeUndefined();
		expect(httpBase(fixed)).toBe('https://192.168.1.20:39232');
		// The companion's pages call /api on their own (http) origin, so nothing is mixed there; no token in the link.
		expect(openCompanion).toEqual({
			kind: 'link',
			label: expect.stringContaining(`192.168.1.20:${DEFAULT_COMPANION_PORT}`),
			href: `http://192.168.1.20:${DEFAULT_COMPANION_PORT}/#/connect`
		});
		expect(shown(d)).not.toContain(TOKEN);
	});

	it('the link uses the port the companion server really listens on by default', () => {
		expect(DEFAULT_COMPANION_PORT).toBe(COMPANION_SERVER_PORT);
	});

	it('the companion link brackets an IPv6 address', () => {
		const d = originProblem(settings({ host: 'fd00::20' }), 'https:');
		expect(d?.kind === 'mixed-content' && d.actions[1]).toMatchObject({
			href: `http://[fd00::20]:${DEFAULT_COMPANION_PORT}/#/connect`
		});
	});
});
