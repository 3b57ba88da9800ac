/**
 * The one reader of the companion's `/__share/` answers, fed what the server itself builds
 * (`linkView`, `grantOf`, `keyRefusal`), so the page's schemas and the server cannot drift apart.
 */
import { describe, expect, it } from 'vitest';
import {
	CreatedAnswerSchema,
	LinksAnswerSchema,
	readShareAnswer,
	RevokedAnswerSchema,
	UNREADABLE_ANSWER,
	WhoamiAnswerSchema
} from '$lib/share/answers';
import { allowedSendTypes } from '$lib/share/profiles';
import { grantOf, type ShareLink } from '../../src/server/share-store';
import { keyRefusal, linkView } from '../../src/server/shares';

const link: ShareLink = {
	id: 'ab12',
	key: 'share_secret',
	label: 'Alex',
	name: 'Alex',
	profile: 'custom',
	types: ['song-request'],
	createdAt: 1_700_000_000_000,
	expiresAt: null,
	lastConnectedAt: null
};
const answer = (status: number, body: unknown) =>
	new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

describe('readShareAnswer', () => {
	it("reads whoami's grant for a share key, without the `share` flag", async () => {
		const read = await readShareAnswer(
			answer(200, { share: true, ...grantOf(link) }),
			WhoamiAnswerSchema
		);
		expect(read).toEqual({
			ok: true,
			data: {
				share: true,
				grant: { ...grantOf(link), allowed: allowedSendTypes('custom', ['song-request']) }
			}
		});
		if (read.ok && read.data.share) expect(read.data.grant).not.toHaveProperty('share');
	});

	it('reads whoami for a token that is not a share key', async () => {
		expect(await readShareAnswer(answer(200, { share: false }), WhoamiAnswerSchema)).toEqual({
			ok: true,
			data: { share: false }
		});
	});

	it('reads the link list, the created link and the revocation as the server sends them', async () => {
		const view = linkView(link, '192.168.1.5:8080');
		const listed = await readShareAnswer(
			answer(200, { links: [view], lanOrigins: ['http://192.168.1.5:8080'] }),
			LinksAnswerSchema
		);
		expect(listed).toMatchObject({
			ok: true,
			data: {
				links: [{ id: 'ab12', path: '/#/?token=share_secret', expired: false }],
				lanOrigins: ['http://192.168.1.5:8080']
			}
		});
		// An older server without lanOrigins still reads, with none.
		expect(await readShareAnswer(answer(200, { links: [] }), LinksAnswerSchema)).toEqual({
			ok: true,
			data: { links: [], lanOrigins: [] }
		});
		expect(
			await readShareAnswer(answer(201, { ...view, lanOrigins: [] }), CreatedAnswerSchema)
		).toMatchObject({ ok: true, data: { id: 'ab12', label: 'Alex' } });
		expect(await readShareAnswer(answer(200, { revoked: 'ab12' }), RevokedAnswerSchema)).toEqual({
			ok: true,
			data: { revoked: 'ab12' }
		});
	});

	it("keeps a refusal's status, code and the server's own message", async () => {
		const refusal = keyRefusal('expired');
		expect(await readShareAnswer(answer(refusal.status, refusal), WhoamiAnswerSchema)).toEqual({
			ok: false,
			status: 401,
			code: 'share_link_expired',
			message: refusal.message,
			said: true,
			// The same refusal as data, for the dashboard to say in its language.
			refusal: { kind: 'key_expired', params: {} }
		});
	});

	it('says so in its own words when a refusal carries no message, or a success does not fit', async () => {
		expect(await readShareAnswer(answer(502, 'Bad gateway'), LinksAnswerSchema)).toEqual({
			ok: false,
			status: 502,
			message: 'HTTP 502',
			said: false,
			refusal: { kind: 'status', params: { status: 502 } }
		});
		const unreadable = {
			ok: false,
			status: 200,
			message: UNREADABLE_ANSWER,
			said: false,
			refusal: { kind: 'unreadable', params: {} }
		};
		for (const body of ['not json', { links: 'none' }, null])
			expect(await readShareAnswer(answer(200, body), LinksAnswerSchema)).toEqual(unreadable);
		for (const body of [{ share: true, id: 'ab12' }, { share: 'yes' }])
			expect(await readShareAnswer(answer(200, body), WhoamiAnswerSchema)).toEqual(unreadable);
		expect(
			await readShareAnswer(
				answer(200, {
					id: 'ab12',
					label: 'Alex',
					profile: 'admin',
					types: [],
					allowed: [],
					expiresAt: null,
					createdAt: 1,
					expired: false,
					path: '/'
				}),
				CreatedAnswerSchema
			)
		).toMatchObject({ ok: false, said: false });
	});
});
