/** The run-time connection lock and the reload address of the connect page, without a browser. */
import { describe, expect, it } from 'vitest';
import {
	allowedSources,
	canConnectTo,
	lockConnections,
	lockedSources
} from '$lib/client/connection-lock';
import { withoutConnection } from '$lib/client/settings';

const settings = (
	host: string,
	port = 39231,
	extra: { secure?: boolean; demo?: boolean } = {}
) => ({ host, port, secure: false, demo: false, ...extra });

/** Just enough of a document for the lock: a head holding meta elements. */
function fakeDocument() {
	const metas: { attributes: Map<string, string>; httpEquiv: string; content: string }[] = [];
	const head = {
		querySelector: (selector: string) => {
			const attribute = /^meta\[([^\]]+)\]$/.exec(selector)?.[1];
			const found = metas.find((m) => attribute && m.attributes.has(attribute));
			return found ? { getAttribute: (name: string) => found.attributes.get(name) ?? null } : null;
		},
		append: (meta: (typeof metas)[number]) => void metas.push(meta)
	};
	const createElement = () => {
		const attributes = new Map<string, string>();
		return {
			attributes,
			httpEquiv: '',
			content: '',
			setAttribute: (name: string, value: string) => void attributes.set(name, value)
		};
	};
	return { doc: { head, createElement } as unknown as Document, metas };
}

describe('connection lock', () => {
	it('allows the HTTP origin and its websocket twin; nothing in demo mode; no lock for an IPv6 address', () => {
		expect(allowedSources(settings('127.0.0.1'))).toBe(
			'http://127.0.0.1:39231 ws://127.0.0.1:39231'
		);
		expect(allowedSources(settings('studio.local', 39232, { secure: true }))).toBe(
			'https://studio.local:39232 wss://studio.local:39232'
		);
		expect(allowedSources(settings('127.0.0.1', 39231, { demo: true }))).toBe("'none'");
		// Chromium rejects IPv6 literals in a policy and would then block every connection.
		expect(allowedSources(settings('::1'))).toBeUndefined();
	});

	it('locks once; the same address stays allowed, another is not, and demo mode needs no address', () => {
		const { doc, metas } = fakeDocument();
		expect(canConnectTo(settings('127.0.0.1'), doc)).toBe(true);
		expect(lockConnections(settings('127.0.0.1'), doc)).toBe(true);
		expect(metas.map((m) => [m.httpEquiv, m.content])).toEqual([
			['Content-Security-Policy', 'connect-src http://127.0.0.1:39231 ws://127.0.0.1:39231']
		]);
		expect(lockedSources(doc)).toBe('http://127.0.0.1:39231 ws://127.0.0.1:39231');
		expect(lockConnections(settings('127.0.0.1'), doc)).toBe(true);
		expect(canConnectTo(settings('127.0.0.1', 4000), doc)).toBe(false);
		expect(lockConnections(settings('127.0.0.1', 4000), doc)).toBe(false);
		expect(canConnectTo(settings('127.0.0.1', 4000, { demo: true }), doc)).toBe(true);
		expect(metas).toHaveLength(1);
	});

	it('an IPv6 address leaves the page unlocked', () => {
		const { doc, metas } = fakeDocument();
		expect(lockConnections(settings('::1'), doc)).toBe(true);
		expect(metas).toHaveLength(0);
	});
});

describe('the address to load again', () => {
	it('drops every connection setting from query and fragment, keeping the route and other options', () => {
		expect(
			withoutConnection(
				'http://h/app/?token=a&keep=1#/connect?token=T&host=x&port=1&secure=1&demo=1&theme=dark'
			)
		).toBe('http://h/app/?keep=1#/connect?theme=dark');
		expect(withoutConnection('file:///C:/w/index.html#token=T&host=x')).toBe(
			'file:///C:/w/index.html'
		);
		expect(withoutConnection('http://h/#/widgets')).toBe('http://h/#/widgets');
	});
});
