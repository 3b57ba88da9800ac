/** The built-in icons' names (their paths: icons.ts), for a deck's schema and the editor's picker. */
export const ICON_NAMES = [
	'star',
	'heart',
	'bolt',
	'play',
	'pause',
	'stop',
	'skip',
	'mic',
	'camera',
	'music',
	'chat',
	'bell',
	'bulb',
	'clock',
	'flag',
	'gift',
	'skull',
	'plus',
	'minus'
] as const;
export type IconName = (typeof ICON_NAMES)[number];
