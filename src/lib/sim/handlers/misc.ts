/** Text to speech and overlays. */
import type { Runtime } from '../runtime';
import { ok, str, type Handler, type HandlerTable } from './shared';

const tts: Handler = (rt, params) => {
	const voices = rt.state.setup.tts.voices;
	const asked = str(params.voice);
	const lower = asked?.toLowerCase();
	const match = voices.find((v) => v.id.toLowerCase() === lower || v.label.toLowerCase() === lower);
	let voice = match;
	let note: string | undefined;
	// "random" picks an English voice; an unknown voice falls back to the default one.
	if (lower === 'random') voice = rt.pick(voices.filter((v) => v.language.startsWith('en')));
	else if (asked && !match) note = `unknown voice "${asked}": default voice used`;
	voice ??= voices[0];
	rt.state.spoken.push({ text: String(params.value), voice: voice?.id ?? 'default', at: rt.now() });
	if (rt.state.spoken.length > 50) rt.state.spoken.shift();
	return ok(true, { note });
};

interface OverlayConfig {
	id?: unknown;
	name?: unknown;
}

export function findOverlay(rt: Runtime, layer: string): string | undefined {
	const wanted = layer.toLowerCase();
	for (const item of rt.state.setup.overlays) {
		const o = (item ?? {}) as OverlayConfig;
		if (
			String(o.id ?? '').toLowerCase() === wanted ||
			String(o.name ?? '').toLowerCase() === wanted
		)
			return String(o.id ?? o.name);
	}
	return undefined;
}

/** `layer` is an overlay's name or uuid, despite the parameter's name; a missing value hides. */
const overlayVisibility: Handler = (rt, params) => {
	const id = findOverlay(rt, String(params.layer));
	if (!id) return ok(true, { note: `no overlay named "${String(params.layer)}": nothing changes` });
	rt.state.overlayVisibility.set(id, params.value === true);
	return ok(true);
};

const layerUpdate =
	(fields: readonly string[]): Handler =>
	(rt, params) => {
		const id = String(params.layer);
		const current = rt.state.layers.get(id) ?? {};
		for (const f of fields) if (params[f] !== undefined) current[f] = params[f];
		if (fields.includes('value') && params.value === undefined) current.value = false;
		rt.state.layers.set(id, current);
		return ok(true);
	};

export const miscHandlers: HandlerTable = {
	tts,
	'overlay-set-visibility': overlayVisibility,
	'overlay-set-layer-visibility': layerUpdate(['value']),
	'overlay-set-layer-position': layerUpdate([
		'x',
		'y',
		'transitionTime',
		'transitionInterpolation',
		'transitionCubicBezier'
	]),
	'overlay-set-layer-size': layerUpdate([
		'width',
		'height',
		'transitionTime',
		'transitionInterpolation',
		'transitionCubicBezier'
	]),
	'overlay-set-content': layerUpdate(['content'])
};
