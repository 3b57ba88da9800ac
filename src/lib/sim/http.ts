/** The HTTP side of the interface: /api/retrieve, /api/meta, /api/premium, /api/send (and /api/mcp's edges). */
import {
	dropLostInQueryForm,
	SEND_BODY_FIELDS,
	strayTopLevel,
	type LintNote
} from '../protocol/leniency';
import type { Dispatcher } from './dispatch';
import type { LogEntry } from './log';
import { metaPayload, settingsData } from './retrieve';
import type { Runtime } from './runtime';
import type { MaybePromise, SendOutcome, SimHttpRequest, SimHttpResponse } from './types';
import { json, outcomeToHttp, text } from './wire';

export interface HttpDeps {
	rt: Runtime;
	/** Client sends only: an injected failure (Simulator.failNext) answers in place of the pipeline. */
	dispatcher: Pick<Dispatcher, 'send'>;
	startedAt: number;
	/** Token valid and the interface switched on. */
	admitted(token: string | undefined): boolean;
	log(entry: LogEntry): void;
	/** Brings time-driven state (songs, polls) up to now. */
	tick(): void;
}

const isRecord = (x: unknown): x is Record<string, unknown> =>
	typeof x === 'object' && x !== null && !Array.isArray(x);

/** The token from `?token=` or `Authorization: Bearer` (protocol facts §2). */
export function tokenOf(
	query: URLSearchParams,
	headers: Record<string, string | undefined>
): string | undefined {
	const fromQuery = query.get('token');
	if (fromQuery) return fromQuery;
	const auth = headers.authorization ?? headers.Authorization;
	const match = auth ? /^Bearer\s+(.+)$/i.exec(auth.trim()) : null;
	return match?.[1];
}

export const unauthorized = () =>
	json(401, {
		status: 401,
		code: 'unauthorized',
		message: 'The token is missing or wrong, or the API is switched off in the application.'
	});

const notFound = () => text(404, 'Not found');

/** JSON-RPC 2.0 error codes (MCP speaks JSON-RPC over POST /api/mcp, facts §1). */
const JSON_RPC = { parseError: -32700, methodNotFound: -32601 } as const;

/**
 * POST /api/mcp: the endpoint exists (facts §1, §4.1) but the simulator models no MCP server, so every
 * request gets a JSON-RPC error an MCP client can read: parse error for bad JSON, else method not found.
 */
function mcpAnswer(body: string): SimHttpResponse {
	let id: unknown = null;
	try {
		const parsed: unknown = JSON.parse(body);
		if (isRecord(parsed) && (typeof parsed.id === 'string' || typeof parsed.id === 'number'))
			id = parsed.id;
	} catch {
		return json(400, {
			jsonrpc: '2.0',
			id: null,
			error: { code: JSON_RPC.parseError, message: 'Parse error' }
		});
	}
	return json(200, {
		jsonrpc: '2.0',
		id,
		error: {
			code: JSON_RPC.methodNotFound,
			message: 'Method not found: the simulator serves no MCP tools'
		}
	});
}
const methodNotAllowed = (allow: string) =>
	text(405, `Method not allowed; use ${allow}`, { Allow: allow });

/** A send read from the request: type, params and any lint notes the transport itself draws. */
type ReadSend =
	{ ok: true; type: unknown; params: unknown; notes?: LintNote[] } | { ok: false; reason: string };

function readSendBody(body: string): ReadSend {
	let parsed: unknown;
	try {
		parsed = JSON.parse(body);
	} catch {
		return {
			ok: false,
			reason: 'Request body is not valid JSON; send {"type": "...", "params": {...}}'
		};
	}
	if (!isRecord(parsed))
		return {
			ok: false,
			reason: 'Request body must be a JSON object {"type": "...", "params": {...}}'
		};
	// Other top-level fields are ignored by the application (facts §4.4): a lint note each, a 400 only when strict.
	return {
		ok: true,
		type: parsed.type,
		params: parsed.params,
		notes: strayTopLevel(parsed, SEND_BODY_FIELDS, 'body')
	};
}

/** The legacy query form: `?type=T&params=<JSON>`, params possibly encoded twice (protocol facts §4.1). */
function readSendQuery(query: URLSearchParams): ReadSend {
	const raw = query.get('params');
	if (raw === null) return { ok: true, type: query.get('type'), params: undefined };
	try {
		let params: unknown = JSON.parse(raw);
		if (typeof params === 'string') params = JSON.parse(params);
		return { ok: true, type: query.get('type'), ...dropLostInQueryForm(params) };
	} catch {
		return { ok: false, reason: 'Query parameter params is not valid JSON' };
	}
}

export function handleApiHttp(deps: HttpDeps, req: SimHttpRequest): MaybePromise<SimHttpResponse> {
	const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
	const method = req.method.toUpperCase();
	const entry: LogEntry = { transport: 'http', method, path, status: 0 };
	const respond = (res: SimHttpResponse, extra: Partial<LogEntry> = {}) => {
		deps.log({ ...entry, ...extra, status: res.status });
		return res;
	};
	if (!deps.admitted(tokenOf(req.query, req.headers))) return respond(unauthorized());
	deps.tick();
	const { rt } = deps;
	switch (path) {
		case '/api/retrieve': {
			if (method !== 'GET') return respond(methodNotAllowed('GET'));
			const slim = rt.has('retrieve-slim') && req.query.get('slim')?.toLowerCase() === 'true';
			return respond(json(200, { status: 200, data: settingsData(rt, slim) }));
		}
		case '/api/meta':
			if (!rt.has('meta')) return respond(notFound());
			return respond(
				method === 'GET' ? json(200, metaPayload(rt, deps.startedAt)) : methodNotAllowed('GET')
			);
		case '/api/premium':
			if (!rt.has('premium')) return respond(notFound());
			return respond(
				method === 'GET'
					? json(200, { status: 200, data: { premium: rt.state.premium } })
					: methodNotAllowed('GET')
			);
		case '/api/mcp':
			if (!rt.has('mcp')) return respond(notFound());
			return respond(method === 'POST' ? mcpAnswer(req.body) : methodNotAllowed('POST'));
		case '/api/send': {
			if (method !== 'POST' && method !== 'GET') return respond(methodNotAllowed('POST'));
			const read = method === 'POST' ? readSendBody(req.body) : readSendQuery(req.query);
			if (!read.ok) return respond(text(400, read.reason));
			const answer = (outcome: SendOutcome) => {
				const logged: Partial<LogEntry> = {
					type: typeof read.type === 'string' ? read.type.slice(0, 100) : undefined,
					params: read.params
				};
				if (outcome.ok && outcome.platformOutcome) logged.platformOutcome = outcome.platformOutcome;
				if (outcome.note) logged.note = outcome.note;
				if (outcome.lint) logged.lint = outcome.lint;
				return respond(outcomeToHttp(rt, outcome), logged);
			};
			// A send that waits (run-actions with delays) answers, and is logged, when it has finished.
			const outcome = deps.dispatcher.send(read.type, read.params, read.notes);
			return outcome instanceof Promise ? outcome.then(answer) : answer(outcome);
		}
		default:
			return respond(notFound());
	}
}
