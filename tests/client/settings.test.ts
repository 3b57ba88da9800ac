import { describe, expect, it } from 'vitest';
import {
	connectionUrl,
	fragmentParams,
	isCompanionPage,
	pageParams,
	parseConnectionSettings,
	socketUrl,
	httpBase,
	type PageLocation
} from '$lib/client/settings';
import { RememberedSettings } from '$lib/client/remembered-settings';

const page = (search: string, hash: string, at = 'file:///x/index.html'): PageLocation => {
	const url = new URL(at);
	return { search, hash, protocol: url.protocol, hostname: url.hostname, port: url.port };
};

describe('connection settings from the URL', () => {
	it('reads the token from the query string with defaults', () => {
		expect(parseConnectionSettings(page('?token=T', '#/widget/counter'), false)).toEqual({
			ok: true,
			settings: { token: 'T', host: '127.0.0.1', port: 39231, secure: false, demo: false }
		});
	});

	it('reads params after the route in the fragment', () => {
		const r = parseConnectionSettings(
			page('', '#/widget/counter?token=T&name=deaths&host=10.0.0.2'),
			false
		);
		expect(r).toMatchObject({ ok: true, settings: { token: 'T', host: '10.0.0.2', port: 39231 } });
		expect(
			pageParams({ search: '', hash: '#/widget/counter?token=T&name=deaths' }).get('name')
		).toBe('deaths');
	});

	it('reads a whole fragment without a route', () => {
		expect(parseConnectionSettings(page('', '#token=T&port=4000'), false)).toMatchObject({
			ok: true,
			settings: { token: 'T', port: 4000 }
		});
		expect(fragmentParams('#/widget/counter').toString()).toBe('');
	});

	it('lets the fragment win over the query string', () => {
		expect(
			parseConnectionSettings(page('?token=fromQuery&host=a.local', '#/?token=fromFragment'), false)
		).toMatchObject({
			ok: true,
			settings: { token: 'fromFragment', host: 'a.local' }
		});
	});

	it('uses the secure port by default when secure', () => {
		expect(parseConnectionSettings(page('?token=T&secure', ''), false)).toMatchObject({
			ok: true,
			settings: { secure: true, port: 39232 }
		});
		expect(parseConnectionSettings(page('?token=T&secure=0', ''), false)).toMatchObject({
			ok: true,
			settings: { secure: false, port: 39231 }
		});
	});

	it.each([
		['', 'token'],
		['?token=%20%20', 'token'],
		['?token=T&port=0', 'port'],
		['?token=T&port=70000', 'port'],
		['?token=T&port=12a', 'port'],
		['?token=T&host=bad host', 'host'],
		['?token=T&host=http://x', 'host'],
		['?token=T&secure=maybe', 'secure'],
		['?token=T&demo=perhaps', 'demo']
	])('refuses %s naming the field %s', (search, field) => {
		const r = parseConnectionSettings(page(search, ''), false);
		expect(r.ok).toBe(false);
		if (!r.ok) {
			expect(r.error.field).toBe(field);
			expect(r.error.rule.length).toBeGreaterThan(3);
		}
	});

	it('accepts IPv6 and host:port', () => {
		expect(parseConnectionSettings(page('?token=T&host=[::1]', ''), false)).toMatchObject({
			ok: true,
			settings: { host: '::1' }
		});
		expect(
			parseConnectionSettings(page('?token=T&host=studio.local:4100', ''), false)
		).toMatchObject({ ok: true, settings: { host: 'studio.local', port: 4100 } });
		expect(socketUrl({ token: 'T', host: '::1', port: 1, secure: false })).toBe(
			'ws://[::1]:1/api?token=T'
		);
	});

	it('passes demo through and needs no token in demo mode', () => {
		expect(parseConnectionSettings(page('?demo', ''), false)).toMatchObject({
			ok: true,
			settings: { demo: true, token: 'demo' }
		});
	});

	describe('companion server', () => {
		it('uses the page origin when the companion meta is present and no host is given', () => {
			const r = parseConnectionSettings(
				page('', '#token=T', 'https://studio.local:8443/app/'),
				true
			);
			expect(r).toMatchObject({
				ok: true,
				settings: { host: 'studio.local', port: 8443, secure: true }
			});
			const plain = parseConnectionSettings(page('', '#token=T', 'http://192.168.1.20/'), true);
			expect(plain).toMatchObject({
				ok: true,
				settings: { host: '192.168.1.20', port: 80, secure: false }
			});
		});
		it('with secure but no host on an http page, uses the secure default port, not the page port', () => {
			expect(
				parseConnectionSettings(page('', '#token=T&secure=1', 'http://192.168.1.20/'), true)
			).toMatchObject({ ok: true, settings: { host: '192.168.1.20', port: 39232, secure: true } });
			expect(
				parseConnectionSettings(page('', '#token=T&secure=1', 'http://studio.local:8080/'), true)
			).toMatchObject({ ok: true, settings: { host: 'studio.local', port: 39232, secure: true } });
			// Same scheme as the page: its own port; an explicit port always wins.
			expect(
				parseConnectionSettings(page('', '#token=T&secure=1', 'https://studio.local:8443/'), true)
			).toMatchObject({ ok: true, settings: { port: 8443, secure: true } });
			expect(
				parseConnectionSettings(
					page('', '#token=T&secure=1&port=9000', 'http://studio.local:8080/'),
					true
				)
			).toMatchObject({ ok: true, settings: { port: 9000, secure: true } });
			expect(
				parseConnectionSettings(page('', '#token=T&secure=0', 'https://studio.local:8443/'), true)
			).toMatchObject({ ok: true, settings: { port: 39231, secure: false } });
		});
		it('refuses an explicit host other than the server itself: its policy lets its pages connect to it only', () => {
			expect(
				parseConnectionSettings(
					page('', '#token=T&host=10.0.0.5', 'http://studio.local:8080/'),
					true
				)
			).toMatchObject({
				ok: false,
				error: {
					field: 'host',
					rule: expect.stringContaining('must be this server (studio.local)')
				}
			});
			expect(
				parseConnectionSettings(
					page('', '#token=T&host=studio.local&port=8080', 'http://studio.local:8080/'),
					true
				)
			).toMatchObject({
				ok: true,
				settings: { host: 'studio.local', port: 8080, secure: false }
			});
			expect(
				parseConnectionSettings(
					page('', '#token=T&host=10.0.0.5', 'file:///C:/widgets/index.html'),
					true
				)
			).toMatchObject({ ok: true, settings: { host: '10.0.0.5' } });
		});
		it('ignores the page origin without the meta tag, or from file://', () => {
			expect(
				parseConnectionSettings(page('', '#token=T', 'http://studio.local:8080/'), false)
			).toMatchObject({ ok: true, settings: { host: '127.0.0.1', port: 39231 } });
			expect(
				parseConnectionSettings(page('', '#token=T', 'file:///C:/widgets/index.html'), true)
			).toMatchObject({ ok: true, settings: { host: '127.0.0.1' } });
		});
		it('detects the meta tag', () => {
			const doc = (content: string | null) => ({
				querySelector: (sel: string) =>
					content === null || !sel.includes('stream-control-origin')
						? null
						: { getAttribute: () => content }
			});
			expect(isCompanionPage(doc('same') as never)).toBe(true);
			expect(isCompanionPage(doc('other') as never)).toBe(false);
			expect(isCompanionPage(doc(null) as never)).toBe(false);
			expect(isCompanionPage(undefined)).toBe(false);
		});
	});

	it('builds a URL that parses back to the same settings, token in the fragment only', () => {
		const settings = {
			token: 'sécret&=x',
			host: '10.0.0.9',
			port: 4000,
			secure: true,
			demo: false
		};
		const url = connectionUrl(settings, {
			base: 'http://h/app/index.html?token=old&keep=1#/old',
			route: '/widget/counter',
			extra: { name: 'deaths' }
		});
		const parsed = new URL(url);
		expect(parsed.searchParams.get('token')).toBeNull();
		expect(parsed.searchParams.get('keep')).toBe('1');
		expect(parsed.hash.startsWith('#/widget/counter?')).toBe(true);
		const back = parseConnectionSettings(
			{ search: parsed.search, hash: parsed.hash, protocol: 'http:', hostname: 'h', port: '' },
			false
		);
		expect(back).toEqual({ ok: true, settings });
		expect(pageParams(parsed).get('name')).toBe('deaths');
		expect(
			connectionUrl({ token: 'T', host: '127.0.0.1', port: 39231, secure: false, demo: false })
		).toBe('#/?token=T');
		expect(httpBase(settings)).toBe('https://10.0.0.9:4000');
	});
});

