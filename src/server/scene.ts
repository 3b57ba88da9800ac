/**
 * The scene check's report (GET /__companion/scene, behind the streamer's token): the widgets
 * connected through the companion, the widget keys no open scene uses, and what stops a widget showing
 * something, checked against the application with the caller's token (reads only: the retrieve, the
 * meta, variable reads). Each blocker is a kind with its parameters, which the dashboard says with its
 * fix in its own language; where the interface has a request for the fix, the request too, for the
 * dashboard to send with its own connection.
 */
import { VIEWER_ALERT_KEYS } from '../lib/protocol/alert-keys';
import { ALERT_KINDS, kindOf, type AlertKind } from '../lib/widgets/alert-box/alert-kinds';
import type { WidgetSocketView } from './widget-sockets';

const TIMEOUT_MS = 2000;
export const SONG_SOURCE_VARIABLE = 'songrequest_now_playing_source';
const SONG_WIDGETS = ['song-queue', 'now-playing'];
/** Widgets that show alerts or react to them (the events list, the goal's cue, stats' session counts). */
const ALERT_WIDGETS = ['alert-box', 'events', 'goal', 'stats'];
/** Every viewer alert key, to tell "disabled" from "not your platform". */
const KNOWN_ALERT_KEYS: readonly string[] = Object.values(VIEWER_ALERT_KEYS).flat();
/**
 * Checks a report cannot make, as data: the dashboard says each in its language (check-words.ts beside
 * the Scene check page). The first four are every check, when the application cannot be asked at all.
 */
export const UNCHECKED = [
	'stream-mode',
	'alerts-enabled',
	'song-source',
	'goal-variables',
	'stream-mode-unreported',
	'alerts-unlisted',
	'goal-variables-over-http',
	'version-no-meta'
] as const;
export type Unchecked = (typeof UNCHECKED)[number];
const EVERY_CHECK: Unchecked[] = ['stream-mode', 'alerts-enabled', 'song-source', 'goal-variables'];

/**
 * What a blocker is, as data: the dashboard says its title, fix and button in its own language from
 * the kind and the parameters (the alert kinds disabled, the missing goal variable's name).
 */
export type BlockerKind =
	| { kind: 'unreachable' | 'token-rejected' | 'stream-mode' | 'song-source' }
	| { kind: 'alerts-disabled'; params: { kinds: string[] } }
	| { kind: 'goal-variable'; params: { name: string } };

export interface SceneAction {
	type: string;
	params: Record<string, unknown>;
}

export type Blocker = BlockerKind & {
	id: string;
	/** The request that fixes it, where the interface has one. */
	action?: SceneAction;
	/** The connected widgets it concerns (their ids). */
	widgets: string[];
};

export interface IdleKey {
	id: string;
	name: string;
	createdAt: number;
	lastConnectedAt: number | null;
}

export interface SceneReport {
	at: number;
	application: 'up' | 'legacy' | 'unreachable' | 'token-rejected';
	widgets: WidgetSocketView[];
	idleKeys: IdleKey[];
	blockers: Blocker[];
	/** Checks this application cannot answer. */
	cannotCheck: Unchecked[];
}

type Fetcher = (
	path: string,
	body?: unknown
) => Promise<{ status: number; body: unknown } | undefined>;

function fetcherFor(apiTarget: string, token: string): Fetcher {
	return async (path, body) => {
		try {
			const res = await fetch(`${apiTarget}${path}`, {
				method: body === undefined ? 'GET' : 'POST',
				headers: {
					authorization: `Bearer ${token}`,
					...(body === undefined ? {} : { 'content-type': 'application/json' })
				},
				...(body === undefined ? {} : { body: JSON.stringify(body) }),
				signal: AbortSignal.timeout(TIMEOUT_MS)
			});
			const text = await res.text();
			let parsed: unknown = text;
			try {
				parsed = JSON.parse(text);
			} catch {
				// plain text answers (older versions) stay text
			}
			return { status: res.status, body: parsed };
		} catch {
			return undefined;
		}
	};
}

const record = (x: unknown): Record<string, unknown> =>
	typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : {};

/** A variable's value, or `missing` when the application answers without one (facts §5.10). */
async function readVariable(get: Fetcher, name: string): Promise<unknown> {
	const answer = await get('/api/send', { type: 'get-variable-value', params: { name } });
	if (!answer || answer.status !== 200) return undefined;
	const body = record(answer.body);
	return 'message' in body ? body.message : MISSING;
}
const MISSING = Symbol('missing');

