/**
 * A routine whose waits outlast the usual request timeout, against the real simulator over real
 * sockets: the simulator answers when the list has finished, and the client waits for it over the
 * websocket and over REST instead of reporting a timeout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simRig } from '../support/sim-rig';

/** Short, so the test is quick; the wait below is more than twice as long. */
const TIMEOUT = 1000;
const WAIT = 2500;
const actions = [
	{ base: 'app', type: 'chatbot', value: { message: 'before the wait' } },
	{ type: 'delay', delay: WAIT },
	{ base: 'app', type: 'updateCounter', value: { value: 'routine_runs', message: '1' } }
];

describe.each(['socket', 'rest'] as const)(
	'run-actions with waits over %s, against the simulator',
	(commands) => {
		let rig: Awaited<ReturnType<typeof simRig>>;
		beforeAll(async () => {
			rig = await simRig('current');
		});
		afterAll(() => rig.close());

		it(
			'is reported done when the list finishes, not timed out after the usual timeout',
			{ timeout: 30_000 },
			async () => {
				const client = await rig.connect(rig.makeClient({ commands, requestTimeoutMs: TIMEOUT }));
				rig.sim.clearLog();
				const receipt = await client.send('run-actions', { actions });
				expect(receipt).toMatchObject({ state: 'confirmed', transport: commands, label: 'done' });
				// The simulator logs a waiting send when it answers: the wait was really taken, and the whole list ran.
				const logged = rig.log().filter((r) => r.type === 'run-actions');
				expect(logged).toHaveLength(1);
				expect(logged[0]).toMatchObject({
					transport: commands === 'socket' ? 'ws' : 'http',
					status: 200,
					params: { actions }
				});
				expect(logged[0]!.note).toContain(`delay ${WAIT} ms`);
				expect(await client.readVariable('routine_runs')).toEqual({ ok: true, value: 1 });
			}
		);
	}
);
