/**
 * Connection settings read from the page URL. The app uses the hash router, so parameters can sit in
 * the query string, after the `?` of the fragment's route, or make up the whole fragment (`#token=T`).
 * The fragment wins: it never reaches a web server's logs, so it is where links carry the token.
 */
import { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_SECURE_PORT } from '../protocol/vocabulary';
import type { Rule } from '../protocol/rule-text';
import { AS_DATA } from '../protocol/as-data';

export interface ConnectionSettings {
	token: string;
	host: string;
	port: number;
	secure: boolean;
	/** Run against the in-page simulator instead of a real application. */
	demo: boolean;
}

type SettingsField = 'token' | 'host' | 'port' | 'secure' | 'demo';
/**
 * `rule` in English (a widget's debug corner; widgets carry no table of rules, so the sentence is
 * written here, and tests/unit/reasons.test.ts holds it to rule-text.ts's); `says`, the same rule as
 * data for the dashboard.
 */
export interface SettingsIssue {
	field: SettingsField;
	rule: string;
	/** Left out in widget.html (protocol/as-data.ts). */
	says?: Rule;
}
type SettingsResult =
	{ ok: true; settings: ConnectionSettings } | { ok: false; error: SettingsIssue };

/** The parts of `window.location` the parser reads. */
export interface PageLocation {
	search: string;
	hash: string;
	protocol: string;
	hostname: string;
	port: string;
}

/** The companion server marks the pages it serves with this meta tag; then `/api` lives on the page's own origin. */
const COMPANION_META_NAME = 'stream-control-origin';
/** Token used in demo mode when the URL gives none: the in-page simulator is started with it. */
export const DEMO_TOKEN = 'demo';
const CONNECTION_KEYS = ['token', 'host', 'port', 'secure', 'demo'] as const;
const MAX_TOKEN_CHARS = 1024;

export function isCompanionPage(
	doc: Pick<Document, 'querySelector'> | undefined = globalThis.document
): boolean {
	const meta = doc?.querySelector(`meta[name="${COMPANION_META_NAME}"]`);
	return meta?.getAttribute('content') === 'same';
}

