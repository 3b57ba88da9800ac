/** Shapes a send outcome for the wire: HTTP bodies and websocket replies, by the features in force. */
import type { Runtime } from './runtime';
import type { SendOutcome, SimHttpResponse } from './types';

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/** Serialises a value that came from a request; a value too deep to serialise is replaced, never thrown. */
export function safeStringify(value: unknown): string {
	try {
		return JSON.stringify(value) ?? 'null';
	} catch {
		return JSON.stringify({ unserializable: true });
	}
}

export function json(
	status: number,
	body: unknown,
	headers: Record<string, string> = {}
): SimHttpResponse {
	return { status, headers: { 'Content-Type': JSON_TYPE, ...headers }, body: safeStringify(body) };
}

export function text(
	status: number,
	body: string,
	headers: Record<string, string> = {}
): SimHttpResponse {
	return { status, headers: { 'Content-Type': TEXT_TYPE, ...headers }, body };
}

/** A failure as the installation reports it: structured when it can, else plain text with status 400. */
export function failureOnWire(
	rt: Runtime,
	outcome: Extract<SendOutcome, { ok: false }>
): { status: number; code?: string; text: string } {
	if (outcome.status >= 500) return { status: outcome.status, text: outcome.text };
	if (outcome.code && rt.has('structured-errors'))
		return { status: outcome.status, code: outcome.code, text: outcome.text };
	// Plain text still names the error's code (e.g. "unknown_type: …"), so a reader can tell what went wrong.
	return { status: 400, text: outcome.code ? `${outcome.code}: ${outcome.text}` : outcome.text };
}

export function outcomeToHttp(rt: Runtime, outcome: SendOutcome): SimHttpResponse {
	if (outcome.ok)
		return json(
			200,
			'message' in outcome ? { message: outcome.message, status: 200 } : { status: 200 }
		);
	const wire = failureOnWire(rt, outcome);
	return wire.code
		? json(wire.status, { status: wire.status, code: wire.code, message: wire.text })
		: text(wire.status, wire.text);
}

export function outcomeToSocket(
	rt: Runtime,
	outcome: SendOutcome,
	context: unknown
): Record<string, unknown> {
	// `context` is echoed when the command carried one, and absent otherwise.
	const echo = context !== undefined ? { context } : {};
	if (outcome.ok) {
		const reply: Record<string, unknown> = { event: 'socketapi:response', ...echo, status: 200 };
		if ('message' in outcome) reply.message = outcome.message;
		return reply;
	}
	const wire = failureOnWire(rt, outcome);
	const reply: Record<string, unknown> = {
		event: 'socketapi:response',
		...echo,
		status: wire.status,
		error: wire.text
	};
	if (wire.code) reply.code = wire.code;
	return reply;
}

/** The HTTP status a send outcome produces, for the log. */
export function statusOf(rt: Runtime, outcome: SendOutcome): number {
	return outcome.ok ? 200 : failureOnWire(rt, outcome).status;
}
