/** The client on the in-page demo transport (no network): what demo mode injects must work unchanged. */
import { checkSend } from '$lib/protocol/send';
import { describe, expect, it } from 'vitest';
import { StreamClient } from '$lib/client/client';
import type { WebSocketConstructor } from '$lib/client/socket';
import { demoFetch, demoWebSocketClass } from '$lib/demo/transport';
import { Simulator } from '$lib/sim/simulator';
import { nextSync, waitFor } from './support/sim-rig';

describe('client on the in-page demo transport', () => {
	it('connects, sends, follows events and survives a restart', async () => {
		const sim = new Simulator({ token: 'demo' });
		const client = new StreamClient({
			check: checkSend,
			connection: { token: 'demo', host: '127.0.0.1', port: 39231, secure: false },
			fetch: demoFetch(sim),
			WebSocket: demoWebSocketClass(sim) as unknown as WebSocketConstructor
		});
		const synced = nextSync(client);
		client.start();
		await synced;
		expect(client.meta?.apiVersion).toBe(2);
		expect(await client.send('set-counter-value', { name: 'deaths', value: 2 })).toMatchObject({
			state: 'confirmed',
			transport: 'socket'
		});
		expect(await client.readVariable('deaths')).toEqual({ ok: true, value: 2 });
		sim.setPremium(true);
		await waitFor(() => client.premium === true, 'the premium event');
		const again = nextSync(client);
		sim.restart();
		await again;
		expect(client.status).toBe('open');
		sim.stopApi();
		await waitFor(() => client.status === 'stopped', 'the stopped state');
		client.destroy();
	});
});
