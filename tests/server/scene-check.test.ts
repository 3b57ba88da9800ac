/**
 * The scene check's registry of widget sockets, its report (GET /__companion/scene) and rehearsals
 * (POST /__companion/rehearse): widgets identified by `w=`, blockers found against the simulator, and a
 * rehearsal reaching the chosen widget sockets while the simulator's request log stays empty.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompanion, type Companion } from '../../src/server/companion';
import { startSimServer } from '../../src/server/sim-server';
import { defaultSetup } from '../../src/lib/sim/default-setup';
import { engineOf } from '../../src/server/widget-sockets';
import { fakeBuild, http, tempDir, TestSocket, wsUrl } from './helpers';
import { recordLint } from '../support/lint';

const TOKEN = 'SCENE-TOKEN-0123456789';
const CHROME_127 =
	'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.0.0 Safari/537.36';
const CHROME_103 = CHROME_127.replace('127.0.0.0', '103.0.5060.134');

type Sim = Awaited<ReturnType<typeof startSimServer>>;

async function until<T>(read: () => Promise<T> | T, ok: (v: T) => boolean): Promise<T> {
	for (;;) {
		const value = await read();
		if (ok(value)) return value;
		await new Promise((r) => setImmediate(r));
	}
}

describe('scene check and rehearsal', () => {
	let sim: Sim;
	let companion: Companion;
	const logs: string[] = [];
	const tmp = tempDir('scene-');
	const sockets: TestSocket[] = [];

	const scene = (token = TOKEN) =>
		http('GET', `${companion.url}/__companion/scene`, {
			headers: { authorization: `Bearer ${token}` }
		});
	const rehearse = (body: unknown, token = TOKEN) =>
		http('POST', `${companion.url}/__companion/rehearse`, {
			headers: { authorization: `Bearer ${token}` },
			body: body as object
		});
	const widget = async (kind: string, ua = CHROME_127) => {
		const socket = await TestSocket.open(`${wsUrl(companion.url, TOKEN)}&w=${kind}`, {
			'user-agent': ua
		});
		sockets.push(socket);
		return socket;
	};

	beforeAll(async () => {
		const setup = defaultSetup();
		setup.alerts = setup.alerts.filter((key) => !key.endsWith('-follower'));
		setup.songs.nowPlaying = null;
		sim = await startSimServer({
			port: 0,
			host: '127.0.0.1',
			token: TOKEN,
			setup,
			onLog: recordLint
		});
		companion = await startCompanion({
			port: 0,
			host: '127.0.0.1',
			api: sim.url,
			buildDir: fakeBuild(tmp.dir),
			sharesFile: join(tmp.dir, 'links.json'),
			widgetPingMs: 50,
			log: (line) => logs.push(line)
		});
	});
	afterAll(async () => {
		for (const s of sockets) s.close();
		await companion.close();
		await sim.close();
		tmp.remove();
	});

	it('names the engine from the user agent', () => {
		expect(engineOf(CHROME_127)).toBe('Chromium 127, OBS 31+');
		expect(engineOf(CHROME_103)).toBe('Chromium 103, OBS 28–30');
		expect(engineOf(`${CHROME_127} OBS/30.2.3`)).toBe('Chromium 127, OBS 30');
		expect(engineOf(CHROME_127.replace('127.0.0.0', '131.0.0.0'))).toBe('Chrome 131');
		expect(engineOf('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
			'Firefox 128'
		);
	});

	it('needs the streamer token: none is 401, a share key 403, a wrong token 401', async () => {
		expect((await http('GET', `${companion.url}/__companion/scene`)).status).toBe(401);
		expect((await scene('share_abcdef')).status).toBe(403);
		expect((await rehearse({ kind: 'chat', text: 'hi' }, 'share_abcdef')).status).toBe(403);
		const wrong = await scene('not-the-token');
		expect(wrong.status).toBe(401);
		expect(wrong.body).not.toContain(TOKEN);
	});

	it('lists the widgets connected with w=, their engine, pings, last event and reads', async () => {
		const goal = await widget('goal');
		goal.send({ subscribe: ['alert'], context: 'sub' });
		goal.send({ type: 'get-variable-value', params: { name: 'follower_goal' }, context: 'g1' });
		goal.send({ type: 'get-variable-value', params: { name: 'no_such_goal' }, context: 'g2' });
		await goal.reply('g2');
		await widget('alert-box', CHROME_103);
		await widget('now-playing');
		const report = await until(
			async () => (await scene()).json,
			(r) =>
				r.widgets?.length === 3 &&
				r.widgets.every((w: { answeredPing: unknown }) => w.answeredPing === true)
		);
		const byKind = Object.fromEntries(report.widgets.map((w: { kind: string }) => [w.kind, w]));
		expect(byKind.goal).toMatchObject({
			name: 'Goal',
			engine: 'Chromium 127, OBS 31+',
			subscribed: ['alert'],
			reads: ['follower_goal', 'no_such_goal']
		});
		expect(byKind['alert-box']).toMatchObject({
			name: 'Alert box',
			engine: 'Chromium 103, OBS 28–30'
		});
		expect(report.application).toBe('up');
		expect(report.idleKeys).toEqual([]);
		// A plain socket (no w=) is no widget: it goes through the proxy as before.
		const plain = await TestSocket.open(wsUrl(companion.url, TOKEN));
		sockets.push(plain);
		expect((await scene()).json.widgets).toHaveLength(3);
	});

	it("passes the application's refusal of a wrong token to the widget, as the proxy does", async () => {
		const refused = await TestSocket.open(`${wsUrl(companion.url, 'wrong-token')}&w=counter`).catch(
			(err: { status: number; body: unknown }) => err
		);
		expect(refused).toMatchObject({ status: 401 });
		expect(JSON.stringify((refused as { body: unknown }).body)).not.toContain(TOKEN);
		expect((await scene()).json.widgets).toHaveLength(3);
	});

	it('finds each blocker, and the fixes clear them', async () => {
		await http('POST', `${sim.url}/api/send`, {
			headers: { authorization: `Bearer ${TOKEN}` },
			body: { type: 'toggle-stream-mode', params: { value: false } }
		});
		const report = (await scene()).json;
		const ids = report.blockers.map((b: { id: string }) => b.id);
		expect(ids).toEqual(
			expect.arrayContaining([
				'stream-mode',
				'alerts-disabled',
				'song-source',
				'goal-variable:no_such_goal'
			])
		);
		expect(ids).not.toContain('goal-variable:follower_goal');
		const alerts = report.blockers.find((b: { id: string }) => b.id === 'alerts-disabled');
		// Data, which the dashboard says in its language: the kind and its parameters.
		expect(alerts.kind).toBe('alerts-disabled');
		expect(alerts.params.kinds).toContain('follower');
		expect(
			report.blockers.find((b: { id: string }) => b.id === 'goal-variable:no_such_goal')
		).toMatchObject({
			kind: 'goal-variable',
			params: { name: 'no_such_goal' }
		});
		// The fixes the interface allows, sent as the dashboard sends them.
		for (const b of report.blockers.filter((x: { action?: unknown }) => x.action))
			expect(
				(
					await http('POST', `${sim.url}/api/send`, {
						headers: { authorization: `Bearer ${TOKEN}` },
						body: { type: b.action.type, params: b.action.params }
					})
				).status
			).toBe(200);
		const after = (await scene()).json.blockers.map((b: { id: string }) => b.id);
		expect(after).not.toContain('stream-mode');
		expect(after).not.toContain('goal-variable:no_such_goal');
	});

	it('rejects a rehearsal of an unknown kind or a bad field with 400 naming it', async () => {
		const unknown = await rehearse({ kind: 'confetti' });
		expect(unknown.status).toBe(400);
		expect(unknown.json.message).toMatch(/kind/);
		const bad = await rehearse({ kind: 'alert', alert: 'hug' });
		expect(bad.status).toBe(400);
		expect(bad.json.message).toMatch(/alert/);
		// The fields as data beside the English, for the dashboard to say in its language.
		expect(bad.json).toMatchObject({
			code: 'invalid_rehearsal',
			kind: 'invalid_rehearsal',
			params: { fields: 'alert', 'rule:alert': 'one_of', 'options:alert': expect.any(String) }
		});
		const two = await rehearse({ kind: 'alert', alert: 'follower', amount: -1 });
		expect(two.json.params).toMatchObject({
			'rule:amount': 'at_least',
			'min:amount': 0
		});
	});

	it('pushes a rehearsal into widget sockets only: the application receives nothing', async () => {
		const [goal, alertBox, nowPlaying] = sockets;
		const before = sim.sim.requestLog.length;
		const seq = sim.sim.requestLog.at(-1)?.seq ?? 0;
		const all = await rehearse({ kind: 'alert', alert: 'bits', amount: 500, name: 'Tester' });
		expect(all.status).toBe(200);
		const frame = await alertBox!.next((f) => f.event === 'alpha-bits');
		expect(frame).toMatchObject({
			type: 'alert',
			data: { replay: false, test: true, dynamic: { value: 500 } }
		});
		await goal!.next((f) => f.event === 'alpha-bits');
		// Chat goes only to the sockets that did not narrow their subscriptions away from it.
		const one = await rehearse({ kind: 'chat', text: 'hello scene', target: all.json.reached[1] });
		expect(one.json.reached).toHaveLength(1);
		const reached = [goal, alertBox, nowPlaying].find((s) =>
			s!.frames.some((f) => f.type === 'chat' && f.data?.message === 'hello scene')
		);
		expect(reached).toBeDefined();
		expect(goal!.frames.some((f) => f.type === 'chat')).toBe(false);
		expect((await rehearse({ kind: 'goal', step: 5 })).status).toBe(200);
		expect((await rehearse({ kind: 'timer', seconds: 30 })).status).toBe(200);
		// The registry shows the test event as the last one sent.
		const last = (await scene()).json.widgets.find((w: { kind: string }) => w.kind === 'alert-box');
		expect(last.lastEvent).toMatchObject({ type: 'alert', test: true });
		// Only the scene reads above (meta, retrieve, variable reads): no alert, chat or variable write.
		const sent = sim.sim
			.requestsSince(seq)
			.filter((r) => r.type !== undefined && r.type !== 'get-variable-value');
		expect(sent).toEqual([]);
		expect(sim.sim.requestLog.length).toBeGreaterThanOrEqual(before);
		expect(logs.join('\n')).not.toContain(TOKEN);
	});

	it('flags only the alert kinds an alert box shows: kinds in its off= are no blocker', async () => {
		type View = { id: string; kind: string; hidden: string[] };
		const alerts = (r: { blockers: { id: string; widgets: string[] }[] }) =>
			r.blockers.find((b) => b.id === 'alerts-disabled');
		const first = (await scene()).json.widgets.find((w: View) => w.kind === 'alert-box') as View;
		expect(first.hidden).toEqual([]);
		// A second alert box that hides follows (disabled in this setup) and rewards.
		const hiding = await widget('alert-box&off=follower,points');
		const report = await until(
			async () => (await scene()).json,
			(r) => r.widgets.filter((w: View) => w.kind === 'alert-box').length === 2
		);
		const second = report.widgets.find((w: View) => w.kind === 'alert-box' && w.id !== first.id);
		expect(second.hidden).toEqual(['follower', 'points']);
		expect(alerts(report)?.widgets).toEqual([first.id]);
		// With only the hiding one left, nothing is flagged.
		sockets[1]!.close();
		const after = await until(
			async () => (await scene()).json,
			(r) => !r.widgets.some((w: View) => w.id === first.id)
		);
		expect(after.widgets.map((w: View) => w.id)).toContain(second.id);
		expect(alerts(after)).toBeUndefined();
		hiding.close();
		await until(
			async () => (await scene()).json,
			(r) => !r.widgets.some((w: View) => w.id === second.id)
		);
	});

	it("reaches only the builder's preview when a rehearsal names its preview id", async () => {
		const preview = await widget('alert-box&preview=builder-visit-1');
		const other = await widget('alert-box');
		const named = (await until(
			async () => (await scene()).json,
			(r) => r.widgets.some((w: { name: string }) => w.name === 'Alert box (builder preview)')
		)) as { widgets: { id: string; name: string }[] };
		const previewId = named.widgets.find((w) => w.name === 'Alert box (builder preview)')!.id;
		const answer = await rehearse({
			kind: 'alert',
			alert: 'raid',
			amount: 12,
			target: 'preview:builder-visit-1'
		});
		expect(answer.json.reached).toEqual([previewId]);
		await preview.next((f) => f.event === 'alpha-raid');
		// The other alert box was sent nothing: a later rehearsal to all reaches it first of these.
		await rehearse({ kind: 'alert', alert: 'tip', amount: 3, target: 'all' });
		await other.next((f) => f.event === 'appstream-donation');
		expect(other.frames.some((f) => f.event === 'alpha-raid')).toBe(false);
		const bad = await rehearse({ kind: 'chat', text: 'hi', target: 'preview:x' });
		expect(bad.status).toBe(400);
		expect(bad.json.message).toMatch(/target/);
		preview.close();
		other.close();
	});

	it('shows the application unreachable, and says which checks it cannot make', async () => {
		const other = await startSimServer({
			port: 0,
			host: '127.0.0.1',
			token: TOKEN,
			onLog: recordLint
		});
		const dir = tempDir('scene-down-');
		const second = await startCompanion({
			port: 0,
			host: '127.0.0.1',
			api: other.url,
			buildDir: fakeBuild(dir.dir),
			sharesFile: join(dir.dir, 'links.json'),
			log: () => {}
		});
		const ask = () =>
			http('GET', `${second.url}/__companion/scene`, {
				headers: { authorization: `Bearer ${TOKEN}` }
			});
		expect((await ask()).json.application).toBe('up');
		await other.close();
		const report = (await ask()).json;
		expect(report.application).toBe('unreachable');
		expect(report.blockers[0].id).toBe('unreachable');
		expect(report.cannotCheck.length).toBeGreaterThan(0);
		await second.close();
		dir.remove();
	});

	it('against a legacy application, says which checks it cannot make', async () => {
		const legacy = await startSimServer({
			port: 0,
			host: '127.0.0.1',
			token: TOKEN,
			profile: 'legacy',
			onLog: recordLint
		});
		const dir = tempDir('scene-legacy-');
		const third = await startCompanion({
			port: 0,
			host: '127.0.0.1',
			api: legacy.url,
			buildDir: fakeBuild(dir.dir),
			sharesFile: join(dir.dir, 'links.json'),
			log: () => {}
		});
		const goal = await TestSocket.open(`${wsUrl(third.url, TOKEN)}&w=goal`);
		const report = await until(
			async () =>
				(
					await http('GET', `${third.url}/__companion/scene`, {
						headers: { authorization: `Bearer ${TOKEN}` }
					})
				).json,
			(r) => r.widgets?.length === 1
		);
		expect(report.application).toBe('legacy');
		expect(report.cannotCheck).toContain('goal-variables-over-http');
		goal.close();
		await third.close();
		await legacy.close();
		dir.remove();
	});
});
