/**
 * The scene check's endpoints, both behind the streamer's token (never a share link or widget key):
 * GET /__companion/scene (the report, scene.ts) and POST /__companion/rehearse (a test event pushed
 * into widget sockets only: nothing is sent to the application).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';
import {
	RehearsalSchema,
	REHEARSAL_ENVELOPE_TYPE,
	rehearsalEnvelope
} from '../lib/protocol/rehearsal';
import { BodyTooLarge, parseJson, readBody, requestUrl, sendJson } from './http-util';
import { sceneReport, type IdleKey } from './scene';
import { fieldRuleParams, refusalFields, type Refusal } from '../lib/share/refusals';
import { ruleOfIssue } from '../lib/protocol/issue-rule';
import type { StreamerCheck, TokenRefusal } from './streamer-token';
import type { WidgetSockets } from './widget-sockets';
import { m } from '../lib/paraglide/messages.js';

export const SCENE_PATH = '/__companion/scene';
export const REHEARSE_PATH = '/__companion/rehearse';

/** The answer to each way a caller is not the streamer: its status, code and refusal (lib/share/refusals.ts). */
const REFUSALS: Record<TokenRefusal, { status: number; code: string; refusal: Refusal }> = {
	'share-key': { status: 403, code: 'needs_token', refusal: { kind: 'scene_share_key' } },
	missing: { status: 401, code: 'unauthorized', refusal: { kind: 'scene_needs_token' } },
	rejected: { status: 401, code: 'unauthorized', refusal: { kind: 'token_not_accepted' } },
	unreachable: {
		status: 502,
		code: 'application_unreachable',
		refusal: { kind: 'token_unchecked' }
	}
};

export interface SceneApiDeps {
	widgets: WidgetSockets;
	apiTarget: () => string;
	/** Whether the caller presents the streamer's token (streamer-token.ts). */
	streamer: StreamerCheck;
	idleKeys: (connectedKeyIds: Set<string>) => IdleKey[];
	log: (line: string) => void;
}

export function createSceneApi(deps: SceneApiDeps) {
	let counter = 0;

	/** The caller's token when it is the streamer's, else the refusal sent. */
	async function streamerToken(
		req: IncomingMessage,
		res: ServerResponse
	): Promise<string | undefined> {
		const verdict = await deps.streamer(req);
		if (verdict.ok) return verdict.token;
		const { status, code, refusal } = REFUSALS[verdict.reason];
		sendJson(res, status, { status, code, ...refusalFields(refusal) });
		return undefined;
	}

	return async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
		const path = requestUrl(req).pathname;
		if (path !== SCENE_PATH && path !== REHEARSE_PATH) return false;
		const wanted = path === SCENE_PATH ? 'GET' : 'POST';
		if (req.method !== wanted) {
			sendJson(res, 405, { status: 405, message: `use ${wanted}` });
			return true;
		}
		const token = await streamerToken(req, res);
		if (token === undefined) return true;

		if (path === SCENE_PATH) {
			const widgets = deps.widgets.list();
			const connected = new Set(widgets.flatMap((w) => (w.keyId ? [w.keyId] : [])));
			sendJson(
				res,
				200,
				await sceneReport({
					apiTarget: deps.apiTarget(),
					token,
					widgets,
					idleKeys: deps.idleKeys(connected)
				})
			);
			return true;
		}

		let input: unknown;
		try {
			input = parseJson((await readBody(req, 8 * 1024)).toString('utf8'));
		} catch (err) {
			if (!(err instanceof BodyTooLarge)) throw err;
			sendJson(res, 413, {
				status: 413,
				code: 'body_too_large',
				...refusalFields({ kind: 'body_too_large' })
			});
			return true;
		}
		const parsed = v.safeParse(RehearsalSchema, input);
		if (!parsed.success) {
			// Each issue with the field it concerns (`kind` for an unknown kind): describeIssues drops a variant's key.
			const message = parsed.issues
				.map((issue) => `${v.getDotPath(issue) ?? 'body'}: ${issue.message}`)
				.join('; ');
			// The fields as data, so a page says which in its language; the English keeps each rule.
			const fields = [...new Set(parsed.issues.map((issue) => v.getDotPath(issue) ?? 'body'))];
			// Each field's first broken rule beside it, where a rule kind states it.
			const rules = fields.map((field) =>
				fieldRuleParams(
					field,
					ruleOfIssue(parsed.issues.find((i) => (v.getDotPath(i) ?? 'body') === field)!)
				)
			);
			sendJson(res, 400, {
				status: 400,
				code: 'invalid_rehearsal',
				...refusalFields(
					{
						kind: 'invalid_rehearsal',
						params: Object.assign({ fields: fields.join(', ') }, ...rules)
					},
					message
				)
			});
			return true;
		}
		const rehearsal = parsed.output;
		const envelope = rehearsalEnvelope(rehearsal, Date.now(), `r${++counter}`);
		const reached = deps.widgets.inject(envelope, rehearsal.target);
		deps.log(
			m.companion_rehearsal({
				kind: rehearsal.kind,
				event: REHEARSAL_ENVELOPE_TYPE[rehearsal.kind],
				count: reached.length
			})
		);
		sendJson(res, 200, { reached, envelope });
		return true;
	};
}
