import type { PageScope } from '$lib/app/share-scope.svelte';

/**
 * Dashboard pages, in the order of the menu. `groups` are the catalog groups a page's controls send:
 * a page opened through a share link is listed only when the link allows one of them (`readable`:
 * reading alone makes it useful). Pages without `groups` are always listed.
 */
export const PAGES: readonly ({ href: string; label: string } & PageScope)[] = [
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
	{ href: '/widgets', label: 'Widgets' },
	{ href: '/share', label: 'Share', groups: [] },
	{ href: '/about', label: 'About' },
	{ href: '/connect', label: 'Connect' }
];
