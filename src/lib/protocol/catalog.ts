/**
 * The params schema of every send type, with every rule the spec states (defaults are applied by
 * parsing), joined with the plain type data of `send-types.ts` into CATALOG. The simulator, the
 * dashboard's client, the forms and the tests read this one table; the reads' schemas are in
 * `read-params.ts`, so a read-only page does not carry the rest.
 */
import * as v from 'valibot';
import { actionsWaitMs } from './actions';
import { LIMITS } from './limits';
import { READ_PARAMS } from './read-params';
import { bool, int, nonNegativeInt, num, params, platform, rawText, text } from './rules';
import { said } from './rule-text';
import { SEND_TYPE_INFO, SEND_TYPES, type SendType, type SendTypeInfo } from './send-types';
import { COMMAND_KINDS, POLL_END_STATUSES, PREDICTION_END_STATUSES } from './vocabulary';

/** A viewer's name in a form: its rules as data, so the dashboard says them in its language. */
const username = () => text('username');

export {
	SEND_TYPES,
	isSendType,
	needsConfirmation,
	type NameCheck,
	type SendGroup,
	type SendType
} from './send-types';

export interface SendTypeRule extends SendTypeInfo {
	/** Params, with every rule the spec states; defaults are applied by parsing. */
	params: v.GenericSchema;
	/** How long the application waits inside this request before answering (ms), on top of its usual time. */
	waitMs?: (params: Record<string, unknown>) => number;
}

const optionalToggle = params({ value: v.optional(v.nullable(bool())) });
const noParams = params({});
const onPlatform = <const T extends v.ObjectEntries>(entries: T) =>
	params({ ...entries, platform: platform() });

/** Chat-mode types read `false`, `off`, `0` and a missing value as off; a client sends real booleans. */
const chatModeValue = v.optional(v.union([bool(), v.string(), v.number()], said('boolean')));

const durationMs = v.optional(nonNegativeInt('ms'));

const finiteNumber = v.pipe(v.number(said('number')), v.finite(said('finite')));

/** How a layer moves or resizes: the same optional fields on both overlay layer types (facts §5.11). */
const layerTransition = {
	transitionTime: v.optional(nonNegativeInt('ms')),
	transitionInterpolation: v.optional(
		v.picklist(
			['none', 'ease', 'linear', 'ease-in', 'ease-out', 'ease-in-out', 'cubic-bezier'],
			'must be a known interpolation'
		)
	),
	transitionCubicBezier: v.optional(v.string())
};

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
	said('rgb_or_ct', { min: LIMITS.colorTemperature.min, max: LIMITS.colorTemperature.max })
);

const lightTargets = v.optional(
	v.array(
		// The light's id goes in `value`; `id` is accepted too (protocol facts §5.15).
		v.pipe(
			v.strictObject({
				type: text('light_brand'),
				value: v.optional(text('light_id')),
				id: v.optional(text('light_id'))
			}),
			v.check((t) => Boolean(t.value ?? t.id), 'needs the light id in value (or id)')
		),
		'must be a list of {type, value}'
	)
);

const colorCommon = {
	brightness: v.optional(
		num(LIMITS.brightness.min, LIMITS.brightness.max),
		LIMITS.brightness.default
	),
	transition: v.optional(
		v.pipe(v.number(said('number')), v.minValue(0, said('or_more_unit', { min: 0, unit: 'ms' }))),
		LIMITS.transitionDefault
	),
	duration: v.optional(nonNegativeInt('ms'), LIMITS.durationDefault),
	hold: v.optional(bool()),
	lights: lightTargets
};

const hexColor = v.pipe(
	v.string(said('string')),
	v.regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, said('hex_colour'))
);

/** Comma-separated choices; polls split without trimming, predictions trim. */
const choices = (what: 'choices' | 'outcomes', trim: boolean) =>
	v.pipe(
		v.string(said('string')),
		v.check(
			(s) => s.split(',').filter((c) => (trim ? c.trim() : c).length > 0).length >= 2,
			said(what === 'choices' ? 'two_choices' : 'two_outcomes')
		),
		v.check(
			(s) => s.split(',').every((c) => c.trim().length > 0),
			said(what === 'choices' ? 'empty_choice' : 'empty_outcome')
		)
	);

const chatbotFields = {
	message: text('reply_text'),
	description: v.optional(v.string(said('string'))),
	alias: v.optional(v.array(text('alias'), said('list_of_names'))),
	showInCommandsList: v.optional(bool()),
	on: v.optional(bool()),
	cooldownDuration: v.optional(nonNegativeInt('ms'))
};

const triggerParams = params({ value: text('name'), hold: v.optional(bool()) });

const studio = (withDuration: boolean) =>
	params({
		value: text('name'),
		...(withDuration ? { duration: durationMs } : {}),
		hold: v.optional(bool())
	}) as v.GenericSchema;

