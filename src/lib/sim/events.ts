/** Builders for the envelopes the simulator pushes (protocol facts §3.4–3.6). */
import type { Envelope } from './types';

export interface TimeStamp {
	time: string;
	timestamp: number;
}

/** `extraSettings.time` is the local "HH:MM:SS" string, `timestamp` the ms epoch. */
export function stamp(now: number): TimeStamp {
	const d = new Date(now);
	const two = (n: number) => String(n).padStart(2, '0');
	return {
		time: `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`,
		timestamp: now
	};
}

/** The origin of an alert key `<origin>-<event>`; `music_player-switchSong` → `music_player`. */
export function originOfAlert(alertKey: string): string {
	const dash = alertKey.indexOf('-');
	return dash > 0 ? alertKey.slice(0, dash) : 'appstream';
}

const USER_COLORS = [
	'#ff6b6b',
	'#4ecdc4',
	'#ffd93d',
	'#6c5ce7',
	'#a3e635',
	'#f472b6',
	'#38bdf8',
	'#fb923c'
];

export interface ChatAuthor {
	username: string;
	displayname?: string;
	userId?: string;
	color?: string;
	broadcaster?: boolean;
	mod?: boolean;
	subscriber?: boolean;
	vip?: boolean;
}

/**
 * What the alpha platform sends for badges and native emotes: its CDN's images (the real addresses,
 * so the demo shows them; tests route them to a local picture). Other platforms send none.
 */
const ALPHA_BADGE = (uuid: string) => `https://static-cdn.jtvnw.net/badges/v1/${uuid}/1`;
const ALPHA_BADGES: Readonly<Record<string, string>> = {
	broadcaster: ALPHA_BADGE('5527c58c-fb7d-422d-b71b-f309dcb85cc1'),
	mod: ALPHA_BADGE('3267646d-33f0-4b17-b3df-f923a41db1d0'),
	vip: ALPHA_BADGE('b817aba4-fad8-49e2-b88a-7cc744dfa6ec'),
	subscriber: ALPHA_BADGE('5d9f2208-5dd8-11e7-8513-2ff4adfae661')
};
const ALPHA_EMOTES: Readonly<Record<string, string>> = {
	Kappa: '25',
	LUL: '425618',
	PogChamp: '305954156'
};

/** The emotes tag for a text: `id:start-end,…/id:…`, positions in code points, end inclusive. */
export function emotesRawFor(text: string): string {
	const found = new Map<string, string[]>();
	let at = 0;
	for (const word of text.split(' ')) {
		const id = Object.hasOwn(ALPHA_EMOTES, word) ? ALPHA_EMOTES[word] : undefined;
		const length = [...word].length;
		if (id) found.set(id, [...(found.get(id) ?? []), `${at}-${at + length - 1}`]);
		at += length + 1;
	}
	return [...found].map(([id, spans]) => `${id}:${spans.join(',')}`).join('/');
}

function colorFor(username: string): string {
	let h = 0;
	for (const ch of username) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
	return USER_COLORS[h % USER_COLORS.length] ?? '#ffffff';
}

export function chatEnvelope(
	platform: string,
	author: ChatAuthor,
	text: string,
	messageId: string,
	now: number
): Envelope {
	const levels = {
		isSelf: Boolean(author.broadcaster),
		broadcaster: Boolean(author.broadcaster),
		mod: Boolean(author.mod || author.broadcaster),
		vip: Boolean(author.vip),
		tier3: false,
		tier2: false,
		subscriber: Boolean(author.subscriber || author.broadcaster),
		regular: false,
		follower: true,
		anyone: true
	};
	return {
		origin: platform,
		type: 'chat',
		data: {
			id: `${platform}-${messageId}`,
			channel: platform,
			message: text,
			extraSettings: {
				username: author.username.toLowerCase(),
				displayname: author.displayname ?? author.username,
				userId: author.userId ?? `u-${author.username.toLowerCase()}`,
				avatar: '',
				userColor: author.color ?? colorFor(author.username),
				badges:
					platform === 'alpha'
						? (['broadcaster', 'mod', 'vip', 'subscriber'] as const)
								.filter((level) => levels[level] && !(level === 'mod' && author.broadcaster))
								.map((level) => ALPHA_BADGES[level]!)
						: [],
				...(platform === 'alpha' ? { emotesRaw: emotesRawFor(text) } : {}),
				badgesRaw: author.broadcaster ? 'broadcaster/1' : author.mod ? 'moderator/1' : '',
				userLevels: levels,
				messageId,
				platform,
				...stamp(now)
			}
		}
	};
}

export function chatDeletionEnvelope(platform: string, messageId: string, now: number): Envelope {
	return {
		origin: platform,
		type: 'chat',
		data: { shouldRemove: messageId, extraSettings: stamp(now) }
	};
}

export function commandEnvelope(
	origin: string,
	username: string,
	command: string,
	now: number,
	extra: Record<string, unknown> = {}
): Envelope {
	return {
		origin,
		type: 'command',
		data: { username, command, extraSettings: { ...extra, username, command, ...stamp(now) } }
	};
}

export function alertEnvelope(
	alertKey: string,
	dynamic: Record<string, unknown> | undefined,
	extraSettings: Record<string, unknown>,
	now: number,
	replay = false
): Envelope {
	const data: Record<string, unknown> = {
		replay,
		extraSettings: { ...extraSettings, ...stamp(now) }
	};
	if (dynamic) data.dynamic = dynamic;
	return { origin: originOfAlert(alertKey), type: 'alert', event: alertKey, data };
}

export function statesEnvelope(states: {
	on: number;
	streamMode: number;
	fuze: number;
	listenId: string;
}): Envelope {
	return { type: 'states', data: states };
}

export function premiumEnvelope(premium: boolean): Envelope {
	return { origin: 'appstream', type: 'premium', data: { premium } };
}
