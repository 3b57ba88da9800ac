/** The simulator's own control surface under /__sim/ (not part of the interface): token, routes, bad input. */
import { describe, expect, it } from 'vitest';
import { useSim } from './harness';

describe('control surface /__sim/', () => {
	const sim = useSim('current');

	it('requires the token', async () => {
		const answer = await sim.api.request('/__sim/requests', { token: 'wrong' });
		expect([answer.status, answer.json]).toEqual([401, { status: 401, code: 'unauthorized', message: 'token required' }]);
	});

	it('reads the request log since a sequence number, and clears it', async () => {
		await sim.api.send('chat-command', { value: 'lurk' });
		await sim.api.send('get-variable-value', { name: 'deaths' });
		const all = (await sim.api.control('requests')).json as { requests: { seq: number; type?: string; status: number; path?: string }[] };
		expect(all.requests.map((r) => [r.type, r.status, r.path])).toEqual([
			['chat-command', 200, '/api/send'],
			['get-variable-value', 200, '/api/send']
		]);
		const since = (await sim.api.get(`/__sim/requests?since=${all.requests[0]!.seq}`)).json as { requests: { type?: string }[] };
		expect(since.requests.map((r) => r.type)).toEqual(['get-variable-value']);
		expect((await sim.api.control('clear-log', {})).json).toEqual({ ok: true });
		expect(((await sim.api.control('requests')).json as { requests: unknown[] }).requests).toEqual([]);
	});

	it('switches demo traffic on and off', async () => {
		expect((await sim.api.control('demo', { on: true })).json).toEqual({ ok: true, demo: true });
		expect(((await sim.api.control('state')).json as { demo: boolean }).demo).toBe(true);
		expect((await sim.api.control('demo', { on: false })).json).toEqual({ ok: true, demo: false });
	});

	it.each([
		['premium', '{"premium":"yes"}', 'body must be {"premium": true|false}'],
		['demo', '{"on":1}', 'body must be {"on": true|false}'],
		['emit', '[]', 'body must be an event envelope {type, origin?, event?, data?}'],
		['emit', '{not json', 'body is not valid JSON']
	])('POST /__sim/%s with %s answers a clear 400', async (route, body, message) => {
		const answer = await sim.api.post(`/__sim/${route}`, body);
		expect([answer.status, answer.json]).toEqual([400, { status: 400, message }]);
	});

	it('answers 404 for an unknown route', async () => {
		const answer = await sim.api.control('nothing', {});
		expect([answer.status, answer.json]).toEqual([404, { status: 404, message: 'no control route POST /__sim/nothing' }]);
	});
});
