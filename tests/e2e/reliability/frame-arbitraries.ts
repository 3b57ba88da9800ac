/**
 * Websocket frames a misbehaving application could send, for fast-check: text that is not JSON, any
 * JSON, envelopes and replies with the right names and values of the wrong shapes, settings replies
 * the client accepts but with odd lists, and a few fixed nasties.
 */
import fc from 'fast-check';
import { HOSTILE_NAMES, HOSTILE_PAYLOADS } from '../../support/hostile-corpus';

const anyJson = fc.jsonValue({ maxDepth: 3 });
const text = fc.oneof(
	fc.string({ maxLength: 24 }),
	fc.constantFrom(...HOSTILE_PAYLOADS),
	fc.constantFrom(...HOSTILE_NAMES),
	fc.constant('')
);
/** The right kind of value, or anything at all. */
const orAnything = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, arb, anyJson);
const optionalRecord = <T>(shape: { [K in keyof T]: fc.Arbitrary<T[K]> }) =>
	fc.record(shape, { requiredKeys: [] });

const chatData = optionalRecord({
	id: orAnything(text),
	message: orAnything(text),
	shouldRemove: orAnything(text),
	channel: orAnything(text),
	extraSettings: orAnything(
		optionalRecord({
			username: orAnything(text),
			displayname: orAnything(text),
			userColor: orAnything(text),
			messageId: orAnything(text),
			badges: orAnything(fc.array(orAnything(text), { maxLength: 3 })),
			userLevels: orAnything(fc.dictionary(text, anyJson, { maxKeys: 4 })),
			timestamp: orAnything(fc.double()),
			platform: orAnything(text)
		})
	)
});
const alertData = optionalRecord({
	dynamic: orAnything(
		optionalRecord({
			value: anyJson,
			username: orAnything(text),
			name: orAnything(text),
			total: anyJson
		})
	),
	replay: orAnything(fc.boolean()),
	extraSettings: orAnything(
		optionalRecord({
			username: orAnything(text),
			displayname: orAnything(text),
			amount: anyJson,
			currencySymbol: orAnything(text),
			variable_name: orAnything(
				fc.constantFrom('wins', 'deaths', 'music_player_now_playing_title', 'songrequest_queue')
			),
			variable_value: anyJson,
			name: orAnything(text),
			image: orAnything(text),
			message: orAnything(text)
		})
	)
});
const statesData = optionalRecord({
	on: anyJson,
	streamMode: anyJson,
	fuze: anyJson,
	listenId: anyJson
});
const envelope = fc.record(
	{
		type: fc.oneof(
			fc.constantFrom(
				'chat',
				'alert',
				'command',
				'states',
				'premium',
				'modqueue_list',
				'chat_platform_register'
			),
			text
		),
		origin: orAnything(fc.constantFrom('alpha', 'beta', 'gamma', 'appstream', 'music_player')),
		subOrigin: orAnything(text),
		event: orAnything(
			fc.oneof(
				fc.constantFrom(
					'alpha-follower',
					'alpha-bits',
					'alpha-raid',
					'appstream-donation',
					'appstream-variableChanged',
					'music_player-switchSong'
				),
				text
			)
		),
		data: fc.oneof(
			chatData,
			alertData,
			statesData,
			anyJson,
			optionalRecord({ premium: anyJson }),
			optionalRecord({
				list: orAnything(fc.array(fc.dictionary(text, anyJson, { maxKeys: 3 }), { maxLength: 3 }))
			})
		)
	},
	{ requiredKeys: ['type'] }
);
/** Names drawn from a small pool, so lists often repeat one (as a buggy or merged setup might). */
const listedName = fc.oneof(text, fc.constantFrom('Same', 'Other', 'lurk'));
const optionKey = fc.constantFrom(
	'chat-command',
	'chatbot-command',
	'alert',
	'studio-scene',
	'studio-theme',
	'studio-animation',
	'alpha-points',
	'gamma-points',
	'tts'
);
const settingsData = optionalRecord({
	types: orAnything(fc.array(orAnything(optionKey), { maxLength: 6 })),
	options: orAnything(
		fc.dictionary(
			optionKey,
			orAnything(
				optionalRecord({ values: orAnything(fc.array(orAnything(listedName), { maxLength: 6 })) })
			),
			{ maxKeys: 5 }
		)
	),
	lights: orAnything(
		fc.array(
			orAnything(
				optionalRecord({
					id: orAnything(listedName),
					name: orAnything(text),
					type: orAnything(text)
				})
			),
			{ maxLength: 4 }
		)
	),
	states: orAnything(statesData),
	premium: anyJson
});
/** Settings the client accepts, with the application's lists as odd as they come. */
const acceptedSettings = optionalRecord({
	premium: fc.boolean(),
	types: fc.array(optionKey, { maxLength: 6 }),
	options: fc.dictionary(
		optionKey,
		orAnything(
			optionalRecord({ values: orAnything(fc.array(orAnything(listedName), { maxLength: 6 })) })
		),
		{ maxKeys: 5 }
	),
	lights: fc.array(
		fc.record(
			{ id: listedName, name: fc.option(text, { nil: undefined }), type: text },
			{ requiredKeys: ['id', 'type'] }
		),
		{ maxLength: 4 }
	),
	states: optionalRecord({
		on: fc.constantFrom(0, 1, true, false),
		streamMode: fc.constantFrom(0, 1),
		fuze: fc.constantFrom(0, 1),
		listenId: fc.string({ maxLength: 8 })
	})
});
const reply = fc.record(
	{
		event: fc.constantFrom(
			'socketapi:response',
			'socketapi:retrieve',
			'socketapi:subscribed',
			'socketapi:other'
		),
		context: anyJson,
		status: orAnything(fc.integer({ min: 100, max: 599 })),
		message: anyJson,
		error: orAnything(text),
		code: orAnything(text),
		data: fc.oneof(acceptedSettings, acceptedSettings, settingsData, anyJson),
		channels: orAnything(fc.array(text, { maxLength: 3 }))
	},
	{ requiredKeys: ['event'] }
);
/** A settings reply nobody asked for: the client takes it as the current setup. */
const settingsReply = fc.record(
	{
		event: fc.constant('socketapi:retrieve'),
		context: fc.oneof(fc.string({ maxLength: 8 }), fc.integer()),
		data: fc.oneof(acceptedSettings, acceptedSettings, settingsData)
	},
	{ requiredKeys: ['event', 'data'] }
);
export const frame = fc.oneof(
	{ arbitrary: fc.string({ maxLength: 120 }), weight: 1 },
	{ arbitrary: fc.json({ maxDepth: 3 }), weight: 2 },
	{ arbitrary: envelope.map((e) => JSON.stringify(e)), weight: 6 },
	{ arbitrary: reply.map((r) => JSON.stringify(r)), weight: 2 },
	{ arbitrary: settingsReply.map((r) => JSON.stringify(r)), weight: 2 }
);

