/**
 * The user's setup the simulator serves: what the desktop application would have configured.
 * Loaded from a JSON file (`--setup FILE`) or the shipped default; validated so a bad file stops
 * start-up with a message naming the field at fault.
 */
import * as v from 'valibot';
import { describeIssues, toFieldIssues } from '../protocol/issues';
import { LIMITS } from '../protocol/limits';
import { PLATFORMS } from '../protocol/vocabulary';

const name = (what: string) =>
	v.pipe(
		v.string(`must be a string (${what})`),
		v.trim(),
		v.minLength(1, `must not be empty (${what})`)
	);
const names = (what: string) => v.optional(v.array(name(what), `must be a list of ${what}s`), []);

/** A triggerable command of any kind except chatbot: a name, an on/off state and an optional folder. */
const CommandSchema = v.strictObject({
	name: name('command name'),
	on: v.optional(v.boolean('must be true or false'), true),
	folder: v.optional(name('folder name')),
	/** Points rewards: cost shown in the redemption alert. */
	cost: v.optional(
		v.pipe(
			v.number('must be a number'),
			v.integer('must be a whole number'),
			v.minValue(0, 'must be 0 or more')
		)
	)
});

const ChatbotCommandSchema = v.strictObject({
	name: name('command name'),
	message: v.string('must be a string (reply text)'),
	description: v.optional(v.string('must be a string')),
	alias: v.optional(v.array(name('alias'), 'must be a list of names'), []),
	showInCommandsList: v.optional(v.boolean('must be true or false'), false),
	on: v.optional(v.boolean('must be true or false'), true),
	cooldownDuration: v.optional(
		v.pipe(
			v.number('must be a number'),
			v.integer('must be a whole number'),
			v.minValue(0, 'must be 0 or more')
		),
		LIMITS.chatbotCooldownDefault
	),
	folder: v.optional(name('folder name'))
});

const EntrySchema = v.strictObject({ id: name('id'), label: name('label') });

const SongSchema = v.strictObject({
	title: name('song title'),
	artist: v.optional(v.string('must be a string'), ''),
	album: v.optional(v.string('must be a string'), ''),
	url: v.optional(v.string('must be a string'), ''),
	image: v.optional(v.string('must be a string'), ''),
	duration: v.optional(
		v.pipe(
			v.number('must be a number'),
			v.integer('must be a whole number'),
			v.minValue(1, 'must be at least 1 s')
		),
		200
	),
	requester: v.optional(v.string('must be a string'), '')
});

export const READ_SHAPES = ['native', 'strings'] as const;
export type ReadShape = (typeof READ_SHAPES)[number];

const configList = v.optional(v.array(v.unknown(), 'must be a list'), []);