const chatMode = (duration?: { min: number; max: number; default: number }, unit = '') =>
	onPlatform({
		value: chatModeValue,
		...(duration
			? { duration: v.optional(num(duration.min, duration.max, unit), duration.default) }
			: {})
	}) as v.GenericSchema;

const moderation = (entries: v.ObjectEntries = {}) =>
	onPlatform({ value: username(), ...entries }) as v.GenericSchema;

const PARAMS = {
	...READ_PARAMS,

	// Triggering by name
	'chat-command': triggerParams,
	'chatbot-command': triggerParams,
	'alpha-points': triggerParams,
	'alpha-extension': triggerParams,
	'gamma-points': triggerParams,
	alert: params({ value: text('alert_key') }),
	'studio-scene': studio(true),
	'studio-theme': studio(true),
	'studio-animation': studio(false),

	// Chat
	'chatbot-message': params({
		value: rawText('message'),
		platform: v.optional(v.string(said('string'))),
		userToChatAs: v.optional(v.picklist(['self', 'bot'], said('self_or_bot'))),
		replyParentMessageId: v.optional(v.string(said('string')))
	}),

	// Lights
	'rgb-color': params({ value: rgbValue, ...colorCommon }),
	'hex-color': params({ value: hexColor, ...colorCommon }),
	'start-fuze': optionalToggle,
	'stop-fuze': optionalToggle,
	'toggle-fuze': optionalToggle,

	// Listed in `data.types` but undocumented (protocol facts §5.4, open question 11): treated as the fuze types.
	'set-fuze': optionalToggle,
	// A missing value is not refused by the application (protocol facts §5.4): nothing changes.
	'fuze-audio-sensitivity': params({
		value: v.optional(v.pipe(v.number(said('number')), v.minValue(0, said('or_more', { min: 0 }))))
	}),
	'to-default': noParams,

	// Application state
	'set-app': optionalToggle,
	'start-app': optionalToggle,
	'stop-app': optionalToggle,
	'toggle-stream-mode': optionalToggle,

	// Activity queue
	'resume-queue': noParams,
	'pause-queue': noParams,
	'clear-queue': noParams,
	'clear-cooldowns': noParams,

	// Command states and chatbot commands
	'set-command-state': params({
		name: text('command_name'),
		value: bool(),
		kind: v.optional(
			v.picklist(COMMAND_KINDS, said('one_of', { options: COMMAND_KINDS.join(', ') })),
			'chat'
		)
	}),
	'set-folder-state': params({ name: text('folder_name'), value: bool() }),
	// The application's defaults for a new command, applied by parsing (the simulator stores what parsing gives).
	'create-chatbot-command': params({
		name: text('command_name'),
		...chatbotFields,
		showInCommandsList: v.optional(bool(), false),
		on: v.optional(bool(), true),
		cooldownDuration: v.optional(nonNegativeInt('ms'), LIMITS.chatbotCooldownDefault)
	}),
	'update-chatbot-command': params({
		name: text('command_name'),
		newName: v.optional(text('new_name')),
		...chatbotFields,
		message: v.optional(text('reply_text'))
	}),
	'delete-chatbot-command': v.pipe(
		params({ value: v.optional(text('command_name')), name: v.optional(text('command_name')) }),
		v.check((p) => Boolean(p.value ?? p.name), 'needs the command name in value (or name)')
	),

	// TTS
	tts: params({
		value: rawText('text_to_speak'),
		voice: v.optional(text('voice')),
		volume: v.optional(int(LIMITS.ttsVolume.min, LIMITS.ttsVolume.max))
	}),

	// Variables and counters
	'update-variable-value': params({ name: text('variable_name'), value: v.unknown() }),
	'set-counter-value': params({
		name: text('counter_name'),
		value: finiteNumber
	}),

	// Overlays (params from protocol facts §5.11)
	'overlay-set-visibility': params({
		layer: text('overlay'),
		value: v.optional(bool())
	}),
	'overlay-set-layer-visibility': params({ layer: text('layer_id'), value: v.optional(bool()) }),
	'overlay-set-layer-position': params({
		layer: text('layer_id'),
		x: v.number(said('number')),
		y: v.number(said('number')),
		...layerTransition
	}),
	// Undocumented in the REST docs, present in the application (protocol facts §5.11): an omitted dimension keeps its value.
	'overlay-set-layer-size': params({
		layer: text('layer_id'),
		width: v.optional(finiteNumber),
		height: v.optional(finiteNumber),
		...layerTransition
	}),
	'overlay-set-content': params({ layer: text('layer_id'), content: v.string(said('string')) }),

	// Stream commands
	'change-stream-title': onPlatform({ value: rawText('title') }),
	'change-current-category': onPlatform({ value: text('category') }),
	'create-stream-marker': onPlatform({ value: v.optional(v.string(said('string'))) }),
	clip: onPlatform({}),
	'send-announcement': onPlatform({ value: rawText('announcement') }),
	// `value` is the fallback when `duration` is absent (spec); whichever is used must be 30–180 s.
	'run-commercial': v.pipe(
		onPlatform({
			duration: v.optional(commercialSeconds),
			value: v.optional(v.number(said('number')))
		}),
		v.forward(
			v.check(
				(p) => p.duration !== undefined || p.value !== undefined,
				`is required (${LIMITS.commercial.min} to ${LIMITS.commercial.max} s; or value)`
			),
			['duration']
		),
		v.forward(
			v.check(
				(p) =>
					p.duration !== undefined || p.value === undefined || v.is(commercialSeconds, p.value),
				said('between_unit', { min: LIMITS.commercial.min, max: LIMITS.commercial.max, unit: 's' })
			),
			['value']
		)
	),
	'clear-chat': onPlatform({}),
	'pin-message': onPlatform({ value: text('message_id') }),
	'unpin-message': onPlatform({ value: v.optional(v.string()) }),

	// Channel roles, not moderation of messages: in their own group, which no fixed share profile grants.
	'add-moderator': moderation(),
	'remove-moderator': moderation(),

	// Chat modes
	'set-slow-mode': chatMode(LIMITS.slowMode, 's'),
	'set-subscriber-mode': chatMode(),
	'set-follow-mode': chatMode(LIMITS.followMode, 'min'),
	'set-emotes-mode': chatMode(),

	// Polls and predictions
	'create-poll': onPlatform({
		name: rawText('poll_title'),
		value: choices('choices', false),
		duration: num(LIMITS.poll.min, LIMITS.poll.max, 's')
	}),
	'end-poll': onPlatform({
		name: v.optional(v.picklist(POLL_END_STATUSES, 'must be ARCHIVED or TERMINATED'), 'ARCHIVED')
	}),
	'create-prediction': onPlatform({
		name: rawText('prediction_title'),
		value: choices('outcomes', true),
		duration: num(LIMITS.prediction.min, LIMITS.prediction.max, 's')
	}),
	'end-prediction': v.pipe(
		onPlatform({
			name: v.optional(
				v.picklist(PREDICTION_END_STATUSES, 'must be RESOLVED or CANCELED'),
				'RESOLVED'
			),
			value: v.optional(v.string(said('string')))
		}),
		v.forward(
			v.check(
				(p) => p.name === 'CANCELED' || Boolean(p.value?.trim()),
				'is required when resolving (the winning outcome)'
			),
			['value']
		)
	),

	// Chat moderation
	'translate-message': onPlatform({
		value: rawText('message_text'),
		// Without it the translation is attributed to the streamer (protocol facts; spec lists it without "required").
		username: v.optional(username()),
		language: v.pipe(
			v.string(said('string')),
			v.regex(/^[a-z]{2,3}(?:-[A-Za-z]{2,4})?$/, 'must be a language code such as en, es, zh')
		)
	}),
	shoutout: moderation(),
	'add-vip': moderation(),
	'remove-vip': moderation(),
	'ban-user': moderation({ cleanupOnBan: v.optional(bool()) }),
	'unban-user': moderation(),
	'timeout-user': moderation({
		duration: v.optional(
			v.pipe(
				v.number(said('number')),
				v.integer(said('whole')),
				v.minValue(1, said('at_least', { min: 1 }))
			),
			LIMITS.timeoutDefault
		),
		name: v.optional(v.string(said('string')))
	}),
	'delete-message': onPlatform({ value: text('message_id') }),

	// Song requests
	'song-request': params({
		// An unrecognised action falls back to add on the application; a client sends a known one.
		action: v.optional(v.string(said('string')), 'add'),
		value: v.optional(v.string(said('string'))),
		username: v.optional(v.string(said('string'))),
		platform: v.optional(v.string(said('string'))),
		play: v.optional(bool()),
		songRequestId: v.optional(v.string(said('string')))
	}),

	// Loyalty
	'add-loyalty-points': params({
		value: v.pipe(
			v.number(said('number')),
			v.integer(said('whole')),
			v.check((n) => n !== 0, said('not_zero'))
		),
		username: username(),
		platform: text('platform')
	}),

	// Actions
	'run-actions': params({
		actions: v.array(v.unknown(), 'must be a list of actions'),
		extraSettings: v.optional(v.record(v.string(), v.unknown(), said('object')))
	})
} satisfies Record<SendType, v.GenericSchema>;

const WAITS: Partial<Record<SendType, (params: Record<string, unknown>) => number>> = {
	// The answer comes when the whole list has finished, delays included (spec; facts §5.12).
	'run-actions': (p) => actionsWaitMs(p.actions, LIMITS.runActionsMaxWaitMs)
};

export const CATALOG: Record<SendType, SendTypeRule> = Object.fromEntries(
	SEND_TYPES.map((type) => [
		type,
		{ ...SEND_TYPE_INFO[type], params: PARAMS[type], waitMs: WAITS[type] } satisfies SendTypeRule
	])
) as Record<SendType, SendTypeRule>;
