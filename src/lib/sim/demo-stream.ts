/**
 * Demo moves of the stream's numbers (facts §8), so the goal and stats widgets look alive: new
 * followers move the follower goal (with `alpha-goal*` alerts), viewers drift, the second platform
 * goes live and offline, and a hype train runs now and then (`alpha-hypetrain*` alerts). Each alert
 * fires only if enabled and in stream mode, as every alert; the variables move regardless.
 */
import type { Runtime } from './runtime';

const num = (rt: Runtime, name: string) => Number(rt.getVariable(name)) || 0;
const add = (rt: Runtime, name: string, n: number) => rt.setVariable(name, num(rt, name) + n);

/** How far the demo moves the follower goal each time it is reached. */
export const NEXT_GOAL_STEP = 10;

/**
 * A follower on alpha: totals up by one, and the creator goal (tied to `follower_goal`) reports its
 * progress; once reached it ends, and the next one starts NEXT_GOAL_STEP further.
 */
export function addFollower(rt: Runtime, user: string): void {
	rt.setVariable('alpha_last_follower', user);
	rt.setVariable('last_follower', user);
	for (const name of [
		'total_follower_count',
		'alpha_total_follower_count',
		'session_follower_count',
		'alpha_session_follower_count'
	])
		add(rt, name, 1);
	const current = num(rt, 'total_follower_count');
	const target = num(rt, 'follower_goal');
	if (target <= 0) return;
	const goal = (value: number, goalTarget: number) => ({
		value,
		current: value,
		target: goalTarget,
		type: 'follower'
	});
	if (current < target) {
		rt.fireAlert('alpha-goalProgressed', goal(current, target), { goalType: 'follower' });
		return;
	}
	rt.fireAlert('alpha-goalEnded', goal(current, target), { goalType: 'follower', achieved: true });
	const next = current + NEXT_GOAL_STEP;
	rt.setVariable('follower_goal', next);
	rt.fireAlert('alpha-goalStarted', goal(current, next), { goalType: 'follower' });
}

/** Viewers of each live platform drift by a few. */
export function driftViewers(rt: Runtime): void {
	for (const platform of rt.state.connectedPlatforms) {
		if (rt.getVariable(`${platform}_live`) !== true) continue;
		const name = `${platform}_current_viewer_count`;
		rt.setVariable(name, Math.max(1, num(rt, name) + Math.round((rt.random() - 0.4) * 10)));
	}
}

/** The last connected platform (gamma in the default setup) goes live, or offline. */
export function toggleSecondPlatform(rt: Runtime): void {
	const platform = rt.state.connectedPlatforms[1];
	if (!platform) return;
	const live = rt.getVariable(`${platform}_live`) !== true;
	rt.setVariable(`${platform}_live`, live);
	rt.setVariable(`${platform}_uptime_timestamp`, live ? new Date(rt.now()).toISOString() : '');
	rt.setVariable(`${platform}_current_viewer_count`, live ? 12 : 0);
	rt.fireAlert(`${platform}-${live ? 'streamLive' : 'streamOffline'}`, undefined, { platform });
}

const HYPE = 'alpha_hypetrain';

export function startHypeTrain(rt: Runtime): void {
	if (rt.getVariable(`${HYPE}_active`) === true) return;
	rt.setVariable(`${HYPE}_active`, true);
	rt.setVariable(`${HYPE}_level`, 1);
	rt.setVariable(`${HYPE}_progress`, 0);
	rt.setVariable(`${HYPE}_level_goal`, 1000);
	rt.setVariable(`${HYPE}_total`, 0);
	rt.fireAlert('alpha-hypetrainStarted', { value: 1, level: 1, progress: 0, goal: 1000 }, {});
}

/** A contribution to a running train; past level 3 it ends. */
export function stepHypeTrain(rt: Runtime, user: string): void {
	if (rt.getVariable(`${HYPE}_active`) !== true) return;
	const amount = 100 + Math.round(rt.random() * 400);
	add(rt, `${HYPE}_total`, amount);
	rt.setVariable(`${HYPE}_top_contributor`, user);
	rt.setVariable(`${HYPE}_top_contributor_amount`, amount);
	let progress = num(rt, `${HYPE}_progress`) + amount;
	let goal = num(rt, `${HYPE}_level_goal`) || 1000;
	let level = num(rt, `${HYPE}_level`) || 1;
	if (progress < goal) {
		rt.setVariable(`${HYPE}_progress`, progress);
		rt.fireAlert('alpha-hypetrainProgressed', { value: level, level, progress, goal }, {});
		return;
	}
	if (level >= 3) {
		rt.setVariable(`${HYPE}_progress`, goal);
		rt.setVariable(`${HYPE}_active`, false);
		rt.fireAlert(
			'alpha-hypetrainEnded',
			{ value: level, level, total: num(rt, `${HYPE}_total`) },
			{}
		);
		return;
	}
	progress -= goal;
	level += 1;
	goal += 500;
	rt.setVariable(`${HYPE}_level`, level);
	rt.setVariable(`${HYPE}_progress`, progress);
	rt.setVariable(`${HYPE}_level_goal`, goal);
	rt.fireAlert('alpha-hypetrainLevelProgressed', { value: level, level, progress, goal }, {});
}
