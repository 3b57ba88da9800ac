/** Names of the send catalog's groups, for lists and tables grouped like the catalog. */
import type { SendGroup } from '$lib/protocol';

export const GROUP_TITLES: Record<SendGroup, string> = {
	trigger: 'Triggers',
	chat: 'Chat',
	lights: 'Lights',
	app: 'Application',
	queue: 'Activity queue',
	commands: 'Commands',
	tts: 'Text to speech',
	variables: 'Variables and counters',
	overlay: 'Overlays',
	stream: 'Stream',
	'chat-modes': 'Chat modes',
	polls: 'Polls and predictions',
	moderation: 'Moderation',
	roles: 'Channel roles (moderators, VIPs)',
	songs: 'Song requests',
	loyalty: 'Loyalty',
	actions: 'Routines (actions)'
};
