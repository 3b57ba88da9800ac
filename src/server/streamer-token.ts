/**
 * "Is this the streamer's token?": one rule for every companion endpoint that needs it (the shared
 * deck, the scene check and rehearsals, share links and widget keys).
 *
 * - A share link's or widget key's key never is.
 * - While the companion holds a token (`--token`, the saved one, turned on from the dashboard, or its
 *   own simulator's), that token and no other is: share keys are forwarded with it, so a second one
 *   would be a second master.
 * - While it holds none, a token the application accepts is (the application has exactly one). The
 *   answer is kept TRUST_MS, so a dashboard's polls do not ask the application each time, and a token
 *   the streamer resets in the application stops working here within that time.
 */
import type { IncomingMessage } from 'node:http';
import { SHARE_KEY_PREFIX } from '../lib/share/key';
import { hashKey, presentedTokens, sameSecret } from './http-util';

export const TRUST_MS = 30_000;

/** missing: no token; share-key: a share key where the token is needed; rejected: not the streamer's; unreachable: the application could not be asked. */
export type TokenRefusal = 'missing' | 'share-key' | 'rejected' | 'unreachable';
export type TokenVerdict = { ok: true; token: string } | { ok: false; reason: TokenRefusal };

export interface StreamerTokenDeps {
	/** The token the companion holds, if any. */
	held: () => string | undefined;
	/** The HTTP status the application answers this token with (undefined: nothing answered). */
	probe: (token: string) => Promise<number | undefined>;
}

export type StreamerCheck = (req: IncomingMessage) => Promise<TokenVerdict>;

/** One checker per companion: its remembered answers are shared by every endpoint. */
export function streamerTokenCheck(deps: StreamerTokenDeps): StreamerCheck {
	const trusted = new Map<string, number>();
	return async (req) => {
		const presented = presentedTokens(req);
		if (presented.some((t) => t.startsWith(SHARE_KEY_PREFIX)))
			return { ok: false, reason: 'share-key' };
		const token = presented.find((t) => t.length > 0);
		if (token === undefined) return { ok: false, reason: 'missing' };
		const held = deps.held();
		if (held !== undefined)
			return sameSecret(token, held) ? { ok: true, token } : { ok: false, reason: 'rejected' };
		const digest = hashKey(token);
		if ((trusted.get(digest) ?? 0) > Date.now()) return { ok: true, token };
		const status = await deps.probe(token);
		if (status === undefined) return { ok: false, reason: 'unreachable' };
		if (status >= 400) return { ok: false, reason: 'rejected' };
		trusted.set(digest, Date.now() + TRUST_MS);
		return { ok: true, token };
	};
}
