/**
 * The goal widget's data, pure: which variables a preset reads (protocol facts §8) and what a pair of
 * read values means (progress, reached, or the reason it cannot be shown).
 */
import { numberOf } from '$lib/client/values';
import { m } from '../messages';
import { yesNo } from '../yes-no';

interface Preset {
	current: string;
	target: string;
	/** Its words in the widget's language. */
	label: () => string;
}

export const GOAL_PRESETS = {
	followers: { current: 'total_follower_count', target: 'follower_goal', label: m.goal_followers },
	subscribers: {
		current: 'total_subscriber_count',
		target: 'subscriber_goal',
		label: m.goal_subscribers
	},
	bits: { current: 'alpha_total_bits_count', target: 'cheer_goal', label: m.goal_bits },
	tips: { current: 'total_donation_amount', target: 'tip_goal', label: m.goal_tips },
	superchats: {
		current: 'beta_total_superchat_amount',
		target: 'superchat_goal',
		label: m.goal_superchats
	},
	hypetrain: {
		current: 'alpha_hypetrain_progress',
		target: 'alpha_hypetrain_level_goal',
		label: m.goal_hypetrain
	}
} as const satisfies Record<string, Preset>;

export type GoalPreset = keyof typeof GOAL_PRESETS;
export const HYPE_ACTIVE = 'alpha_hypetrain_active';
export const HYPE_LEVEL = 'alpha_hypetrain_level';

export interface GoalSource {
	label: string;
	current: string;
	/** A variable's name, or a fixed number. */
	target: string | number;
	hypeTrain: boolean;
	/** Every variable to read. */
	names: string[];
}

/** The preset's variables, each replaced by the `current` or `target` option when that is given. */
export function goalSource(o: {
	preset: string;
	current: string;
	target: string;
	label: string;
}): GoalSource {
	const preset = GOAL_PRESETS[o.preset as GoalPreset] ?? GOAL_PRESETS.followers;
	const current = o.current.trim() || preset.current;
	const given = o.target.trim();
	const target = given === '' ? preset.target : (numberOf(given) ?? given);
	const hypeTrain = preset === GOAL_PRESETS.hypetrain;
	const names = [current, ...(typeof target === 'string' ? [target] : [])];
	if (hypeTrain) names.push(HYPE_ACTIVE, HYPE_LEVEL);
	return { label: o.label.trim() || preset.label(), current, target, hypeTrain, names };
}

export type GoalReading =
	| { ok: true; current: number; target: number; fraction: number; reached: boolean }
	| { ok: false; reason: string };

const shown = (raw: unknown) => JSON.stringify(raw)?.slice(0, 40) ?? String(raw);

/** An empty or unset total counts as 0 (an empty counter); anything else must be a number. */
function amount(name: string, raw: unknown): number | string {
	if (raw === undefined || raw === null || raw === '') return 0;
	return numberOf(raw) ?? `${name} holds ${shown(raw)}, not a number`;
}

export function readGoal(
	source: GoalSource,
	values: Readonly<Record<string, unknown>>
): GoalReading {
	const current = amount(source.current, values[source.current]);
	if (typeof current === 'string') return { ok: false, reason: current };
	let target: number | string;
	if (typeof source.target === 'number') target = source.target;
	else {
		const raw = values[source.target];
		target =
			raw === undefined || raw === null || raw === ''
				? `${source.target} is not set: no target`
				: amount(source.target, raw);
	}
	if (typeof target === 'string') return { ok: false, reason: target };
	if (!(target > 0)) return { ok: false, reason: `the target is ${target}: it must be above 0` };
	return {
		ok: true,
		current,
		target,
		fraction: Math.min(1, Math.max(0, current / target)),
		reached: current >= target
	};
}

/** Hype train preset: shown while the train runs (`alpha_hypetrain_active` true, or "true"). */
export function hypeTrainRunning(values: Readonly<Record<string, unknown>>): boolean {
	return yesNo(values[HYPE_ACTIVE]) === true;
}

/** The alerts that move a goal (facts §3.6: creator goals and the hype train): cues to read at once. */
export function isGoalAlert(event: string | undefined): boolean {
	return !!event && (event.startsWith('alpha-goal') || event.startsWith('alpha-hypetrain'));
}
