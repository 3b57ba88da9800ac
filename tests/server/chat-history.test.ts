/**
 * The companion keeps the last 50 chat lines it sees and replays them to a dashboard that connects:
 * to the streamer's token or a share key, never to anyone else; deletions taken out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatEnvelope } from '../../src/lib/sim/events';
import { CHAT_HISTORY_PATH } from '../../src/server/chat-history';
import { http, startRig, type Rig } from './helpers';

let rig: Rig;
/** Lines cross two sockets: on a busy 2-core machine that can take more than poll's default second. */
const POLL = { timeout: 15_000 };
beforeAll(async () => {
	rig = await startRig();
});
afterAll(async () => rig?.close());

const history = (token?: string) =>
	http('GET', `${rig.companion.url}${CHAT_HISTORY_PATH}`, {
		headers: token ? { authorization: `Bearer ${token}` } : {}
	});
const texts = (lines: { data: { message: string } }[]) => lines.map((l) => l.data.message);
const say = (text: string, id: string) =>
	rig.sim.sim.emit(chatEnvelope('alpha', { username: 'viewer' }, text, id, Date.now()));

describe('chat history through the companion', () => {
	it('keeps the last 50 lines, oldest first, deletions taken out', async () => {
		// The companion's own socket to the application opens at start: wait until it hears a line.
		let probes = 0;
		await expect
			.poll(async () => {
				say(`probe ${probes}`, `probe-${probes++}`);
				return (await history(rig.realToken)).json.lines.length;
			}, POLL)
			.toBeGreaterThan(0);
		for (let i = 0; i < 60; i++) say(`line ${i}`, `m-${i}`);
		await expect
			.poll(async () => texts((await history(rig.realToken)).json.lines).at(-1), POLL)
			.toBe('line 59');
		const answer = await history(rig.realToken);
		expect(answer.status).toBe(200);
		expect(texts(answer.json.lines)).toEqual(
			Array.from({ length: 50 }, (_, i) => `line ${i + 10}`)
		);

		rig.sim.sim.emit({ type: 'chat', origin: 'alpha', data: { shouldRemove: 'm-30' } });
		await expect
			.poll(async () => texts((await history(rig.realToken)).json.lines), POLL)
			.not.toContain('line 30');
		expect((await history(rig.realToken)).json.lines).toHaveLength(49);
	});

	it('answers a share key too, and refuses no token, a wrong token and an unknown key', async () => {
		const created = await http('POST', `${rig.companion.url}/__share/links`, {
			headers: { authorization: `Bearer ${rig.realToken}` },
			body: { label: 'mod', profile: 'moderation' }
		});
		expect(created.status).toBe(201);
		const key = new URL(created.json.url.replace('#/?', '?')).searchParams.get('token')!;
		const shared = await history(key);
		expect(shared.status).toBe(200);
		expect(texts(shared.json.lines)).toContain('line 59');

		expect((await history()).status).toBe(401);
		expect((await history('not-the-token')).status).toBe(401);
		expect((await history('share_unknownkeyunknownkey')).status).toBe(401);
		expect(rig.logs.join('\n')).not.toContain(rig.realToken);
	});
});