/** Frames no generator is likely to find: sizes, depths and keys that break naive code. */
export const NASTY_FRAMES = [
	'',
	'null',
	'[]',
	'"chat"',
	'1e999',
	'{"type":"chat","data":null}',
	'{"type":"alert","event":null,"data":{"dynamic":null,"extraSettings":null}}',
	'{"type":"chat","__proto__":{"polluted":true},"data":{"message":"x","extraSettings":{"__proto__":{"polluted":true}}}}',
	'{"type":"constructor","data":{}}',
	'{"type":"__proto__","data":{}}',
	'{"type":"chat","data":{"message":"\\ud800\\udfff\\ud800","extraSettings":{"username":"\\u0000","messageId":"\\ud800"}}}',
	`{"type":"chat","data":${'['.repeat(5000)}${']'.repeat(5000)}}`,
	'['.repeat(100_000),
	JSON.stringify({
		type: 'chat',
		origin: 'alpha',
		data: { message: 'x'.repeat(1_500_000), extraSettings: { username: 'big', messageId: 'big' } }
	}),
	JSON.stringify({
		event: 'socketapi:retrieve',
		data: {
			types: ['studio-scene'],
			options: { 'studio-scene': { values: ['Same', 'Same', 'same', ''] } },
			lights: [
				{ id: 'l', type: 'brand_a' },
				{ id: 'l', type: 'brand_a' }
			]
		}
	}),
	JSON.stringify({ event: 'socketapi:subscribed', channels: 'all' })
];
