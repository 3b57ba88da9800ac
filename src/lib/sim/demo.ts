/**
 * Demo traffic: a steady, plausible stream of chat, alerts, counters and song changes so widgets
 * look alive. Timers only (no Node APIs), so it runs in a browser page too.
 */
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
	const every = (minMs: number, maxMs: number, act: () => void) => {
		const schedule = () => {
			if (stopped) return;
			const handle = setTimeout(
				() => {
					timers.delete(handle);
					if (stopped) return;
					try {
						act();
					} catch {
						// Demo traffic must never take the simulator down.
					}
					schedule();
				},
				minMs + rt.random() * (maxMs - minMs)
			);
			unref(handle);
			timers.add(handle);
		};
		schedule();
	};

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

	every(6000, 12000, () => {
		const user = pick(VIEWERS);
		const kinds: [string, () => void][] = [
			['alpha-follower', () => rt.setVariable('alpha_last_follower', user)],
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
						? 5
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
				...(key === 'alpha-bits' ? { bits: amount, message: 'cheer100 great stream' } : {}),
				...(key === 'appstream-donation' ? { currency: 'USD', currencySymbol: '$' } : {})
			});
		rt.fireAlert(
			key,
			amount !== undefined ? { value: amount, username: user } : { value: user, username: user },
			extra
		);
	});

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
