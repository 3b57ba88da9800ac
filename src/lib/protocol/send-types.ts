/**
 * Every send type of the interface and what is known about it, as plain data: label, group, platforms,
 * feature, confirmation and how the application answers. Its params schemas are in `catalog.ts`, kept
 * apart so that the dashboard's first load carries this table without the validators; the types that
 * only read come from `read-types.ts`, all a page that only reads (the widgets) carries of it.
 */
import type { Feature, Platform } from './vocabulary';
import { READ_TYPE_INFO } from './read-types';

export { isReadType, type ReadOnlyType } from './read-types';

export type SendGroup =
	| 'trigger'
	| 'lights'
	| 'app'
	| 'queue'
	| 'commands'
	| 'tts'
	| 'variables'
	| 'overlay'
	| 'stream'
	| 'chat-modes'
	| 'polls'
	| 'moderation'
	/** Channel roles (moderators, VIPs): only a custom share link can grant them, type by type. */
	| 'roles'
	| 'songs'
	| 'loyalty'
	| 'actions'
	| 'chat';

/** Where the names a trigger type accepts are listed in `data.options`, and whether they can be switched off. */
export interface NameCheck {
	optionKey: string;
	/** 409 command_disabled applies when the named item is off. */
	canBeDisabled: boolean;
}

export interface SendTypeInfo {
	type: string;
	group: SendGroup;
	/** Human label for buttons and lists. */
	label: string;
	/** Platforms that support it; undefined means not platform-bound. */
	platforms?: readonly Platform[];
	/** Feature the installation must list; without it the type answers 400 unknown_type. */
	feature?: Feature;
	/** Changes the stream for viewers or removes something: asks for confirmation. */
	confirm: boolean | ((params: Record<string, unknown>) => boolean);
	/**
	 * Acknowledged without the platform's verdict: the application answers success even when the
	 * platform refuses (missing or unsupported platform, out-of-range duration).
	 */
	acknowledgedOnly: boolean;
	/** Names checked against the setup before anything is queued (404 not_found). */
	names?: NameCheck;
	/** Only reads; safe for widgets and read-only share links. */
	readOnly: boolean;
	/** The answer is `false` with HTTP 200 when the platform is not a supported one. */
	falseOffPlatform?: boolean;
}

type Info = Omit<SendTypeInfo, 'type' | 'confirm' | 'acknowledgedOnly' | 'readOnly'> &
	Partial<Pick<SendTypeInfo, 'confirm' | 'acknowledgedOnly' | 'readOnly'>>;

const ALPHA = ['alpha'] as const;
const ALPHA_BETA = ['alpha', 'beta'] as const;
const ALL = ['alpha', 'beta', 'gamma'] as const;

const trigger = (label: string, optionKey: string, canBeDisabled: boolean): Info => ({
	group: 'trigger',
	label,
	names: { optionKey, canBeDisabled }
});
const studio = (label: string, optionKey: string): Info => trigger(label, optionKey, false);
const stream = (
	label: string,
	platforms: readonly Platform[],
	extra: Partial<Info> = {}
): Info => ({
	group: 'stream',
	label,
	platforms,
	acknowledgedOnly: true,
	...extra
});
const chatMode = (label: string): Info => ({
	group: 'chat-modes',
	label,
	platforms: ALPHA,
	acknowledgedOnly: true,
	confirm: true
});
const moderation = (
	label: string,
	platforms: readonly Platform[],
	confirm: boolean,
	group: SendGroup = 'moderation'
): Info => ({
	group,
	label,
	platforms,
	acknowledgedOnly: true,
	confirm
});

