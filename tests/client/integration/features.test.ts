/** Against the real simulator over real sockets, in both profiles: detection, receipts, subscriptions, premium. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES } from '$lib/protocol';
import { simRig, waitFor, type Profile } from '../support/sim-rig';

describe.each<Profile>(['current', 'legacy'])('client against the %s simulator', (profile) => {
	let rig: Awaited<ReturnType<typeof simRig>>;
	const current = profile === 'current';
	beforeAll(async () => {
		rig = await simRig(profile);
	});
	afterAll(() => rig.close());

	it('detects the features of the installation', async () => {
		const client = await rig.connect(rig.makeClient({ name: 'dashboard' }));
		expect(client.status).toBe('open');
		if (current) {
			expect(client.meta).toMatchObject({ apiVersion: 2 });
			expect([...client.capabilities.features].sort()).toEqual([...FEATURES].sort());
			expect(client.capabilities.offered('create-chatbot-command')).toBe(true);
		} else {
			expect(client.meta).toMatchObject({ apiVersion: 1, features: [] });
			expect(client.capabilities.get('create-chatbot-command')).toMatchObject({
				offered: false,
				reason: 'needs an up-to-date application'
			});
			expect(client.capabilities.get('set-command-state').commandKinds).toEqual(['chat']);
		}
		expect(client.setup?.types.length).toBeGreaterThan(5);
		expect(client.capabilities.get('chat-command').names?.length).toBeGreaterThan(0);
		expect(typeof client.premium).toBe('boolean');
		expect(rig.sim.clients.some((c) => c.name === 'dashboard')).toBe(true);
		const widget = await rig.connect(rig.makeClient());
		expect(rig.sim.clients.filter((c) => c.name === undefined).length).toBeGreaterThan(0);
		widget.destroy();
		client.destroy();
	});

	it('turns sends into receipts over the socket where it answers, else over REST', async () => {
		const client = await rig.connect(rig.makeClient());
		rig.sim.clearLog();
		const command = client.capabilities.get('chat-command').names![0]!;
		const confirmed = await client.send('chat-command', { value: command });
		expect(confirmed).toMatchObject({
			state: 'confirmed',
			label: 'done',
			transport: current ? 'socket' : 'rest'
		});
		const stream = await client.send('change-stream-title', {
			value: 'Speedrun night',
			platform: 'alpha'
		});
		expect(stream).toMatchObject({ state: 'sent', label: 'sent' });
		const missing = await client.send('chat-command', { value: 'no-such-command-here' });
		if (current)
			expect(missing).toMatchObject({
				state: 'failed',
				error: { kind: 'http', status: 404, code: 'not_found' }
			});
		else expect(missing.state).toBe('confirmed'); // older versions answer success for unknown names
		const counter = await client.send('set-counter-value', { name: 'deaths', value: 12 });
		expect(counter.state).toBe('confirmed');
		expect(await client.readVariable('deaths')).toEqual({ ok: true, value: 12 });
		const transports = new Set(
			rig
				.log()
				.filter((e) => e.type)
				.map((e) => e.transport)
		);
		expect([...transports]).toEqual([current ? 'ws' : 'http']);
		if (current)
			expect(
				rig
					.log()
					.filter((e) => e.type)
					.every((e) => typeof e.context === 'string')
			).toBe(true);
		client.destroy();
	});

	it('confirms over REST on request, and a socket without replies ends at "sent"', async () => {
		const overRest = await rig.connect(rig.makeClient({ commands: 'rest' }));
		expect(await overRest.send('clear-cooldowns')).toMatchObject({
			state: 'confirmed',
			transport: 'rest'
		});
		overRest.destroy();
		const overSocket = await rig.connect(rig.makeClient({ commands: 'socket' }));
		rig.sim.clearLog();
		const receipt = await overSocket.send('clear-cooldowns');
		expect(receipt).toMatchObject({ transport: 'socket', state: current ? 'confirmed' : 'sent' });
		await waitFor(
			() => rig.log().some((e) => e.type === 'clear-cooldowns'),
			'the command to arrive'
		);
		expect(
			rig.log().filter((e) => e.status === 400 && e.note?.startsWith('bad API request'))
		).toEqual([]);
		overSocket.destroy();
	});

	it('subscribes only where supported, and receives only what it asked for', async () => {
		const client = rig.makeClient({ subscribe: ['alert'] });
		const seen: string[] = [];
		client.on('*', (e) => seen.push(e.type));
		await rig.connect(client);
		if (current)
			await waitFor(
				() =>
					rig.sim.clients.some((c) => Array.isArray(c.channels) && c.channels.includes('alert')),
				'the subscription'
			);
		rig.sim.emit({
			origin: 'alpha',
			type: 'chat',
			data: { message: 'hi', extraSettings: { messageId: 'm1' } }
		});
		rig.sim.emit({
			origin: 'alpha',
			type: 'alert',
			event: 'alpha-follower',
			data: { dynamic: { value: 'x' } }
		});
		await waitFor(() => seen.includes('alert'), 'the alert');
		if (current) expect(seen).not.toContain('chat');
		else await waitFor(() => seen.includes('chat'), 'chat, since old versions push everything');
		// Never a subscribe frame on a version that would log it as a bad request.
		expect(rig.log().filter((e) => e.note?.startsWith('bad API request'))).toEqual([]);
		client.destroy();
	});

	it('follows premium', async () => {
		const client = await rig.connect(rig.makeClient());
		rig.sim.setPremium(true);
		if (current) await waitFor(() => client.premium === true, 'the premium event');
		else {
			await client.retrieve();
			expect(client.premium).toBe(true);
		}
		rig.sim.setPremium(false);
		if (current) await waitFor(() => client.premium === false, 'the premium event');
		client.destroy();
	});
});
