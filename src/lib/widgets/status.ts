/** The connection's status in the widget's language, for the debug corner (lib/app/status-words.ts says it in the dashboard's). */
import type { ConnectionStatus } from '$lib/client/socket';
import { m } from './messages';

const STATUS: Readonly<Record<ConnectionStatus, () => string>> = {
	connecting: m.st_connecting,
	open: m.st_open,
	reconnecting: m.st_reconnecting,
	stopped: m.st_stopped,
	unauthorized: m.st_unauthorized,
	unreachable: m.st_unreachable
};

export const statusText = (status: ConnectionStatus | undefined): string =>
	status ? STATUS[status]() : m.st_none();
