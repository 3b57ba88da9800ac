import type { PageScope } from '$lib/app/share-scope.svelte';

/**
 * Dashboard pages, in the order of the menu. `groups` are the catalog groups a page's controls send:
 * a page opened through a share link is listed only when the link allows one of them (`readable`:
 * reading alone makes it useful). Pages without `groups` are always listed.
 */
export interface NavPage extends PageScope {
	href: string;
	label: string;
	/** Settings-like: listed together in the phone's More sheet, never on its bottom bar. */
	settings?: true;
}

export const PAGES: readonly NavPage[] = [
	{ href: '/', label: 'Deck', groups: ['trigger'] },
	{ href: '/lights', label: 'Lights', groups: ['lights', 'app', 'queue'] },
	{ href: '/chat', label: 'Chat', groups: ['moderation', 'roles', 'chat'] },
	{ href: '/stream', label: 'Stream', groups: ['stream', 'chat-modes'] },
	{ href: '/polls', label: 'Polls', groups: ['polls'] },
	{ href: '/commands', label: 'Commands', groups: ['commands'] },
	{ href: '/songs', label: 'Songs', groups: ['songs'] },
	{ href: '/counters', label: 'Counters', groups: ['variables', 'loyalty'], readable: true },
	{ href: '/tts', label: 'TTS', groups: ['tts'] },
	{ href: '/routines', label: 'Routines', groups: ['actions'] },
	{ href: '/widgets', label: 'Widgets', settings: true },
	{ href: '/share', label: 'Share', groups: [], settings: true },
	{ href: '/about', label: 'About', settings: true },
	{ href: '/connect', label: 'Connect', settings: true }
];

/** The page a hash route names (`#/songs?x=1` → `/songs`), `/` for none. */
export function pathOf(hash: string): string {
	return hash.replace(/^#/, '').replace(/[?#].*$/, '') || '/';
}

/** The query of a hash route, with its `?` (`#/songs?x=1` → `?x=1`), '' for none. */
export function queryOf(hash: string): string {
	return hash.includes('?') ? hash.slice(hash.indexOf('?')) : '';
}

export const pageAt = (path: string): NavPage | undefined => PAGES.find((p) => p.href === path);
