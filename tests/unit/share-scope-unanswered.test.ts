/**
 * A share link that could not be checked says so the same way whether whoami went unanswered or the
 * check's own chunk could not be fetched (offline, a newer build): ShareScope alone sets that state.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ConnectionSettings } from '$lib/client/settings';

// Neither chunk arrives here: the refusal is said by the English the scope itself gives it.
vi.mock('$lib/app/share-check', () => {
	throw new Error('chunk not fetched');
});
vi.mock('$lib/app/reason-words', () => {
	throw new Error('chunk not fetched');
});

const settings: ConnectionSettings = {
	token: 'share_abc',
	host: '192.168.1.5',
	port: 39280,
	secure: false,
	demo: false
};

describe('ShareScope without an answer', () => {
	it('refuses with the link’s own words when its check cannot be fetched, and asks nothing', async () => {
		const { ShareScope } = await import('$lib/app/share-scope.svelte');
		const fetch = vi.fn(async () => new Response('{}'));
		const scope = new ShareScope(settings, { fetch, companion: true });
		await expect
			.poll(() => scope.refusal)
			.toBe('the share link could not be checked: the companion server did not answer');
		expect(scope.reasonFor('song-request')).toBe(scope.refusal);
		expect(scope.hides(['song-request'])).toBe(true);
		expect(fetch).not.toHaveBeenCalled();
		scope.destroy();
	});
});
