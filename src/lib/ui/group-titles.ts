/** Names of the send catalog's groups, for lists and tables grouped like the catalog. */
import type { SendGroup } from '$lib/protocol';
import * as m from '$lib/app/messages';

const SAY: Record<SendGroup, () => string> = {
	trigger: m.ui_group_trigger,
	chat: m.ui_group_chat,
	lights: m.ui_group_lights,
	app: m.ui_group_app,
	queue: m.ui_group_queue,
	commands: m.ui_group_commands,
	tts: m.ui_group_tts,
	variables: m.ui_group_variables,
	overlay: m.ui_group_overlay,
	stream: m.ui_group_stream,
	'chat-modes': m.ui_group_chat_modes,
	polls: m.ui_group_polls,
	moderation: m.ui_group_moderation,
	roles: m.ui_group_roles,
	songs: m.ui_group_songs,
	loyalty: m.ui_group_loyalty,
	actions: m.ui_group_actions
};

/**
 * Each group's name in the language shown: a getter per group, read at render, so a page re-renders
 * in a new language without a reload.
 */
export const GROUP_TITLES: Readonly<Record<SendGroup, string>> = Object.defineProperties(
	{} as Record<SendGroup, string>,
	Object.fromEntries(
		Object.entries(SAY).map(([group, say]) => [group, { get: say, enumerable: true }])
	)
);
