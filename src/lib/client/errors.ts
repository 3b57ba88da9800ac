/**
 * One error type for everything the client can report, each with a sentence a streamer understands.
 * Bodies from the application are shown as sent, except that the token is always cut out of them.
 */
import * as v from 'valibot';
import { StructuredErrorSchema } from '../protocol/payloads';
import { describeIssues, type FieldIssue } from '../protocol/issues';
import { AS_DATA } from '../protocol/as-data';

type ClientErrorKind =
	| 'unreachable'
	| 'lost'
	| 'unauthorized'
	| 'timeout'
	| 'http'
	| 'invalid-response'
	| 'stopped'
	| 'not-offered'
	| 'invalid-params';

/**
 * What an error says, as data (which sentence, and its values), for the dashboard to say in its
 * language; `message` stays the English sentence (widgets' debug corner, logs). None for a body the
 * application wrote, which is shown as sent.
 */
export type ClientErrorSaid =
	| { id: 'unreachable' | 'gateway' | 'send-unanswered'; values: { address: string } }
	| { id: 'lost'; values: { address: string; code: number } }
	| { id: 'timeout'; values: { seconds: number } }
	| { id: 'status'; values: { status: number } }
	| { id: 'unauthorized' | 'stopped' | 'dropped' | 'off-platform' }
	| { id: 'invalid-response'; values: { what: string } }
	| {
			id: 'not-offered';
			values: { what: string; why: NotOfferedWhy; kind?: string; type?: string };
	  };

/** Why a send is not offered here (the words each says are in NOT_OFFERED below). */
export type NotOfferedWhy =
	| 'needs-update'
	| 'kind-needs-update'
	| 'not-in-setup'
	| 'read-only'
	| 'widget-read-only'
	| 'no-answer';

interface ClientErrorInit {
	kind: ClientErrorKind;
	message: string;
	said?: ClientErrorSaid;
	/** The rules broken, for invalid params. */
	issues?: readonly FieldIssue[];
	status?: number;
	/** Structured error code of the application (`not_found`, `command_disabled`, …). */
	code?: string;
	/** The param at fault, for invalid params (`params.duration`). */
	field?: string;
}

export class ClientError extends Error {
	readonly kind: ClientErrorKind;
	readonly status?: number;
	readonly code?: string;
	readonly field?: string;
	readonly said?: ClientErrorSaid;
	readonly issues?: readonly FieldIssue[];

	constructor(init: ClientErrorInit) {
		super(init.message);
		this.name = 'ClientError';
		this.kind = init.kind;
		// The fields above are own properties already (undefined until set), so no test before each.
		this.status = init.status;
		this.code = init.code;
		this.field = init.field;
		this.said = init.said;
		this.issues = init.issues;
	}

	/** A plain copy for state and logs: no stack, nothing but what a page shows. */
	toJSON(): ClientErrorInit {
		return {
			kind: this.kind,
			message: this.message,
			status: this.status,
			code: this.code,
			field: this.field,
			said: this.said,
			issues: this.issues
		};
	}
}

export const isClientError = (x: unknown): x is ClientError => x instanceof ClientError;

const MASK = '[token]';
const MAX_BODY_CHARS = 300;

/** Cuts every form of the secret (raw, URL-encoded, form-encoded) out of a text that may be shown or logged. */
export function redact(text: string, secret: string | undefined): string {
	if (!secret) return text;
	let out = text;
	for (const form of new Set([
		secret,
		encodeURIComponent(secret),
		new URLSearchParams({ t: secret }).toString().slice(2)
	]))
		if (form) out = out.split(form).join(MASK);
	return out;
}

export function unreachableError(address: string): ClientError {
	return new ClientError({
		kind: 'unreachable',
		...(AS_DATA && { said: { id: 'unreachable', values: { address } } }),
		message: `The application did not answer at ${address}. Is it running?`
	});
}

/** A companion in front of the application answered, but the application behind it did not (502–504). */
export function gatewayError(address: string): ClientError {
	return new ClientError({
		kind: 'unreachable',
		status: 502,
		...(AS_DATA && { said: { id: 'gateway', values: { address } } }),
		message: `The server at ${address} answered, but the application behind it did not. Is the application running?`
	});
}

/** An open socket closed without the application saying why (1006: closed, crashed, or the network dropped). */
export function lostError(address: string, code: number): ClientError {
	return new ClientError({
		kind: 'lost',
		...(AS_DATA && { said: { id: 'lost', values: { address, code } } }),
		message: `The connection to ${address} closed (code ${code}): reconnecting.`
	});
}

/**
 * A send whose request failed at the network level. A browser cannot tell a connection refused before
 * the request went out from one reset after the application got it (a restart mid-request), so it may
 * have run.
 */
export function sendUnansweredError(address: string): ClientError {
	return new ClientError({
		kind: 'unreachable',
		...(AS_DATA && { said: { id: 'send-unanswered', values: { address } } }),
		message: `The connection to ${address} failed before the application answered: it may or may not have run.`
	});
}

