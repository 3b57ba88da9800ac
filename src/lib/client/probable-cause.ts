/**
 * What is probably wrong with the connection, derived in one place from what the client saw: the
 * status (from close codes), the last error (HTTP status of the meta probe, or a network failure) and
 * whether this address ever answered. A browser cannot tell "nothing listens" from "wrong address"
 * (both are a network error), so an address that never answered names both.
 */
import type { ClientError } from './errors';
import type { ConnectionStatus } from './socket';

export type CauseKind =
	| 'switched-off'
	| 'token-rejected'
	| 'app-behind-server-down'
	| 'not-answering'
	| 'stopped-answering'
	| 'lost'
	| 'reconnecting';

export interface ProbableCause {
	kind: CauseKind;
	/** One short sentence: what is probably wrong. */
	title: string;
	/** What the streamer can do about it. */
	advice: string;
	/** The fix is on the Connect page (address or token), not in the application. */
	checkSettings: boolean;
}

export interface CauseInput {
	status: ConnectionStatus;
	error: Pick<ClientError, 'kind' | 'status'> | undefined;
	everOpened: boolean;
	/** `host:port`, shown; never the token. */
	address: string;
}

const KEEPS_TRYING =
	'This page keeps trying every few seconds, and at once when you press Retry now.';

/** Undefined while connected, or while a first connection is simply on its way. */
export function probableCause({
	status,
	error,
	everOpened,
	address
}: CauseInput): ProbableCause | undefined {
	switch (status) {
		case 'open':
		case 'connecting':
			return undefined;
		case 'stopped':
			// A stop without the application's 1000 is the page's own (leaving): nothing to explain.
			if (error?.kind !== 'stopped') return undefined;
			return {
				kind: 'switched-off',
				title: "The application's interface was switched off.",
				advice:
					'It closed the connection on purpose (code 1000): switch the interface on again in Settings → API, or start the application again. This page tries again every 10 seconds.',
				checkSettings: false
			};
		case 'unauthorized':
			return {
				kind: 'token-rejected',
				title: 'The token was rejected.',
				advice:
					'The application answered 401: copy the token again from Settings → API (it changes when reset), then connect again.',
				checkSettings: true
			};
		case 'unreachable':
			if (error?.status !== undefined && error.status >= 502 && error.status <= 504)
				return {
					kind: 'app-behind-server-down',
					title: 'The application is closed or not answering.',
					advice: `The server at ${address} is up, but the application behind it does not answer: start it, and check that its interface is on. ${KEEPS_TRYING}`,
					checkSettings: false
				};
			if (!everOpened)
				return {
					kind: 'not-answering',
					title: `Nothing answers at ${address}.`,
					advice: `The application is closed, its interface is off, or the address is wrong. ${KEEPS_TRYING}`,
					checkSettings: true
				};
			return {
				kind: 'stopped-answering',
				title: 'The application is closed or not reachable.',
				advice: `It stopped answering at ${address}: it was closed or crashed, or the network dropped. ${KEEPS_TRYING}`,
				checkSettings: false
			};
		case 'reconnecting':
			if (error?.kind === 'lost')
				return {
					kind: 'lost',
					title: 'The connection was lost.',
					advice: `Reconnecting to ${address}…`,
					checkSettings: false
				};
			return {
				kind: 'reconnecting',
				title: 'Reconnecting…',
				advice: `The application at ${address} answers; the connection is being set up again.`,
				checkSettings: false
			};
	}
}