const TYPES = {
	// Triggering by name
	'chat-command': trigger('Command', 'chat-command', true),
	'chatbot-command': trigger('Chatbot command', 'chatbot-command', true),
	'alpha-points': trigger('alpha points reward', 'alpha-points', true),
	'alpha-extension': trigger('alpha extension', 'alpha-extension', true),
	'gamma-points': trigger('gamma points reward', 'gamma-points', true),
	alert: { group: 'trigger', label: 'Alert' },
	'studio-scene': studio('Scene', 'studio-scene'),
	'studio-theme': studio('Theme', 'studio-theme'),
	'studio-animation': studio('Animation', 'studio-animation'),

	// Chat
	'chatbot-message': { group: 'chat', label: 'Chatbot message' },

	// Lights
	'rgb-color': { group: 'lights', label: 'RGB colour' },
	'hex-color': { group: 'lights', label: 'Hex colour' },
	'start-fuze': { group: 'lights', label: 'Start fuze' },
	'stop-fuze': { group: 'lights', label: 'Stop fuze' },
	'toggle-fuze': { group: 'lights', label: 'Toggle fuze' },

	// Listed in `data.types` but undocumented (protocol facts §5.4, open question 11): treated as the fuze types.
	'set-fuze': { group: 'lights', label: 'Set fuze' },
	'fuze-audio-sensitivity': { group: 'lights', label: 'Fuze audio sensitivity' },
	'to-default': { group: 'lights', label: 'Lights to default' },

	// Application state
	'set-app': { group: 'app', label: 'Set light control' },
	'start-app': { group: 'app', label: 'Start light control' },
	'stop-app': { group: 'app', label: 'Stop light control' },
	'toggle-stream-mode': { group: 'app', label: 'Stream mode' },

	// Activity queue
	'resume-queue': { group: 'queue', label: 'Resume queue' },
	'pause-queue': { group: 'queue', label: 'Pause queue' },
	'clear-queue': { group: 'queue', label: 'Clear queue', confirm: true },
	'clear-cooldowns': { group: 'queue', label: 'Clear cooldowns' },

	// Command states and chatbot commands
	'set-command-state': { group: 'commands', label: 'Enable or disable a command' },
	'set-folder-state': { group: 'commands', label: 'Enable or disable a folder' },
	'create-chatbot-command': {
		group: 'commands',
		label: 'Create chatbot command',
		feature: 'name-validation'
	},
	'update-chatbot-command': {
		group: 'commands',
		label: 'Update chatbot command',
		feature: 'name-validation'
	},
	'delete-chatbot-command': {
		group: 'commands',
		label: 'Delete chatbot command',
		feature: 'name-validation',
		confirm: true
	},

	// TTS
	tts: { group: 'tts', label: 'Text to speech' },

	// Variables and counters
	'update-variable-value': { group: 'variables', label: 'Update variable' },
	'get-variable-value': READ_TYPE_INFO['get-variable-value'],
	'set-counter-value': { group: 'variables', label: 'Set counter' },

	// Overlays (params from protocol facts §5.11)
	'overlay-set-visibility': { group: 'overlay', label: 'Overlay visibility' },
	'overlay-set-layer-visibility': { group: 'overlay', label: 'Layer visibility' },
	'overlay-set-layer-position': { group: 'overlay', label: 'Layer position' },
	'overlay-set-layer-size': { group: 'overlay', label: 'Layer size' },
	'overlay-set-content': { group: 'overlay', label: 'Layer content' },

	// Stream commands
	'change-stream-title': stream('Stream title', ALL),
	'change-current-category': stream('Category', ['alpha', 'gamma']),
	'create-stream-marker': stream('Stream marker', ALPHA),
	clip: stream('Clip', ALPHA),
	'send-announcement': stream('Announcement', ALPHA),
	'run-commercial': stream('Commercial', ALPHA, { confirm: true }),
	'clear-chat': stream('Clear chat', ALPHA, { confirm: true }),
	'pin-message': stream('Pin message', ALPHA, { falseOffPlatform: true }),
	'unpin-message': stream('Unpin message', ALPHA, { falseOffPlatform: true }),

	// Channel roles, not moderation of messages: in their own group, which no fixed share profile grants.
	'add-moderator': moderation('Add moderator', ALPHA, false, 'roles'),
	'remove-moderator': moderation('Remove moderator', ALPHA, true, 'roles'),

	// Chat modes
	'set-slow-mode': chatMode('Slow mode'),
	'set-subscriber-mode': chatMode('Subscriber mode'),
	'set-follow-mode': chatMode('Follower mode'),
	'set-emotes-mode': chatMode('Emote mode'),

	// Polls and predictions
	'create-poll': { group: 'polls', label: 'Create poll', platforms: ALPHA, acknowledgedOnly: true },
	'end-poll': {
		group: 'polls',
		label: 'End poll',
		platforms: ALPHA,
		acknowledgedOnly: true,
		confirm: true
	},
	'create-prediction': {
		group: 'polls',
		label: 'Create prediction',
		platforms: ALPHA,
		acknowledgedOnly: true
	},
	'end-prediction': {
		group: 'polls',
		label: 'End prediction',
		platforms: ALPHA,
		acknowledgedOnly: true,
		confirm: true
	},

	// Chat moderation
	'translate-message': {
		group: 'moderation',
		label: 'Translate message',
		platforms: ALL,
		acknowledgedOnly: true
	},
	shoutout: moderation('Shoutout', ALL, false),
	'add-vip': moderation('Add VIP', ALPHA, false, 'roles'),
	'remove-vip': moderation('Remove VIP', ALPHA, true, 'roles'),
	'ban-user': moderation('Ban', ALPHA_BETA, true),
	'unban-user': moderation('Unban', ALPHA_BETA, false),
	'timeout-user': moderation('Timeout', ALL, true),
	'delete-message': {
		group: 'moderation',
		label: 'Delete message',
		platforms: ALL,
		acknowledgedOnly: true,
		confirm: true
	},

	// Song requests
	'song-request': { group: 'songs', label: 'Song request', confirm: (p) => p.action === 'clear' },

	// Loyalty
	'get-loyalty-points': READ_TYPE_INFO['get-loyalty-points'],
	'add-loyalty-points': { group: 'loyalty', label: 'Add loyalty points' },

	// Actions
	'run-actions': { group: 'actions', label: 'Run actions', feature: 'name-validation' },
	'get-action-catalog': READ_TYPE_INFO['get-action-catalog']
} satisfies Record<string, Info>;

export type SendType = keyof typeof TYPES;

export const SEND_TYPES = Object.keys(TYPES) as SendType[];

export const SEND_TYPE_INFO: Record<SendType, SendTypeInfo> = Object.fromEntries(
	Object.entries(TYPES).map(([type, info]) => [
		type,
		{
			confirm: false,
			acknowledgedOnly: false,
			readOnly: false,
			...info,
			type
		} satisfies SendTypeInfo
	])
) as Record<SendType, SendTypeInfo>;

/** The types a read-only client (a widget, a read-only share link) may send. */

export function isSendType(type: unknown): type is SendType {
	return typeof type === 'string' && Object.hasOwn(TYPES, type);
}

export function needsConfirmation(type: SendType, p: Record<string, unknown> = {}): boolean {
	const { confirm } = SEND_TYPE_INFO[type];
	return typeof confirm === 'function' ? confirm(p) : confirm;
}
