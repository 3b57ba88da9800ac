/** The wire vocabulary of the Local Stream-Control Interface, in the spec's neutral words. */

export const DEFAULT_PORT = 39231;
export const DEFAULT_SECURE_PORT = 39232;
export const DEFAULT_HOST = '127.0.0.1';

export const PLATFORMS = ['alpha', 'beta', 'gamma'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Brands seen in `data.lights[].type`; other strings may appear and are passed through. */
export const LIGHT_TYPES = ['brand_a', 'brand_b', 'overlay'] as const;

export const FEATURES = [
	'meta',
	'retrieve-slim',
	'structured-errors',
	'name-validation',
	'ws-command-responses',
	'ws-subscriptions',
	'ws-keepalive',
	'mcp',
	'premium'
] as const;
export type Feature = (typeof FEATURES)[number];

export const ERROR_CODES = [
	'unknown_type',
	'not_found',
	'command_disabled',
	'already_exists',
	'system_command',
	'action_not_allowed'
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status that goes with each structured code (spec, Errors). */
export const ERROR_STATUS: Record<ErrorCode, number> = {
	unknown_type: 400,
	not_found: 404,
	command_disabled: 409,
	already_exists: 409,
	system_command: 403,
	action_not_allowed: 403
};

/** Websocket close codes and what they mean (protocol facts §3.8). */
export const CLOSE_CODES = {
	/** The streamer turned the interface off, or the application is closing. */
	stopped: 1000,
	/** The interface restarts after a settings, port or token change. */
	restarting: 1012,
	/** Abnormal: process died, network drop; before open, token rejected or interface off. */
	abnormal: 1006
} as const;

/** `kind` values of set-command-state. */
export const COMMAND_KINDS = [
	'chat',
	'chatbot',
	'alpha-points',
	'gamma-points',
	'alpha-extension'
] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];
/** Older versions handle only chat commands in set-command-state (spec, Chatbot command management). */
export const LEGACY_COMMAND_KINDS = ['chat'] as const satisfies readonly CommandKind[];
/** The other kinds came with the same release as name validation (protocol facts §10, version matrix). */
export const COMMAND_KINDS_FEATURE: Feature = 'name-validation';

/** Built-in chatbot commands that cannot be renamed or deleted. */
export const SYSTEM_CHATBOT_COMMANDS = ['so', 'uptime', 'command'] as const;

export const SONG_REQUEST_ACTIONS = [
	'add',
	'skip',
	'next',
	'play',
	'pause',
	'playpause',
	'remove',
	'clear'
] as const;
export type SongRequestAction = (typeof SONG_REQUEST_ACTIONS)[number];

export const POLL_END_STATUSES = ['ARCHIVED', 'TERMINATED'] as const;
export const PREDICTION_END_STATUSES = ['RESOLVED', 'CANCELED'] as const;

/**
 * The values `data.types` of retrieve may hold ("send types usable in this setup", spec: Settings). A
 * send type of this list that a setup leaves out is not in that setup; types outside it are not listed
 * there at all, so `data.types` says nothing about them. `set-fuze` and `set-app` are names of the list,
 * not send types; `start-fuze` and `stop-fuze` are not in it (only `toggle-fuze` is).
 */
export const SETUP_TYPES = [
	'alert',
	'chat-command',
	'chatbot-message',
	'clear-queue',
	'clear-cooldowns',
	'hex-color',
	'rgb-color',
	'set-fuze',
	'set-app',
	'start-app',
	'stop-app',
	'studio-animation',
	'studio-scene',
	'studio-theme',
	'to-default',
	'toggle-fuze',
	'tts',
	'alpha-extension',
	'alpha-points'
] as const;

/** Envelope `type` values of pushed events (protocol facts §3.5). Unknown types are ignored, not rejected. */
export const EVENT_TYPES = [
	'chat',
	'command',
	'alert',
	'states',
	'premium',
	'modqueue_list',
	'chat_platform_register'
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Variables the service writes (spec, Variables and counters; protocol facts §6.2). */
export const SERVICE_VARIABLES = {
	lastClipId: 'alpha_last_clip_id',
	lastClipUrl: 'alpha_last_clip_url',
	lastClipThumbnailUrl: 'alpha_last_clip_thumbnail_url',
	currentPollId: 'alpha_current_poll_id',
	currentPredictionId: 'alpha_current_prediction_id'
} as const;

export const SONG_VARIABLES = {
	queue: 'songrequest_queue',
	queueLength: 'songrequest_queue_length',
	title: 'songrequest_now_playing_title',
	artist: 'songrequest_now_playing_artist',
	image: 'songrequest_now_playing_image',
	url: 'songrequest_now_playing_url',
	duration: 'songrequest_now_playing_duration',
	requester: 'songrequest_now_playing_requester',
	source: 'songrequest_now_playing_source',
	/** Music-player family: progress anchor for a client-side progress bar. */
	progress: 'music_player_now_playing_progress',
	progressTs: 'music_player_now_playing_progress_ts',
	isPlaying: 'music_player_now_playing_is_playing'
} as const;

/**
 * The music-player family (protocol facts §6.2), written while a track plays from `music_player`,
 * beside the source-agnostic `songrequest_now_playing_*` ones. Widgets read SONG_VARIABLES.
 */
export const MUSIC_PLAYER_VARIABLES = {
	song: 'music_player_now_playing_song',
	artist: 'music_player_now_playing_artist',
	image: 'music_player_now_playing_image',
	album: 'music_player_now_playing_album',
	id: 'music_player_now_playing_id',
	url: 'music_player_now_playing_url',
	uri: 'music_player_now_playing_uri',
	duration: 'music_player_now_playing_duration',
	queue: 'music_player_now_playing_queue',
	nextSong: 'music_player_next_song',
	nextArtist: 'music_player_next_artist',
	nextImage: 'music_player_next_image',
	nextId: 'music_player_next_id',
	nextUrl: 'music_player_next_url',
	nextUri: 'music_player_next_uri'
} as const;
