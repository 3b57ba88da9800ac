/** The settings payload (GET /api/retrieve and the websocket `retrieve`) and the meta payload. */
import { OVERLAY_KEYS } from '../protocol/payloads';
import type { Runtime } from './runtime';

const isRecord = (x: unknown): x is Record<string, unknown> =>
	typeof x === 'object' && x !== null && !Array.isArray(x);

/** Option keys whose values are name lists, in the order the application lists them. */
const NAME_KEYS = [
	'alert',
	'chat-command',
	'chatbot-command',
	'studio-animation',
	'studio-scene',
	'studio-theme',
	'alpha-extension',
	'alpha-points',
	'gamma-points'
];
const EMPTY_KEYS = ['chat', 'chatbot-message', 'hex-color', 'rgb-color'];
const NULL_KEYS = [
	'clear-queue',
	'clear-cooldowns',
	'set-fuze',
	'set-app',
	'start-app',
	'stop-app',
	'to-default',
	'toggle-fuze'
];
/** Large configuration objects that slim mode replaces with `{count}`. */
export const SLIM_KEYS = OVERLAY_KEYS;

/** The setup's overlay configuration with the changes overlay-* requests made (also in `/__sim/state`). */
export function overlayConfig(rt: Runtime): Record<(typeof SLIM_KEYS)[number], unknown[]> {
	const { setup, overlayVisibility, layers } = rt.state;
	const withVisibility = setup.overlays.map((o) => {
		if (!isRecord(o)) return o;
		const id = String(o.id ?? o.name);
		return overlayVisibility.has(id) ? { ...o, visible: overlayVisibility.get(id) } : o;
	});
	const withLayerChanges = setup.overlayLayers.map((l) => {
		if (!isRecord(l)) return l;
		const changes = layers.get(String(l.id));
		if (!changes) return l;
		const { value, ...rest } = changes;
		return { ...l, ...rest, ...(value !== undefined ? { visible: value } : {}) };
	});
	return {
		overlays: withVisibility,
		overlayLayers: withLayerChanges,
		overlayAssets: setup.overlayAssets,
		indistinctLayers: setup.indistinctLayers
	};
}

export function settingsData(rt: Runtime, slim: boolean): Record<string, unknown> {
	const state = rt.state;
	const options: Record<string, unknown> = {};
	for (const key of NAME_KEYS) options[key] = { values: state.namesFor(key) };
	for (const key of EMPTY_KEYS) options[key] = {};
	for (const key of NULL_KEYS) options[key] = null;
	const { voices, devices, currentDevice } = state.setup.tts;
	options.tts = { values: { devices, currentDevice, voices } };
	const config = overlayConfig(rt);
	for (const key of SLIM_KEYS) options[key] = slim ? { count: config[key].length } : config[key];
	const types = Object.keys(options)
		.filter((k) => k !== 'chat' && !(SLIM_KEYS as readonly string[]).includes(k) && k !== 'tts')
		.concat('tts');
	return {
		premium: state.premium,
		types,
		options,
		lights: state.setup.lights.map((l) => ({ ...l })),
		states: state.statesPayload()
	};
}

export function metaPayload(rt: Runtime, startedAt: number): Record<string, unknown> {
	const app = rt.state.setup.app;
	return {
		status: 200,
		name: app.name,
		version: app.version,
		apiVersion: 2,
		startedAt,
		features: [...rt.features]
	};
}
