/**
 * run-actions (already validated by the shared `validateActions`) and get-action-catalog.
 * Known `app` actions run through the same send pipeline as API requests; errors inside actions are
 * logged, never returned, as on the application.
 */
import { actionCatalogText, branchesOf, BRANCHING, delayOf } from '../../protocol/actions';
import { LIMITS } from '../../protocol/limits';
import { PLATFORMS } from '../../protocol/vocabulary';
import type { Runtime } from '../runtime';
import type { MaybePromise, SendOutcome } from '../types';
import { ok, str, type HandlerTable, type Params } from './shared';
import { counterMath } from './variables';

export type SendRunner = (type: string, params: Params) => MaybePromise<SendOutcome>;

type Step = Record<string, unknown>;
const valueOf = (step: Step): Record<string, unknown> =>
	typeof step.value === 'object' && step.value !== null && !Array.isArray(step.value)
		? (step.value as Record<string, unknown>)
		: {};

/** An `app` action as the send it amounts to, or undefined when the simulator does not model it. */
function asSend(
	type: string,
	value: Record<string, unknown>,
	extra: Record<string, unknown>
): [string, Params] | undefined {
	const on = value.on !== false;
	switch (type) {
		case 'chatbot':
			return [
				'chatbot-message',
				{
					value: str(value.message) ?? '',
					...(str(value.platform) ? { platform: value.platform } : {}),
					extraSettings: extra
				}
			];
		case 'tts':
			return [
				'tts',
				{ value: str(value.message) ?? '', ...(str(value.voice) ? { voice: value.voice } : {}) }
			];
		case 'callCommand':
			return ['chat-command', { value: str(value.value) ?? '', extraSettings: extra }];
		case 'setStreamMode':
			return ['toggle-stream-mode', { value: on }];
		case 'toggleStreamMode':
			return ['toggle-stream-mode', {}];
		case 'updateVariable':
			return ['update-variable-value', { name: str(value.value) ?? '', value: value.message }];
		case 'backToDefault':
			return ['to-default', {}];
		case 'clearCooldowns':
			return ['clear-cooldowns', {}];
		case 'pauseQueue':
			return ['pause-queue', {}];
		case 'resumeQueue':
			return ['resume-queue', {}];
		case 'clearQueue':
			return ['clear-queue', {}];
		case 'addSongRequest':
			return [
				'song-request',
				{
					action: 'add',
					value: str(value.value) ?? '',
					...(str(value.requesterUsername) ? { username: value.requesterUsername } : {})
				}
			];
		case 'skipSongRequest':
			return ['song-request', { action: 'skip' }];
		case 'clearSongRequestQueue':
			return ['song-request', { action: 'clear' }];
		case 'setFolder':
			return ['set-folder-state', { name: str(value.value) ?? '', value: on }];
		case 'setColor':
			return value.rgb ? ['rgb-color', { value: value.rgb }] : undefined;
		default:
			return undefined;
	}
}

/** updateCounter `{value: name, message: amount, operator}`: creates the counter at 0 when missing. */
function updateCounter(rt: Runtime, value: Record<string, unknown>): string {
	const name = str(value.value);
	if (!name) return 'updateCounter without a counter name: skipped';
	const operator = str(value.operator) ?? '+';
	const current = rt.state.variables.get(name)?.value ?? 0;
	const result = counterMath(
		current === '' ? 0 : current,
		`${operator}${String(value.message ?? '1')}`
	);
	if (!result.ok) return `updateCounter ${name}: ${result.error}`;
	rt.setVariable(name, result.value, { byUser: true, counter: true });
	return `${name} = ${result.value}`;
}

/** What a walk step asks its driver for: a wait in ms, or a send's outcome that is not ready yet. */
type Pause = number | Promise<SendOutcome>;

interface Walk {
	notes: string[];
	/** Milliseconds waited so far, against `LIMITS.runActionsMaxWaitMs`. */
	waited: number;
	stopped: boolean;
}

