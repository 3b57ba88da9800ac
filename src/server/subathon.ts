/**
 * Subathon mode: the companion, which holds the streamer's token, watches the application's alerts
 * and adds each chosen alert's time to the timer variable (the document of lib/protocol/timer-state),
 * one change after another so two alerts at once both count. Configured at start:
 * `npm start -- --subathon "subscriber=60,bits=1/100" [--subathon-timer timer_main]`.
 * The token goes in a header only: never in a URL, a log line or an error.
 */
import { changeTimer } from '../lib/protocol/timer-state';
import type { UpstreamEvents } from './upstream-events';
import { m } from '../lib/paraglide/messages.js';
import { number } from './start-lines';
import { errorText, type StartError } from './start-errors';

/** `seconds` per alert, or per `per` of the alert's amount (`1/100`: a second per 100 bits). */
export interface SubathonRule {
	key: string;
	seconds: number;
	per?: number;
}

const RULE = /^([A-Za-z][\w-]{0,80})=(\d+(?:\.\d+)?)(?:\/(\d+(?:\.\d+)?))?$/;

/** "subscriber=60,bits=1/100" → rules; the first broken part is named. */
export function parseSubathonRules(
	text: string
): { ok: true; rules: SubathonRule[] } | { ok: false; error: StartError } {
	const rules: SubathonRule[] = [];
	for (const part of text
		.split(',')
		.map((p) => p.trim())
		.filter(Boolean)) {
		const m = RULE.exec(part);
		const per = m?.[3] === undefined ? undefined : Number(m[3]);
		if (!m || per === 0)
			return { ok: false, error: { kind: 'subathon_rule', part: part.slice(0, 40) } };
		rules.push({ key: m[1]!, seconds: Number(m[2]), ...(per === undefined ? {} : { per }) });
	}
	if (!rules.length) return { ok: false, error: { kind: 'subathon_empty' } };
	return { ok: true, rules };
}

const record = (x: unknown): Record<string, unknown> | undefined =>
	typeof x === 'object' && x !== null && !Array.isArray(x)
		? (x as Record<string, unknown>)
		: undefined;

function amountOf(data: Record<string, unknown>): number | undefined {
	for (const x of [record(data.extraSettings)?.amount, record(data.dynamic)?.value]) {
		const n = typeof x === 'number' ? x : typeof x === 'string' && x.trim() ? Number(x) : NaN;
		if (Number.isFinite(n) && n >= 0) return n;
	}
	return undefined;
}

/**
 * Seconds an envelope adds: an alert (not a replay) whose key is the rule's (`alpha-bits`) or ends
 * with it after the origin (`bits`). A per-amount rule needs an amount; without one it adds nothing.
 */
export function secondsFor(rules: readonly SubathonRule[], envelope: unknown): number {
	const e = record(envelope);
	const data = record(e?.data) ?? {};
	if (e?.type !== 'alert' || typeof e.event !== 'string' || data.replay === true) return 0;
	const event = e.event;
	const kind = event.slice(event.indexOf('-') + 1);
	const rule = rules.find((r) => r.key === event) ?? rules.find((r) => r.key === kind);
	if (!rule) return 0;
	if (rule.per === undefined) return rule.seconds;
	const amount = amountOf(data);
	return amount === undefined ? 0 : (rule.seconds * amount) / rule.per;
}

export interface SubathonOptions {
	apiTarget: string;
	/** The token now (it may arrive later, when the streamer turns share links on). */
	token: () => string | undefined;
	rules: readonly SubathonRule[];
	variable: string;
	log: (line: string) => void;
	/** The companion's one socket to the application (upstream-events.ts): alerts arrive through it. */
	events: UpstreamEvents;
}

export interface Subathon {
	/** Settles when every alert received so far has been written. */
	idle(): Promise<void>;
	close(): void;
}

/** The application refused a write: said in the log's language, not as an English message. */
class Answered extends Error {
	constructor(
		readonly type: string,
		readonly status: number
	) {
		super(`${type} answered HTTP ${status}`);
	}
}

export function startSubathon(opts: SubathonOptions): Subathon {
	let chain: Promise<void> = Promise.resolve();

	async function send(type: string, params: Record<string, unknown>): Promise<unknown> {
		const res = await fetch(`${opts.apiTarget}/api/send`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.token()}` },
			body: JSON.stringify({ type, params })
		});
		if (!res.ok) throw new Answered(type, res.status);
		return ((await res.json()) as { message?: unknown }).message;
	}

	function add(seconds: number, event: string): void {
		chain = chain.then(async () => {
			try {
				const raw = await send('get-variable-value', { name: opts.variable });
				const value = changeTimer(raw, { op: 'add', ms: seconds * 1000 }, Date.now());
				await send('update-variable-value', { name: opts.variable, value });
				opts.log(m.companion_subathon_added({ seconds: number(seconds, 1), event }));
			} catch (err) {
				const error =
					err instanceof Answered
						? m.companion_subathon_answered({ type: err.type, status: err.status })
						: errorText(err);
				opts.log(m.companion_subathon_failed({ event, error }));
			}
		});
	}

	const stop = opts.events.follow({
		types: ['alert'],
		opened: () => opts.log(m.companion_subathon_watching({ variable: opts.variable })),
		event(envelope) {
			const seconds = secondsFor(opts.rules, envelope);
			if (seconds > 0) add(seconds, String(envelope.event));
		}
	});

	return { idle: () => chain, close: stop };
}
