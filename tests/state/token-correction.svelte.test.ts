/**
 * A wrong token corrected in the dashboard, without a reload (issue 31: the vendor's client stays
 * refused until it is restarted). The real AppHost, as the connect page drives it, against the real
 * simulator over real sockets, in both profiles. The page's WebSocket is the `ws` package's (Node 20
 * has none); nothing else is stubbed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { AppHost } from '$lib/app/app-host.svelte';
import { overlayCounts } from '$lib/protocol/payloads';
import { simRig, waitFor, type Profile } from '../client/support/sim-rig';

beforeAll(() => {
	if (!globalThis.WebSocket) vi.stubGlobal('WebSocket', WebSocket);
});
afterAll(() => vi.unstubAllGlobals());

describe.each<Profile>(['current', 'legacy'])(
	'correcting a wrong token in the dashboard (%s)',
	(profile) => {
		let rig: Awaited<ReturnType<typeof simRig>>;
		let host: AppHost | undefined;
		beforeAll(async () => {
			rig = await simRig(profile);
		});
		afterEach(() => host?.disconnect());
		afterAll(() => rig.close());

		it(
			'connects with the corrected token at once, on the same page, and the refused connection is gone',
			{ timeout: 30_000 },
			async () => {
				host = new AppHost();
				const address = { host: '127.0.0.1', port: rig.server.port, secure: false, demo: false };
				// The connect page's form, submitted with a wrong token (remember=false: this test keeps nothing on a device).
				host.connect({ ...address, token: 'not-the-token' }, false);
				const refused = host.current!;
				await waitFor(
					() => refused.connection.status === 'unauthorized',
					'the unauthorized state',
					15_000
				);
				expect(refused.connection.lastError?.message).toContain('(401)');
				expect(rig.sim.clients).toHaveLength(0);

				// Submitted again with the right token: no reload (there is no page to reload here; one would throw).
				host.connect({ ...address, token: rig.token }, false);
				const corrected = host.current!;
				expect(corrected).not.toBe(refused);
				expect(refused.connection.status).toBe('stopped');
				await waitFor(
					() => corrected.connection.status === 'open' && corrected.connection.setup !== undefined,
					'the corrected connection to open',
					15_000
				);
				expect(corrected.connection.meta?.apiVersion).toBe(profile === 'current' ? 2 : 1);
				// The setup as read: slim counts on current, the full lists on legacy (the vendor's client counts 0 there).
				expect(overlayCounts(corrected.connection.setup?.options)).toEqual({
					overlays: 2,
					overlayLayers: 4,
					overlayAssets: 3,
					indistinctLayers: 1
				});
				expect(rig.sim.clients).toHaveLength(1);
				expect(rig.sim.clients[0]?.name).toBe('Stream control dashboard');
				expect(
					await corrected.client.send('set-counter-value', { name: 'deaths', value: 4 })
				).toMatchObject({ state: 'confirmed' });
				// The refused client tries nothing more: every refusal after the correction would be its own.
				const refusals = rig.log().filter((e) => e.status === 401).length;
				expect(await corrected.client.readVariable('deaths')).toEqual({ ok: true, value: 4 });
				expect(rig.log().filter((e) => e.status === 401)).toHaveLength(refusals);
			}
		);
	}
);
