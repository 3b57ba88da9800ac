/**
 * What differs between a poll and a prediction in the shared create form (ChoiceCard): wording, how
 * many entries, the spec's duration range, and how the application splits the sent choices.
 */
import { LIMITS } from '$lib/protocol';
import { POLL_KEYS, PREDICTION_KEYS } from './running';

export interface ChoiceKind {
	type: 'create-poll' | 'create-prediction';
	/** Lower case, as in "no poll is running". */
	noun: string;
	heading: string;
	titleLabel: string;
	/** One entry's name: "Choice", "Outcome". */
	entry: string;
	max: number;
	range: { readonly min: number; readonly max: number };
	presets: readonly number[];
	initial: number;
	/** Spec: polls split the value on commas as it is, predictions trim each outcome. */
	trims: boolean;
	keys: { started: string; ended: string };
}

export const POLL: ChoiceKind = {
	type: 'create-poll',
	noun: 'poll',
	heading: 'Poll',
	titleLabel: 'Question',
	entry: 'Choice',
	max: 5,
	range: LIMITS.poll,
	presets: [30, 60, 120, 300],
	initial: 60,
	trims: false,
	keys: POLL_KEYS
};

export const PREDICTION: ChoiceKind = {
	type: 'create-prediction',
	noun: 'prediction',
	heading: 'Prediction',
	titleLabel: 'Title',
	entry: 'Outcome',
	max: 10,
	range: LIMITS.prediction,
	presets: [60, 120, 300, 600],
	initial: 120,
	trims: true,
	keys: PREDICTION_KEYS
};

/** The entries the application makes of a sent value, by the kind's rule (empty ones dropped). */
export function splitSent(kind: ChoiceKind, value: string): string[] {
	return value
		.split(',')
		.map((entry) => (kind.trims ? entry.trim() : entry))
		.filter(Boolean);
}
