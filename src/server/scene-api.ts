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
import { SHARE_KEY_PREFIX } from '../lib/share/key';
import {
	BodyTooLarge,
	hashKey,
	parseJson,
	presentedTokens,
	readBody,
	requestUrl,
	sameSecret,
	sendJson
} from './http-util';
import { sceneReport, type IdleKey } from './scene';
import type { WidgetSockets } from './widget-sockets';

export const SCENE_PATH = '/__companion/scene';
export const REHEARSE_PATH = '/__companion/rehearse';
/** A token the application took is trusted this long before it is asked again. */
const TOKEN_TRUST_MS = 30_000;

export interface SceneApiDeps {
	widgets: WidgetSockets;
	apiTarget: () => string;
	/** The streamer's token the companion holds (share links on), if any. */
	upstreamToken: () => string | undefined;
	/** The HTTP status the application answers this token with (undefined: no answer). */
	probe: (token: string) => Promise<number | undefined>;
	idleKeys: (connectedKeyIds: Set<string>) => IdleKey[];
	log: (line: string) => void;
}

export function createSceneApi(deps: SceneApiDeps) {
	const trusted = new Map<string, number>();
	let counter = 0;

	/** The caller's token when it is the streamer's, else the refusal sent. */
	async function streamerToken(
		req: IncomingMessage,
		res: ServerResponse
	): Promise<string | undefined> {
		const presented = presentedTokens(req);
		if (presented.some((t) => t.startsWith(SHARE_KEY_PREFIX))) {
			sendJson(res, 403, {
				status: 403,
				code: 'needs_token',
				message:
					"the scene check and rehearsals need the streamer's token; a share link or widget key cannot use them"
			});
			return undefined;
		}
		const token = presented[0];
		if (token === undefined) {
			sendJson(res, 401, {
				status: 401,
				code: 'unauthorized',
				message: "the scene check needs the streamer's token"
			});
			return undefined;
		}
		const held = deps.upstreamToken();
		if (held !== undefined && sameSecret(token, held)) return token;
		const digest = hashKey(token);
		if ((trusted.get(digest) ?? 0) > Date.now()) return token;
		const status = await deps.probe(token);
		if (status !== undefined && status < 400) {
			trusted.set(digest, Date.now() + TOKEN_TRUST_MS);
			return token;
		}
		if (status === undefined && held === undefined) {
			sendJson(res, 502, {
				status: 502,
				code: 'application_unreachable',
				message: 'the application is not reachable, so the token cannot be checked'
			});
			return undefined;
		}
		sendJson(res, 401, {
			status: 401,
			code: 'unauthorized',
			message: 'the token was not accepted'
		});
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
			sendJson(res, 413, { status: 413, code: 'body_too_large', message: 'the body is too large' });
			return true;
		}
		const parsed = v.safeParse(RehearsalSchema, input);
		if (!parsed.success) {
			// Each issue with the field it concerns (`kind` for an unknown kind): describeIssues drops a variant's key.
			const message = parsed.issues
				.map((issue) => `${v.getDotPath(issue) ?? 'body'}: ${issue.message}`)
				.join('; ');
			sendJson(res, 400, { status: 400, code: 'invalid_rehearsal', message });
			return true;
		}
		const rehearsal = parsed.output;
		const envelope = rehearsalEnvelope(rehearsal, Date.now(), `r${++counter}`);
		const reached = deps.widgets.inject(envelope, rehearsal.target);
		deps.log(
			`Rehearsal: a test ${rehearsal.kind} (${REHEARSAL_ENVELOPE_TYPE[rehearsal.kind]} event) reached ${reached.length} widget(s); the application got nothing.`
		);
		sendJson(res, 200, { reached, envelope });
		return true;
	};
}
