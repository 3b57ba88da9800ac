/** Which moderation actions a chat line's platform supports, from the catalog's `platforms`. */
import { CATALOG, type SendType } from '$lib/protocol';

export const MESSAGE_TYPES = [
	'delete-message',
	'pin-message',
	'translate-message'
] as const satisfies readonly SendType[];
export const USER_TYPES = [
	'timeout-user',
	'ban-user',
	'unban-user',
	'add-vip',
	'remove-vip',
	'add-moderator',
	'remove-moderator',
	'shoutout'
] as const satisfies readonly SendType[];

export function supports(type: SendType, platform: string): boolean {
	const platforms = CATALOG[type].platforms as readonly string[] | undefined;
	return platforms === undefined || platforms.includes(platform);
}

/** Labels of the actions this platform does not support, for a "not on gamma" line. */
export function unsupportedLabels(types: readonly SendType[], platform: string): string[] {
	return types.filter((t) => !supports(t, platform)).map((t) => CATALOG[t].label);
}

/** Language codes offered for translate-message (any code the schema accepts would do). */
export const LANGUAGES = [
	{ code: 'en', name: 'English' },
	{ code: 'es', name: 'Spanish' },
	{ code: 'fr', name: 'French' },
	{ code: 'de', name: 'German' },
	{ code: 'pt', name: 'Portuguese' },
	{ code: 'it', name: 'Italian' },
	{ code: 'nl', name: 'Dutch' },
	{ code: 'pl', name: 'Polish' },
	{ code: 'tr', name: 'Turkish' },
	{ code: 'ru', name: 'Russian' },
	{ code: 'ar', name: 'Arabic' },
	{ code: 'hi', name: 'Hindi' },
	{ code: 'ja', name: 'Japanese' },
	{ code: 'ko', name: 'Korean' },
	{ code: 'zh', name: 'Chinese' }
] as const;
