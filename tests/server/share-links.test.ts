/** Managing share links: the API behind the real token, revocation, expiry, restarts, the file. */
import { readFileSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG, SEND_TYPES } from '../../src/lib/protocol';
import { SHARE_KEY_PREFIX } from '../../src/lib/share/profiles';
import { http } from './helpers';
import { startShareRig, type ShareRig } from './share-rig';

let rig: ShareRig;
beforeAll(async () => {
	rig = await startShareRig();
});
afterAll(async () => {
	await rig?.close();
});

describe('share management API', () => {
	it('needs the real token, as a Bearer header or ?token=', async () => {
		expect((await http('GET', `${rig.companion.url}/__share/links`)).status).toBe(401);
		expect((await rig.manage('GET', '/__share/links', undefined, 'wrong')).status).toBe(401);
		expect(
			(await http('GET', `${rig.companion.url}/__share/links?token=${rig.realToken}`)).status
		).toBe(200);
		const key = (await rig.createLink({ profile: 'moderation' })).key;
		expect((await rig.manage('GET', '/__share/links', undefined, key)).status).toBe(401);
	});

	it('creates a link carrying only its own random key, and lists it', async () => {
		const link = await rig.createLink({
			label: 'Mod Sam',
			profile: 'moderation',
			expiresInMinutes: 60
		});
		expect(link.key.startsWith(SHARE_KEY_PREFIX)).toBe(true);
		expect(link.key.slice(SHARE_KEY_PREFIX.length)).toMatch(/^[A-Za-z0-9_-]{22,}$/);
		expect(link.path).toBe(`/#/?token=${link.key}`);
		expect(link.url).toBe(`${rig.companion.url}/#/?token=${link.key}`);
		expect(link).toMatchObject({
			label: 'Mod Sam',
			profile: 'moderation',
			expired: false,
			expiresAt: expect.any(Number)
		});
		const other = await rig.createLink({ profile: 'moderation' });
		expect(other.key).not.toBe(link.key);
		const listed = (await rig.manage('GET', '/__share/links')).json;
		expect(listed.links).toContainEqual(
			expect.objectContaining({
				id: link.id,
				key: link.key,
				label: 'Mod Sam',
				createdAt: expect.any(Number)
			})
		);
		// Listening on loopback only: no LAN origin to offer.
		expect(listed.lanOrigins).toEqual([]);
	});

	it('refuses bad links with clear messages', async () => {
		// Each with its kind and values beside the English, for the Share page to say in its language.
		const refuse = async (body: object, message: RegExp, kind: object) =>
			expect(await rig.manage('POST', '/__share/links', body)).toMatchObject({
				status: 400,
				json: { code: 'invalid_link', message: expect.stringMatching(message), ...kind }
			});
		await refuse({ profile: 'admin' }, /profile must be one of/, {
			kind: 'invalid_field',
			params: {
				field: 'profile',
				'rule:profile': 'one_of',
				'options:profile': expect.stringContaining('moderation')
			}
		});
		await refuse(
			{ profile: 'custom', types: ['tts', 'run-actions'] },
			/run-actions can never be shared/,
			{ kind: 'never_shared', params: { type: 'run-actions' } }
		);
		await refuse({ profile: 'custom' }, /non-empty list/, { kind: 'no_types' });
		await refuse({ profile: 'custom', types: ['reboot'] }, /not a send type/, {
			kind: 'not_a_type',
			params: { type: 'reboot' }
		});
		await refuse({ profile: 'music', types: ['ban-user'] }, /custom profile/, {
			kind: 'fixed_types',
			params: { profile: 'music' }
		});
		// The rule the field broke rides beside it, as data.
		await refuse({ profile: 'music', expiresInMinutes: -5 }, /more than 0/, {
			kind: 'invalid_field',
			params: {
				field: 'expiresInMinutes',
				'rule:expiresInMinutes': 'more_than',
				'min:expiresInMinutes': 0
			}
		});
		expect(await rig.manage('DELETE', '/__share/links/00ff')).toMatchObject({
			status: 404,
			json: { code: 'not_found', kind: 'no_share_link', message: 'no share link has this id' }
		});
		expect(await rig.manage('PUT', '/__share/nothing')).toMatchObject({
			status: 404,
			json: {
				code: 'not_found',
				kind: 'no_share_api',
				params: { method: 'PUT', path: '/__share/nothing' },
				message: 'no share API at PUT /__share/nothing'
			}
		});
	});

	it('tells a page opened through a link what it may do (whoami)', async () => {
		const link = await rig.createLink({ profile: 'custom', types: ['tts'] });
		const me = await rig.asShare('GET', '/__share/whoami', link.key);
		expect(me.json).toMatchObject({
			share: true,
			profile: 'custom',
			types: ['tts'],
			expiresAt: null
		});
		expect(me.json.allowed.sort()).toEqual(
			[...SEND_TYPES.filter((t) => CATALOG[t].readOnly), 'tts'].sort()
		);
		expect(me.json.key).toBeUndefined();
		expect((await http('GET', `${rig.companion.url}/__share/whoami?token=whatever`)).json).toEqual({
			share: false
		});
		expect(
			(await rig.asShare('GET', '/__share/whoami', `${SHARE_KEY_PREFIX}${'x'.repeat(32)}`)).status
		).toBe(401);
	});
});

