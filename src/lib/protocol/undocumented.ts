/**
 * Send types the application accepts that the spec does not list (protocol facts §5.11, §5.13, §5.15), as
 * data. The simulator answers them as the application does, each with a lint note (strict mode: 400);
 * our client never sends them, so they stay out of the catalog (forms, share links, capabilities).
 */
export const UNDOCUMENTED_TYPES = {
	/** §5.11: `name` an overlay's name or uuid; always answers true; the PNG path lands in `last_overlay_screenshot_path`. */
	'overlay-screenshot': '§5.11',
	/** §5.11: HUD controls (`value` for the three setters). */
	'hud-toggle': '§5.11',
	'hud-volume-set': '§5.11',
	'hud-opacity-set': '§5.11',
	'hud-overlay-change': '§5.11',
	/** §5.13: `params.type` one of MUSIC_PLAYER_COMMANDS, `params.value` its payload; an unknown type silently no-ops. */
	'send-music_player-command': '§5.13',
	/** §5.13: `{modQueueId, approved}` (approved also the string "true"). */
	'modqueue-decision': '§5.13',
	/** §5.15: a fake *incoming* chat line through the whole chat pipeline (it can trigger commands): `value` text or `{site, message, user?, …}`. */
	chat: '§5.15'
} as const;

export type UndocumentedType = keyof typeof UNDOCUMENTED_TYPES;

export const isUndocumentedType = (t: unknown): t is UndocumentedType =>
	typeof t === 'string' && Object.hasOwn(UNDOCUMENTED_TYPES, t);

/** facts §5.13; `searchPublichPlaylistAndPlay` is the application's real spelling. */
export const MUSIC_PLAYER_COMMANDS = [
	'setPlayState',
	'seek',
	'skipToNext',
	'skipToPrevious',
	'setShuffle',
	'setVolume',
	'setRepeat',
	'shuffleAndPlay',
	'searchAndPlay',
	'searchAndPlayImmediately',
	'searchAndAddToQueue',
	'searchAndAddToPlaylist',
	'searchPublichPlaylistAndPlay',
	'searchPrivatePlaylistAndPlay'
] as const;

export const undocumentedLint = (type: UndocumentedType) => ({
	field: 'type',
	rule: `"${type}" is not in the spec; the application accepts it (protocol facts ${UNDOCUMENTED_TYPES[type]})`
});

/** facts §4.4: a type sent as its enum key (`CHAT_COMMAND`) is refused with this plain-text 400. */
export const ENUM_KEY_REFUSAL = 'Api has different type';

/** `CHAT_COMMAND` for `chat-command`: the enum key of a type the application knows. */
export const isEnumKeyOf = (type: unknown, known: (kebab: string) => boolean): boolean =>
	typeof type === 'string' &&
	/^[A-Z][A-Z0-9_]*$/.test(type) &&
	known(type.toLowerCase().replaceAll('_', '-'));
