import type { PageScope } from '$lib/app/share-scope.svelte';
import * as m from '$lib/app/messages';

/**
 * Dashboard pages, in the order of the menu. `groups` are the catalog groups a page's controls send:
 * a page opened through a share link is listed only when the link allows one of them (`readable`:
 * reading alone makes it useful). Pages without `groups` are always listed.
 */
export interface NavPage extends PageScope {
	href: string;
	/** The page's name, in the dashboard's language. */
	readonly label: string;
	/** The phone bar's name when the label would not fit a sixth of 350 px (the link keeps `label` as its name). */
	readonly short?: string | undefined;
	/** A text symbol above the name on the phone bar (text presentation: no emoji font needed). */
	icon: string;
	/** Settings-like: listed together in the phone's More sheet, never on its bottom bar. */
	settings?: true;
}

type Scope = Omit<NavPage, 'label' | 'short'>;

/** A page with its names in the dashboard's language, read when shown (so they follow a switch). */
function named(scope: Scope, label: () => string, bar: () => string): NavPage {
	return {
		...scope,
		get label() {
			return label();
		},
		get short() {
			const short = bar();
			return short === label() ? undefined : short;
		}
	};
}

export const PAGES: readonly NavPage[] = [
	named({ href: '/', icon: '▦', groups: ['trigger'] }, m.nav_deck, m.nav_deck_bar),
	named(
		{ href: '/lights', icon: '✺', groups: ['lights', 'app', 'queue'] },
		m.nav_lights,
		m.nav_lights_bar
	),
	named(
		{ href: '/chat', icon: '✉\uFE0E', groups: ['moderation', 'roles', 'chat'] },
		m.nav_chat,
		m.nav_chat_bar
	),
	named(
		{ href: '/stream', icon: '▶\uFE0E', groups: ['stream', 'chat-modes'] },
		m.nav_stream,
		m.nav_stream_bar
	),
	named({ href: '/polls', icon: '▤', groups: ['polls'] }, m.nav_polls, m.nav_polls_bar),
	named({ href: '/commands', icon: '!', groups: ['commands'] }, m.nav_commands, m.nav_commands_bar),
	named({ href: '/songs', icon: '♫', groups: ['songs'] }, m.nav_songs, m.nav_songs_bar),
	named(
		{ href: '/counters', icon: '#', groups: ['variables', 'loyalty'], readable: true },
		m.nav_counters,
		m.nav_counters_bar
	),
	named({ href: '/tts', icon: '❝', groups: ['tts'] }, m.nav_tts, m.nav_tts_bar),
	named({ href: '/routines', icon: '⟳', groups: ['actions'] }, m.nav_routines, m.nav_routines_bar),
	named({ href: '/widgets', icon: '◫', settings: true }, m.nav_widgets, m.nav_widgets_bar),
	named({ href: '/share', icon: '⇪', groups: [], settings: true }, m.nav_share, m.nav_share_bar),
	named(
		{ href: '/check', icon: '✓\uFE0E', groups: [], settings: true },
		m.nav_check,
		m.nav_check_bar
	),
	named({ href: '/about', icon: 'ℹ\uFE0E', settings: true }, m.nav_about, m.nav_about_bar),
	named({ href: '/connect', icon: '⇄', settings: true }, m.nav_connect, m.nav_connect_bar)
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
