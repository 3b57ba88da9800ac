/**
 * The companion's one rule for "is this the streamer's token?" (src/server/streamer-token.ts), used by
 * the shared deck, the scene check and share management alike.
 */
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRUST_MS, streamerTokenCheck } from '../../src/server/streamer-token';

const request = (token?: string, bearer?: string) =>
	({
		url: token === undefined ? '/x' : `/x?token=${encodeURIComponent(token)}`,
		headers: bearer ? { authorization: `Bearer ${bearer}` } : {}
	}) as IncomingMessage;

function checker(held: string | undefined, answers: Record<string, number | undefined>) {
	const asked: string[] = [];
	const check = streamerTokenCheck({
		held: () => held,
		probe: async (token) => {
			asked.push(token);
			return answers[token];
		}
	});
	return { check, asked };
}

afterEach(() => vi.useRealTimers());

describe('streamerTokenCheck', () => {
	it('a share key or widget key never is; no token is missing', async () => {
		const { check, asked } = checker(undefined, {});
		expect(await check(request('share_abc'))).toEqual({ ok: false, reason: 'share-key' });
		expect(await check(request('real', 'share_abc'))).toEqual({ ok: false, reason: 'share-key' });
		expect(await check(request())).toEqual({ ok: false, reason: 'missing' });
		expect(asked).toEqual([]);
	});

	it('while the companion holds a token, that one and no other, without asking the application', async () => {
		const { check, asked } = checker('held', { other: 200 });
		expect(await check(request('held'))).toEqual({ ok: true, token: 'held' });
		expect(await check(request(undefined, 'held'))).toEqual({ ok: true, token: 'held' });
		expect(await check(request('other'))).toEqual({ ok: false, reason: 'rejected' });
		expect(asked).toEqual([]);
	});

	it('holding none, a token the application accepts, asked once per TRUST_MS', async () => {
		vi.useFakeTimers({ toFake: ['Date'] });
		const { check, asked } = checker(undefined, { real: 200, wrong: 401 });
		expect(await check(request('real'))).toEqual({ ok: true, token: 'real' });
		expect(await check(request('real'))).toEqual({ ok: true, token: 'real' });
		expect(asked).toEqual(['real']);
		vi.setSystemTime(Date.now() + TRUST_MS + 1);
		expect(await check(request('real'))).toEqual({ ok: true, token: 'real' });
		expect(asked).toEqual(['real', 'real']);
		expect(await check(request('wrong'))).toEqual({ ok: false, reason: 'rejected' });
		expect(await check(request('wrong'))).toEqual({ ok: false, reason: 'rejected' });
		expect(asked.filter((t) => t === 'wrong')).toHaveLength(2);
		expect(await check(request('nobody-answers'))).toEqual({ ok: false, reason: 'unreachable' });
	});
});
