/**
 * Widget keys (issue 28): a share link of the `widget` profile per widget URL. It reads and follows
 * events only, is managed with the token alone, can be renamed, regenerated and revoked live, keeps
 * 192 random bits, survives a restart, and failed attempts are counted in the log without the key.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEND_TYPES } from '../../src/lib/protocol';
import { chatEnvelope } from '../../src/lib/sim/events';
import { SHARE_KEY_PREFIX, WIDGET_READS } from '../../src/lib/share/profiles';
import { http, TestSocket, wsUrl } from './helpers';
import { SEND_SAMPLES } from './send-samples';
import { startShareRig, type ShareRig } from './share-rig';

interface KeyView {
	id: string;
	key: string;
	name: string;
	widget: string;
	options: string;
	createdAt: number;
	lastConnectedAt: number | null;
}

let rig: ShareRig;
beforeAll(async () => {
	rig = await startShareRig();
});
afterAll(async () => {
	rig?.assertNoLeak();
	await rig?.close();
});

async function createKey(name = 'Alert box — main scene', widget = 'alert-box'): Promise<KeyView> {
	const answer = await rig.manage('POST', '/__share/widget-keys', {
		name,
		widget,
		options: 'debug=1'
	});
	expect(answer.status, answer.body).toBe(201);
	return answer.json;
}
const listKeys = async (): Promise<KeyView[]> =>
	(await rig.manage('GET', '/__share/widget-keys')).json.keys;

/**
 * Stops a key (regenerate or revoke) and pushes a chat line right after: the old socket is closed
 * before any further message reaches it. No clock is read: a second socket (the token's) proves the
 * line went out, and the old socket's frames from the stop to its close are none.
 */
async function closesBeforeNextMessage(socket: TestSocket, stop: () => Promise<unknown>) {
	const witness = await TestSocket.open(wsUrl(rig.companion.url, rig.realToken));
	witness.send({ retrieve: true, context: 'ready' });
	await witness.reply('ready');
	const before = socket.frames.length;
	let atClose = -1;
	socket.ws.once('close', () => (atClose = socket.frames.length));
	await stop();
	const text = `after the stop ${rig.sim.sim.requestLog.length}`;
	rig.sim.sim.emit(
		chatEnvelope('alpha', { username: 'viewer' }, text, `stop-${before}`, Date.now())
	);
	await witness.next((f) => f.data?.message === text);
	expect(await socket.closed).toEqual({ code: 1008, reason: 'widget key revoked or regenerated' });
	expect(atClose).toBe(before);
	expect(socket.frames.slice(before)).toEqual([]);
	witness.close();
}

