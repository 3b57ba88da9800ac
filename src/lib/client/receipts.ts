/**
 * What happened to one press: sending → sent | confirmed | failed | unknown. Stream commands are
 * acknowledged even when the platform refuses them, so they end at "sent", never at "done".
 */
import type { SendTypeInfo } from '../protocol/send-types';
import { ClientError, socketFailureError } from './errors';
import type { SocketCommandOutcome } from './socket';

type ReceiptState = 'sending' | 'sent' | 'confirmed' | 'failed' | 'unknown';
type ReceiptTransport = 'socket' | 'rest' | 'none';

export interface Receipt {
	readonly id: number;
	readonly type: string;
	readonly transport: ReceiptTransport;
	readonly state: ReceiptState;
	/** Short text for a button: "sending…", "sent", "done", "failed", "outcome unknown". */
	readonly label: string;
	/** The application's `message` on success (a variable's value, a final name…). */
	readonly value?: unknown;
	readonly error?: ClientError;
	readonly startedAt: number;
	readonly settledAt?: number;
	/** A send that changes variables or the song queue (not a read): watchers of variables read again. */
	readonly changesValues?: true;
}

/**
 * What a receipt needs of its type's entry in the send-type table, which the client that sends has
 * (the whole table on the dashboard, the reads alone in a widget): how the application answers it.
 */
export type ReceiptRule = Pick<
	SendTypeInfo,
	'group' | 'readOnly' | 'acknowledgedOnly' | 'falseOffPlatform'
>;

/** How a send ended, whatever the transport. */
export type SendOutcome =
	| { kind: 'answered'; status: number; message?: unknown }
	/** Handed over without a way to hear back (socket without ws-command-responses). */
	| { kind: 'sent' }
	| { kind: 'failed'; error: ClientError }
	/** It may or may not have run: timeout, socket dropped in flight, REST request failed, garbled 200. */
	| { kind: 'unknown'; error?: ClientError };

const LABELS: Record<ReceiptState, string> = {
	sending: 'sending…',
	sent: 'sent',
	confirmed: 'done',
	failed: 'failed',
	unknown: 'outcome unknown'
};

let nextId = 0;

export function startReceipt(type: string, transport: ReceiptTransport, now = Date.now()): Receipt {
	return { id: ++nextId, type, transport, state: 'sending', label: LABELS.sending, startedAt: now };
}

function ended(
	receipt: Receipt,
	state: ReceiptState,
	extra: { value?: unknown; error?: ClientError },
	now: number
): Receipt {
	return { ...receipt, state, label: LABELS[state], ...extra, settledAt: now };
}

/** `rule`: the receipt's type in the table, undefined for a type it does not know. */
export function settleReceipt(
	receipt: Receipt,
	outcome: SendOutcome,
	rule: ReceiptRule | undefined,
	now = Date.now()
): Receipt {
	if (rule && !rule.readOnly && (rule.group === 'variables' || rule.group === 'songs'))
		receipt = { ...receipt, changesValues: true };
	switch (outcome.kind) {
		case 'answered': {
			if (outcome.status < 200 || outcome.status >= 300)
				return ended(
					receipt,
					'failed',
					{ error: socketFailureError(outcome.status, undefined, undefined) },
					now
				);
			if (rule?.falseOffPlatform && outcome.message === false)
				return ended(
					receipt,
					'failed',
					{
						error: new ClientError({
							kind: 'http',
							status: outcome.status,
							said: { id: 'off-platform' },
							message: 'The application answered false: this works only on a supported platform.'
						})
					},
					now
				);
			return ended(
				receipt,
				rule?.acknowledgedOnly ? 'sent' : 'confirmed',
				{ value: outcome.message },
				now
			);
		}
		case 'sent':
			return ended(receipt, 'sent', {}, now);
		case 'failed':
			return ended(receipt, 'failed', { error: outcome.error }, now);
		case 'unknown':
			return ended(receipt, 'unknown', outcome.error ? { error: outcome.error } : {}, now);
	}
}

/** A socket command's end as a send outcome; failures keep the application's status, code and text. */
export function socketOutcome(
	outcome: SocketCommandOutcome,
	secret: string | undefined,
	lostError: () => ClientError,
	timeout: (ms: number) => ClientError
): SendOutcome {
	switch (outcome.kind) {
		case 'response':
			return outcome.status >= 200 && outcome.status < 300
				? { kind: 'answered', status: outcome.status, message: outcome.message }
				: {
						kind: 'failed',
						error: socketFailureError(outcome.status, outcome.error, outcome.code, secret)
					};
		case 'sent':
			return { kind: 'sent' };
		case 'lost':
			return { kind: 'unknown', error: lostError() };
		case 'timeout':
			return { kind: 'unknown', error: timeout(outcome.afterMs) };
		case 'not-sent':
		case 'retrieve':
			return { kind: 'failed', error: lostError() };
	}
}

/** What a REST send's failure says about it: only an answer of the application (or a refusal before sending) means it did not run. */
const MAY_HAVE_RUN: ReadonlySet<ClientError['kind']> = new Set([
	'timeout',
	'invalid-response',
	'unreachable'
]);

/**
 * A REST send's failure: a timeout, a garbled answer or a network failure (fetch cannot tell a refused
 * connection from one reset mid-request) may have run; an error answer did not.
 */
export function restFailureOutcome(error: ClientError): SendOutcome {
	return MAY_HAVE_RUN.has(error.kind) ? { kind: 'unknown', error } : { kind: 'failed', error };
}
