/** The goal and stats widgets' data, pure: presets, the mapping of read values, and bad input. */
import { describe, expect, it } from 'vitest';
import { goalSource, hypeTrainRunning, isGoalAlert, readGoal } from '$lib/widgets/goal/goal';
import { readStats, statNames, statPlatforms, sumStats } from '$lib/widgets/stats/stats';

const source = (o: Partial<Parameters<typeof goalSource>[0]> = {}) =>
	goalSource({ preset: 'followers', current: '', target: '', label: '', ...o });

describe('goal presets', () => {
	it('reads the follower goal by default, and each preset its pair from facts §8', () => {
		expect(source()).toMatchObject({
			label: 'Follower goal',
			current: 'total_follower_count',
			target: 'follower_goal',
			names: ['total_follower_count', 'follower_goal'],
			hypeTrain: false
		});
		const pairs = Object.fromEntries(
			['subscribers', 'bits', 'tips', 'superchats'].map((preset) => {
				const s = source({ preset });
				return [preset, [s.current, s.target]];
			})
		);
		expect(pairs).toEqual({
			subscribers: ['total_subscriber_count', 'subscriber_goal'],
			bits: ['alpha_total_bits_count', 'cheer_goal'],
			tips: ['total_donation_amount', 'tip_goal'],
			superchats: ['beta_total_superchat_amount', 'superchat_goal']
		});
	});

	it('the hype train preset also reads whether it runs and its level', () => {
		const s = source({ preset: 'hypetrain' });
		expect(s.hypeTrain).toBe(true);
		expect(s.names).toEqual([
			'alpha_hypetrain_progress',
			'alpha_hypetrain_level_goal',
			'alpha_hypetrain_active',
			'alpha_hypetrain_level'
		]);
		expect(hypeTrainRunning({ alpha_hypetrain_active: true })).toBe(true);
		expect(hypeTrainRunning({ alpha_hypetrain_active: 'true' })).toBe(true);
		expect(hypeTrainRunning({ alpha_hypetrain_active: false })).toBe(false);
		expect(hypeTrainRunning({})).toBe(false);
	});

	it('any two variables, or a counter and a number, replace the preset’s', () => {
		expect(source({ current: 'deaths', target: '50', label: 'Deaths' })).toMatchObject({
			label: 'Deaths',
			current: 'deaths',
			target: 50,
			names: ['deaths']
		});
		expect(source({ current: 'wins', target: 'wins_goal' }).names).toEqual(['wins', 'wins_goal']);
		// An unknown preset in a hand-edited URL falls back to followers (the URL parser also refuses it).
		expect(source({ preset: 'nope' }).current).toBe('total_follower_count');
	});

	it('goal and hype train alerts are cues, other alerts are not', () => {
		expect(isGoalAlert('alpha-goalProgressed')).toBe(true);
		expect(isGoalAlert('alpha-hypetrainLevelProgressed')).toBe(true);
		expect(isGoalAlert('alpha-follower')).toBe(false);
		expect(isGoalAlert(undefined)).toBe(false);
	});
});

describe('goal reading', () => {
	const s = source();
	it('maps current and target to a fraction, capped, and says when it is reached', () => {
		expect(readGoal(s, { total_follower_count: 50, follower_goal: 200 })).toEqual({
			ok: true,
			current: 50,
			target: 200,
			fraction: 0.25,
			reached: false
		});
		expect(readGoal(s, { total_follower_count: '250', follower_goal: '200' })).toMatchObject({
			ok: true,
			current: 250,
			fraction: 1,
			reached: true
		});
		// An empty or unset total is an empty counter: 0.
		expect(readGoal(s, { follower_goal: 10 })).toMatchObject({ ok: true, current: 0 });
		expect(readGoal(source({ current: 'deaths', target: '5' }), { deaths: 5 })).toMatchObject({
			reached: true
		});
	});

	it('a non-number, a missing target or a target of 0 gives the reason instead', () => {
		expect(readGoal(s, { total_follower_count: 'lots', follower_goal: 10 })).toEqual({
			ok: false,
			reason: 'total_follower_count holds "lots", not a number'
		});
		expect(readGoal(s, { total_follower_count: 3, follower_goal: { a: 1 } })).toEqual({
			ok: false,
			reason: 'follower_goal holds {"a":1}, not a number'
		});
		expect(readGoal(s, { total_follower_count: 3 })).toEqual({
			ok: false,
			reason: 'follower_goal is not set: no target'
		});
		expect(readGoal(s, { total_follower_count: 3, follower_goal: 0 })).toMatchObject({
			ok: false,
			reason: 'the target is 0: it must be above 0'
		});
		expect(readGoal(s, { total_follower_count: 3, follower_goal: -4 })).toMatchObject({
			ok: false
		});
	});
});

describe('stats', () => {
	it('reads every platform unless told which, and names what is no platform', () => {
		expect(statPlatforms([])).toEqual({ platforms: ['alpha', 'beta', 'gamma'], unknown: [] });
		expect(statPlatforms([' Gamma', 'myspace', 'gamma'])).toEqual({
			platforms: ['gamma'],
			unknown: ['myspace']
		});
		expect(statNames(['alpha'])).toEqual([
			'alpha_live',
			'alpha_uptime_timestamp',
			'alpha_current_viewer_count'
		]);
		expect(statNames(['alpha'], false)).toEqual(['alpha_live', 'alpha_uptime_timestamp']);
	});

	it('shows connected platforms only, live with its start, offline with no viewers', () => {
		const at = '2026-11-26T08:00:00.000Z';
		const { rows, notes } = readStats(['alpha', 'beta', 'gamma'], {
			alpha_live: true,
			alpha_uptime_timestamp: at,
			alpha_current_viewer_count: '128',
			gamma_live: 'false',
			gamma_uptime_timestamp: ''
		});
		expect(notes).toEqual([]);
		expect(rows).toEqual([
			{ platform: 'alpha', live: true, since: Date.parse(at), viewers: 128 },
			{ platform: 'gamma', live: false, viewers: 0 }
		]);
		expect(sumStats(rows)).toEqual({
			platform: 'all',
			live: true,
			since: Date.parse(at),
			viewers: 128
		});
		expect(sumStats([])).toBeUndefined();
	});

	it('a viewer count that is no number shows as unknown, with a note; a bad timestamp gives no uptime', () => {
		const { rows, notes } = readStats(['alpha'], {
			alpha_live: true,
			alpha_uptime_timestamp: 'yesterday-ish',
			alpha_current_viewer_count: 'many'
		});
		expect(rows).toEqual([{ platform: 'alpha', live: true, viewers: undefined }]);
		expect(notes).toEqual(['alpha_current_viewer_count holds many, not a number']);
		expect(sumStats(rows)?.viewers).toBeUndefined();
	});
});
