/**
 * Narrows the page's Content-Security-Policy to the one address it talks to. The static policy
 * (svelte.config.js) must allow connections anywhere, because the application's address is only known
 * once the page reads its settings. Right after that, and before the first connection, a second policy
 * naming only that address is added; policies combine, so every later fetch or websocket of the page
 * (a script injected by mistake included) reaches the application and nothing else. A policy can be
 * narrowed but never widened: to talk to another address the page must load again (see AppHost).
 * Demo mode runs its simulator inside the page and is locked to no address at all.
 */
import { httpBase, type ConnectionSettings } from '$lib/client/settings';

/** Marks our policy element, so the lock can be read back. */
const LOCK_ATTRIBUTE = 'data-connection-lock';
const NO_ADDRESS = "'none'";

/**
 * What the lock allows for these settings: the HTTP origin and its websocket twin, or nothing in demo
 * mode. Undefined for an IPv6 address: Chromium rejects IPv6 literals in a policy (and would then block
 * everything), so such a page keeps the static policy alone.
 */
export function allowedSources(
	settings: Pick<ConnectionSettings, 'host' | 'port' | 'secure' | 'demo'>
): string | undefined {
	if (settings.demo) return NO_ADDRESS;
	if (settings.host.includes(':')) return undefined;
	const http = httpBase(settings);
	return `${http} ${http.replace(/^http/, 'ws')}`;
}

/** The sources this page is locked to, if it is. */
export function lockedSources(doc: Document | undefined = globalThis.document): string | undefined {
	return (
		doc?.head?.querySelector(`meta[${LOCK_ATTRIBUTE}]`)?.getAttribute(LOCK_ATTRIBUTE) ?? undefined
	);
}

/**
 * Whether the page may still connect with these settings: not locked yet, locked to the same address,
 * or demo mode (which needs no address at all).
 */
export function canConnectTo(
	settings: Pick<ConnectionSettings, 'host' | 'port' | 'secure' | 'demo'>,
	doc: Document | undefined = globalThis.document
): boolean {
	const locked = lockedSources(doc);
	return settings.demo || locked === undefined || locked === allowedSources(settings);
}

/**
 * Locks the page to these settings' address (once; again for the same address is a no-op). Answers
 * false when the page is already locked to another address: connecting there would be blocked.
 */
export function lockConnections(
	settings: Pick<ConnectionSettings, 'host' | 'port' | 'secure' | 'demo'>,
	doc: Document | undefined = globalThis.document
): boolean {
	if (!doc?.head) return true;
	if (lockedSources(doc) !== undefined) return canConnectTo(settings, doc);
	const sources = allowedSources(settings);
	if (sources === undefined) return true;
	const meta = doc.createElement('meta');
	meta.httpEquiv = 'Content-Security-Policy';
	meta.content = `connect-src ${sources}`;
	meta.setAttribute(LOCK_ATTRIBUTE, sources);
	doc.head.append(meta);
	return true;
}
