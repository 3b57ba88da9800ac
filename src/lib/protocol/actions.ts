/**
 * The run-actions validator (spec: Running actions, Limits) and the known action catalog used by
 * the routine builder. The blocked list is checked inside every control-flow branch too.
 */
import { LIMITS } from './limits';

export const CONTROL_FLOW_TYPES = ['delay', 'conditional', 'loop', 'randomGroup', 'stop'] as const;
/** Control-flow steps whose inner lists hold further actions. */
export const BRANCHING = new Set<string>(['conditional', 'loop', 'randomGroup']);

/**
 * The wait a `delay` step asks for, in ms (protocol facts §5.12): `delay`, or `duration` in its
 * place; numbers or numeric strings. 0 for anything else, and for a step that is not a delay (an
 * inline `delay` on another action is not applied).
 */
export function delayOf(step: Record<string, unknown>): number {
	if (step.type !== 'delay') return 0;
	const raw = step.delay ?? step.duration;
	const ms =
		typeof raw === 'number'
			? raw
			: typeof raw === 'string' && raw.trim() !== ''
				? Number(raw)
				: NaN;
	return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

export const BLOCKED_TYPES = ['code', 'writeToFile'] as const;
export const BLOCKED_BASES = ['commandRunner', 'inputEvents'] as const;

export interface Action {
	base?: string;
	type: string;
	value?: Record<string, unknown>;
	delay?: number;
	[key: string]: unknown;
}

export type ActionsVerdict =
	| { ok: true; count: number }
	| { ok: false; status: 400; message: string; field: string }
	| { ok: false; status: 403; code: 'action_not_allowed'; message: string; field: string };

const isRecord = (x: unknown): x is Record<string, unknown> =>
	typeof x === 'object' && x !== null && !Array.isArray(x);
const lower = (s: unknown) => (typeof s === 'string' ? s.toLowerCase() : '');

export function blockedReason(action: Record<string, unknown>): string | undefined {
	const type = lower(action.type);
	const base = lower(action.base);
	if (BLOCKED_TYPES.some((t) => t.toLowerCase() === type))
		return `action type "${String(action.type)}" is blocked`;
	if (BLOCKED_BASES.some((b) => b.toLowerCase() === base))
		return `actions under base "${String(action.base)}" are blocked`;
	return undefined;
}

/** A value met while walking a step, linked to its parent so a path is only spelled out when needed. */
interface Visit {
	node: unknown;
	parent: Visit | undefined;
	/** `.key` or `[i]`, appended to the parent's path. */
	step: string;
}

function pathOf(visit: Visit, base: string): string {
	const parts: string[] = [];
	for (let at: Visit | undefined = visit; at; at = at.parent) parts.push(at.step);
	return base + parts.reverse().join('');
}

/** A list of actions found in a step; `single` when it is one action object standing alone. */
export interface Branch {
	list: unknown[];
	path: string;
	single?: boolean;
}

const isAction = (x: unknown): x is Record<string, unknown> =>
	isRecord(x) && typeof x.type === 'string';

/**
 * Lists of actions nested anywhere inside a control-flow step, at any object depth. The inner fields
 * of conditional, loop and randomGroup are not public, so every list holding a typed object counts as
 * a branch, and so does a typed object on its own. The walk uses an explicit stack (bodies may be
 * nested hundreds of thousands deep) and stops once it has found more actions than `budget`: the
 * caller refuses such a list for its size anyway.
 */
export function branchesOf(step: Record<string, unknown>, path: string, budget: number): Branch[] {
	const found: Branch[] = [];
	let actions = 0;
	const stack: Visit[] = [];
	// Pushed last-first so branches come out in the order they are written.
	const top = Object.entries(step).filter(([k]) => k !== 'type' && k !== 'base');
	for (let i = top.length - 1; i >= 0; i--)
		stack.push({ node: top[i]![1], parent: undefined, step: `.${top[i]![0]}` });
	while (stack.length && actions <= budget) {
		const visit = stack.pop()!;
		const { node } = visit;
		if (Array.isArray(node)) {
			if (node.some(isAction)) {
				found.push({ list: node, path: pathOf(visit, path) });
				actions += node.length;
			} else
				for (let i = node.length - 1; i >= 0; i--)
					stack.push({ node: node[i], parent: visit, step: `[${i}]` });
		} else if (isAction(node)) {
			found.push({ list: [node], path: pathOf(visit, path), single: true });
			actions += 1;
		} else if (isRecord(node)) {
			const entries = Object.entries(node);
			for (let i = entries.length - 1; i >= 0; i--)
				stack.push({ node: entries[i]![1], parent: visit, step: `.${entries[i]![0]}` });
		}
	}
	return found;
}

/** Checks an action list: shape, at most 50 actions in all, at most 5 levels, nothing blocked at any level. */
export function validateActions(actions: unknown, field = 'params.actions'): ActionsVerdict {
	if (!Array.isArray(actions))
		return { ok: false, status: 400, message: `${field} must be a list of actions`, field };
	if (actions.length === 0)
		return { ok: false, status: 400, message: `${field} must hold at least one action`, field };
	let count = 0;
	let blocked: { reason: string; field: string } | undefined;
	const queue: (Branch & { level: number })[] = [{ list: actions, path: field, level: 1 }];
	while (queue.length) {
		const { list, path, level, single } = queue.shift()!;
		if (level > LIMITS.actionNestingDepth)
			return {
				ok: false,
				status: 400,
				message: `${path} is nested deeper than ${LIMITS.actionNestingDepth} levels`,
				field: path
			};
		for (let i = 0; i < list.length; i++) {
			const item = list[i];
			const at = single ? path : `${path}[${i}]`;
			if (!isRecord(item) || typeof item.type !== 'string' || item.type.length === 0)
				return {
					ok: false,
					status: 400,
					message: `${at} must be an action {base, type, value}`,
					field: at
				};
			if (item.base !== undefined && typeof item.base !== 'string')
				return {
					ok: false,
					status: 400,
					message: `${at}.base must be a string`,
					field: `${at}.base`
				};
			count++;
			if (count > LIMITS.actionsPerRequest)
				return {
					ok: false,
					status: 400,
					message: `${field} holds more than ${LIMITS.actionsPerRequest} actions`,
					field
				};
			const reason = blockedReason(item);
			if (reason && !blocked) blocked = { reason, field: at };
			if (BRANCHING.has(item.type))
				for (const b of branchesOf(item, at, LIMITS.actionsPerRequest - count))
					queue.push({ ...b, level: level + 1 });
		}
	}
	if (blocked)
		return {
			ok: false,
			status: 403,
			code: 'action_not_allowed',
			message: `${blocked.field}: ${blocked.reason}; put it in a command and trigger that command instead`,
			field: blocked.field
		};
	return { ok: true, count };
}

/**
 * How long the application spends waiting in an action list, in ms, bounded by `maxMs` (the most the
 * application waits for one list): the `delay` steps at any depth, every branch counted (an upper
 * bound: a conditional or randomGroup runs only some of them). A loop's repeat count is not public,
 * so a wait inside a loop counts as `maxMs`. Only delay steps wait: an inline `delay` on any other
 * action is not applied (facts §5.12). The run-actions request timeout adds this to its usual margin.
 */
export function actionsWaitMs(actions: unknown, maxMs: number): number {
	if (!Array.isArray(actions)) return 0;
	let total = 0;
	let visited = 0;
	const queue: { list: unknown[]; looped: boolean; level: number }[] = [
		{ list: actions, looped: false, level: 1 }
	];
	while (queue.length) {
		const { list, looped, level } = queue.shift()!;
		// Past the validator's limits the list is refused anyway; stop walking rather than count on.
		if (level > LIMITS.actionNestingDepth) continue;
		for (const item of list) {
			if (!isRecord(item) || ++visited > LIMITS.actionsPerRequest * LIMITS.actionNestingDepth)
				return Math.min(total, maxMs);
			if (item.type === 'delay') {
				const ms = delayOf(item);
				if (ms > 0 && looped) return maxMs;
				total += ms;
			} else if (typeof item.type === 'string' && BRANCHING.has(item.type))
				for (const branch of branchesOf(item, '', LIMITS.actionsPerRequest))
					queue.push({
						list: branch.list,
						looped: looped || item.type === 'loop',
						level: level + 1
					});
			if (total >= maxMs) return maxMs;
		}
	}
	return total;
}

/** A field of an action's value, for the routine builder's form. */
export interface ActionField {
	key: string;
	label: string;
	kind: 'text' | 'number' | 'boolean';
	required?: boolean;
	/** Where the field goes: inside `value` (default) or on the step itself (delay). */
	at?: 'value' | 'step';
}

export interface KnownAction {
	base?: string;
	type: string;
	label: string;
	fields: ActionField[];
}

/** An app action's value fields: text the step needs, an optional one of any kind. */
const needs = (key: string, label: string): ActionField => ({
	key,
	label,
	kind: 'text',
	required: true
});
const may = (key: string, label: string, kind: ActionField['kind'] = 'text'): ActionField => ({
	key,
	label,
	kind
});
const app = (type: string, label: string, ...fields: ActionField[]): KnownAction => ({
	base: 'app',
	type,
	label,
	fields
});

/** Actions the routine builder offers (protocol facts §5.12); the application's own catalog is shown beside it. */
export const KNOWN_ACTIONS: KnownAction[] = [
	{
		type: 'delay',
		label: 'Wait',
		fields: [{ key: 'delay', label: 'Milliseconds', kind: 'number', required: true, at: 'step' }]
	},
	app('chatbot', 'Chatbot message', needs('message', 'Message')),
	app(
		'tts',
		'Text to speech',
		needs('message', 'Text'),
		may('voice', 'Voice'),
		may('volume', 'Volume', 'number')
	),
	app('callCommand', 'Run command', needs('value', 'Command')),
	app('setStreamMode', 'Set stream mode', may('on', 'On', 'boolean')),
	app('toggleStreamMode', 'Toggle stream mode'),
	app(
		'updateCounter',
		'Update counter',
		needs('value', 'Counter'),
		needs('message', 'Amount'),
		may('operator', 'Operator (+ - * /)')
	),
	app('updateVariable', 'Update variable', needs('value', 'Variable'), needs('message', 'Value')),
	app('backToDefault', 'Lights to default'),
	app('clearCooldowns', 'Clear cooldowns'),
	app('pauseQueue', 'Pause queue'),
	app('resumeQueue', 'Resume queue'),
	app('addSongRequest', 'Add song request', needs('value', 'Search or URL')),
	app('skipSongRequest', 'Skip song'),
	app(
		'setFolder',
		'Enable or disable folder',
		needs('value', 'Folder'),
		may('on', 'On', 'boolean')
	),
	{
		base: 'overlay',
		type: 'setLayerVisibility',
		label: 'Overlay layer visibility',
		fields: [needs('value', 'Layer'), may('on', 'Visible', 'boolean')]
	}
];

/** The plain-text listing `get-action-catalog` answers with (its format is not public; this is ours). */
export function actionCatalogText(): string {
	return KNOWN_ACTIONS.map(
		(a) =>
			`${a.base ? a.base + '.' : ''}${a.type}: {${a.fields.map((f) => `${f.key}${f.required ? '' : '?'}: ${f.kind}`).join(', ')}}`
	).join('\n');
}
