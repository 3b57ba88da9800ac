/** Dashboard pages, in the order of the menu. */
export const PAGES = [
	{ href: '/', label: 'Deck' },
	{ href: '/lights', label: 'Lights' },
	{ href: '/chat', label: 'Chat' },
	{ href: '/stream', label: 'Stream' },
	{ href: '/polls', label: 'Polls' },
	{ href: '/commands', label: 'Commands' },
	{ href: '/songs', label: 'Songs' },
	{ href: '/counters', label: 'Counters' },
	{ href: '/tts', label: 'TTS' },
	{ href: '/routines', label: 'Routines' },
	{ href: '/widgets', label: 'Widgets' },
	{ href: '/share', label: 'Share' },
	{ href: '/about', label: 'About' },
	{ href: '/connect', label: 'Connect' }
] as const;
