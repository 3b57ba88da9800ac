/**
 * The simulator's control surface under /__sim/ (token required, JSON): inject events, read the
 * request log, restart or stop the API, flip premium, switch demo traffic. Not part of the interface.
 */
import * as v from 'valibot';
import { EnvelopeSchema } from '../lib/protocol/messages';
import { ERROR_CODES } from '../lib/protocol/vocabulary';
import type { Simulator } from '../lib/sim/simulator';
import type { SimHttpResponse } from '../lib/sim/types';
import { tokenFrom } from './sim-http';
import { safeStringify } from '../lib/sim/wire';

export interface ControlDeps {
	sim: Simulator;
	token: string;
	setDemo(on: boolean): void;
	demoOn(): boolean;
}

const json = (status: number, body: unknown): SimHttpResponse => ({
	status,
	headers: { 'Content-Type': 'application/json; charset=utf-8' },
	body: safeStringify(body)
});
const bad = (message: string) => json(400, { status: 400, message });

const RawFramesBody = v.strictObject({
	frames: v.array(v.string('each frame must be a string'), 'frames must be a list of strings')
});
const FailNextBody = v.strictObject({
	type: v.pipe(v.string(), v.minLength(1)),
	status: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)),
	message: v.string(),
	code: v.optional(v.picklist(ERROR_CODES))
});
const PremiumBody = v.strictObject({ premium: v.boolean('premium must be true or false') });
const DemoBody = v.strictObject({ on: v.boolean('on must be true or false') });

/** Routes that carry nothing to check: one call each on the simulator. */
const ACTIONS = new Map<string, (sim: Simulator) => void>([
	['POST /__sim/clear-log', (sim) => sim.clearLog()],
	['POST /__sim/restart', (sim) => sim.restart()],
	['POST /__sim/stop', (sim) => sim.stopApi()],
	['POST /__sim/start', (sim) => sim.startApi()]
]);

function parseJson(body: string): { ok: true; value: unknown } | { ok: false } {
	try {
		return { ok: true, value: body.trim() === '' ? {} : JSON.parse(body) };
	} catch {
		return { ok: false };
	}
}

/** One control request. Answers JSON; bad input is a 400 naming what is wrong. */
export function handleControl(
	deps: ControlDeps,
	method: string,
	url: URL,
	headers: Record<string, string | undefined>,
	body: string
): SimHttpResponse {
	const { sim } = deps;
	if (tokenFrom(url.searchParams, headers.authorization) !== deps.token)
		return json(401, { status: 401, code: 'unauthorized', message: 'token required' });
	const route = `${method.toUpperCase()} ${url.pathname.replace(/\/+$/, '')}`;
	if (route === 'GET /__sim/requests') {
		const since = Number(url.searchParams.get('since') ?? 0);
		if (!Number.isFinite(since)) return bad('since must be a number');
		return json(200, { requests: sim.requestsSince(since) });
	}
	if (route === 'GET /__sim/state')
		return json(200, {
			...sim.snapshot(),
			demo: deps.demoOn(),
			profile: sim.profile,
			features: sim.features
		});
	if (method.toUpperCase() !== 'POST')
		return json(404, { status: 404, message: `no control route ${route.slice(0, 80)}` });
	const parsed = parseJson(body);
	if (!parsed.ok) return bad('body is not valid JSON');
	const value = parsed.value;
	const action = ACTIONS.get(route);
	if (action) {
		action(sim);
		return json(200, { ok: true });
	}
	switch (route) {
		case 'POST /__sim/emit': {
			const envelope = v.safeParse(EnvelopeSchema, value);
			if (!envelope.success)
				return bad('body must be an event envelope {type, origin?, event?, data?}');
			sim.emit(envelope.output);
			return json(200, { ok: true });
		}
		case 'POST /__sim/emit-raw': {
			const raw = v.safeParse(RawFramesBody, value);
			if (!raw.success) return bad('body must be {"frames": ["<text frame>", ...]}');
			const delivered = raw.output.frames.map((frame) => sim.emitRaw(frame));
			return json(200, { ok: true, delivered });
		}
		case 'POST /__sim/fail-next': {
			const failure = v.safeParse(FailNextBody, value);
			if (!failure.success)
				return bad(
					'body must be {"type": "<send type>", "status": 400-599, "message": "<text>", "code"?: "<error code>"}'
				);
			sim.failNext(failure.output);
			return json(200, { ok: true });
		}
		case 'POST /__sim/premium': {
			const premium = v.safeParse(PremiumBody, value);
			if (!premium.success) return bad('body must be {"premium": true|false}');
			sim.setPremium(premium.output.premium);
			return json(200, { ok: true, premium: premium.output.premium });
		}
		case 'POST /__sim/demo': {
			const demo = v.safeParse(DemoBody, value);
			if (!demo.success) return bad('body must be {"on": true|false}');
			deps.setDemo(demo.output.on);
			return json(200, { ok: true, demo: demo.output.on });
		}
		default:
			return json(404, { status: 404, message: `no control route ${route.slice(0, 80)}` });
	}
}
