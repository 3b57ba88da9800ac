/**
 * Turning share links on without a restart: the streamer, on the PC itself, hands the companion the
 * application's token from the dashboard. It is held in memory, and written to an owner-only file
 * only when the streamer asks, so the next start has share links on too. Never printed or logged.
 */
import { readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';
import { parseJson, presentedTokens, readBody, sameSecret, sendJson } from './http-util';
import { writeOwnerOnly } from './owner-file';
import { refusalFields, type Refusal } from '../lib/share/refusals';
import { m } from '../lib/paraglide/messages.js';

export const SHARE_TOKEN_PATH = '/__share/token';

/** Requests from this PC: loopback addresses only (a tunnel ends on loopback too, so the token check still decides). */
export function fromLoopback(req: IncomingMessage): boolean {
	const address = req.socket.remoteAddress ?? '';
	return /^(127\.|::1$|::ffff:127\.)/.test(address);
}

/** The saved token, if the streamer asked for one to be kept; absent or unreadable means none. */
export function readSavedToken(file: string): string | undefined {
	try {
		const text = readFileSync(file, 'utf8').trim();
		return text.length > 0 && text.length <= 1024 ? text : undefined;
	} catch {
		return undefined;
	}
}

function saveToken(file: string, token: string): void {
	writeOwnerOnly(file, `${token}\n`);
}

const BodySchema = v.object({
	remember: v.optional(v.boolean('remember must be true or false'), false)
});

export interface ShareTokenDeps {
	/** The token share links forward with now, if any. */
	current: () => string | undefined;
	/** Whether the built-in simulator is served (share links are already on, with its token). */
	simulator: boolean;
	/** HTTP status the application answers for this token (undefined: nothing answered). */
	probe: (token: string) => Promise<number | undefined>;
	enable: (token: string) => void;
	tokenFile: string;
	log: (line: string) => void;
}

/** POST /__share/token `{remember}` with the token as `Authorization: Bearer`: turns share links on. */
export async function handleShareToken(
	req: IncomingMessage,
	res: ServerResponse,
	deps: ShareTokenDeps
): Promise<void> {
	const refuse = (status: number, code: string, message: string) =>
		sendJson(res, status, { status, code, message });
	// The refusals the Share page shows: their kind beside the English text (lib/share/refusals.ts).
	const refuseAs = (status: number, code: string, refusal: Refusal) =>
		sendJson(res, status, { status, code, ...refusalFields(refusal) });
	if (req.method !== 'POST')
		return refuseAs(405, 'method_not_allowed', {
			kind: 'use_post',
			params: { path: SHARE_TOKEN_PATH }
		});
	if (!fromLoopback(req)) return refuseAs(403, 'not_this_pc', { kind: 'not_this_pc' });
	if (deps.simulator) return refuseAs(409, 'simulator', { kind: 'simulator_shares' });
	const token = presentedTokens(req).find((t) => t.length > 0);
	if (!token) return refuseAs(400, 'token_missing', { kind: 'token_not_sent' });
	let body: unknown;
	try {
		const text = (await readBody(req, 4096)).toString('utf8');
		body = text.trim() ? parseJson(text) : {};
	} catch {
		return refuseAs(413, 'body_too_large', { kind: 'body_too_large' });
	}
	const parsed = v.safeParse(BodySchema, body);
	if (!parsed.success) return refuse(400, 'invalid_body', parsed.issues[0].message);

	const current = deps.current();
	if (current !== undefined && !sameSecret(current, token))
		return refuseAs(409, 'other_token', { kind: 'other_token' });
	if (current === undefined) {
		const status = await deps.probe(token);
		if (status === undefined)
			return refuseAs(502, 'api_unreachable', { kind: 'app_not_answering' });
		if (status === 401 || status === 403)
			return refuseAs(401, 'token_rejected', { kind: 'app_rejected_token' });
		if (status >= 400)
			return refuseAs(502, 'api_error', { kind: 'app_answered', params: { status } });
		deps.enable(token);
	}
	if (parsed.output.remember) {
		try {
			saveToken(deps.tokenFile, token);
		} catch (err) {
			return refuseAs(500, 'not_saved', {
				kind: 'token_not_saved',
				params: { error: (err as NodeJS.ErrnoException).code ?? 'error' }
			});
		}
	} else rmSync(deps.tokenFile, { force: true });
	deps.log(
		parsed.output.remember
			? m.companion_shares_turned_on_saved({ file: deps.tokenFile })
			: m.companion_shares_turned_on_memory()
	);
	return sendJson(res, 200, { on: true, remembered: parsed.output.remember });
}