describe('managing widget keys', () => {
	it('needs the token: no token, a widget key or a share key gets 401', async () => {
		const widgetKey = (await createKey()).key;
		const shareKey = (await rig.createLink({ profile: 'read-only' })).key;
		for (const [method, path] of [
			['GET', '/__share/widget-keys'],
			['POST', '/__share/widget-keys'],
			['GET', '/__share/links'],
			['POST', '/__share/links']
		] as const) {
			expect((await http(method, rig.companion.url + path)).status, path).toBe(401);
			for (const key of [widgetKey, shareKey])
				expect(
					await rig.manage(method, path, { name: 'x', widget: 'chat', profile: 'music' }, key),
					`${method} ${path}`
				).toMatchObject({ status: 401, json: { code: 'unauthorized' } });
		}
	});

	it('creates a key of 192 random bits with its name, widget, options and times; lists it apart from share links', async () => {
		const before = Date.now();
		const made = await createKey('Chat — left', 'chat');
		expect(made.key.startsWith(SHARE_KEY_PREFIX)).toBe(true);
		const random = made.key.slice(SHARE_KEY_PREFIX.length);
		expect(random).toMatch(/^[A-Za-z0-9_-]{32}$/);
		expect(Buffer.from(random, 'base64url')).toHaveLength(24);
		expect(made).toMatchObject({
			name: 'Chat — left',
			widget: 'chat',
			options: 'debug=1',
			lastConnectedAt: null
		});
		expect(made.createdAt).toBeGreaterThanOrEqual(before);
		expect((await listKeys()).map((k) => k.id)).toContain(made.id);
		const links = (await rig.manage('GET', '/__share/links')).json.links;
		expect(links.map((l: { id: string }) => l.id)).not.toContain(made.id);
		expect(rig.companion.shares.listWidgetKeys().map((l) => l.id)).toContain(made.id);
	});

	it('refuses bad input naming the field', async () => {
		const refuse = async (body: object, message: RegExp) =>
			expect(await rig.manage('POST', '/__share/widget-keys', body)).toMatchObject({
				status: 400,
				json: { code: 'invalid_widget_key', message: expect.stringMatching(message) }
			});
		await refuse({ widget: 'chat' }, /name/);
		await refuse({ name: '  ', widget: 'chat' }, /name must not be empty/);
		// The rule beside the field, as data for the builder to say in its language.
		expect(
			(await rig.manage('POST', '/__share/widget-keys', { name: '  ', widget: 'chat' })).json
		).toMatchObject({ kind: 'invalid_field', params: { field: 'name', 'rule:name': 'required' } });
		await refuse({ name: 'x', widget: 'Chat!' }, /widget must be a widget id/);
		await refuse({ name: 'x', widget: 'chat', options: 'a=1#b' }, /options/);
		// A co-streamer's link cannot be made with the widget profile.
		expect(await rig.manage('POST', '/__share/links', { profile: 'widget' })).toMatchObject({
			status: 400,
			json: { message: expect.stringMatching(/profile must be one of/) }
		});
		expect((await rig.manage('DELETE', '/__share/widget-keys/00ff')).status).toBe(404);
	});
});

describe('what a widget key may do', () => {
	let key: string;
	let id: string;
	beforeAll(async () => {
		({ key, id } = await createKey());
	});

	it('reads and gets 403 on every send type but the read widgets make, over HTTP', async () => {
		expect(WIDGET_READS).toEqual(['get-variable-value']);
		for (const path of ['/api/meta', '/api/retrieve?slim=true'])
			expect((await rig.asShare('GET', path, key)).status, path).toBe(200);
		expect(rig.companion.shares.get(id)?.lastConnectedAt).toEqual(expect.any(Number));
		rig.sim.sim.clearLog();
		for (const type of SEND_TYPES) {
			const answer = await rig.send(key, type, SEND_SAMPLES[type]);
			if (WIDGET_READS.includes(type)) expect(answer.status, type).toBe(200);
			else
				expect(answer, type).toMatchObject({
					status: 403,
					json: { code: 'not_allowed_by_share', message: expect.stringContaining('Widget') }
				});
		}
		const forwarded = rig.sim.sim.requestLog.filter((e) => e.type).map((e) => e.type);
		expect([...new Set(forwarded)]).toEqual(['get-variable-value']);
	});

	it('the same over the websocket, where subscribe and retrieve pass', async () => {
		const socket = await rig.openShareSocket(key);
		socket.send({ subscribe: [], context: 'sub' });
		expect(await socket.reply('sub')).toMatchObject({ event: 'socketapi:subscribed' });
		socket.send({ retrieve: true, context: 'ret' });
		expect(await socket.reply('ret')).toMatchObject({ event: 'socketapi:retrieve' });
		for (const [i, type] of SEND_TYPES.entries()) {
			socket.send({ type, params: SEND_SAMPLES[type], context: `t${i}` });
			const reply = await socket.reply(`t${i}`);
			if (WIDGET_READS.includes(type)) expect(reply.status, type).toBe(200);
			else expect(reply, type).toMatchObject({ status: 403, code: 'not_allowed_by_share' });
		}
		socket.close();
	});

	it('no answer or page served to it holds the token', async () => {
		const page = await rig.asShare('GET', '/widget.html', key);
		expect(page.status).toBe(200);
		expect(page.body).not.toContain(rig.realToken);
		rig.assertNoLeak();
	});
});

