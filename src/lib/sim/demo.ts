/**
 * Demo traffic: a steady, plausible stream of chat, alerts, counters and song changes so widgets
 * look alive. Timers only (no Node APIs), so it runs in a browser page too.
 */
import {
	addFollower,
	driftViewers,
	startHypeTrain,
	stepHypeTrain,
	toggleSecondPlatform
} from './demo-stream';
import { DEFAULT_TIMER_VARIABLE, changeTimer, type TimerChange } from '../protocol/timer-state';
import { chatEnvelope } from './events';
import type { Params } from './handlers/shared';
import type { Runtime } from './runtime';
import type { MaybePromise, SendOutcome } from './types';

const VIEWERS = [
	'moss_moth',
	'quietkettle',
	'northwind_tv',
	'lumenfox',
	'TeaAndTactics',
	'pixel_pilot',
	'sunny_gamma',
	'ByteSizedBard',
	'cozy_cactus',
	'orbitalotter'
];
const LINES = [
	'hello chat!',
	'that was a clean run',
	'LUL',
	'what song is this?',
	'!lurk',
	'gg Kappa',
	'first time here, love the lights',
	'!socials',
	'hype hype hype PogChamp PogChamp',
	'can we get a hydrate check?',
	'PogChamp',
	'the boss is weak to fire btw',
	'!deaths',
	'this playlist slaps'
];
/** Viewers' words on their alerts (the alert box shows them under the headline). */
const CHEERS = ['cheer100 great stream', 'Cheer500 for the clutch', 'cheer100 hydrate!'];
const SUB_MESSAGES = ['love the streams!', '', 'here for the vibes', 'one more year of this'];
const TIP_MESSAGES = ['for the new mic', 'keep it up!', '', 'pizza money'];

const QUERIES = [
	'Neon Lakes - Midnight Arcade',
	'lofi rain beats',
	'Golden Hour Drive by Velvet Comets',
	'https://music.example/track/low-orbit',
	'synthwave sunset',
	'Harbor Lights - Paper Boats'
];

type Send = (type: string, params: Params) => MaybePromise<SendOutcome>;

/** Timers that neither keep a Node process alive nor need Node. */
function unref(handle: unknown): void {
	(handle as { unref?: () => void } | undefined)?.unref?.();
}

export function startDemoTraffic(rt: Runtime, send: Send): () => void {
	const timers = new Set<ReturnType<typeof setTimeout>>();
	let stopped = false;
	const pick = <T>(list: readonly T[]): T => rt.pick(list) as T;
	/** `firstMs`: the first run's delay, when it should come sooner than the usual pace. */
	const every = (minMs: number, maxMs: number, act: () => void, firstMs?: number) => {
		const schedule = (delay = minMs + rt.random() * (maxMs - minMs)) => {
			if (stopped) return;
			const handle = setTimeout(() => {
				timers.delete(handle);
				if (stopped) return;
				try {
					act();
				} catch {
					// Demo traffic must never take the simulator down.
				}
				schedule();
			}, delay);
			unref(handle);
			timers.add(handle);
		};
		schedule(firstMs);
	};

	// The timer widget's demo: a running 10-minute subathon clock, to which subs and bits add time as
	// the companion's --subathon would. Wall-clock time: the document holds the epoch ms of zero.
	const timer = (change: TimerChange) =>
		send('update-variable-value', {
			name: DEFAULT_TIMER_VARIABLE,
			value: changeTimer(rt.getVariable(DEFAULT_TIMER_VARIABLE), change, Date.now())
		});
	if (rt.getVariable(DEFAULT_TIMER_VARIABLE) === undefined) timer({ op: 'start', length: 600_000 });

	every(1500, 4000, () => {
		const user = pick(VIEWERS);
		const platform =
			user === 'sunny_gamma' && rt.state.connectedPlatforms.includes('gamma') ? 'gamma' : 'alpha';
		rt.emit(
			chatEnvelope(
				platform,
				{
					username: user,
					subscriber: rt.random() < 0.4,
					vip: user === 'quietkettle',
					mod: user === 'northwind_tv'
				},
				pick(LINES),
				rt.newId('msg'),
				rt.now()
			)
		);
	});

	// The alert box's demo: a mix of kinds with the fields a streamer templates ({tier}, {message},
	// {months}), about one alert every 8 s with the follower loop below, so the box is never swamped;
	// the first one soon, so a demo shows the box alive at once.
	every(
		9000,
		18000,
		() => {
			const user = pick(VIEWERS);
			const kinds: [string, () => void][] = [
				['alpha-follower', () => addFollower(rt, user)],
				['alpha-subscriber', () => rt.setVariable('alpha_last_subscriber', user)],
				['alpha-bits', () => undefined],
				['alpha-raid', () => rt.setVariable('last_raider', user)],
				['gamma-follower', () => undefined],
				['appstream-donation', () => undefined]
			];
			const available = kinds.filter(([key]) => rt.state.alerts.has(key));
			const [key, remember] = pick(available.length ? available : kinds);
			remember();
			const amount =
				key === 'alpha-bits'
					? 100 * (1 + Math.floor(rt.random() * 10))
					: key === 'alpha-raid'
						? 5 + Math.floor(rt.random() * 80)
						: key === 'appstream-donation'
							? pick([3, 5, 10, 25])
							: undefined;
			const extra: Record<string, unknown> = {
				username: user.toLowerCase(),
				displayname: user,
				userId: `u-${user.toLowerCase()}`,
				platform: key.split('-')[0]
			};
			if (amount !== undefined)
				Object.assign(extra, {
					amount,
					...(key === 'alpha-bits' ? { bits: amount, message: pick(CHEERS) } : {}),
					...(key === 'appstream-donation'
						? { currency: 'USD', currencySymbol: '$', message: pick(TIP_MESSAGES) }
						: {})
				});
			if (key === 'alpha-subscriber')
				Object.assign(extra, {
					subPlan: pick(['1000', '1000', '2000', '3000', 'Prime']),
					months: 1 + Math.floor(rt.random() * 24),
					message: pick(SUB_MESSAGES)
				});
			rt.fireAlert(
				key,
				amount !== undefined ? { value: amount, username: user } : { value: user, username: user },
				extra
			);
			if (key === 'alpha-subscriber') timer({ op: 'add', ms: 60_000 });
			if (key === 'alpha-bits' && amount) timer({ op: 'add', ms: amount * 10 });
		},
		2500
	);

	// The stream's numbers for the goal and stats widgets (demo-stream.ts).
	every(12000, 24000, () => {
		const user = pick(VIEWERS);
		addFollower(rt, user);
		rt.fireAlert(
			'alpha-follower',
			{ value: user, username: user },
			{ username: user.toLowerCase(), displayname: user, platform: 'alpha' }
		);
	});
	every(4000, 9000, () => driftViewers(rt));
	every(90000, 180000, () => toggleSecondPlatform(rt));
	every(45000, 90000, () => startHypeTrain(rt));
	every(3000, 6000, () => stepHypeTrain(rt, pick(VIEWERS)));

	every(20000, 40000, () => {
		if (rt.random() < 0.5) send('update-variable-value', { name: 'deaths', value: '+1' });
		else
			send('set-counter-value', { name: 'wins', value: Number(rt.getVariable('wins') ?? 0) + 1 });
	});

	every(30000, 60000, () => {
		if (rt.state.songs.queue.length < 2)
			send('song-request', { action: 'add', value: pick(QUERIES), username: pick(VIEWERS) });
		send('song-request', { action: 'skip' });
	});

	return () => {
		stopped = true;
		for (const handle of timers) clearTimeout(handle);
		timers.clear();
	};
}
