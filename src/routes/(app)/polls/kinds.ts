/**
 * What differs between a poll and a prediction in the shared create form (ChoiceCard): wording, how
 * many entries, the spec's duration range, and how the application splits the sent choices. The
 * wording is whole messages per kind (never a noun glued into a shared sentence), said at render.
 */
import { LIMITS } from '$lib/protocol';
import * as m from '$lib/app/messages';
import { POLL_KEYS, PREDICTION_KEYS } from './running';

type Say = () => string;
type SayN = (inputs: { n: string }) => string;
type SayRange = (inputs: { min: string; max: string }) => string;

export interface ChoiceKind {
	type: 'create-poll' | 'create-prediction';
	words: {
		heading: Say;
		titleLabel: Say;
		/** "alpha only. Current poll:", before the id. */
		current: (inputs: { platform: string }) => string;
		/** The entries: "Choices", and with their range. */
		entries: Say;
		entriesRange: SayRange;
		/** One entry: "Choice 2", its remove button, its comma rule, the start button's block. */
		entry: SayN;
		remove: SayN;
		add: Say;
		comma: SayN;
		fix: SayN;
		start: Say;
		none: Say;
		ended: Say;
	};
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
	words: {
		heading: m.polls_poll,
		titleLabel: m.polls_question,
		current: m.polls_current_poll,
		entries: m.polls_choices,
		entriesRange: m.polls_choices_range,
		entry: m.polls_choice_n,
		remove: m.polls_choice_remove,
		add: m.polls_choice_add,
		comma: m.polls_choice_comma,
		fix: m.polls_choice_fix,
		start: m.polls_start_poll,
		none: m.polls_no_poll,
		ended: m.polls_poll_ended
	},
	max: 5,
	range: LIMITS.poll,
	presets: [30, 60, 120, 300],
	initial: 60,
	trims: false,
	keys: POLL_KEYS
};

export const PREDICTION: ChoiceKind = {
	type: 'create-prediction',
	words: {
		heading: m.polls_prediction,
		titleLabel: m.polls_prediction_title,
		current: m.polls_current_prediction,
		entries: m.polls_outcomes,
		entriesRange: m.polls_outcomes_range,
		entry: m.polls_outcome_n,
		remove: m.polls_outcome_remove,
		add: m.polls_outcome_add,
		comma: m.polls_outcome_comma,
		fix: m.polls_outcome_fix,
		start: m.polls_start_prediction,
		none: m.polls_no_prediction,
		ended: m.polls_prediction_ended
	},
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
