/** How the companion's relayed sockets (share keys, widgets) end when the application's side ends. */
import { WebSocket } from 'ws';

/** Ends the client as the upstream ended: 1005 and 1006 cannot be sent, and an abnormal end stays abnormal. */
export function closeLikeUpstream(client: WebSocket, code: number, reason: Buffer): void {
	if (client.readyState !== WebSocket.OPEN) return;
	if (code === 1006) client.terminate();
	else if (code === 1005) client.close();
	else client.close(code, reason);
}
