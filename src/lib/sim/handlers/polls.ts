/** Polls and predictions with the spec's state tables, acting on the last one created through the service. */
import { SERVICE_VARIABLES } from '../../protocol/vocabulary';
import type { Runtime } from '../runtime';
import { acknowledged, str, type Handler, type HandlerTable } from './shared';

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

const createPoll: Handler = (rt, params) => {
	if (rt.state.poll?.status === 'ACTIVE')
		return acknowledged(`refused by alpha: poll ${rt.state.poll.id} is still active`);
	const id = rt.newId('poll');
	// Poll choices are split on commas without trimming (spec).
	const choices = String(params.value).split(',');
	rt.state.poll = {
		id,
		title: String(params.name),
		choices,
		duration: Number(params.duration),
		startedAt: rt.now(),
		status: 'ACTIVE'
	};
	rt.setVariable(SERVICE_VARIABLES.currentPollId, id);
	rt.fireAlert(
		'alpha-pollStarted',
		{ value: String(params.name) },
		{ title: String(params.name), choices, duration: params.duration }
	);
	return acknowledged(`poll ${id} active`);
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
	const id = rt.newId('prediction');
	// Prediction outcomes are trimmed (spec).
	const outcomes = String(params.value)
		.split(',')
		.map((o) => o.trim())
		.filter(Boolean);
	rt.state.prediction = {
		id,
		title: String(params.name),
		outcomes,
		duration: Number(params.duration),
		startedAt: rt.now(),
		status: 'ACTIVE'
	};
	rt.setVariable(SERVICE_VARIABLES.currentPredictionId, id);
	rt.fireAlert(
		'alpha-predictionStarted',
		{ value: String(params.name) },
		{ title: String(params.name), outcomes }
	);
	return acknowledged(`prediction ${id} active`);
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
