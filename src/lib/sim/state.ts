/** The simulator's mutable state: the setup as it evolves under the requests it receives. */
import { LIMITS } from '../protocol/limits';
import { SYSTEM_CHATBOT_COMMANDS, type CommandKind, type Platform } from '../protocol/vocabulary';
import type { ReadShape, Setup, SetupSong } from './setup';

export interface CommandEntry {
	name: string;
	on: boolean;
	folder?: string;
	cost?: number;
}

export interface ChatbotCommand extends CommandEntry {
	message: string;
	description?: string;
	alias: string[];
	showInCommandsList: boolean;
	cooldownDuration: number;
	system: boolean;
}

export interface Variable {
	value: unknown;
	counter: boolean;
}

export interface SongItem {
	id: string;
	title: string;
	artist: string;
	image: string;
	url: string;
	album?: string;
	/** Seconds. */
	duration: number;
	requester: string;
	query?: string;
	createdAt: number;
}

export interface Poll {
	id: string;
	title: string;
	choices: string[];
	duration: number;
	startedAt: number;
	status: 'ACTIVE' | 'COMPLETED' | 'ARCHIVED' | 'TERMINATED';
}

export interface Prediction {
	id: string;
	title: string;
	outcomes: string[];
	duration: number;
	startedAt: number;
	status: 'ACTIVE' | 'LOCKED' | 'RESOLVED' | 'CANCELED';
	winner?: string;
}

export interface LightColor {
	value: unknown;
	brightness: number;
	/** Milliseconds. */
	transition: number;
	/** Milliseconds the colour shows before the lights return to their default. */
	duration: number;
	lights: string[] | 'all';
}

/** Command kinds other than chatbot share one shape. */
export type PlainCommandKind = Exclude<CommandKind, 'chatbot'>;

/** Option key in `data.options` (and send type) → command kind. */
export const KIND_BY_OPTION_KEY: Record<string, CommandKind> = {
	'chat-command': 'chat',
	'chatbot-command': 'chatbot',
	'alpha-points': 'alpha-points',
	'alpha-extension': 'alpha-extension',
	'gamma-points': 'gamma-points'
};

const key = (name: string) => name.trim().toLowerCase();

export class SimState {
	states: { on: boolean; streamMode: boolean; fuze: boolean };
	readonly listenId: string;
	readonly streamer: string;
	readonly botName: string;
	premium: boolean;
	readonly connectedPlatforms: Platform[];
	readonly folders = new Map<string, { name: string; on: boolean }>();
	readonly commands: Record<PlainCommandKind, Map<string, CommandEntry>>;
	readonly chatbot = new Map<string, ChatbotCommand>();
	readonly alerts: Set<string>;
	readonly scenes: string[];
	readonly themes: string[];
	readonly animations: string[];
	readonly variables = new Map<string, Variable>();
	readonly loyalty = new Map<string, number>();
	readonly songs: {
		queue: SongItem[];
		nowPlaying: SongItem | null;
		playing: boolean;
		progressAnchor: number;
		anchorTs: number;
		source: string;
		/** The setup's `songs.queueIds`: the queue variable names each entry's request id. */
		queueIds: boolean;
	};
	poll?: Poll;
	prediction?: Prediction;
	readonly chatModes = {
		slow: { on: false, duration: 30 },
		subscriber: false,
		follow: { on: false, duration: 0 },
		emotes: false
	};
	pinnedMessage?: string;
	readonly stream = {
		title: {} as Partial<Record<Platform, string>>,
		category: {} as Partial<Record<Platform, string>>,
		markers: [] as { description: string; at: number }[]
	};
	readonly moderators = new Set<string>();
	readonly vips = new Set<string>();
	readonly banned = new Set<string>();
	readonly timeouts = new Map<string, { until: number; reason?: string }>();
	lights: { current: LightColor | null; default: LightColor | null; fuzeSensitivity: number };
	studio: {
		scene?: string;
		theme?: string;
		animation?: string;
		defaultScene?: string;
		defaultTheme?: string;
	};
	readonly activityQueue: { paused: boolean; pending: { label: string; run: () => void }[] } = {
		paused: false,
		pending: []
	};
	readonly overlayVisibility = new Map<string, boolean>();
	readonly layers = new Map<string, Record<string, unknown>>();
	readonly spoken: { text: string; voice: string; at: number }[] = [];
	/** The HUD (undocumented hud-* types, facts §5.11). */
	readonly hud: { visible: boolean; volume?: unknown; opacity?: unknown; overlay?: unknown } = {
		visible: false
	};
	/** Undocumented send-music_player-command requests (facts §5.13), last 50, for tests to read. */
	readonly musicPlayerCommands: { type: string; value?: unknown }[] = [];
	readonly setup: Setup;
	/** When the simulator started: `app_uptime` counts from here. */
	readonly startedAt: number;
	/** How variable reads answer (setup `readShape`). */
	readonly readShape: ReadShape;

