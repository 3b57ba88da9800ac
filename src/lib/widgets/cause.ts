/**
 * Why a widget shows nothing, in a streamer's words, for the debug corner it opens by itself after
 * NOT_CONNECTED_MS without a connection: a browser source that stays transparent is the worst outcome.
 */
import type { ClientError } from '$lib/client/errors';
import type { ConnectionStatus } from '$lib/client/socket';

/** How long a widget may go without a connection before it shows its debug corner on its own. */
export const NOT_CONNECTED_MS = 10_000;

export function widgetCause(
	status: ConnectionStatus,
	error: Pick<ClientError, 'status' | 'code'> | undefined,
	/** The socket goes to the server that served this page: that server is the companion. */
	viaCompanion: boolean
): string | undefined {
	const code = error?.code ?? '';
	switch (status) {
		case 'open':
			return undefined;
		case 'unauthorized':
			if (code.includes('revoked'))
				return 'Probable cause: this widget key was revoked. Copy the widget URL again from the Widgets page.';
			if (code.includes('expired'))
				return 'Probable cause: this key has expired. Copy the widget URL again from the Widgets page.';
			if (code.includes('unknown') || code.includes('malformed'))
				return 'Probable cause: wrong or revoked key in this URL. Copy the widget URL again from the Widgets page.';
			return 'Probable cause: wrong token in this URL (it changes when reset in Settings → API). Copy the widget URL again.';
		case 'stopped':
			return "Probable cause: the application's interface was switched off (Settings → API).";
		case 'unreachable':
			if (error?.status !== undefined && error.status >= 502 && error.status <= 504)
				return 'Probable cause: the application is closed (the companion answers, the application behind it does not).';
			return viaCompanion
				? 'Probable cause: the companion is not running (npm start on the streaming PC), or this address is wrong.'
				: 'Probable cause: the application is closed or its interface is off, or this address is wrong.';
		default:
			return 'Probable cause: the connection keeps dropping; it tries again by itself.';
	}
}
