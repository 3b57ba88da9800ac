/**
 * The token must never appear in any message, log or console line: a whole client life against the
 * simulator (connect, failures, a rejected token, an unreachable address, stop and restart) is run
 * with every console method and stdout/stderr watched.
 */
import { checkSend } from '$lib/protocol/send';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { StreamClient } from '$lib/client/client';
import { Connection } from '$lib/client/state/connection.svelte';
import type { Receipt } from '$lib/client/receipts';
import { closedPort, nextSync, simRig, waitFor, NodeWebSocket } from '../support/sim-rig';

describe('token hygiene', () => {
	let rig: Awaited<ReturnType<typeof simRig>>;
	const lines: string[] = [];
	const spies: { mockRestore(): void }[] = [];
	beforeAll(async () => {
		rig = await simRig('current');
		for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const)
			spies.push(
				vi
					.spyOn(console, method)
					.mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')))
			);
		for (const stream of [process.stdout, process.stderr]) {
			const original = stream.write.bind(stream);
			spies.push(
				vi.spyOn(stream, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
					lines.push(String(chunk));
					return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
				}) as typeof stream.write)
			);
		}
	});
	afterAll(async () => {
		for (const spy of spies) spy.mockRestore();
		await rig.close();
	});

	it('never shows the token, whatever goes wrong', async () => {
		console.warn('spy check');
		expect(lines).toContain('spy check');
		const texts: string[] = [];
		const keep = (r: Receipt) =>
			texts.push(JSON.stringify(r), r.error?.message ?? '', r.error?.stack ?? '');
		const client = rig.makeClient({ name: 'dashboard' });
		const state = new Connection(client);
		client.onChange((s) =>
			texts.push(
				JSON.stringify({ ...s, capabilities: undefined }),
				s.lastError?.message ?? '',
				s.lastError?.stack ?? ''
			)
		);
		await rig.connect(client);
		keep(await client.send('chat-command', { value: 'no-such-command' }));
		keep(await client.send('run-actions', { actions: [{ base: 'app', type: 'code', value: {} }] }));
		keep(await client.send('run-commercial', { duration: 1, platform: 'alpha' }));
		const synced = nextSync(client);
		rig.sim.restart();
		await synced;
		rig.sim.stopApi();
		await waitFor(() => client.status === 'stopped', 'stopped');
		keep(await client.send('clear-queue'));
		rig.sim.startApi();

		const wrong = new StreamClient({
			check: checkSend,
			connection: {
				token: `${rig.token}x`,
				host: '127.0.0.1',
				port: rig.server.port,
				secure: false
			},
			WebSocket: NodeWebSocket
		});
		wrong.start();
		await waitFor(() => wrong.status === 'unauthorized', 'unauthorized');
		texts.push(wrong.lastError?.message ?? '', JSON.stringify(wrong.lastError));
		keep(await wrong.send('clear-queue'));
		wrong.destroy();

		const port = await closedPort();
		const nobody = new StreamClient({
			check: checkSend,
			connection: { token: rig.token, host: '127.0.0.1', port, secure: false },
			WebSocket: NodeWebSocket,
			requestTimeoutMs: 500
		});
		nobody.start();
		await waitFor(() => nobody.status === 'unreachable', 'unreachable');
		texts.push(nobody.lastError?.message ?? '');
		keep(await nobody.send('clear-queue'));
		nobody.destroy();

		texts.push(state.lastError?.message ?? '', String(state.status));
		client.destroy();

		expect(texts.filter(Boolean).length).toBeGreaterThan(10);
		for (const text of [...texts, ...lines]) {
			expect(text).not.toContain(rig.token);
			expect(text).not.toContain(encodeURIComponent(rig.token));
		}
	});
});
