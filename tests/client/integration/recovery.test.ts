/**
 * What the vendor's own client gets wrong and ours must not (issue 31), against the real simulator
 * over real sockets, in both profiles: a cold start with the application closed, and the overlays of
 * the full settings payload older versions send (the vendor's client counts 0 there).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { checkSend } from '$lib/protocol/send';
import { overlayCounts } from '$lib/protocol';
import { StreamClient } from '$lib/client/client';
import { startSimServer, type SimServer } from '../../../src/server/sim-server';
import { recordLint } from '../../support/lint';
import {
	closedPort,
	nextSync,
	simRig,
	waitFor,
	NodeWebSocket,
	type Profile
} from '../support/sim-rig';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
	for (const done of cleanup.splice(0).reverse()) await done();
});

describe.each<Profile>(['current', 'legacy'])(
	'our client recovers where the vendor’s does not (%s)',
	(profile) => {
		it(
			'cold start: started while the application is closed, it connects on its own once the application is up',
			{ timeout: 60_000 },
			async () => {
				const token = `tok-${randomBytes(9).toString('base64url')}`;
				const port = await closedPort();
				const client = new StreamClient({
					check: checkSend,
					connection: { token, host: '127.0.0.1', port, secure: false },
					WebSocket: NodeWebSocket,
					requestTimeoutMs: 4000
				});
				cleanup.push(() => client.destroy());
				let synced = false;
				void nextSync(client).then(() => (synced = true));
				client.start();
				// The first attempt fails: nothing listens there yet.
				await waitFor(() => client.status === 'unreachable', 'the unreachable state');
				expect(client.everOpened).toBe(false);
				const server: SimServer = await startSimServer({ port, token, profile, onLog: recordLint });
				cleanup.push(() => server.close());
				// No restart, no call: the client's own reconnecting brings it in (a generous bound, not a timing assertion).
				await waitFor(() => synced, 'the client to connect on its own', 45_000);
				expect(client.status).toBe('open');
				expect(client.meta?.apiVersion).toBe(profile === 'current' ? 2 : 1);
				expect(client.setup?.types.length).toBeGreaterThan(5);
				expect(server.sim.clients).toHaveLength(1);
				expect(await client.send('set-counter-value', { name: 'deaths', value: 8 })).toMatchObject({
					state: 'confirmed'
				});
			}
		);

		it('reads the overlays of the settings payload: counted in full (legacy) and slim (current) alike', async () => {
			const rig = await simRig(profile);
			cleanup.push(() => rig.close());
			const client = await rig.connect(rig.makeClient());
			const options = client.setup?.options;
			// Older versions ignore slim and send the full configuration: lists, not {count}.
			expect(Array.isArray(options?.overlays)).toBe(profile === 'legacy');
			expect(overlayCounts(options)).toEqual({
				overlays: 2,
				overlayLayers: 4,
				overlayAssets: 3,
				indistinctLayers: 1
			});
			const overlayNames = (options?.overlays as { name: string }[] | { count: number }) ?? [];
			if (Array.isArray(overlayNames))
				expect(overlayNames.map((o) => o.name)).toEqual(['Main Overlay', 'BRB Screen']);
		});
	}
);

describe('overlayCounts', () => {
	it('counts lists and slim counts, and leaves anything else undefined', () => {
		expect(
			overlayCounts({
				overlays: [{}, {}, {}],
				overlayLayers: { count: 5 },
				overlayAssets: { count: -1 },
				indistinctLayers: 'x'
			})
		).toEqual({
			overlays: 3,
			overlayLayers: 5,
			overlayAssets: undefined,
			indistinctLayers: undefined
		});
		expect(overlayCounts(undefined)).toEqual({
			overlays: undefined,
			overlayLayers: undefined,
			overlayAssets: undefined,
			indistinctLayers: undefined
		});
	});
});
