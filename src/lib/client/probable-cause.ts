/**
 * What is probably wrong with the connection, derived in one place from what the client saw: the
 * status (from close codes), the last error (HTTP status of the meta probe, or a network failure) and
 * whether this address ever answered. A browser cannot tell "nothing listens" from "wrong address"
 * (both are a network error), so an address that never answered names both. Only the kind: the
 * dashboard says it in its language (src/lib/ui/cause-words.ts), with the address.
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
	/** The fix is on the Connect page (address or token), not in the application. */
	checkSettings: boolean;
}

export interface CauseInput {
	status: ConnectionStatus;
	error: Pick<ClientError, 'kind' | 'status'> | undefined;
	everOpened: boolean;
}

const cause = (kind: CauseKind, checkSettings = false): ProbableCause => ({ kind, checkSettings });

/** Undefined while connected, or while a first connection is simply on its way. */
export function probableCause({
	status,
	error,
	everOpened
}: CauseInput): ProbableCause | undefined {
	switch (status) {
		case 'open':
		case 'connecting':
			return undefined;
		case 'stopped':
			// A stop without the application's 1000 is the page's own (leaving): nothing to explain.
			return error?.kind === 'stopped' ? cause('switched-off') : undefined;
		case 'unauthorized':
			return cause('token-rejected', true);
		case 'unreachable':
			if (error?.status !== undefined && error.status >= 502 && error.status <= 504)
				return cause('app-behind-server-down');
			return everOpened ? cause('stopped-answering') : cause('not-answering', true);
		case 'reconnecting':
			return cause(error?.kind === 'lost' ? 'lost' : 'reconnecting');
	}
}
