/**
 * Every send type of the interface, with its params schema and rules, as data.
 * The simulator, the client, the forms and the tests read this one table.
 */
import * as v from 'valibot';
import { actionsWaitMs } from './actions';
import { LIMITS } from './limits';
import { bool, int, nonNegativeInt, num, params, platform, rawText, text } from './rules';
import {
	COMMAND_KINDS,
	POLL_END_STATUSES,
	PREDICTION_END_STATUSES,
	type Feature,
	type Platform
} from './vocabulary';

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

export interface SendTypeRule {
	type: string;
	group: SendGroup;
	/** Human label for buttons and lists. */
	label: string;
	/** Params, with every rule the spec states; defaults are applied by parsing. */
	params: v.GenericSchema;
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
	/** How long the application waits inside this request before answering (ms), on top of its usual time. */
	waitMs?: (params: Record<string, unknown>) => number;
}

const value = (what: string) => params({ value: text(what) });
const optionalToggle = params({ value: v.optional(v.nullable(bool())) });
const noParams = params({});
const onPlatform = <const T extends v.ObjectEntries>(entries: T) => params({ ...entries, platform: platform() });
const username = () => text('username');

/** Chat-mode types read `false`, `off`, `0` and a missing value as off; a client sends real booleans. */
const chatModeValue = v.optional(v.union([bool(), v.string(), v.number()], 'must be true or false'));

const durationMs = v.optional(nonNegativeInt('ms'));

const commercialSeconds = int(LIMITS.commercial.min, LIMITS.commercial.max, 's');

const rgbValue = v.union(
	[
		v.strictObject({
			r: num(LIMITS.rgbChannel.min, LIMITS.rgbChannel.max),
			g: num(LIMITS.rgbChannel.min, LIMITS.rgbChannel.max),
			b: num(LIMITS.rgbChannel.min, LIMITS.rgbChannel.max)
		}),
		v.strictTuple([
			num(LIMITS.rgbChannel.min, LIMITS.rgbChannel.max),
			num(LIMITS.rgbChannel.min, LIMITS.rgbChannel.max),
			num(LIMITS.rgbChannel.min, LIMITS.rgbChannel.max)
		]),
		v.strictObject({
			// The spec's range says no "integer": fractions are accepted.
			ct: num(LIMITS.colorTemperature.min, LIMITS.colorTemperature.max, 'K')
		})
	],
	`must be {r, g, b} (0–255), [r, g, b] or {ct} with a colour temperature from ${LIMITS.colorTemperature.min} to ${LIMITS.colorTemperature.max} K`
);

const lightTargets = v.optional(
	v.array(
		// The light's id goes in `value`; `id` is accepted too (protocol facts §5.15).
		v.pipe(
			v.strictObject({ type: text('light brand'), value: v.optional(text('light id')), id: v.optional(text('light id')) }),
			v.check((t) => Boolean(t.value ?? t.id), 'needs the light id in value (or id)')
		),
		'must be a list of {type, value}'
	)
);

const colorCommon = {
	brightness: v.optional(num(LIMITS.brightness.min, LIMITS.brightness.max), LIMITS.brightness.default),
	transition: v.optional(v.pipe(v.number('must be a number'), v.minValue(0, 'must be 0 or more ms')), LIMITS.transitionDefault),
	duration: v.optional(nonNegativeInt('ms'), LIMITS.durationDefault),
	hold: v.optional(bool()),
	lights: lightTargets
};

const hexColor = v.pipe(v.string('must be a string'), v.regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, 'must be a hex colour like #ff8800'));

/** Comma-separated choices; polls split without trimming, predictions trim. */
const choices = (what: string, trim: boolean) =>
	v.pipe(
		v.string('must be a string'),
		v.check((s) => s.split(',').filter((c) => (trim ? c.trim() : c).length > 0).length >= 2, `needs at least two comma-separated ${what}`),
		v.check((s) => s.split(',').every((c) => c.trim().length > 0), `has an empty ${what.replace(/s$/, '')}`)
	);

const chatbotFields = {
	message: text('reply text'),
	description: v.optional(v.string('must be a string')),
	alias: v.optional(v.array(text('alias'), 'must be a list of names')),
	showInCommandsList: v.optional(bool()),
	on: v.optional(bool()),
	cooldownDuration: v.optional(nonNegativeInt('ms'))
};

