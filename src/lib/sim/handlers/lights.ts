/** Lights, fuze, light control, stream mode and the activity queue. */
import type { Runtime } from '../runtime';
import type { LightColor } from '../state';
import { ok, toggleValue, type Handler, type HandlerTable, type Params } from './shared';

/** The light ids a colour targets: the listed ones that exist (by `value`, or `id`), or all. */
function targetsOf(rt: Runtime, params: Params): string[] | 'all' {
	const listed = params.lights;
	if (!Array.isArray(listed) || listed.length === 0) return 'all';
	const known = new Set(rt.state.setup.lights.map((l) => l.id));
	return listed
		.map((t) =>
			t && typeof t === 'object'
				? String((t as Record<string, unknown>).value ?? (t as Record<string, unknown>).id ?? '')
				: ''
		)
		.filter((id) => known.has(id));
}

const color: Handler = (rt, params, type) => {
	// Out of range, checked only when the activity runs (leniency.ts CHECKED_WHEN_RUN): queued, answered, nothing changes.
	if (typeof params.refusedWhenRun === 'string') {
		const note = rt.enqueue(type, params, () => {});
		return ok(true, {
			note: `${note ? `${note}; ` : ''}the run changes nothing: ${params.refusedWhenRun}`
		});
	}
	const next: LightColor = {
		// null: brightness only, the colour shown stays (facts §5.15, the legacy SDK form).
		value:
			params.value === null
				? ((rt.state.lights.current ?? rt.state.lights.default)?.value ?? null)
				: params.value,
		brightness: Number(params.brightness),
		transition: Number(params.transition),
		duration: Number(params.duration),
		lights: targetsOf(rt, params)
	};
	if (params.hold === true) rt.state.lights.default = next;
	if (!rt.state.states.on) return ok(true, { note: 'light control is off: lights unchanged' });
	if (Array.isArray(next.lights) && next.lights.length === 0)
		return ok(true, { note: 'none of the listed lights exist: nothing changes' });
	const note = rt.enqueue(type, params, () => {
		rt.state.lights.current = next;
	});
	return ok(true, { note });
};

/** start-fuze, stop-fuze, toggle-fuze (and set-fuze) share one handler and ignore which was sent. */
const fuze: Handler = (rt, params) => {
	const note = rt.enqueue('fuze', params, () => {
		rt.setStates({ fuze: toggleValue(params.value, rt.state.states.fuze) });
	});
	return ok(true, { note });
};

const fuzeSensitivity: Handler = (rt, params) => {
	if (params.value === undefined) return ok(true, { note: 'no value: sensitivity unchanged' });
	const note = rt.enqueue('fuze-audio-sensitivity', params, () => {
		rt.state.lights.fuzeSensitivity = Number(params.value);
	});
	return ok(true, { note });
};

const toDefault: Handler = (rt) => {
	rt.state.lights.current = rt.state.lights.default;
	rt.state.studio.scene = rt.state.studio.defaultScene;
	rt.state.studio.theme = rt.state.studio.defaultTheme;
	return ok(true);
};

/** set-app, start-app and stop-app: one handler; only `value` and the current state matter. */
const lightControl: Handler = (rt, params) => {
	rt.setStates({ on: toggleValue(params.value, rt.state.states.on) });
	return ok(true);
};

const streamMode: Handler = (rt, params) => {
	rt.setStates({ streamMode: toggleValue(params.value, rt.state.states.streamMode) });
	return ok(true);
};

const pauseQueue: Handler = (rt) => {
	rt.state.activityQueue.paused = true;
	return ok(true);
};

const resumeQueue: Handler = (rt) => {
	const queue = rt.state.activityQueue;
	queue.paused = false;
	const pending = queue.pending.splice(0);
	for (const activity of pending) activity.run();
	return ok(true, { note: pending.length ? `ran ${pending.length} queued activities` : undefined });
};

const clearQueue: Handler = (rt) => {
	const dropped = rt.state.activityQueue.pending.splice(0).length;
	return ok(true, { note: dropped ? `dropped ${dropped} queued activities` : undefined });
};

export const lightHandlers: HandlerTable = {
	'rgb-color': color,
	'hex-color': color,
	'start-fuze': fuze,
	'stop-fuze': fuze,
	'toggle-fuze': fuze,
	'set-fuze': fuze,
	'fuze-audio-sensitivity': fuzeSensitivity,
	'to-default': toDefault,
	'set-app': lightControl,
	'start-app': lightControl,
	'stop-app': lightControl,
	'toggle-stream-mode': streamMode,
	'pause-queue': pauseQueue,
	'resume-queue': resumeQueue,
	'clear-queue': clearQueue,
	'clear-cooldowns': () => ok(true, { note: 'every cooldown reset' })
};
