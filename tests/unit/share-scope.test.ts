import { describe, expect, it, vi } from 'vitest';
import { SHARE_REASONS, ShareScope } from '$lib/app/share-scope.svelte';
import type { ConnectionSettings } from '$lib/client/settings';
import { allowedSendTypes } from '$lib/share/profiles';
import { language } from '$lib/app/language.svelte';

const settings = (token: string, demo = false): ConnectionSettings => ({
	token,
	host: '192.168.1.5',
	port: 39280,
	secure: false,
	demo
});
const answer = (status: number, body: unknown) =>
	vi.fn(async () => new Response(JSON.stringify(body), { status }));
/** Until the whoami answer is read (its schemas are fetched first, as a chunk of their own in the page). */
const settled = (scope: ShareScope) =>
	vi.waitFor(() => {
		if (scope.reasonFor('song-request') === SHARE_REASONS.checking)
			throw new Error('still checking');
	});
const grant = {
	share: true,
	id: 'ab12',
	label: 'Alex',
	profile: 'music',
	types: [],
	allowed: allowedSendTypes('music'),
	expiresAt: null
};

describe('ShareScope', () => {
	it('never asks, and never refuses, outside share links', () => {
		const fetch = answer(200, grant);
		for (const scope of [
			new ShareScope(settings('streamer-token'), { fetch, companion: true }),
			new ShareScope(settings('share_abc'), { fetch, companion: false }),
			new ShareScope(settings('share_abc', true), { fetch, companion: true })
		]) {
			expect(scope.isShareLink).toBe(false);
			expect(scope.checking).toBe(false);
			expect(scope.reasonFor('ban-user')).toBeUndefined();
			expect(scope.showsPage({ groups: [] })).toBe(true);
		}
		expect(fetch).not.toHaveBeenCalled();
	});

	it("asks whoami with the key in a header, then allows only the link's types", async () => {
		const fetch = answer(200, grant);
		const scope = new ShareScope(settings('share_abc'), { fetch, companion: true });
		expect(scope.reasonFor('song-request')).toBe(SHARE_REASONS.checking);
		expect(scope.checking).toBe(true);
		await settled(scope);
		expect(scope.checking).toBe(false);
		const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
		expect(url).toBe('http://192.168.1.5:39280/__share/whoami');
		expect(url).not.toContain('share_abc');
		expect(init.headers).toEqual({ authorization: 'Bearer share_abc' });
		expect(scope.grant?.profile).toBe('music');
		expect(scope.reasonFor('song-request')).toBeUndefined();
		expect(scope.reasonFor('get-variable-value')).toBeUndefined();
		expect(scope.reasonFor('ban-user')).toBe(SHARE_REASONS.notAllowed);
		expect(scope.reasonFor('run-actions')).toBe(SHARE_REASONS.notAllowed);
		expect(scope.showsPage({ groups: ['songs'] })).toBe(true);
		expect(scope.showsPage({ groups: ['trigger'] })).toBe(false);
		expect(scope.showsPage({ groups: ['variables'] })).toBe(false);
		expect(scope.showsPage({ groups: ['variables'], readable: true })).toBe(true);
		expect(scope.showsPage({})).toBe(true);
	});

	it('refuses everything with the server message when the key is revoked or expired, or the server is gone', async () => {
		const revoked = new ShareScope(settings('share_abc'), {
			fetch: answer(401, {
				code: 'share_link_unknown',
				kind: 'key_unknown',
				message: 'This share link is unknown or was revoked; ask the streamer for a new one.'
			}),
			companion: true
		});
		await settled(revoked);
		expect(revoked.refusal).toBe(
			'This share link is unknown or was revoked; ask the streamer for a new one.'
		);
		expect(revoked.reasonFor('song-request')).toBe(
			'This share link is unknown or was revoked; ask the streamer for a new one.'
		);
		const gone = new ShareScope(settings('share_abc'), {
			fetch: vi.fn(async () => Promise.reject(new Error('offline'))),
			companion: true
		});
		await settled(gone);
		await expect.poll(() => gone.reasonFor('song-request')).toMatch(/could not be checked/);
	});

	it('stops checking when whoami never answers: the link could not be checked', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		try {
			// A companion that takes the request and never answers: only an abort ends it.
			const fetch = vi.fn(
				(_url: RequestInfo | URL, init?: RequestInit) =>
					new Promise<Response>((_resolve, reject) =>
						init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))
					)
			);
			const held = new ShareScope(settings('share_abc'), { fetch, companion: true });
			await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
			await vi.advanceTimersByTimeAsync(14_000);
			expect(held.checking).toBe(true);
			await vi.advanceTimersByTimeAsync(1_000);
			await vi.waitFor(() => expect(held.refusal).toMatch(/could not be checked/));
			expect(held.checking).toBe(false);
			held.destroy();
		} finally {
			vi.useRealTimers();
		}
	});

	it(
		'says a key’s refusal in the page’s language from the kind the companion names (its code alone is not read)',
		{ timeout: 180_000 },
		async () => {
			await language.choose('de');
			try {
				const expired = new ShareScope(settings('share_abc'), {
					fetch: answer(401, {
						code: 'share_link_expired',
						kind: 'key_expired',
						message: 'This share link has expired; ask the streamer for a new one.'
					}),
					companion: true
				});
				await settled(expired);
				await expect
					.poll(() => expired.refusal)
					.toBe('Dieser Freigabelink ist abgelaufen; bitte den Streamer um einen neuen.');
				// A body without a kind (an older companion) keeps its own English words.
				const older = new ShareScope(settings('share_abc'), {
					fetch: answer(401, { code: 'share_link_unknown', message: 'unknown link' }),
					companion: true
				});
				await settled(older);
				expect(older.refusal).toBe('unknown link');
			} finally {
				await language.choose('en');
			}
		}
	);

	it('treats a token the server does not know as a share key as the streamer', async () => {
		const scope = new ShareScope(settings('share_abc'), {
			fetch: answer(200, { share: false }),
			companion: true
		});
		await settled(scope);
		expect(scope.isShareLink).toBe(false);
		expect(scope.reasonFor('ban-user')).toBeUndefined();
	});
});