const ALPHA = ['alpha'] as const;
const ALPHA_BETA = ['alpha', 'beta'] as const;
const ALL = ['alpha', 'beta', 'gamma'] as const;

type Rule = Omit<SendTypeRule, 'type' | 'confirm' | 'acknowledgedOnly' | 'readOnly'> &
	Partial<Pick<SendTypeRule, 'confirm' | 'acknowledgedOnly' | 'readOnly'>>;

const trigger = (label: string, optionKey: string, canBeDisabled: boolean): Rule => ({
	group: 'trigger',
	label,
	params: params({ value: text('name'), hold: v.optional(bool()) }),
	names: { optionKey, canBeDisabled }
});

const studio = (label: string, optionKey: string, withDuration: boolean): Rule => ({
	group: 'trigger',
	label,
	params: params({ value: text('name'), ...(withDuration ? { duration: durationMs } : {}), hold: v.optional(bool()) }) as v.GenericSchema,
	names: { optionKey, canBeDisabled: false }
});

const stream = (label: string, entries: v.ObjectEntries, platforms: readonly Platform[], extra: Partial<Rule> = {}): Rule => ({
	group: 'stream',
	label,
	params: onPlatform(entries) as v.GenericSchema,
	platforms,
	acknowledgedOnly: true,
	...extra
});

const chatMode = (label: string, duration?: { min: number; max: number; default: number }, unit = ''): Rule => ({
	group: 'chat-modes',
	label,
	params: onPlatform({
		value: chatModeValue,
		...(duration ? { duration: v.optional(num(duration.min, duration.max, unit), duration.default) } : {})
	}) as v.GenericSchema,
	platforms: ALPHA,
	acknowledgedOnly: true,
	confirm: true
});

const moderation = (label: string, platforms: readonly Platform[], confirm: boolean, entries: v.ObjectEntries = {}, group: SendGroup = 'moderation'): Rule => ({
	group,
	label,
	params: onPlatform({ value: username(), ...entries }) as v.GenericSchema,
	platforms,
	acknowledgedOnly: true,
	confirm
});

