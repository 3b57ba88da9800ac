/** What send handlers share: their signature and small helpers for building outcomes. */
import type { SendType } from '../../protocol/catalog';
import type { ErrorCode } from '../../protocol/vocabulary';
import type { Runtime } from '../runtime';
import type { MaybePromise, SendOutcome } from '../types';

/** Params after `checkSend`: defaults applied, known fields only. */
export type Params = Record<string, unknown>;

/** Runs one send whose params passed validation (and whose named item, if any, exists and is on). */
export type Handler = (rt: Runtime, params: Params, type: SendType) => MaybePromise<SendOutcome>;

export type HandlerTable = Partial<Record<SendType, Handler>>;

export function ok(
	message: unknown = true,
	extra: { platformOutcome?: string; note?: string } = {}
): SendOutcome {
	const out: SendOutcome = { ok: true, message };
	if (extra.platformOutcome) out.platformOutcome = extra.platformOutcome;
	if (extra.note) out.note = extra.note;
	return out;
}

/** Success with no `message` key at all (get-variable-value of an unknown variable). */
export function okEmpty(note?: string): SendOutcome {
	return note ? { ok: true, note } : { ok: true };
}

export function fail(status: number, text: string, code?: ErrorCode): SendOutcome {
	return code ? { ok: false, status, code, text } : { ok: false, status, text };
}

/** A platform-bound request the platform carried out (or refused): the API answers success either way. */
export function acknowledged(platformOutcome: string, message: unknown = true): SendOutcome {
	return { ok: true, message, platformOutcome };
}

export const str = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);

export function extraOf(params: Params): Record<string, unknown> {
	const extra = params.extraSettings;
	return typeof extra === 'object' && extra !== null && !Array.isArray(extra)
		? (extra as Record<string, unknown>)
		: {};
}

/** The user an API-triggered activity is attributed to: extraSettings.username, else the streamer. */
export function actorOf(rt: Runtime, params: Params): string {
	return str(extraOf(params).username) ?? rt.state.streamer;
}

/** true → on, false → off, omitted or null → the opposite of now (fuze, light control, stream mode). */
export function toggleValue(value: unknown, current: boolean): boolean {
	return value === true ? true : value === false ? false : !current;
}