export const SetupSchema = v.strictObject({
	app: v.optional(
		v.strictObject({
			name: v.optional(name('application name'), 'app-stream'),
			version: v.optional(name('version'), '9.1.0'),
			listenId: v.optional(name('account id'), 'alpha-1000001'),
			streamer: v.optional(name('streamer name'), 'Streamer'),
			botName: v.optional(name('bot name'), 'AppBot')
		}),
		{}
	),
	premium: v.optional(v.boolean('must be true or false'), false),
	/**
	 * The shape get-variable-value answers in (facts §5.10, §6.4: stored values are not normalised):
	 * `native` numbers as JSON numbers and JSON-array variables (songrequest_queue,
	 * music_player_now_playing_queue) as arrays; `strings` numbers as numeric strings and arrays as
	 * JSON text. Clients must read both.
	 */
	readShape: v.optional(
		v.picklist(READ_SHAPES, `must be one of ${READ_SHAPES.join(', ')}`),
		'native'
	),
	/** Platforms whose chat is connected; chatbot messages without a platform go to each. */
	connectedPlatforms: v.optional(
		v.array(
			v.picklist(PLATFORMS, `must be one of ${PLATFORMS.join(', ')}`),
			'must be a list of platforms'
		),
		['alpha']
	),
	states: v.optional(
		v.strictObject({
			on: v.optional(v.boolean('must be true or false'), true),
			streamMode: v.optional(v.boolean('must be true or false'), true),
			fuze: v.optional(v.boolean('must be true or false'), false)
		}),
		{}
	),
	folders: v.optional(
		v.array(
			v.strictObject({
				name: name('folder name'),
				on: v.optional(v.boolean('must be true or false'), true)
			}),
			'must be a list of folders'
		),
		[]
	),
	commands: v.optional(
		v.strictObject({
			chat: v.optional(v.array(CommandSchema, 'must be a list of commands'), []),
			chatbot: v.optional(v.array(ChatbotCommandSchema, 'must be a list of chatbot commands'), []),
			'alpha-points': v.optional(v.array(CommandSchema, 'must be a list of rewards'), []),
			'alpha-extension': v.optional(
				v.array(CommandSchema, 'must be a list of extension commands'),
				[]
			),
			'gamma-points': v.optional(v.array(CommandSchema, 'must be a list of rewards'), [])
		}),
		{}
	),
	/** Enabled alert keys, `<origin>-<event>`. Only these reach the socket. */
	alerts: names('alert key'),
	scenes: names('scene name'),
	themes: names('theme name'),
	animations: names('animation name'),
	lights: v.optional(
		v.array(
			v.strictObject({
				id: name('light id'),
				name: v.optional(name('light name')),
				type: name('light type')
			}),
			'must be a list of lights'
		),
		[]
	),
	tts: v.optional(
		v.strictObject({
			voices: v.optional(
				v.array(
					v.strictObject({
						id: name('voice id'),
						label: name('voice label'),
						language: name('language'),
						source: v.optional(v.string())
					}),
					'must be a list of voices'
				),
				[]
			),
			devices: v.optional(v.array(EntrySchema, 'must be a list of {id, label}'), []),
			currentDevice: v.optional(v.nullable(EntrySchema), null)
		}),
		{}
	),
	/** Plain variables by name; any JSON value. */
	variables: v.optional(v.record(v.string(), v.unknown(), 'must be an object of name → value'), {}),
	/** Counters by name; an empty string is an empty counter (the next update sets it to 1). */
	counters: v.optional(
		v.record(
			v.string(),
			v.union(
				[v.pipe(v.number(), v.finite()), v.literal('')],
				'must be a number (or "" for an empty counter)'
			),
			'must be an object of name → number'
		),
		{}
	),
	loyalty: v.optional(
		v.array(
			v.strictObject({
				username: name('username'),
				platform: name('platform'),
				points: v.pipe(
					v.number('must be a number'),
					v.integer('must be a whole number'),
					v.minValue(0, 'must be 0 or more')
				)
			}),
			'must be a list of balances'
		),
		[]
	),
	songs: v.optional(
		v.strictObject({
			nowPlaying: v.optional(v.nullable(SongSchema), null),
			playing: v.optional(v.boolean('must be true or false'), true),
			queue: v.optional(v.array(SongSchema, 'must be a list of songs'), []),
			source: v.optional(name('playback source'), 'music_player'),
			/**
			 * Whether the queue variable's entries carry their request id (`songRequestId`). The public
			 * queue has none (facts §6.4), so false by default; true tests a client that removes by id.
			 */
			queueIds: v.optional(v.boolean('must be true or false'), false)
		}),
		{}
	),
	overlays: configList,
	overlayLayers: configList,
	overlayAssets: configList,
	indistinctLayers: configList
});

export type Setup = v.InferOutput<typeof SetupSchema>;
export type SetupInput = v.InferInput<typeof SetupSchema>;
export type SetupCommand = v.InferOutput<typeof CommandSchema>;
export type SetupChatbotCommand = v.InferOutput<typeof ChatbotCommandSchema>;
export type SetupSong = v.InferOutput<typeof SongSchema>;

export type SetupResult = { ok: true; setup: Setup } | { ok: false; error: string };

/** Validates a setup; accepts the parsed value or the JSON text. The error names the field at fault. */
export function parseSetup(json: unknown): SetupResult {
	let value = json;
	if (typeof json === 'string') {
		try {
			value = JSON.parse(json);
		} catch (err) {
			return { ok: false, error: `setup is not valid JSON: ${(err as Error).message}` };
		}
	}
	const parsed = v.safeParse(SetupSchema, value);
	if (parsed.success) {
		const unknownFolder = findUnknownFolder(parsed.output);
		return unknownFolder
			? { ok: false, error: `invalid setup: ${unknownFolder}` }
			: { ok: true, setup: parsed.output };
	}
	return {
		ok: false,
		error: `invalid setup: ${describeIssues(toFieldIssues(parsed.issues, 'setup'))}`
	};
}

function findUnknownFolder(setup: Setup): string | undefined {
	const folders = new Set(setup.folders.map((f) => f.name.toLowerCase()));
	for (const [kind, list] of Object.entries(setup.commands))
		for (const [i, command] of list.entries())
			if (command.folder && !folders.has(command.folder.toLowerCase()))
				return `setup.commands.${kind}[${i}].folder names "${command.folder}", which setup.folders does not list`;
	return undefined;
}
