import type { ConnectionStatus } from './socket';

/** Words for each connection status, for the indicator and for disabled buttons. */
export const STATUS_TEXT: Record<ConnectionStatus, string> = {
	connecting: 'Connecting…',
	open: 'Connected',
	reconnecting: 'Reconnecting…',
	stopped: 'Interface turned off',
	unauthorized: 'Token rejected',
	unreachable: 'Application unreachable'
};
