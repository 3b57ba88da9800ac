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

/** English names of languages, from the browser's own list (Intl). */
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** Language codes offered for translate-message (any code the schema accepts would do), with their names. */
export const LANGUAGES = 'en es fr de pt it nl pl tr ru ar hi ja ko zh'
	.split(' ')
	.map((code) => ({ code, name: languageNames.of(code) ?? code }));
