/**
 * Turning share links on from the dashboard, without a restart: the token comes from this PC only,
 * is checked with the application, kept in memory, and saved (owner-only) only when asked; the
 * companion's LAN addresses for the pairing QR.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompanion } from '../../src/server/companion';
import { lanAddresses } from '../../src/server/lan';
import { http, startRig, TestSocket, wsUrl, type Rig } from './helpers';

let rig: Rig;
let tokenFile: string;
const manage = (method: string, path: string, token?: string, body?: object) =>
	http(method, rig.companion.url + path, {
		headers: token ? { authorization: `Bearer ${token}` } : {},
		body
	});

beforeAll(async () => {
	rig = await startRig({ realToken: undefined });
	tokenFile = join(dirname(rig.sharesFile), '.stream-token');
});
afterAll(async () => {
	await rig?.close();
});

describe('turning share links on beside an older application (no /api/meta)', () => {
	let old: Rig;
	beforeAll(async () => {
		old = await startRig({ realToken: undefined }, 'legacy');
	});
	afterAll(async () => old?.close());
	const turnOn = (token: string) =>
		http('POST', `${old.companion.url}/__share/token`, {
			headers: { authorization: `Bearer ${token}` },
			body: { remember: false }
		});

	it('checks the token on /api/retrieve instead: a wrong one is refused, the real one turns links on', async () => {
		expect((await http('GET', `${old.sim.url}/api/meta?token=${old.realToken}`)).status).toBe(404);
		expect(await turnOn('not-the-token')).toMatchObject({
			status: 401,
			json: { code: 'token_rejected' }
		});
		expect(old.companion.sharesOn()).toBe(false);
		expect(await turnOn(old.realToken)).toMatchObject({ status: 200, json: { on: true } });
		expect(old.companion.sharesOn()).toBe(true);
	});
});

describe('turning share links on from the dashboard', () => {
	it('starts off: the share API answers 409', async () => {
		expect(rig.companion.sharesOn()).toBe(false);
		expect((await manage('GET', '/__share/links', rig.realToken)).status).toBe(409);
	});

	it('refuses a missing or wrong token, naming the problem, and stays off', async () => {
		expect(await manage('POST', '/__share/token', undefined, {})).toMatchObject({
			status: 400,
			json: { code: 'token_missing' }
		});
		expect(await manage('POST', '/__share/token', 'not-the-token', {})).toMatchObject({
			status: 401,
			json: { code: 'token_rejected', message: expect.stringMatching(/rejected this token/) }
		});
		expect(
			await manage('POST', '/__share/token', rig.realToken, { remember: 'yes' })
		).toMatchObject({ status: 400, json: { message: 'remember must be true or false' } });
		expect(rig.companion.sharesOn()).toBe(false);
	});

	it('with the real token: on at once, kept in memory only; links work over REST and the websocket', async () => {
		expect(
			await manage('POST', '/__share/token', rig.realToken, { remember: false })
		).toMatchObject({ status: 200, json: { on: true, remembered: false } });
		expect(rig.companion.sharesOn()).toBe(true);
		expect(existsSync(tokenFile)).toBe(false);
		const created = await manage('POST', '/__share/links', rig.realToken, {
			label: 'Mods',
			profile: 'moderation'
		});
		expect(created.status).toBe(201);
		const key: string = created.json.key;
		rig.sim.sim.clearLog();
		const line = await http('POST', `${rig.companion.url}/api/send?token=${key}`, {
			body: { type: 'chatbot-message', params: { value: 'hello from a mod' } }
		});
		expect(line.status).toBe(200);
		expect(rig.sim.sim.requestLog.filter((r) => r.type === 'chatbot-message')).toMatchObject([
			{ params: { value: 'hello from a mod' }, status: 200 }
		]);
		const socket = await TestSocket.open(wsUrl(rig.companion.url, key));
		socket.send({ retrieve: true, slim: true, context: 'r' });
		expect((await socket.reply('r')).context).toBe('r');
		socket.close();
	});

	it('another token cannot replace the one in use', async () => {
		expect(await manage('POST', '/__share/token', 'someone-else', {})).toMatchObject({
			status: 409,
			json: { code: 'other_token' }
		});
	});

	it('saves the token owner-only when asked; the next start has share links on', async () => {
		expect(await manage('POST', '/__share/token', rig.realToken, { remember: true })).toMatchObject(
			{ status: 200, json: { remembered: true } }
		);
		expect(readFileSync(tokenFile, 'utf8').trim()).toBe(rig.realToken);
		if (process.platform !== 'win32') expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
		await rig.restartCompanion({ realToken: undefined });
		expect(rig.companion.sharesOn()).toBe(true);
		expect((await manage('GET', '/__share/links', rig.realToken)).status).toBe(200);
		// Asked again without remember: the file goes.
		expect(
			(await manage('POST', '/__share/token', rig.realToken, { remember: false })).status
		).toBe(200);
		expect(existsSync(tokenFile)).toBe(false);
	});

	it('a saved token the application no longer takes leaves share links off, and says so', async () => {
		writeFileSync(tokenFile, 'an-old-token\n', { mode: 0o600 });
		await rig.restartCompanion({ realToken: undefined });
		expect(rig.companion.sharesOn()).toBe(false);
		expect(rig.logs.some((l) => /was rejected: share links are off/.test(l))).toBe(true);
		expect((await manage('GET', '/__share/links', rig.realToken)).status).toBe(409);
	});

	it('never puts the token in a log line', () => {
		expect(rig.logs.length).toBeGreaterThan(0);
		expect(rig.logs.filter((l) => l.includes(rig.realToken) || l.includes('an-old-token'))).toEqual(
			[]
		);
	});

	const lan = lanAddresses()[0];
	it.skipIf(!lan)('refuses a request that does not come from this PC (a LAN address)', async () => {
		const open = await startCompanion({
			port: 0,
			host: '0.0.0.0',
			api: rig.sim.url,
			buildDir: rig.buildDir,
			sharesFile: join(dirname(rig.sharesFile), 'lan.json'),
			log: () => {}
		});
		try {
			const answer = await http('POST', `http://${lan}:${open.port}/__share/token`, {
				headers: { authorization: `Bearer ${rig.realToken}` },
				body: {}
			});
			expect(answer).toMatchObject({ status: 403, json: { code: 'not_this_pc' } });
			expect(open.sharesOn()).toBe(false);
		} finally {
			await open.close();
		}
	});
});

describe('the LAN addresses for the pairing QR', () => {
	it('lists http://ADDRESS:PORT for each LAN address when listening on every interface, none on loopback only', async () => {
		const open = await startCompanion({
			port: 0,
			host: '0.0.0.0',
			api: rig.sim.url,
			buildDir: rig.buildDir,
			sharesFile: join(dirname(rig.sharesFile), 'pair.json'),
			lanAddresses: () => ['192.168.1.20', '10.0.0.5'],
			log: () => {}
		});
		try {
			const answer = await http('GET', `${open.url}/__companion/lan`);
			expect(answer).toMatchObject({
				status: 200,
				json: { origins: [`http://192.168.1.20:${open.port}`, `http://10.0.0.5:${open.port}`] }
			});
		} finally {
			await open.close();
		}
		expect((await http('GET', `${rig.companion.url}/__companion/lan`)).json).toEqual({
			origins: []
		});
	});
});
