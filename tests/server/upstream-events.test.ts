/**
 * The companion follows the application on one socket of its own, whatever needs it (the chat history
 * and subathon mode here): one client at the application, narrowed to both features' event types where
 * the application takes `{subscribe}` and left whole (no bad request) where it does not, reconnecting
 * after the application restarts; both features keep working through it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { chatEnvelope } from '../../src/lib/sim/events';
import { CHAT_HISTORY_PATH } from '../../src/server/chat-history';
import { parseSubathonRules } from '../../src/server/subathon';
import { http, startRig, type Rig } from './helpers';

let rig: Rig | undefined;
afterEach(async () => {
	await rig?.close();
	rig = undefined;
});

async function until(ok: () => boolean | Promise<boolean>, what: string): Promise<void> {
	const end = Date.now() + 10_000;
	while (!(await ok())) {
		if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 25));
	}
}

const rules = (() => {
	const parsed = parseSubathonRules('subscriber=60');
	if (!parsed.ok) throw new Error(parsed.error.kind);
	return parsed.rules;
})();

for (const profile of ['current', 'legacy'] as const) {
	describe(`one upstream socket (${profile} application)`, () => {
		it(
			'chat history and subathon share one socket, narrowed where it can be, across a restart of the application',
			{ timeout: 30_000 },
			async () => {
				const r = (rig = await startRig(
					{ subathon: { rules, variable: 'timer_subathon' } },
					profile
				));
				const narrowed = profile === 'current' ? ['alert', 'chat'] : 'all';
				const oneSocket = () => {
					expect(r.sim.sim.clients).toEqual([{ id: expect.any(Number), channels: narrowed }]);
				};
				expect(r.companion.events.types).toEqual(['alert', 'chat']);
				expect(r.companion.events.open).toBe(true);
				oneSocket();
				// Subscribed once where the application takes it; an older one is sent nothing it would log as a bad request.
				const socketFrames = () =>
					r.sim.sim.requestLog.filter((e) => e.transport === 'ws').map((e) => [e.note, e.status]);
				expect(socketFrames()).toEqual(
					profile === 'current'
						? [
								['connected', 101],
								['subscribe', 200]
							]
						: [['connected', 101]]
				);

				let n = 0;
				const chatReaches = async () => {
					const text = `hello ${n++}`;
					r.sim.sim.emit(
						chatEnvelope('alpha', { username: 'viewer' }, text, `id-${n}`, Date.now())
					);
					await until(async () => {
						const answer = await http('GET', `${r.companion.url}${CHAT_HISTORY_PATH}`, {
							headers: { authorization: `Bearer ${r.realToken}` }
						});
						return answer.json.lines.some(
							(l: { data: { message: string } }) => l.data.message === text
						);
					}, `"${text}" in the chat history`);
				};
				const alertCounts = async () => {
					const before = r.logs.filter((l) => l.startsWith('Subathon: +60 s')).length;
					r.sim.sim.emit({ type: 'alert', event: 'alpha-subscriber', data: {} });
					await until(
						() => r.logs.filter((l) => l.startsWith('Subathon: +60 s')).length === before + 1,
						'the subathon line'
					);
				};
				await chatReaches();
				await alertCounts();

				const watching = () => r.logs.filter((l) => l.startsWith('Subathon: watching')).length;
				expect(watching()).toBe(1);
				r.sim.sim.restart();
				await until(() => watching() === 2, 'the socket to open again');
				await r.companion.events.ready();
				oneSocket();
				await chatReaches();
				await alertCounts();
				expect(r.sim.sim.requestLog.some((e) => e.transport === 'ws' && e.status >= 400)).toBe(
					false
				);
				expect(r.logs.join('\n')).not.toContain(r.realToken);
			}
		);
	});
}

describe('no token, no socket', () => {
	it(
		'opens nothing until share links are turned on, then one socket',
		{ timeout: 30_000 },
		async () => {
			const r = (rig = await startRig({ realToken: undefined }));
			expect(r.companion.events.open).toBe(false);
			expect(r.sim.sim.clients).toEqual([]);
			const on = await http('POST', `${r.companion.url}/__share/token`, {
				headers: { authorization: `Bearer ${r.realToken}` },
				body: { remember: false }
			});
			expect(on).toMatchObject({ status: 200, json: { on: true } });
			await until(() => r.companion.events.open, 'the socket to open');
			await r.companion.events.ready();
			// Chat history alone follows it here (no --subathon): chat only.
			expect(r.sim.sim.clients).toEqual([{ id: expect.any(Number), channels: ['chat'] }]);
		}
	);
});