const ids = (widgets: WidgetSocketView[], kinds: readonly string[]) =>
	widgets.filter((w) => kinds.includes(w.kind)).map((w) => w.id);

export async function sceneReport(deps: {
	apiTarget: string;
	token: string;
	widgets: WidgetSocketView[];
	idleKeys: IdleKey[];
}): Promise<SceneReport> {
	const { widgets, idleKeys } = deps;
	const get = fetcherFor(deps.apiTarget, deps.token);
	const report = (
		application: SceneReport['application'],
		blockers: Blocker[],
		cannotCheck: Unchecked[]
	): SceneReport => ({ at: Date.now(), application, widgets, idleKeys, blockers, cannotCheck });

	const [meta, retrieve] = await Promise.all([get('/api/meta'), get('/api/retrieve?slim=true')]);
	const stopped = (why: 'unreachable' | 'token-rejected') =>
		report(why, [{ id: why, kind: why, widgets: widgets.map((w) => w.id) }], EVERY_CHECK);
	if (!retrieve) return stopped('unreachable');
	if (retrieve.status === 401 || retrieve.status === 403) return stopped('token-rejected');

	const legacy = meta?.status === 404;
	const features = legacy ? [] : ((record(meta?.body).features as unknown[] | undefined) ?? []);
	const data = record(record(retrieve.body).data ?? retrieve.body);
	const blockers: Blocker[] = [];
	const cannotCheck: Unchecked[] = [];

	const states = record(data.states);
	const alertWidgets = ids(widgets, ALERT_WIDGETS);
	if (!('streamMode' in states)) cannotCheck.push('stream-mode-unreported');
	else if (!states.streamMode)
		blockers.push({
			id: 'stream-mode',
			kind: 'stream-mode',
			action: { type: 'toggle-stream-mode', params: { value: true } },
			widgets: alertWidgets
		});

	const alertBoxes = widgets.filter((w) => w.kind === 'alert-box');
	const enabledValues = record(record(data.options).alert).values;
	if (alertBoxes.length && !Array.isArray(enabledValues)) cannotCheck.push('alerts-unlisted');
	else if (alertBoxes.length && Array.isArray(enabledValues)) {
		const enabled = enabledValues.filter((k): k is string => typeof k === 'string');
		const origins = new Set(enabled.map((k) => k.slice(0, k.indexOf('-'))));
		const has = new Set(enabled.map((key) => kindOf({ key } as never)));
		const relevant = (kind: AlertKind) =>
			KNOWN_ALERT_KEYS.some(
				(key) => origins.has(key.slice(0, key.indexOf('-'))) && kindOf({ key } as never) === kind
			);
		const disabled = ALERT_KINDS.filter((k) => k !== 'other' && !has.has(k) && relevant(k));
		// Only kinds an alert box shows: one hidden in its URL options (`off=`) is no blocker.
		const missed = (box: WidgetSocketView) => disabled.filter((k) => !box.hidden.includes(k));
		const concerned = alertBoxes.filter((box) => missed(box).length > 0);
		const off = disabled.filter((k) => concerned.some((box) => missed(box).includes(k)));
		if (off.length)
			blockers.push({
				id: 'alerts-disabled',
				kind: 'alerts-disabled',
				params: { kinds: off },
				widgets: concerned.map((w) => w.id)
			});
	}

	const songWidgets = ids(widgets, SONG_WIDGETS);
	if (songWidgets.length) {
		const source = await readVariable(get, SONG_SOURCE_VARIABLE);
		if (source === MISSING || source === '' || source === null)
			blockers.push({
				id: 'song-source',
				kind: 'song-source',
				widgets: songWidgets
			});
	}

	const goals = widgets.filter((w) => w.kind === 'goal');
	if (goals.length && (legacy || !features.includes('ws-command-responses')))
		cannotCheck.push('goal-variables-over-http');
	else
		for (const name of [...new Set(goals.flatMap((w) => w.reads))]) {
			const value = await readVariable(get, name);
			if (value === MISSING)
				blockers.push({
					id: `goal-variable:${name}`,
					kind: 'goal-variable',
					params: { name },
					action: { type: 'update-variable-value', params: { name, value: 0 } },
					widgets: goals.filter((w) => w.reads.includes(name)).map((w) => w.id)
				});
		}
	if (legacy) cannotCheck.push('version-no-meta');
	return report(legacy ? 'legacy' : 'up', blockers, cannotCheck);
}