const RULES = {
	// Triggering by name
	'chat-command': trigger('Command', 'chat-command', true),
	'chatbot-command': trigger('Chatbot command', 'chatbot-command', true),
	'alpha-points': trigger('alpha points reward', 'alpha-points', true),
	'alpha-extension': trigger('alpha extension', 'alpha-extension', true),
	'gamma-points': trigger('gamma points reward', 'gamma-points', true),
	alert: { group: 'trigger', label: 'Alert', params: params({ value: text('alert key') }) },
	'studio-scene': studio('Scene', 'studio-scene', true),
	'studio-theme': studio('Theme', 'studio-theme', true),
	'studio-animation': studio('Animation', 'studio-animation', false),

	// Chat
	'chatbot-message': {
		group: 'chat',
		label: 'Chatbot message',
		params: params({
			value: rawText('message'),
			platform: v.optional(v.string('must be a string')),
			userToChatAs: v.optional(v.picklist(['self', 'bot'], 'must be self or bot')),
			replyParentMessageId: v.optional(v.string('must be a string'))
		})
	},

	// Lights
	'rgb-color': { group: 'lights', label: 'RGB colour', params: params({ value: rgbValue, ...colorCommon }) },
	'hex-color': { group: 'lights', label: 'Hex colour', params: params({ value: hexColor, ...colorCommon }) },
	'start-fuze': { group: 'lights', label: 'Start fuze', params: optionalToggle },
	'stop-fuze': { group: 'lights', label: 'Stop fuze', params: optionalToggle },
	'toggle-fuze': { group: 'lights', label: 'Toggle fuze', params: optionalToggle },
	// Listed in `data.types` but undocumented (protocol facts §5.4, open question 11): treated as the fuze types.
	'set-fuze': { group: 'lights', label: 'Set fuze', params: optionalToggle },
	'fuze-audio-sensitivity': {
		group: 'lights',
		label: 'Fuze audio sensitivity',
		// A missing value is not refused by the application (protocol facts §5.4): nothing changes.
		params: params({ value: v.optional(v.pipe(v.number('must be a number'), v.minValue(0, 'must be 0 or more'))) })
	},
	'to-default': { group: 'lights', label: 'Lights to default', params: noParams },

	// Application state
	'set-app': { group: 'app', label: 'Set light control', params: optionalToggle },
	'start-app': { group: 'app', label: 'Start light control', params: optionalToggle },
	'stop-app': { group: 'app', label: 'Stop light control', params: optionalToggle },
	'toggle-stream-mode': { group: 'app', label: 'Stream mode', params: optionalToggle },

	// Activity queue
	'resume-queue': { group: 'queue', label: 'Resume queue', params: noParams },
	'pause-queue': { group: 'queue', label: 'Pause queue', params: noParams },
	'clear-queue': { group: 'queue', label: 'Clear queue', params: noParams, confirm: true },
	'clear-cooldowns': { group: 'queue', label: 'Clear cooldowns', params: noParams },

	// Command states and chatbot commands
	'set-command-state': {
		group: 'commands',
		label: 'Enable or disable a command',
		params: params({
			name: text('command name'),
			value: bool(),
			kind: v.optional(v.picklist(COMMAND_KINDS, `must be one of ${COMMAND_KINDS.join(', ')}`), 'chat')
		})
	},
	'set-folder-state': {
		group: 'commands',
		label: 'Enable or disable a folder',
		params: params({ name: text('folder name'), value: bool() })
	},
	'create-chatbot-command': {
		group: 'commands',
		label: 'Create chatbot command',
		feature: 'name-validation',
		// The application's defaults for a new command, applied by parsing (the simulator stores what parsing gives).
		params: params({
			name: text('command name'),
			...chatbotFields,
			showInCommandsList: v.optional(bool(), false),
			on: v.optional(bool(), true),
			cooldownDuration: v.optional(nonNegativeInt('ms'), LIMITS.chatbotCooldownDefault)
		})
	},
	'update-chatbot-command': {
		group: 'commands',
		label: 'Update chatbot command',
		feature: 'name-validation',
		params: params({
			name: text('command name'),
			newName: v.optional(text('new name')),
			...chatbotFields,
			message: v.optional(text('reply text'))
		})
	},
	'delete-chatbot-command': {
		group: 'commands',
		label: 'Delete chatbot command',
		feature: 'name-validation',
		confirm: true,
		params: v.pipe(
			params({ value: v.optional(text('command name')), name: v.optional(text('command name')) }),
			v.check((p) => Boolean(p.value ?? p.name), 'needs the command name in value (or name)')
		)
	},

	// TTS
	tts: {
		group: 'tts',
		label: 'Text to speech',
		params: params({
			value: rawText('text to speak'),
			voice: v.optional(text('voice')),
			volume: v.optional(int(LIMITS.ttsVolume.min, LIMITS.ttsVolume.max))
		})
	},

	// Variables and counters
	'update-variable-value': {
		group: 'variables',
		label: 'Update variable',
		params: params({ name: text('variable name'), value: v.unknown() })
	},
	'get-variable-value': {
		group: 'variables',
		label: 'Read variable',
		readOnly: true,
		params: params({ name: text('variable name') })
	},
	'set-counter-value': {
		group: 'variables',
		label: 'Set counter',
		params: params({ name: text('counter name'), value: v.pipe(v.number('must be a number'), v.finite('must be a finite number')) })
	},

	// Overlays (params from protocol facts §5.11)
	'overlay-set-visibility': {
		group: 'overlay',
		label: 'Overlay visibility',
		params: params({ layer: text('overlay name or id'), value: v.optional(bool()) })
	},
	'overlay-set-layer-visibility': {
		group: 'overlay',
		label: 'Layer visibility',
		params: params({ layer: text('layer id'), value: v.optional(bool()) })
	},
	'overlay-set-layer-position': {
		group: 'overlay',
		label: 'Layer position',
		params: params({
			layer: text('layer id'),
			x: v.number('must be a number'),
			y: v.number('must be a number'),
			transitionTime: v.optional(nonNegativeInt('ms')),
			transitionInterpolation: v.optional(
				v.picklist(['none', 'ease', 'linear', 'ease-in', 'ease-out', 'ease-in-out', 'cubic-bezier'], 'must be a known interpolation')
			),
			transitionCubicBezier: v.optional(v.string())
		})
	},
	'overlay-set-layer-size': {
		group: 'overlay',
		label: 'Layer size',
		// Undocumented in the REST docs, present in the application (protocol facts §5.11): an omitted dimension keeps its value.
		params: params({
			layer: text('layer id'),
			width: v.optional(v.pipe(v.number('must be a number'), v.finite('must be a finite number'))),
			height: v.optional(v.pipe(v.number('must be a number'), v.finite('must be a finite number'))),
			transitionTime: v.optional(nonNegativeInt('ms')),
			transitionInterpolation: v.optional(
				v.picklist(['none', 'ease', 'linear', 'ease-in', 'ease-out', 'ease-in-out', 'cubic-bezier'], 'must be a known interpolation')
			),
			transitionCubicBezier: v.optional(v.string())
		})
	},
	'overlay-set-content': {
		group: 'overlay',
		label: 'Layer content',
		params: params({ layer: text('layer id'), content: v.string('must be a string') })
	},

	// Stream commands
	'change-stream-title': stream('Stream title', { value: rawText('title') }, ALL),
	'change-current-category': stream('Category', { value: text('category') }, ['alpha', 'gamma']),
	'create-stream-marker': stream('Stream marker', { value: v.optional(v.string('must be a string')) }, ALPHA),
	clip: stream('Clip', {}, ALPHA),
	'send-announcement': stream('Announcement', { value: rawText('announcement') }, ALPHA),
	'run-commercial': stream('Commercial', {}, ALPHA, {
		confirm: true,
		// `value` is the fallback when `duration` is absent (spec); whichever is used must be 30–180 s.
		params: v.pipe(
			onPlatform({ duration: v.optional(commercialSeconds), value: v.optional(v.number('must be a number')) }),
			v.forward(
				v.check((p) => p.duration !== undefined || p.value !== undefined, `is required (${LIMITS.commercial.min} to ${LIMITS.commercial.max} s; or value)`),
				['duration']
			),
			v.forward(
				v.check((p) => p.duration !== undefined || p.value === undefined || v.is(commercialSeconds, p.value), `must be between ${LIMITS.commercial.min} and ${LIMITS.commercial.max} s`),
				['value']
			)
		) as v.GenericSchema
	}),
	'clear-chat': stream('Clear chat', {}, ALPHA, { confirm: true }),
	'pin-message': stream('Pin message', { value: text('message id') }, ALPHA, { falseOffPlatform: true }),
	'unpin-message': stream('Unpin message', { value: v.optional(v.string()) }, ALPHA, { falseOffPlatform: true }),
	// Channel roles, not moderation of messages: in their own group, which no fixed share profile grants.
	'add-moderator': moderation('Add moderator', ALPHA, false, {}, 'roles'),
	'remove-moderator': moderation('Remove moderator', ALPHA, true, {}, 'roles'),

	// Chat modes
	'set-slow-mode': chatMode('Slow mode', LIMITS.slowMode, 's'),
	'set-subscriber-mode': chatMode('Subscriber mode'),
	'set-follow-mode': chatMode('Follower mode', LIMITS.followMode, 'min'),
	'set-emotes-mode': chatMode('Emote mode'),

	// Polls and predictions
	'create-poll': {
		group: 'polls',
		label: 'Create poll',
		params: onPlatform({
			name: rawText('poll title'),
			value: choices('choices', false),
			duration: num(LIMITS.poll.min, LIMITS.poll.max, 's')
		}),
		platforms: ALPHA,
		acknowledgedOnly: true
	},
	'end-poll': {
		group: 'polls',
		label: 'End poll',
		params: onPlatform({ name: v.optional(v.picklist(POLL_END_STATUSES, 'must be ARCHIVED or TERMINATED'), 'ARCHIVED') }),
		platforms: ALPHA,
		acknowledgedOnly: true,
		confirm: true
	},
	'create-prediction': {
		group: 'polls',
		label: 'Create prediction',
		params: onPlatform({
			name: rawText('prediction title'),
			value: choices('outcomes', true),
			duration: num(LIMITS.prediction.min, LIMITS.prediction.max, 's')
		}),
		platforms: ALPHA,
		acknowledgedOnly: true
	},
	'end-prediction': {
		group: 'polls',
		label: 'End prediction',
		params: v.pipe(
			onPlatform({
				name: v.optional(v.picklist(PREDICTION_END_STATUSES, 'must be RESOLVED or CANCELED'), 'RESOLVED'),
				value: v.optional(v.string('must be a string'))
			}),
			v.forward(
				v.check((p) => p.name === 'CANCELED' || Boolean(p.value?.trim()), 'is required when resolving (the winning outcome)'),
				['value']
			)
		),
		platforms: ALPHA,
		acknowledgedOnly: true,
		confirm: true
	},

	// Chat moderation
	'translate-message': {
		group: 'moderation',
		label: 'Translate message',
		params: onPlatform({
			value: rawText('message text'),
			// Without it the translation is attributed to the streamer (protocol facts; spec lists it without "required").
			username: v.optional(username()),
			language: v.pipe(v.string('must be a string'), v.regex(/^[a-z]{2,3}(?:-[A-Za-z]{2,4})?$/, 'must be a language code such as en, es, zh'))
		}),
		platforms: ALL,
		acknowledgedOnly: true
	},
	shoutout: moderation('Shoutout', ALL, false),
	'add-vip': moderation('Add VIP', ALPHA, false, {}, 'roles'),
	'remove-vip': moderation('Remove VIP', ALPHA, true, {}, 'roles'),
	'ban-user': moderation('Ban', ALPHA_BETA, true, { cleanupOnBan: v.optional(bool()) }),
	'unban-user': moderation('Unban', ALPHA_BETA, false),
	'timeout-user': moderation('Timeout', ALL, true, {
		duration: v.optional(v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1')), LIMITS.timeoutDefault),
		name: v.optional(v.string('must be a string'))
	}),
	'delete-message': {
		group: 'moderation',
		label: 'Delete message',
		params: onPlatform({ value: text('message id') }),
		platforms: ALL,
		acknowledgedOnly: true,
		confirm: true
	},

	// Song requests
	'song-request': {
		group: 'songs',
		label: 'Song request',
		params: params({
			// An unrecognised action falls back to add on the application; a client sends a known one.
			action: v.optional(v.string('must be a string'), 'add'),
			value: v.optional(v.string('must be a string')),
			username: v.optional(v.string('must be a string')),
			platform: v.optional(v.string('must be a string')),
			play: v.optional(bool()),
			songRequestId: v.optional(v.string('must be a string'))
		}),
		confirm: (p) => p.action === 'clear'
	},

	// Loyalty
	'get-loyalty-points': {
		group: 'loyalty',
		label: 'Loyalty points',
		readOnly: true,
		params: params({ username: username(), platform: text('platform') })
	},
	'add-loyalty-points': {
		group: 'loyalty',
		label: 'Add loyalty points',
		params: params({
			value: v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.check((n) => n !== 0, 'must not be 0')),
			username: username(),
			platform: text('platform')
		})
	},

	// Actions
	'run-actions': {
		group: 'actions',
		label: 'Run actions',
		feature: 'name-validation',
		params: params({
			actions: v.array(v.unknown(), 'must be a list of actions'),
			extraSettings: v.optional(v.record(v.string(), v.unknown(), 'must be an object'))
		}),
		// The answer comes when the whole list has finished, delays included (spec; facts §5.12).
		waitMs: (p) => actionsWaitMs(p.actions, LIMITS.runActionsMaxWaitMs)
	},
	'get-action-catalog': {
		group: 'actions',
		label: 'Action catalog',
		feature: 'name-validation',
		readOnly: true,
		params: noParams
	}
} satisfies Record<string, Rule>;

export type SendType = keyof typeof RULES;

export const SEND_TYPES = Object.keys(RULES) as SendType[];

export const CATALOG: Record<SendType, SendTypeRule> = Object.fromEntries(
	Object.entries(RULES).map(([type, rule]) => [
		type,
		{ confirm: false, acknowledgedOnly: false, readOnly: false, ...rule, type } satisfies SendTypeRule
	])
) as Record<SendType, SendTypeRule>;

export function isSendType(type: unknown): type is SendType {
	return typeof type === 'string' && Object.hasOwn(RULES, type);
}

export function needsConfirmation(type: SendType, p: Record<string, unknown> = {}): boolean {
	const { confirm } = CATALOG[type];
	return typeof confirm === 'function' ? confirm(p) : confirm;
}