	constructor(setup: Setup, now: number) {
		this.setup = setup;
		this.startedAt = now;
		this.readShape = setup.readShape;
		this.states = { ...setup.states };
		this.listenId = setup.app.listenId;
		this.streamer = setup.app.streamer;
		this.botName = setup.app.botName;
		this.premium = setup.premium;
		this.connectedPlatforms = [...setup.connectedPlatforms];
		for (const f of setup.folders) this.folders.set(key(f.name), { ...f });
		const plain = (list: Setup['commands']['chat']) =>
			new Map(list.map((c) => [key(c.name), { ...c }]));
		this.commands = {
			chat: plain(setup.commands.chat),
			'alpha-points': plain(setup.commands['alpha-points']),
			'alpha-extension': plain(setup.commands['alpha-extension']),
			'gamma-points': plain(setup.commands['gamma-points'])
		};
		for (const c of setup.commands.chatbot)
			this.chatbot.set(key(c.name), { ...c, alias: [...c.alias], system: isSystem(c.name) });
		// The built-in commands exist in every installation, whether or not the setup lists them.
		for (const name of SYSTEM_CHATBOT_COMMANDS)
			if (!this.chatbot.has(name))
				this.chatbot.set(name, {
					name,
					message: `{{${name}}}`,
					alias: [],
					showInCommandsList: false,
					on: true,
					cooldownDuration: LIMITS.chatbotCooldownDefault,
					system: true
				});
		this.alerts = new Set(setup.alerts);
		this.scenes = [...setup.scenes];
		this.themes = [...setup.themes];
		this.animations = [...setup.animations];
		for (const [name, value] of Object.entries(setup.variables))
			this.variables.set(name, { value, counter: false });
		for (const [name, value] of Object.entries(setup.counters))
			this.variables.set(name, { value, counter: true });
		for (const l of setup.loyalty) this.loyalty.set(loyaltyKey(l.username, l.platform), l.points);
		let n = 0;
		const song = (s: SetupSong): SongItem => ({ ...s, id: `sr-seed-${++n}`, createdAt: now });
		this.songs = {
			queue: setup.songs.queue.map(song),
			nowPlaying: setup.songs.nowPlaying ? song(setup.songs.nowPlaying) : null,
			playing: Boolean(setup.songs.nowPlaying) && setup.songs.playing,
			progressAnchor: 0,
			anchorTs: now,
			source: setup.songs.source,
			queueIds: setup.songs.queueIds
		};
		this.lights = { current: null, default: null, fuzeSensitivity: 100 };
		this.studio = {};
	}

	/** A non-chatbot command or a chatbot command by name or alias, case-insensitively. */
	findCommand(kind: CommandKind, name: string): CommandEntry | ChatbotCommand | undefined {
		const k = key(name);
		if (kind === 'chatbot')
			return (
				this.chatbot.get(k) ??
				[...this.chatbot.values()].find((c) => c.alias.some((a) => key(a) === k))
			);
		return this.commands[kind].get(k);
	}

	/** Off, or inside a disabled folder. */
	isDisabled(entry: CommandEntry): boolean {
		if (!entry.on) return true;
		return entry.folder ? this.folders.get(key(entry.folder))?.on === false : false;
	}

	/** Names listed under an option key of `data.options`. */
	namesFor(optionKey: string): string[] {
		const kind = KIND_BY_OPTION_KEY[optionKey];
		if (kind === 'chatbot') return [...this.chatbot.values()].map((c) => c.name);
		if (kind) return [...this.commands[kind].values()].map((c) => c.name);
		if (optionKey === 'studio-scene') return this.scenes;
		if (optionKey === 'studio-theme') return this.themes;
		if (optionKey === 'studio-animation') return this.animations;
		if (optionKey === 'alert') return [...this.alerts];
		return [];
	}

	/** The listed name matching case-insensitively, as spelled in the setup. */
	resolveName(optionKey: string, name: string): string | undefined {
		const k = key(name);
		const kind = KIND_BY_OPTION_KEY[optionKey];
		if (kind) return this.findCommand(kind, name)?.name;
		return this.namesFor(optionKey).find((n) => key(n) === k);
	}

	statesPayload() {
		return {
			on: this.states.on ? 1 : 0,
			streamMode: this.states.streamMode ? 1 : 0,
			fuze: this.states.fuze ? 1 : 0,
			listenId: this.listenId
		};
	}
}

export function isSystem(name: string): boolean {
	return (SYSTEM_CHATBOT_COMMANDS as readonly string[]).includes(key(name));
}

export function loyaltyKey(username: string, platform: string): string {
	return `${platform.trim().toLowerCase()}\u0000${username.trim().replace(/^@/, '').toLowerCase()}`;
}

export { key as nameKey };