/** Params of the fragment: after the route's `?`, or the whole fragment when it holds no route. */
export function fragmentParams(hash: string): URLSearchParams {
	const fragment = hash.replace(/^#/, '');
	const query = fragment.indexOf('?');
	if (query >= 0) return new URLSearchParams(fragment.slice(query + 1));
	return fragment.includes('/') ? new URLSearchParams() : new URLSearchParams(fragment);
}

/** Query and fragment params merged, the fragment winning key by key. Pages read their own options here too. */
export function pageParams(location: Pick<PageLocation, 'search' | 'hash'>): URLSearchParams {
	const merged = new URLSearchParams(location.search);
	const fromFragment = fragmentParams(location.hash);
	for (const key of new Set(fromFragment.keys())) {
		merged.delete(key);
		for (const value of fromFragment.getAll(key)) merged.append(key, value);
	}
	return merged;
}

const TRUE_WORDS = ['', '1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['0', 'false', 'no', 'off'];

function flag(
	params: URLSearchParams,
	field: 'secure' | 'demo'
): boolean | SettingsIssue | undefined {
	const raw = params.get(field);
	if (raw === null) return undefined;
	const word = raw.trim().toLowerCase();
	if (TRUE_WORDS.includes(word)) return true;
	if (FALSE_WORDS.includes(word)) return false;
	return {
		field,
		rule: 'must be true or false',
		...(AS_DATA && { says: { kind: 'boolean', values: {} } })
	};
}

function portOf(raw: string): number | SettingsIssue {
	const port = /^\d{1,5}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
	return port >= 1 && port <= 65535
		? port
		: {
				field: 'port',
				rule: 'must be a whole number from 1 to 65535',
				...(AS_DATA && { says: { kind: 'port', values: {} } })
			};
}

/** A host name, IPv4 or IPv6 address (brackets optional), possibly followed by `:port`. */
function hostOf(raw: string): { host: string; port?: string } | SettingsIssue {
	const text = raw.trim();
	const bracketed = /^\[([0-9a-f:.]+)\](?::(\d+))?$/i.exec(text);
	if (bracketed) return { host: bracketed[1]!, port: bracketed[2] };
	if (/^[0-9a-f:.]+$/i.test(text) && (text.match(/:/g)?.length ?? 0) >= 2) return { host: text };
	const named = /^([a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?)(?::(\d+))?$/i.exec(text);
	if (named) return { host: named[1]!, port: named[2] };
	return {
		field: 'host',
		rule: 'must be a host name or an IP address, such as 127.0.0.1',
		...(AS_DATA && { says: { kind: 'host_name', values: {} } })
	};
}

/** Whether host, port and scheme name the page's own origin. */
function sameAddress(
	page: Pick<PageLocation, 'protocol' | 'hostname' | 'port'>,
	host: string,
	portText: string | undefined,
	secure: boolean
): boolean {
	const pagePort = page.port || (page.protocol === 'https:' ? '443' : '80');
	const port = portText?.trim() || String(secure ? DEFAULT_SECURE_PORT : DEFAULT_PORT);
	return (
		host.toLowerCase() === page.hostname.replace(/^\[|\]$/g, '').toLowerCase() &&
		port === pagePort &&
		secure === (page.protocol === 'https:')
	);
}

const isIssue = (x: unknown): x is SettingsIssue =>
	typeof x === 'object' && x !== null && 'rule' in x;

/**
 * Settings from params. An explicit host wins; else a page served by the companion server talks to its
 * own origin; else the application's default address on this machine.
 */
export function settingsFromParams(
	params: URLSearchParams,
	page?: Pick<PageLocation, 'protocol' | 'hostname' | 'port'>,
	companion = false
): SettingsResult {
	const demo = flag(params, 'demo');
	if (isIssue(demo)) return { ok: false, error: demo };
	const token = (params.get('token') ?? '').trim() || (demo ? DEMO_TOKEN : '');
	if (!token)
		return {
			ok: false,
			error: {
				field: 'token',
				rule: 'is required: copy it from Settings → API in the application',
				...(AS_DATA && { says: { kind: 'token_required', values: {} } })
			}
		};
	if (token.length > MAX_TOKEN_CHARS)
		return {
			ok: false,
			error: {
				field: 'token',
				rule: `must be at most ${MAX_TOKEN_CHARS} characters`,
				...(AS_DATA && { says: { kind: 'at_most_chars', values: { max: MAX_TOKEN_CHARS } } })
			}
		};

	const secureParam = flag(params, 'secure');
	if (isIssue(secureParam)) return { ok: false, error: secureParam };

	const hostParam = params.get('host');
	const pageIsWeb = page?.protocol === 'http:' || page?.protocol === 'https:';
	let host = DEFAULT_HOST;
	let portText = params.get('port') ?? undefined;
	let secure = secureParam ?? false;
	if (hostParam !== null && hostParam.trim() !== '') {
		const parsed = hostOf(hostParam);
		if (isIssue(parsed)) return { ok: false, error: parsed };
		host = parsed.host;
		portText ??= parsed.port;
		// The companion sends a policy that lets its pages connect to itself only (it forwards /api).
		if (companion && page && pageIsWeb && !sameAddress(page, host, portText, secureParam ?? false))
			return {
				ok: false,
				error: {
					field: 'host',
					rule: `must be this server (${page.hostname}) or left empty: pages the companion serves reach the application through it`,
					...(AS_DATA && { says: { kind: 'this_server', values: { host: page.hostname } } })
				}
			};
	} else if (companion && page && pageIsWeb) {
		host = page.hostname;
		secure = secureParam ?? page.protocol === 'https:';
		// The page's own port only speaks the page's own scheme: `secure` on an http page (or its opposite)
		// means the application's default port for that scheme, not wss on an http port.
		if (secure === (page.protocol === 'https:'))
			portText ??= page.port || (page.protocol === 'https:' ? '443' : '80');
	}
	let port = secure ? DEFAULT_SECURE_PORT : DEFAULT_PORT;
	if (portText !== undefined) {
		const parsed = portOf(portText);
		if (isIssue(parsed)) return { ok: false, error: parsed };
		port = parsed;
	}
	return { ok: true, settings: { token, host, port, secure, demo: demo ?? false } };
}

/** Settings of the current page (or of a given location), reading the companion meta tag of the document. */
export function parseConnectionSettings(
	location: PageLocation = globalThis.location,
	companion: boolean = isCompanionPage()
): SettingsResult {
	return settingsFromParams(pageParams(location), location, companion);
}

const hostForUrl = (host: string) => (host.includes(':') ? `[${host}]` : host);

/** `http(s)://host:port`, without a trailing slash. */
export function httpBase(settings: Pick<ConnectionSettings, 'host' | 'port' | 'secure'>): string {
	return `${settings.secure ? 'https' : 'http'}://${hostForUrl(settings.host)}:${settings.port}`;
}

/** The websocket address; `name` makes the application show the streamer who connected (dashboards only). */
export function socketUrl(
	settings: Pick<ConnectionSettings, 'host' | 'port' | 'secure' | 'token'>,
	name?: string,
	extra?: Readonly<Record<string, string>>
): string {
	const query = new URLSearchParams({ token: settings.token });
	if (name) query.set('name', name);
	for (const [key, value] of Object.entries(extra ?? {})) query.set(key, value);
	return `${settings.secure ? 'wss' : 'ws'}://${hostForUrl(settings.host)}:${settings.port}/api?${query}`;
}

interface ConnectionUrlOptions {
	/** The page address to build on (its own fragment and connection params are dropped). */
	base?: string;
	/** Hash route, such as `/widget/counter`. */
	route?: string;
	/** Page options (widget settings) to carry next to the connection. */
	extra?: Record<string, string> | URLSearchParams;
}

/** This address with every connection setting taken out of its query and fragment (other params and the route kept). */
export function withoutConnection(href: string): string {
	const hashAt = href.indexOf('#');
	const [path = '', search] = (hashAt >= 0 ? href.slice(0, hashAt) : href).split('?');
	const fragment = hashAt >= 0 ? href.slice(hashAt + 1) : '';
	const queryAt = fragment.indexOf('?');
	const routeOnly = queryAt < 0 && fragment.includes('/');
	const route = queryAt >= 0 ? fragment.slice(0, queryAt) : routeOnly ? fragment : '';
	const fragmentQuery = new URLSearchParams(
		queryAt >= 0 ? fragment.slice(queryAt + 1) : routeOnly ? '' : fragment
	);
	const baseQuery = new URLSearchParams(search);
	for (const key of CONNECTION_KEYS) {
		baseQuery.delete(key);
		fragmentQuery.delete(key);
	}
	const query = baseQuery.toString();
	const rest = fragmentQuery.toString();
	const hash = route || rest ? `#${route || '/'}${rest ? `?${rest}` : ''}` : '';
	return `${path}${query ? `?${query}` : ''}${hash}`;
}

/** A link that opens the app with these settings; everything, the token included, travels in the fragment. */
export function connectionUrl(
	settings: ConnectionSettings,
	options: ConnectionUrlOptions = {}
): string {
	const [withoutHash = ''] = (options.base ?? '').split('#');
	const [path = '', search] = withoutHash.split('?');
	const baseQuery = new URLSearchParams(search);
	for (const key of CONNECTION_KEYS) baseQuery.delete(key);
	const fragment = new URLSearchParams(options.extra);
	for (const key of CONNECTION_KEYS) fragment.delete(key);
	if (settings.demo) fragment.set('demo', '1');
	fragment.set('token', settings.token);
	if (settings.host !== DEFAULT_HOST) fragment.set('host', settings.host);
	if (settings.secure) fragment.set('secure', '1');
	if (settings.port !== (settings.secure ? DEFAULT_SECURE_PORT : DEFAULT_PORT))
		fragment.set('port', String(settings.port));
	const query = baseQuery.toString();
	return `${path}${query ? `?${query}` : ''}#${options.route ?? '/'}?${fragment}`;
}

/** The URL with its token replaced by dots, for showing on screen. */
export function maskToken(url: string, token: string): string {
	const encoded = new URLSearchParams({ token }).toString();
	return url.split(encoded).join('token=••••••••');
}