describe('unknown, revoked and expired keys', () => {
	it('an unknown key gets 401 on REST and a refused upgrade', async () => {
		const unknown = `${SHARE_KEY_PREFIX}${'A'.repeat(32)}`;
		expect(await rig.send(unknown, 'get-variable-value', { name: 'x' })).toMatchObject({
			status: 401,
			json: {
				code: 'share_link_unknown',
				kind: 'key_unknown',
				message: 'This share link is unknown or was revoked; ask the streamer for a new one.'
			}
		});
		await expect(rig.openShareSocket(unknown)).rejects.toMatchObject({
			status: 401,
			body: {
				status: 401,
				code: 'share_link_unknown',
				message: expect.stringMatching(/unknown or was revoked/)
			}
		});
	});

	it('revocation takes effect at once, open sockets included', async () => {
		const link = await rig.createLink({ profile: 'music' });
		const socket = await rig.openShareSocket(link.key);
		socket.send({ retrieve: true, context: 'before' });
		await socket.reply('before');
		expect((await rig.send(link.key, 'song-request', { action: 'skip' })).status).toBe(200);
		expect(await rig.manage('DELETE', `/__share/links/${link.id}`)).toMatchObject({
			status: 200,
			json: { revoked: link.id }
		});
		expect(await socket.closed).toEqual({ code: 1008, reason: 'share link revoked' });
		expect(await rig.send(link.key, 'song-request', { action: 'skip' })).toMatchObject({
			status: 401
		});
		expect((await rig.asShare('GET', '/api/meta', link.key)).status).toBe(401);
		await expect(rig.openShareSocket(link.key)).rejects.toMatchObject({ status: 401 });
		expect(
			(await rig.manage('GET', '/__share/links')).json.links.map((l: { id: string }) => l.id)
		).not.toContain(link.id);
	});

	it('expiry takes effect at once, open sockets included', async () => {
		const link = await rig.createLink({ profile: 'read-only', expiresInMinutes: 0.05 });
		const socket = await rig.openShareSocket(link.key);
		socket.send({ retrieve: true, context: 'live' });
		await socket.reply('live');
		// Waits for the event itself; no timing is asserted.
		expect(await socket.closed).toEqual({ code: 1008, reason: 'share link expired' });
		expect(await rig.asShare('GET', '/api/meta', link.key)).toMatchObject({
			status: 401,
			json: { code: 'share_link_expired', kind: 'key_expired' }
		});
		await expect(rig.openShareSocket(link.key)).rejects.toMatchObject({
			status: 401,
			body: { code: 'share_link_expired' }
		});
		const listed = (await rig.manage('GET', '/__share/links')).json.links.find(
			(l: { id: string }) => l.id === link.id
		);
		expect(listed).toMatchObject({ expired: true });
	});
});

describe('persistence', () => {
	it('links survive a restart, in an owner-only file without the real token', async () => {
		const link = await rig.createLink({
			label: 'survivor',
			profile: 'custom',
			types: ['hex-color']
		});
		await rig.restartCompanion();
		const list = (await rig.manage('GET', '/__share/links')).json.links;
		expect(list).toContainEqual(
			expect.objectContaining({
				id: link.id,
				key: link.key,
				profile: 'custom',
				types: ['hex-color']
			})
		);
		expect((await rig.send(link.key, 'hex-color', { value: '#123456' })).status).toBe(200);
		expect(statSync(rig.sharesFile).mode & 0o777).toBe(0o600);
		expect(readFileSync(rig.sharesFile, 'utf8')).not.toContain(rig.realToken);
	});

	it('without a real token, share management answers 409 and keys cannot be used', async () => {
		const link = await rig.createLink({ profile: 'read-only' });
		await rig.restartCompanion({ realToken: undefined });
		try {
			const answer = await http('GET', `${rig.companion.url}/__share/links`);
			expect(answer).toMatchObject({
				status: 409,
				json: { message: 'start the server with --token or STREAM_TOKEN to create share links' }
			});
			expect((await rig.asShare('GET', '/api/meta', link.key)).status).toBe(409);
			await expect(rig.openShareSocket(link.key)).rejects.toMatchObject({
				status: 409,
				body: { code: 'no_real_token' }
			});
		} finally {
			await rig.restartCompanion();
		}
	});

	it('never shows the real token to a share holder or in a log line', () => {
		rig.assertNoLeak();
	});
});
