/**
 * A setup whose every name and value is a payload of the hostile corpus: commands of every kind,
 * folders, alerts, scenes, themes, animations, lights, voices, devices, variables, counters, loyalty
 * users and songs. The application's name and version are payloads too.
 */
import { DEFAULT_SETUP_INPUT } from '../../../src/lib/sim/default-setup';
import { parseSetup, type Setup, type SetupInput } from '../../../src/lib/sim/setup';
import {
	HOSTILE_NAMES,
	HOSTILE_PAYLOADS,
	IMG,
	JS_URL,
	SCRIPT,
	SVG,
	payload
} from '../../support/hostile-corpus';

/** Payloads are names here: the setup trims names, so these are the forms the pages will show. */
const NAMES = HOSTILE_PAYLOADS.map((p) => p.trim()).filter(
	(p, i, all) => p && all.findIndex((q) => q.toLowerCase() === p.toLowerCase()) === i
);
export const DISABLED_COMMAND = `off ${SCRIPT}`;
export const DISABLED_FOLDER = `folder ${IMG}`;
export const COMMAND_IN_FOLDER = `in folder ${SVG}`;
/** A counter and a variable the counters page is asked to show. */
export const HOSTILE_COUNTER = IMG;
export const HOSTILE_VARIABLE = 'hostile_all';
export const ALL_PAYLOADS_TEXT = HOSTILE_PAYLOADS.join('\n');

export function hostileSetup(): Setup {
	const input: SetupInput = structuredClone(DEFAULT_SETUP_INPUT);
	input.app = { name: SVG, version: SCRIPT, listenId: 'alpha-1', streamer: IMG, botName: JS_URL };
	input.folders = [
		{ name: DISABLED_FOLDER, on: false },
		{ name: payload(5), on: true }
	];
	input.commands = {
		chat: [
			...NAMES.map((name) => ({ name })),
			...HOSTILE_NAMES.map((name) => ({ name })),
			{ name: DISABLED_COMMAND, on: false },
			{ name: COMMAND_IN_FOLDER, folder: DISABLED_FOLDER },
			{ name: 'lurk' }
		],
		chatbot: NAMES.slice(0, 20).map((name, i) => ({
			name: `bot ${name}`,
			message: payload(i + 1),
			description: payload(i + 2),
			alias: [`alias ${payload(i + 3).trim() || 'x'}`]
		})),
		'alpha-points': NAMES.slice(0, 15).map((name, i) => ({ name, cost: i })),
		'alpha-extension': NAMES.slice(15, 25).map((name) => ({ name })),
		'gamma-points': NAMES.slice(25, 35).map((name, i) => ({ name, cost: i }))
	};
	input.alerts = [
		...NAMES.map((name) => `alpha-${name}`),
		'alpha-follower',
		'appstream-variableChanged'
	];
	input.scenes = [...NAMES, ...HOSTILE_NAMES];
	input.themes = NAMES.slice(0, 20);
	input.animations = NAMES.slice(20, 40);
	input.lights = [
		...NAMES.map((name, i) => ({ id: `light-${i}`, name, type: 'brand_a' })),
		{ id: SCRIPT, name: 'light with a hostile id', type: IMG },
		{ id: '__proto__', type: 'overlay' }
	];
	input.tts = {
		voices: NAMES.slice(0, 12).map((label, i) => ({
			id: `voice-${i}`,
			label,
			language: i % 2 ? 'en_US' : payload(i)
		})),
		devices: NAMES.slice(12, 16).map((label, i) => ({ id: `device-${i}`, label })),
		currentDevice: { id: 'device-0', label: NAMES[12]! }
	};
	input.variables = {
		...input.variables,
		...Object.fromEntries(HOSTILE_PAYLOADS.map((p, i) => [`hostile_${i}`, p])),
		[HOSTILE_VARIABLE]: ALL_PAYLOADS_TEXT,
		alpha_last_clip_url: JS_URL,
		alpha_last_clip_id: IMG,
		alpha_current_poll_id: SCRIPT,
		alpha_current_prediction_id: SVG,
		loyalty_currency_name: SVG,
		alpha_last_follower: IMG
	};
	input.counters = {
		...input.counters,
		[HOSTILE_COUNTER]: 5,
		['__proto__']: 1,
		constructor: 2
	} as SetupInput['counters'];
	input.loyalty = [
		{ username: IMG, platform: 'alpha', points: 10 },
		{ username: '__proto__', platform: 'alpha', points: 20 }
	];
	const song = (i: number) => ({
		title: NAMES[i % NAMES.length]!,
		artist: payload(i + 25),
		requester: payload(i + 50),
		url: JS_URL,
		image: i % 2 ? `x" onerror="window.__pwned='cover'` : 'javascript:window.__pwned="cover"',
		duration: 180
	});
	input.songs = {
		source: 'music_player',
		playing: true,
		nowPlaying: {
			title: HOSTILE_PAYLOADS.slice(0, 20).join(' '),
			artist: HOSTILE_PAYLOADS.slice(20, 40).join(' '),
			requester: HOSTILE_PAYLOADS.slice(40).join(' '),
			url: JS_URL,
			image: JS_URL,
			duration: 600
		},
		queue: Array.from({ length: 25 }, (_, i) => song(i))
	};
	const parsed = parseSetup(input);
	if (!parsed.ok) throw new Error(parsed.error);
	return parsed.setup;
}
