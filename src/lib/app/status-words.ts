import type { ConnectionStatus } from '$lib/client/socket';
import * as m from '$lib/app/messages';

/**
 * Each connection status in the dashboard's language: one message per status, for the header's badge,
 * the Connect page and a tile during an outage (a widget's debug corner says it in the widget's own,
 * lib/widgets/status.ts).
 */
const SAID: Record<ConnectionStatus, () => string> = {
	connecting: m.status_connecting,
	open: m.status_open,
	reconnecting: m.status_reconnecting,
	stopped: m.status_stopped,
	unauthorized: m.status_unauthorized,
	unreachable: m.status_unreachable
};

export const statusWords = (status: ConnectionStatus): string => SAID[status]();