describe('rename, regenerate and revoke, live', () => {
	it('renames a key; its key and sockets stay', async () => {
		const made = await createKey('Goal');
		const socket = await rig.openShareSocket(made.key);
		const renamed = await rig.manage('PATCH', `/__share/widget-keys/${made.id}`, {
			name: 'Goal — subs'
		});
		expect(renamed.json).toMatchObject({ id: made.id, key: made.key, name: 'Goal — subs' });
		// The builder keeps the options the key's URL carries as the form changes.
		const moved = await rig.manage('PATCH', `/__share/widget-keys/${made.id}`, {
			options: 'current=subs&target=50'
		});
		expect(moved.json).toMatchObject({ name: 'Goal — subs', options: 'current=subs&target=50' });
		expect((await rig.manage('PATCH', `/__share/widget-keys/${made.id}`, {})).json.message).toMatch(
			/send a name or options/
		);
		socket.send({ retrieve: true, context: 'still' });
		await socket.reply('still');
		socket.close();
	});

	it('regenerating stops the old URL at once: its socket closes before any further message, and its requests get 401', async () => {
		const made = await createKey('Timer');
		const socket = await rig.openShareSocket(made.key);
		socket.send({ retrieve: true, context: 'before' });
		await socket.reply('before');
		let fresh!: Awaited<ReturnType<typeof rig.manage>>;
		await closesBeforeNextMessage(socket, async () => {
			fresh = await rig.manage('POST', `/__share/widget-keys/${made.id}/regenerate`);
		});
		expect(fresh.json).toMatchObject({ id: made.id, name: 'Timer' });
		expect(fresh.json.key).not.toBe(made.key);
		expect(await rig.asShare('GET', '/api/meta', made.key)).toMatchObject({
			status: 401,
			json: { code: 'share_link_unknown', message: expect.stringMatching(/unknown or was revoked/) }
		});
		await expect(rig.openShareSocket(made.key)).rejects.toMatchObject({ status: 401 });
		expect((await rig.asShare('GET', '/api/meta', fresh.json.key)).status).toBe(200);
	});

	it('revoking gets 401 naming the cause, and closes its socket before any further message', async () => {
		const made = await createKey('Counter');
		const socket = await rig.openShareSocket(made.key);
		await closesBeforeNextMessage(socket, async () =>
			expect(await rig.manage('DELETE', `/__share/widget-keys/${made.id}`)).toMatchObject({
				status: 200,
				json: { revoked: made.id }
			})
		);
		expect(await rig.asShare('GET', '/api/meta', made.key)).toMatchObject({
			status: 401,
			json: { message: expect.stringMatching(/revoked/) }
		});
		expect((await listKeys()).map((k) => k.id)).not.toContain(made.id);
	});
});

describe('bad keys', () => {
	it('unknown and malformed keys get 401 naming the cause, over HTTP and the websocket', async () => {
		const unknown = `${SHARE_KEY_PREFIX}${'B'.repeat(32)}`;
		const malformed = `${SHARE_KEY_PREFIX}short!`;
		expect(await rig.asShare('GET', '/api/meta', unknown)).toMatchObject({
			status: 401,
			json: { code: 'share_link_unknown', message: expect.stringMatching(/unknown or was revoked/) }
		});
		expect(await rig.asShare('GET', '/api/meta', encodeURIComponent(malformed))).toMatchObject({
			status: 401,
			json: {
				code: 'share_key_malformed',
				kind: 'key_malformed',
				message: expect.stringMatching(/malformed/)
			}
		});
		await expect(rig.openShareSocket(malformed)).rejects.toMatchObject({
			status: 401,
			body: { code: 'share_key_malformed' }
		});
	});

	it('failed attempts are counted in the log, never with the key', async () => {
		const guesses = [0, 1, 2].map((i) => `${SHARE_KEY_PREFIX}${String(i).repeat(32)}`);
		for (const guess of guesses) await rig.asShare('GET', '/api/meta', guess);
		// The count is logged at most every 10 s: wait for a line that includes these three.
		await expect
			.poll(
				() =>
					rig.logs
						.map((l) => /Refused share-link and widget-key attempts so far: (\d+)/.exec(l)?.[1])
						.filter(Boolean)
						.map(Number)
						.at(-1) ?? 0,
				{ timeout: 20_000 }
			)
			.toBeGreaterThanOrEqual(5);
		for (const guess of guesses) expect(rig.logs.join('\n')).not.toContain(guess);
		rig.assertNoLeak();
	});
});

