/** Polls and predictions with the spec's state tables, acting on the last one created through the service. */
import { SERVICE_VARIABLES } from '../../protocol/vocabulary';
import type { Runtime } from '../runtime';
import { acknowledged, str, type Handler, type HandlerTable, type Params } from './shared';

/** An active poll or prediction whose time ran out is over (COMPLETED / LOCKED), as on the platform. */
export function tickPolls(rt: Runtime): void {
	const { poll, prediction } = rt.state;
	if (poll?.status === 'ACTIVE' && rt.now() >= poll.startedAt + poll.duration * 1000)
		poll.status = 'COMPLETED';
	if (
		prediction?.status === 'ACTIVE' &&
		rt.now() >= prediction.startedAt + prediction.duration * 1000
	)
		prediction.status = 'LOCKED';
}

/** What names a new poll or prediction: its service variable and its Started alert. */
const OPENED = {
	poll: { variable: SERVICE_VARIABLES.currentPollId, alert: 'alpha-pollStarted' },
	prediction: { variable: SERVICE_VARIABLES.currentPredictionId, alert: 'alpha-predictionStarted' }
} as const;

/** The fields a poll and a prediction start with: a new id, the title and time asked, active from now. */
const opening = (rt: Runtime, kind: keyof typeof OPENED, params: Params) => ({
	id: rt.newId(kind),
	title: String(params.name),
	duration: Number(params.duration),
	startedAt: rt.now(),
	status: 'ACTIVE' as const
});

/** Names the new one in its service variable and fires its Started alert with `data`. */
function announce(
	rt: Runtime,
	kind: keyof typeof OPENED,
	opened: { id: string; title: string },
	data: Record<string, unknown>
): void {
	rt.setVariable(OPENED[kind].variable, opened.id);
	rt.fireAlert(OPENED[kind].alert, { value: opened.title }, { title: opened.title, ...data });
}

const createPoll: Handler = (rt, params) => {
	if (rt.state.poll?.status === 'ACTIVE')
		return acknowledged(`refused by alpha: poll ${rt.state.poll.id} is still active`);
	// Poll choices are split on commas without trimming (spec).
	const choices = String(params.value).split(',');
	const poll = { ...opening(rt, 'poll', params), choices };
	rt.state.poll = poll;
	announce(rt, 'poll', poll, { choices, duration: params.duration });
	return acknowledged(`poll ${poll.id} active`);
};

const endPoll: Handler = (rt, params) => {
	const poll = rt.state.poll;
	if (!poll || poll.status !== 'ACTIVE')
		return acknowledged('refused by alpha: no active poll created through the service');
	poll.status = params.name === 'TERMINATED' ? 'TERMINATED' : 'ARCHIVED';
	rt.fireAlert(
		'alpha-pollEnded',
		{ value: poll.title },
		{ title: poll.title, status: poll.status }
	);
	return acknowledged(`poll ${poll.id} ${poll.status}`);
};

const createPrediction: Handler = (rt, params) => {
	const current = rt.state.prediction;
	if (current && (current.status === 'ACTIVE' || current.status === 'LOCKED'))
		return acknowledged(`refused by alpha: prediction ${current.id} is still open`);
	// Prediction outcomes are trimmed (spec).
	const outcomes = String(params.value)
		.split(',')
		.map((o) => o.trim())
		.filter(Boolean);
	const prediction = { ...opening(rt, 'prediction', params), outcomes };
	rt.state.prediction = prediction;
	announce(rt, 'prediction', prediction, { outcomes });
	return acknowledged(`prediction ${prediction.id} active`);
};

const endPrediction: Handler = (rt, params) => {
	const prediction = rt.state.prediction;
	if (!prediction || (prediction.status !== 'ACTIVE' && prediction.status !== 'LOCKED'))
		return acknowledged('refused by alpha: no open prediction created through the service');
	if (params.name === 'CANCELED') {
		prediction.status = 'CANCELED';
	} else {
		const wanted = (str(params.value) ?? '').trim().toLowerCase();
		const winner = prediction.outcomes.find((o) => o.toLowerCase() === wanted);
		// RESOLVED with a value matching no outcome: the request does nothing.
		if (!winner)
			return acknowledged(`nothing done: no outcome titled "${str(params.value) ?? ''}"`);
		prediction.status = 'RESOLVED';
		prediction.winner = winner;
	}
	rt.fireAlert(
		'alpha-predictionEnded',
		{ value: prediction.title },
		{ title: prediction.title, status: prediction.status, winner: prediction.winner }
	);
	return acknowledged(
		`prediction ${prediction.id} ${prediction.status}${prediction.winner ? ` (${prediction.winner})` : ''}`
	);
};

export const pollHandlers: HandlerTable = {
	'create-poll': createPoll,
	'end-poll': endPoll,
	'create-prediction': createPrediction,
	'end-prediction': endPrediction
};
