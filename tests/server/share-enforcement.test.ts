/** A share key can do exactly what its profile allows: every send type, over REST and the websocket. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEND_TYPES } from '../../src/lib/protocol';
import { allowedSendTypes, type ShareProfile } from '../../src/lib/share/profiles';
import { SEND_SAMPLES, SMUGGLED_ACTIONS } from './send-samples';
import { startShareRig, type ShareRig } from './share-rig';

let rig: ShareRig;
beforeAll(async () => {
	rig = await startShareRig();
});
afterAll(async () => {
	await rig?.close();
});

const PROFILES: { profile: ShareProfile; types?: string[] }[] = [
	{ profile: 'read-only' },
	{ profile: 'music' },
	{ profile: 'moderation' },
	{ profile: 'custom', types: ['tts', 'hex-color', 'clear-chat'] }
];
const NOT_ALLOWED = { status: 403, code: 'not_allowed_by_share' };
const forwardedTypes = (transport: 'http' | 'ws') =>
	[
		...new Set(
			rig.sim.sim.requestLog.filter((e) => e.transport === transport && e.type).map((e) => e.type!)
		)
	].sort();

describe.each(PROFILES)('a $profile link', ({ profile, types }) => {
	let key: string;
	let allowed: string[];
	beforeAll(async () => {
		const link = await rig.createLink({ label: `${profile} test`, profile, types });
		key = link.key;
		allowed = link.allowed;
		expect(allowed).toEqual(allowedSendTypes(profile, types));
	});

	it('over REST: every allowed type reaches the application, every other one answers 403', async () => {
		rig.sim.sim.clearLog();
		for (const type of SEND_TYPES) {
			const answer = await rig.send(key, type, SEND_SAMPLES[type]);
			if (allowed.includes(type)) expect(answer.json?.code, type).not.toBe('not_allowed_by_share');
			else
				expect(answer, type).toMatchObject({
					status: 403,
					json: { ...NOT_ALLOWED, message: expect.stringContaining(type) }
				});
		}
		expect(forwardedTypes('http')).toEqual([...allowed].sort());
	});

	it('over the websocket: the same, frame by frame', async () => {
		const socket = await rig.openShareSocket(key);
		rig.sim.sim.clearLog();
		const replies = SEND_TYPES.map((type, i) => {
			socket.send({ type, params: SEND_SAMPLES[type], context: `${profile}-${i}` });
			return socket.reply(`${profile}-${i}`).then((reply) => ({ type, reply }));
		});
		// Refused frames without a context are dropped silently, never forwarded.
		for (const type of SEND_TYPES)
			if (!allowed.includes(type)) socket.send({ type, params: SEND_SAMPLES[type] });
		for (const { type, reply } of await Promise.all(replies)) {
			expect(reply.event, type).toBe('socketapi:response');
			if (allowed.includes(type)) expect(reply.code, type).not.toBe('not_allowed_by_share');
			else
				expect(reply, type).toMatchObject({ ...NOT_ALLOWED, error: expect.stringContaining(type) });
		}
		socket.send({ retrieve: true, slim: true, context: 'after' });
		await socket.reply('after');
		expect(forwardedTypes('ws')).toEqual([...allowed].sort());
		socket.close();
	});

	it('run-actions never passes, whatever it carries', async () => {
		rig.sim.sim.clearLog();
		const socket = await rig.openShareSocket(key);
		for (const [i, actions] of SMUGGLED_ACTIONS.entries()) {
			expect(await rig.send(key, 'run-actions', { actions })).toMatchObject({
				status: 403,
				json: NOT_ALLOWED
			});
			socket.send({ type: 'run-actions', params: { actions }, context: `smuggle-${i}` });
			expect(await socket.reply(`smuggle-${i}`)).toMatchObject(NOT_ALLOWED);
		}
		socket.close();
		expect(rig.sim.sim.requestLog.filter((e) => e.type === 'run-actions')).toEqual([]);
	});

	it('reads the setup, meta and premium, and receives live events', async () => {
		for (const path of ['/api/retrieve', '/api/retrieve?slim=true', '/api/meta', '/api/premium'])
			expect((await rig.asShare('GET', path, key)).status, path).toBe(200);
		const socket = await rig.openShareSocket(key);
		socket.send({ retrieve: true, slim: true, context: 'r' });
		expect(await socket.reply('r')).toMatchObject({ event: 'socketapi:retrieve' });
		socket.send({ subscribe: [], context: 's' });
		expect(await socket.reply('s')).toMatchObject({ event: 'socketapi:subscribed' });
		rig.sim.sim.emit({
			origin: 'alpha',
			type: 'chat',
			data: { message: `hello ${profile}`, extraSettings: { username: 'x', messageId: profile } }
		});
		expect(
			await socket.next((f) => f.type === 'chat' && f.data.message === `hello ${profile}`)
		).toBeTruthy();
		socket.close();
	});
});

describe('what a share key forwards', () => {
	it('the parsed params, over REST and the websocket: names trimmed, defaults filled in', async () => {
		const { key } = await rig.createLink({ profile: 'custom', types: ['hex-color'] });
		const socket = await rig.openShareSocket(key);
		rig.sim.sim.clearLog();
		expect((await rig.send(key, 'hex-color', { value: '#00ff88' })).status).toBe(200);
		expect((await rig.send(key, 'get-variable-value', { name: '  deaths  ' })).status).toBe(200);
		socket.send({
			type: 'hex-color',
			params: { value: '#0088ff', brightness: 40 },
			context: 'parsed'
		});
		expect(await socket.reply('parsed')).toMatchObject({ status: 200 });
		socket.close();
		expect(
			rig.sim.sim.requestLog.filter((e) => e.type).map((e) => [e.transport, e.type, e.params])
		).toEqual([
			['http', 'hex-color', { value: '#00ff88', brightness: 100, transition: 0, duration: 4000 }],
			['http', 'get-variable-value', { name: 'deaths' }],
			['ws', 'hex-color', { value: '#0088ff', brightness: 40, transition: 0, duration: 4000 }]
		]);
	});
});

describe('the share gate stays strict while the application is lenient', () => {
	it('an undocumented param, a numeric string or a truthy string never reaches the application (REST and websocket)', async () => {
		const { key } = await rig.createLink({
			profile: 'custom',
			types: ['tts', 'set-command-state']
		});
		const socket = await rig.openShareSocket(key);
		rig.sim.sim.clearLog();
		const attempts: [string, Record<string, unknown>, string][] = [
			['tts', { value: 'hi', sneaky: 'x' }, 'params.sneaky'],
			['tts', { value: 'hi', volume: '80' }, 'params.volume'],
			['set-command-state', { name: 'lurk', value: 'false' }, 'params.value']
		];
		for (const [i, [type, params, field]] of attempts.entries()) {
			const answer = await rig.send(key, type, params);
			expect(answer.status, `${type} ${JSON.stringify(params)}`).toBe(400);
			expect(answer.body).toContain(field);
			socket.send({ type, params, context: `strict-${i}` });
			expect(await socket.reply(`strict-${i}`)).toMatchObject({
				status: 400,
				error: expect.stringContaining(field)
			});
		}
		// Only what the gate checked and re-serialised is forwarded: here, nothing at all.
		expect((await rig.send(key, 'tts', { value: 'fine' })).status).toBe(200);
		socket.close();
		expect(rig.sim.sim.requestLog.filter((e) => e.type).map((e) => [e.type, e.params])).toEqual([
			['tts', { value: 'fine' }]
		]);
		expect(rig.sim.sim.requestLog.some((e) => e.lint)).toBe(false);
	});
});

describe('smuggling attempts with a read-only key', () => {
	let key: string;
	beforeAll(async () => {
		key = (await rig.createLink({ profile: 'read-only' })).key;
	});

	it('refuses other paths, methods and spellings without forwarding them', async () => {
		rig.sim.sim.clearLog();
		const body = { type: 'get-variable-value', params: { name: 'deaths' } };
		for (const [method, path] of [
			['GET', '/api/send'],
			['POST', '/api/mcp'],
			['POST', '/api/send/'],
			['POST', '/api//send'],
			['POST', '/api/%73end'],
			['POST', '/api/retrieve'],
			['DELETE', '/api/meta']
		] as const)
			expect(await rig.asShare(method, path, key, body), `${method} ${path}`).toMatchObject({
				status: 403,
				json: NOT_ALLOWED
			});
		expect(rig.sim.sim.requestLog).toEqual([]);
	});

	it('checks what the application will parse: duplicate keys, extra params, bad JSON', async () => {
		rig.sim.sim.clearLog();
		const duplicate = '{"type":"get-variable-value","params":{"name":"deaths"},"type":"ban-user"}';
		expect(await rig.asShare('POST', '/api/send', key, duplicate)).toMatchObject({
			status: 403,
			json: NOT_ALLOWED
		});
		const extra = {
			type: 'get-variable-value',
			params: { name: 'deaths', actions: SMUGGLED_ACTIONS[0] }
		};
		expect(await rig.asShare('POST', '/api/send', key, extra)).toMatchObject({
			status: 400,
			json: { code: 'invalid_params' }
		});
		expect(await rig.asShare('POST', '/api/send', key, 'not json')).toMatchObject({ status: 400 });
		expect(await rig.asShare('POST', '/api/send', key, [body()])).toMatchObject({ status: 400 });
		expect(rig.sim.sim.requestLog).toEqual([]);
		function body() {
			return { type: 'get-variable-value', params: { name: 'x' } };
		}
	});

	it('forwards only the three client messages over the socket', async () => {
		const socket = await rig.openShareSocket(key);
		rig.sim.sim.clearLog();
		socket.send('hello');
		socket.send('{"ping":true}');
		socket.ws.send(Buffer.from('{"type":"get-variable-value","params":{"name":"x"}}'), {
			binary: true
		});
		socket.send({ subscribe: ['chat'], type: 'ban-user', context: 'mixed' });
		expect(await socket.reply('mixed')).toMatchObject({ status: 400, code: 'invalid_message' });
		socket.send(
			'{"type":"get-variable-value","params":{"name":"x"},"context":"dup","type":"ban-user"}'
		);
		expect(await socket.reply('dup')).toMatchObject(NOT_ALLOWED);
		socket.send({ type: 'get-variable-value', params: { name: 'deaths' }, context: 'ok' });
		expect(await socket.reply('ok')).toMatchObject({ status: 200 });
		expect(rig.sim.sim.requestLog.map((e) => e.type)).toEqual(['get-variable-value']);
		socket.close();
	});

	it('never shows the real token to a share holder or in a log line', () => {
		rig.assertNoLeak();
	});
});
