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
	if (req.method !== 'POST')
		return refuse(405, 'method_not_allowed', `use POST ${SHARE_TOKEN_PATH}`);
	if (!fromLoopback(req))
		return refuse(
			403,
			'not_this_pc',
			'share links can be turned on from the streaming PC only (open the dashboard at 127.0.0.1)'
		);
	if (deps.simulator)
		return refuse(409, 'simulator', 'share links are already on for the built-in simulator');
	const token = presentedTokens(req).find((t) => t.length > 0);
	if (!token)
		return refuse(400, 'token_missing', "send the application's token as Authorization: Bearer");
	let body: unknown;
	try {
		const text = (await readBody(req, 4096)).toString('utf8');
		body = text.trim() ? parseJson(text) : {};
	} catch {
		return refuse(413, 'body_too_large', 'the body is too large');
	}
	const parsed = v.safeParse(BodySchema, body);
	if (!parsed.success) return refuse(400, 'invalid_body', parsed.issues[0].message);

	const current = deps.current();
	if (current !== undefined && !sameSecret(current, token))
		return refuse(
			409,
			'other_token',
			'share links are already on with another token; restart the companion to change it'
		);
	if (current === undefined) {
		const status = await deps.probe(token);
		if (status === undefined)
			return refuse(
				502,
				'api_unreachable',
				'the application did not answer: start it and turn its API on'
			);
		if (status === 401 || status === 403)
			return refuse(
				401,
				'token_rejected',
				'the application rejected this token: copy it again from Settings → API'
			);
		if (status >= 400) return refuse(502, 'api_error', `the application answered HTTP ${status}`);
		deps.enable(token);
	}
	if (parsed.output.remember) {
		try {
			saveToken(deps.tokenFile, token);
		} catch (err) {
			return refuse(
				500,
				'not_saved',
				`share links are on, but the token could not be saved: ${(err as NodeJS.ErrnoException).code ?? 'error'}`
			);
		}
	} else rmSync(deps.tokenFile, { force: true });
	deps.log(
		parsed.output.remember
			? m.companion_shares_turned_on_saved({ file: deps.tokenFile })
			: m.companion_shares_turned_on_memory()
	);
	return sendJson(res, 200, { on: true, remembered: parsed.output.remember });
}