describe('settings store', () => {
	const memory = () => {
		const map = new Map<string, string>();
		return {
			getItem: (k: string) => map.get(k) ?? null,
			setItem: (k: string, v: string) => void map.set(k, v),
			removeItem: (k: string) => void map.delete(k),
			map
		};
	};
	it('remembers and forgets the last settings', () => {
		const storage = memory();
		const store = new RememberedSettings(storage);
		expect(store.load()).toBeUndefined();
		const settings = { token: 'T', host: 'h', port: 1, secure: false, demo: false };
		expect(store.save(settings)).toBe(true);
		expect(new RememberedSettings(storage).load()).toEqual(settings);
		store.clear();
		expect(store.load()).toBeUndefined();
	});
	it('ignores damaged entries and unavailable storage', () => {
		const storage = memory();
		storage.setItem('stream-control:last-connection', '{"token":5}');
		expect(new RememberedSettings(storage).load()).toBeUndefined();
		storage.setItem('stream-control:last-connection', 'not json');
		expect(new RememberedSettings(storage).load()).toBeUndefined();
		const throwing = {
			getItem: () => {
				throw new Error('denied');
			},
			setItem: () => {
				throw new Error('denied');
			},
			removeItem: () => {
				throw new Error('denied');
			}
		};
		const store = new RememberedSettings(throwing);
		expect(store.load()).toBeUndefined();
		expect(store.save({ token: 'T', host: 'h', port: 1, secure: false, demo: false })).toBe(false);
		expect(() => store.clear()).not.toThrow();
		expect(
			new RememberedSettings(undefined).save({
				token: 'T',
				host: 'h',
				port: 1,
				secure: false,
				demo: false
			})
		).toBe(false);
	});
});
