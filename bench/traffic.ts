/** What the simulator pushes during the bench: chat lines and alerts, stamped, at a steady rate. */
import { wallNow } from './clock';
import { stamp } from './page-probes';

const USERS = ['ana', 'bo', 'cy', 'di', 'eli', 'fox', 'gus', 'hal'];
const COLORS = ['#ff00aa', '#4ecdc4', '#ffd166', '#7c5cff'];

/** A chat envelope as the application sends it (protocol facts §3.5). */
export function chatEnvelope(seq: number, text: string, sentAt = wallNow()) {
	const username = USERS[seq % USERS.length]!;
	return {
		type: 'chat',
		origin: seq % 3 === 0 ? 'gamma' : 'alpha',
		data: {
			id: `bench-${seq}`,
			channel: 'alpha',
			message: text,
			extraSettings: {
				username,
				displayname: username,
				userId: `u-${username}`,
				avatar: '',
				userColor: COLORS[seq % COLORS.length]!,
				badges: [],
				userLevels: { anyone: true },
				messageId: `m-${seq}`,
				time: '12:00:00',
				timestamp: Math.round(sentAt)
			}
		}
	};
}

export const stampedChat = (seq: number) => {
	const sentAt = wallNow();
	return chatEnvelope(seq, `message ${seq} ${stamp(seq, sentAt)}`, sentAt);
};

const ALERTS = [
	{ event: 'alpha-follower', dynamic: (u: string) => ({ value: u, username: u }), extra: {} },
	{
		event: 'alpha-bits',
		dynamic: (u: string) => ({ value: 100, username: u }),
		extra: { amount: 100, bits: 100, message: 'cheer100' }
	},
	{
		event: 'alpha-subscriber',
		dynamic: (u: string) => ({ value: 1, username: u }),
		extra: { tier: '1000', months: 3 }
	},
	{ event: 'gamma-follower', dynamic: (u: string) => ({ value: u, username: u }), extra: {} }
] as const;

/** A viewer alert (follow, cheer, sub), rotating through a few kinds. */
export function alertEnvelope(seq: number, username = `${USERS[seq % USERS.length]}${seq}`) {
	const kind = ALERTS[seq % ALERTS.length]!;
	return {
		type: 'alert',
		origin: kind.event.slice(0, kind.event.indexOf('-')),
		event: kind.event,
		data: {
			dynamic: kind.dynamic(username),
			replay: false,
			extraSettings: {
				username,
				displayname: username,
				userId: `u-${username}`,
				...kind.extra,
				time: '12:00:00',
				timestamp: Date.now()
			}
		}
	};
}

/** Alerts that make widgets read again: a song change (song widgets) and a change of the counter's variable. */
export function hintEnvelope(seq: number, counterName: string) {
	if (seq % 2 === 0)
		return {
			type: 'alert',
			origin: 'music_player',
			event: 'music_player-switchSong',
			data: {
				dynamic: { value: 'Neon Lakes' },
				replay: false,
				extraSettings: { name: 'Neon Lakes', time: '12:00:00', timestamp: Date.now() }
			}
		};
	return {
		type: 'alert',
		origin: 'appstream',
		event: 'appstream-variableChanged',
		data: {
			dynamic: { value: counterName },
			replay: false,
			extraSettings: {
				variable_name: counterName,
				variable_value: '7',
				variable_previous_value: '7',
				time: '12:00:00',
				timestamp: Date.now()
			}
		}
	};
}

/**
 * Calls `send(i)` for i = 0…count-1 at `perSecond`, on a timer that catches up in batches (Node timers
 * step by about a millisecond). Resolves when all were sent or `signal` aborts.
 */
export async function sendAtRate(
	count: number,
	perSecond: number,
	send: (i: number) => void,
	signal?: AbortSignal
): Promise<number> {
	const start = performance.now();
	let sent = 0;
	while (sent < count && !signal?.aborted) {
		const due = Math.min(count, Math.floor(((performance.now() - start) * perSecond) / 1000) + 1);
		while (sent < due) send(sent++);
		const nextAt = start + (sent * 1000) / perSecond;
		await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextAt - performance.now())));
	}
	return sent;
}

/**
 * A chat line and an alert every 20 ms while pages load, so pages that show only pushed events have
 * something to paint as soon as they are connected. Returns the stop.
 */
export function backgroundTraffic(emit: (envelope: object) => void): () => void {
	let seq = 0;
	const timer = setInterval(() => {
		emit(chatEnvelope(seq, `background line ${seq}`));
		emit(alertEnvelope(seq));
		seq++;
	}, 20);
	return () => clearInterval(timer);
}
