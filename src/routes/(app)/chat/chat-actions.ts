/** Which moderation actions a chat line's platform supports, from the catalog's `platforms`. */
import { CATALOG, type SendType } from '$lib/protocol';
import * as m from '$lib/app/messages';

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

type ActionType = (typeof MESSAGE_TYPES)[number] | (typeof USER_TYPES)[number];

/** The page's own short name of each action, in the dashboard's language (the catalog's labels are English). */
const ACTION_LABELS: Record<ActionType, () => string> = {
	'delete-message': m.chat_act_delete,
	'pin-message': m.chat_act_pin,
	'translate-message': m.chat_act_translate,
	'timeout-user': m.chat_act_timeout,
	'ban-user': m.chat_act_ban,
	'unban-user': m.chat_act_unban,
	'add-vip': m.chat_act_add_vip,
	'remove-vip': m.chat_act_remove_vip,
	'add-moderator': m.chat_act_add_mod,
	'remove-moderator': m.chat_act_remove_mod,
	shoutout: m.chat_act_shoutout
};

/** Labels of the actions this platform does not support, for a "not on gamma" line. */
export function unsupportedLabels(types: readonly ActionType[], platform: string): string[] {
	return types.filter((t) => !supports(t, platform)).map((t) => ACTION_LABELS[t]());
}

/** Language codes offered for translate-message (any code the schema accepts would do). */
const CODES = 'en es fr de pt it nl pl tr ru ar hi ja ko zh'.split(' ');

/** The codes with their names in the dashboard's language, from the browser's own list (Intl). */
export function translationLanguages(shownIn: string): { code: string; name: string }[] {
	const names = new Intl.DisplayNames([shownIn], { type: 'language' });
	return CODES.map((code) => ({ code, name: names.of(code) ?? code }));
}
