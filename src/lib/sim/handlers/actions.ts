/**
 * run-actions (already validated by the shared `validateActions`) and get-action-catalog.
 * Known `app` actions run through the same send pipeline as API requests; errors inside actions are
 * logged, never returned, as on the application.
 */
import { actionCatalogText, CONTROL_FLOW_TYPES } from '../../protocol/actions';
import { PLATFORMS } from '../../protocol/vocabulary';
import type { Runtime } from '../runtime';
import type { SendOutcome } from '../types';
import { ok, str, type HandlerTable, type Params } from './shared';
import { counterMath } from './variables';

export type SendRunner = (type: string, params: Params) => SendOutcome;

type Step = Record<string, unknown>;
const valueOf = (step: Step): Record<string, unknown> =>
	typeof step.value === 'object' && step.value !== null && !Array.isArray(step.value) ? (step.value as Record<string, unknown>) : {};

/** An `app` action as the send it amounts to, or undefined when the simulator does not model it. */
function asSend(type: string, value: Record<string, unknown>, extra: Record<string, unknown>): [string, Params] | undefined {
	const on = value.on !== false;
	switch (type) {
		case 'chatbot':
			return ['chatbot-message', { value: str(value.message) ?? '', ...(str(value.platform) ? { platform: value.platform } : {}), extraSettings: extra }];
		case 'tts':
			return ['tts', { value: str(value.message) ?? '', ...(str(value.voice) ? { voice: value.voice } : {}) }];
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
			return ['song-request', { action: 'add', value: str(value.value) ?? '', ...(str(value.requesterUsername) ? { username: value.requesterUsername } : {}) }];
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
	const result = counterMath(current === '' ? 0 : current, `${operator}${String(value.message ?? '1')}`);
	if (!result.ok) return `updateCounter ${name}: ${result.error}`;
	rt.setVariable(name, result.value, { byUser: true, counter: true });
	return `${name} = ${result.value}`;
}

function runStep(rt: Runtime, step: Step, run: SendRunner, extra: Record<string, unknown>): string {
	const type = String(step.type);
	const base = str(step.base)?.replace(/Actions$/, '');
	if (type === 'delay') return `delay ${String(step.delay ?? step.duration ?? 0)} ms (not waited for)`;
	if ((CONTROL_FLOW_TYPES as readonly string[]).includes(type)) return `${type}: branches not run (their inner fields are not public)`;
	if (base === 'app') {
		if (type === 'updateCounter') return updateCounter(rt, valueOf(step));
		const send = asSend(type, valueOf(step), extra);
		if (!send) return `app.${type}: not modelled by the simulator, skipped`;
		const outcome = run(send[0], send[1]);
		return outcome.ok ? `app.${type}: done` : `app.${type}: failed (${outcome.text})`;
	}
	if (base && (PLATFORMS as readonly string[]).includes(base) && !rt.state.connectedPlatforms.includes(base as never))
		return `${base}.${type}: ${base} is not connected, skipped`;
	return `${base ?? '?'}.${type}: not modelled by the simulator, skipped`;
}

export function makeActionHandlers(run: SendRunner): HandlerTable {
	return {
		'run-actions': (rt, params) => {
			const extra = (params.extraSettings as Record<string, unknown> | undefined) ?? {};
			const notes: string[] = [];
			for (const step of params.actions as Step[]) {
				if (step.type === 'stop') {
					notes.push('stop');
					break;
				}
				notes.push(runStep(rt, step, run, extra));
			}
			return ok(true, { note: notes.join('; ').slice(0, 2000) });
		},
		'get-action-catalog': () => ok(actionCatalogText())
	};
}