describe('a companion that holds no token', () => {
	it("takes the streamer's token for widget keys once the application accepts it; nothing else turns it on", async () => {
		await rig.restartCompanion({ realToken: undefined, tokenFile: `${rig.sharesFile}.token` });
		const keysUrl = `${rig.companion.url}/__share/widget-keys`;
		// "Off" is an answer to the builder's list, with the reason, not an error.
		expect(await http('GET', keysUrl)).toMatchObject({
			status: 200,
			json: { on: false, keys: [], message: expect.stringMatching(/token/) }
		});
		expect(
			await rig.manage('GET', '/__share/widget-keys', undefined, 'not-the-token')
		).toMatchObject({
			status: 200,
			json: { on: false, message: expect.stringMatching(/did not accept/) }
		});
		expect((await http('POST', keysUrl, { body: { name: 'x', widget: 'chat' } })).status).toBe(401);
		expect(rig.companion.sharesOn()).toBe(false);
		// Share links still wait for "Turn share links on".
		expect((await rig.manage('GET', '/__share/links')).status).toBe(409);

		const list = await rig.manage('GET', '/__share/widget-keys');
		expect(list.status).toBe(200);
		expect(list.json.on).not.toBe(false);
		expect(rig.companion.sharesOn()).toBe(true);
		expect(rig.logs.join('\n')).toMatch(/Widget keys: on, with the token of the dashboard/);
		const made = await createKey('Chat — tokenless start', 'chat');
		expect((await rig.asShare('GET', '/api/meta', made.key)).status).toBe(200);
		const socket = await rig.openShareSocket(made.key);
		socket.send({ retrieve: true, context: 'on' });
		expect(await socket.reply('on')).toMatchObject({ event: 'socketapi:retrieve' });
		socket.close();
		// Once it holds the token, only that token manages keys.
		expect(
			(await rig.manage('GET', '/__share/widget-keys', undefined, 'not-the-token')).status
		).toBe(401);
		rig.assertNoLeak();
		await rig.restartCompanion();
	});
});

describe('persistence', () => {
	it('keys survive a restart in the owner-only share-links file, still working', async () => {
		const made = await createKey('Stats — survives');
		expect((await rig.asShare('GET', '/api/meta', made.key)).status).toBe(200);
		const text = readFileSync(rig.sharesFile, 'utf8');
		expect(text).toContain(made.id);
		expect(text).not.toContain(rig.realToken);
		await rig.restartCompanion();
		const listed = (await listKeys()).find((k) => k.id === made.id);
		expect(listed).toMatchObject({
			name: 'Stats — survives',
			widget: 'alert-box',
			options: 'debug=1',
			createdAt: made.createdAt,
			lastConnectedAt: expect.any(Number)
		});
		expect((await rig.asShare('GET', '/api/meta', made.key)).status).toBe(200);
	});
});

describe('in the scene check', () => {
	it('lists a key no open scene uses, then the widget that connects with it, by the key’s name', async () => {
		const made = await createKey('Goal — main scene', 'goal');
		const scene = async () => (await rig.manage('GET', '/__companion/scene')).json;
		const idleIds = (report: { idleKeys: { id: string }[] }) => report.idleKeys.map((k) => k.id);
		expect(idleIds(await scene())).toContain(made.id);
		const socket = await TestSocket.open(`${wsUrl(rig.companion.url, made.key)}&w=goal`);
		socket.send({ retrieve: true, context: 'hello' });
		await socket.reply('hello');
		let report = await scene();
		while (!report.widgets.some((w: { name: string }) => w.name === 'Goal — main scene'))
			report = await scene();
		expect(
			report.widgets.find((w: { name: string }) => w.name === 'Goal — main scene')
		).toMatchObject({ kind: 'goal' });
		expect(idleIds(report)).not.toContain(made.id);
		socket.close();
		await rig.manage('DELETE', `/__share/widget-keys/${made.id}`);
	});
});