function* runStep(
	rt: Runtime,
	step: Step,
	run: SendRunner,
	extra: Record<string, unknown>,
	walk: Walk
): Generator<Pause, void, SendOutcome | undefined> {
	const type = String(step.type);
	const base = str(step.base)?.replace(/Actions$/, '');
	if (type === 'delay') {
		const asked = delayOf(step);
		const ms = Math.min(asked, Math.max(0, LIMITS.runActionsMaxWaitMs - walk.waited));
		walk.waited += ms;
		walk.notes.push(
			ms < asked
				? `delay ${asked} ms cut to ${ms} ms (the ${LIMITS.runActionsMaxWaitMs} ms cap on waits)`
				: `delay ${ms} ms`
		);
		if (ms > 0) yield ms;
		return;
	}
	if (type === 'stop') {
		walk.stopped = true;
		walk.notes.push('stop');
		return;
	}
	if (BRANCHING.has(type)) {
		// Conditions, loop counts and random picks are not public: every branch runs once, in order.
		walk.notes.push(`${type}: each branch once`);
		for (const branch of branchesOf(step, '', LIMITS.actionsPerRequest)) {
			for (const inner of branch.list as Step[]) {
				if (walk.stopped) return;
				yield* runStep(rt, inner, run, extra, walk);
			}
		}
		return;
	}
	if (base === 'app') {
		if (type === 'updateCounter') return void walk.notes.push(updateCounter(rt, valueOf(step)));
		const send = asSend(type, valueOf(step), extra);
		if (!send) return void walk.notes.push(`app.${type}: not modelled by the simulator, skipped`);
		let outcome: SendOutcome | undefined = undefined;
		const started = run(send[0], send[1]);
		outcome = started instanceof Promise ? yield started : started;
		walk.notes.push(
			outcome?.ok
				? `app.${type}: done`
				: `app.${type}: failed (${outcome?.ok === false ? outcome.text : 'no outcome'})`
		);
		return;
	}
	if (
		base &&
		(PLATFORMS as readonly string[]).includes(base) &&
		!rt.state.connectedPlatforms.includes(base as never)
	)
		return void walk.notes.push(`${base}.${type}: ${base} is not connected, skipped`);
	walk.notes.push(`${base ?? '?'}.${type}: not modelled by the simulator, skipped`);
}

function* runList(
	rt: Runtime,
	steps: Step[],
	run: SendRunner,
	extra: Record<string, unknown>,
	walk: Walk
): Generator<Pause, void, SendOutcome | undefined> {
	for (const step of steps) {
		if (walk.stopped) return;
		yield* runStep(rt, step, run, extra, walk);
	}
}

/**
 * Drives a walk: synchronously while no step waits (so a list without delays answers at once, in
 * order with the requests after it), then on the simulator's clock.
 */
function drive(
	rt: Runtime,
	walk: Generator<Pause, void, SendOutcome | undefined>,
	done: () => SendOutcome
): MaybePromise<SendOutcome> {
	const first = walk.next();
	return first.done ? done() : continueLater(rt, walk, first.value, done);
}

async function continueLater(
	rt: Runtime,
	walk: Generator<Pause, void, SendOutcome | undefined>,
	first: Pause,
	done: () => SendOutcome
): Promise<SendOutcome> {
	let pause: Pause | undefined = first;
	while (pause !== undefined) {
		let resumeWith: SendOutcome | undefined;
		if (typeof pause === 'number') await rt.wait(pause);
		else resumeWith = await pause;
		const next = walk.next(resumeWith);
		pause = next.done ? undefined : next.value;
	}
	return done();
}

export function makeActionHandlers(run: SendRunner): HandlerTable {
	return {
		'run-actions': (rt, params) => {
			const extra = (params.extraSettings as Record<string, unknown> | undefined) ?? {};
			const walk: Walk = { notes: [], waited: 0, stopped: false };
			// The answer comes when the whole list has finished (spec: Running actions; protocol facts §5.12).
			return drive(rt, runList(rt, params.actions as Step[], run, extra, walk), () =>
				ok(true, { note: walk.notes.join('; ').slice(0, 2000) })
			);
		},
		'get-action-catalog': () => ok(actionCatalogText())
	};
}