/** `code`: what the refusal said, when it said (a companion names an unknown, expired or revoked key). */
export function unauthorizedError(code?: string): ClientError {
	return new ClientError({
		kind: 'unauthorized',
		status: 401,
		...(code === undefined ? {} : { code }),
		...(AS_DATA && { said: { id: 'unauthorized' } }),
		message:
			'The token was rejected (401): copy it again from Settings → API, and check that the interface is switched on there.'
	});
}

export function timeoutError(ms: number): ClientError {
	const seconds = Math.max(1, Math.round(ms / 1000));
	return new ClientError({
		kind: 'timeout',
		...(AS_DATA && { said: { id: 'timeout', values: { seconds } } }),
		message: `The application did not answer within ${seconds} s.`
	});
}

export function stoppedError(): ClientError {
	return new ClientError({
		kind: 'stopped',
		...(AS_DATA && { said: { id: 'stopped' } }),
		message:
			'The application turned its interface off. Switch it on again in Settings → API, then press Retry.'
	});
}

/** The socket closed (or the request never got out) before an answer: it may or may not have run. */
export function droppedError(): ClientError {
	return new ClientError({
		kind: 'unreachable',
		...(AS_DATA && { said: { id: 'dropped' } }),
		message: 'The connection dropped before the application answered: it may or may not have run.'
	});
}

export function invalidResponseError(what: string): ClientError {
	return new ClientError({
		kind: 'invalid-response',
		...(AS_DATA && { said: { id: 'invalid-response', values: { what } } }),
		message: `The application sent an answer to ${what} that this page does not understand.`
	});
}

// Each reason's English on its own, not in a table: a page carries only those it can meet (widget.html
// not the dashboard's `not-in-setup` or `kind-needs-update`).
export const NEEDS_UPDATE = 'needs an up-to-date application';
export const NOT_IN_SETUP = 'not in this setup';
export const ONLY_READS = 'this view can only read';
export const WIDGET_ONLY_READS = 'a widget can only read';
export const NO_ANSWER = 'no answer';
export const kindNeedsUpdate = (kind: string) => `${kind} commands needs an up-to-date application`;

/**
 * `what`: the send refused, as the page names it (its type's label, from the table the caller has);
 * `reason`: why, in English (one of the sentences above, the one `why` names); `kind`: the command
 * kind an older application does not know (for `kind-needs-update`); `type`: the send type, so the
 * dashboard can name it in its language.
 */
export function notOfferedError(
	what: string,
	why: NotOfferedWhy,
	reason: string,
	kind?: string,
	type?: string
): ClientError {
	return new ClientError({
		kind: 'not-offered',
		...(AS_DATA && { said: { id: 'not-offered', values: { what, why, kind, type } } }),
		message: `${what} is not available: ${reason}.`
	});
}

export function invalidParamsError(issues: readonly FieldIssue[]): ClientError {
	const first = issues[0];
	return new ClientError({
		kind: 'invalid-params',
		field: first?.field,
		issues,
		message: `Not sent: ${describeIssues(issues) || 'the request is not valid'}.`
	});
}

/** A failure answer of the application: structured bodies give code and message, anything else is plain text. */
export function answerError(status: number, body: string, secret?: string): ClientError {
	if (status === 401) return unauthorizedError();
	let json: unknown;
	try {
		json = JSON.parse(body);
	} catch {
		json = undefined;
	}
	const structured = v.safeParse(StructuredErrorSchema, json);
	if (structured.success)
		return new ClientError({
			kind: 'http',
			status,
			code: structured.output.code,
			message: redact(structured.output.message, secret).slice(0, MAX_BODY_CHARS)
		});
	const text = redact((textOfJsonError(json) ?? body).trim(), secret).slice(0, MAX_BODY_CHARS);
	return new ClientError({
		kind: 'http',
		status,
		...(text ? { message: text } : statusOnly(status))
	});
}

const JsonErrorSchema = v.looseObject({
	message: v.optional(v.unknown()),
	error: v.optional(v.unknown())
});

/** The sentence of a JSON error body without `code` (`{status, message}` or `{error}`), rather than its raw JSON. */
function textOfJsonError(json: unknown): string | undefined {
	const parsed = v.safeParse(JsonErrorSchema, json);
	if (!parsed.success) return undefined;
	return [parsed.output.message, parsed.output.error].find(
		(x): x is string => typeof x === 'string' && x.trim() !== ''
	);
}

/** A failure reply over the websocket: `{status, error, code?}`. */
export function socketFailureError(
	status: number,
	error: string | undefined,
	code: string | undefined,
	secret?: string
): ClientError {
	if (status === 401) return unauthorizedError();
	const text = redact((error ?? '').trim(), secret).slice(0, MAX_BODY_CHARS);
	return new ClientError({
		kind: 'http',
		status,
		code,
		...(text ? { message: text } : statusOnly(status))
	});
}

/** A failure answer without a sentence of its own. */
const statusOnly = (status: number): { message: string; said?: ClientErrorSaid } => ({
	message: `The application answered with status ${status}.`,
	...(AS_DATA && { said: { id: 'status', values: { status } } })
});
