import type { PageScope } from '$lib/app/share-scope.svelte';

/**
 * Dashboard pages, in the order of the menu. `groups` are the catalog groups a page's controls send:
 * a page opened through a share link is listed only when the link allows one of them (`readable`:
 * reading alone makes it useful). Pages without `groups` are always listed.
 */
export interface NavPage extends PageScope {
	href: string;
	label: string;
	/** The phone bar's name when the label would not fit a sixth of 350 px (the link keeps `label` as its name). */
	short?: string;
	/** A text symbol above the name on the phone bar (text presentation: no emoji font needed). */
	icon: string;
	/** Settings-like: listed together in the phone's More sheet, never on its bottom bar. */
	settings?: true;
}

export const PAGES: readonly NavPage[] = [
	{ href: '/', label: 'Deck', icon: '▦', groups: ['trigger'] },
	{ href: '/lights', label: 'Lights', icon: '✺', groups: ['lights', 'app', 'queue'] },
	{ href: '/chat', label: 'Chat', icon: '✉\uFE0E', groups: ['moderation', 'roles', 'chat'] },
	{ href: '/stream', label: 'Stream', icon: '▶\uFE0E', groups: ['stream', 'chat-modes'] },
	{ href: '/polls', label: 'Polls', icon: '▤', groups: ['polls'] },
	{ href: '/commands', label: 'Commands', short: 'Cmds', icon: '!', groups: ['commands'] },
	{ href: '/songs', label: 'Songs', icon: '♫', groups: ['songs'] },
	{
		href: '/counters',
		label: 'Counters',
		short: 'Counts',
		icon: '#',
		groups: ['variables', 'loyalty'],
		readable: true
	},
	{ href: '/tts', label: 'TTS', icon: '❝', groups: ['tts'] },
	{ href: '/routines', label: 'Routines', short: 'Rtns', icon: '⟳', groups: ['actions'] },
	{ href: '/widgets', label: 'Widgets', icon: '◫', settings: true },
	{ href: '/share', label: 'Share', icon: '⇪', groups: [], settings: true },
	{
		href: '/check',
		label: 'Scene check',
		short: 'Check',
		icon: '✓\uFE0E',
		groups: [],
		settings: true
	},
	{ href: '/about', label: 'About', icon: 'ℹ\uFE0E', settings: true },
	{ href: '/connect', label: 'Connect', icon: '⇄', settings: true }
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
