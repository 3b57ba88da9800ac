/**
 * A small built-in icon set for deck buttons (24×24 outline paths): nothing is fetched from the network.
 * Only the tiles that draw them load the paths; the deck's first load reads the names (icon-names.ts).
 */
import type { IconName } from './icon-names';

export const ICONS = {
	star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
	heart: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
	bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
	play: 'M7 4l13 8-13 8z',
	pause: 'M7 4h4v16H7zM13 4h4v16h-4z',
	stop: 'M5 5h14v14H5z',
	skip: 'M5 4l10 8-10 8zM17 4h2v16h-2z',
	mic: 'M12 3a3 3 0 0 1 3 3v6a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3zM5 11a7 7 0 0 0 14 0M12 18v3',
	camera: 'M3 7h4l2-3h6l2 3h4v13H3zM12 10a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7z',
	music: 'M9 18V5l11-2v13M9 18a3 3 0 1 1-3-3 3 3 0 0 1 3 3zM20 16a3 3 0 1 1-3-3 3 3 0 0 1 3 3z',
	chat: 'M4 4h16v12H8l-4 4z',
	bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0',
	bulb: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9V16h7v-2.1A6 6 0 0 0 12 3z',
	clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 3',
	flag: 'M5 21V4h12l-2 4 2 4H5',
	gift: 'M3 8h18v4H3zM5 12h14v9H5zM12 8v13M12 8S10 3 7.5 4.5 9 8 12 8zM12 8s2-5 4.5-3.5S15 8 12 8z',
	skull: 'M12 3a8 8 0 0 0-5 14.2V21h10v-3.8A8 8 0 0 0 12 3zM9 11h.01M15 11h.01M10 21v-3M14 21v-3',
	plus: 'M12 5v14M5 12h14',
	minus: 'M5 12h14'
} as const satisfies Record<IconName, string>;
