/**
 * The HTTP half of the interface: retrieve, meta, send and any other read (`get`: premium.ts), each with a timeout. The token
 * travels as `?token=` (the only form every version documents). `fetch` is injectable for demo mode.
 */
import * as v from 'valibot';
import {
	LEGACY_META,
	MetaSchema,
	SendResultSchema,
	SettingsSchema,
	type Meta,
	type SettingsData
} from '../protocol/payloads';
import {
	answerError,
	invalidResponseError,
	isClientError,
	sendUnansweredError,
	timeoutError,
	unreachableError,
	type ClientError
} from './errors';

const DEFAULT_REQUEST_TIMEOUT_MS = 8000;

interface RestOptions {
	/** `http(s)://host:port` of the interface. */
	baseUrl: string;
	token: string;
	fetch?: typeof fetch;
	timeoutMs?: number;
}

/** A 200 answer to a send: `message` is `true` or the value the type returns. */
interface SendAnswer {
	status: number;
	message?: unknown;
}

/** What `GET /api/meta` says about the connection, for telling a refused websocket apart. */
/** `gateway`: a proxy in front (the companion) answered 502–504, the application behind it did not. */
export type ProbeResult = 'reachable' | 'unauthorized' | 'unreachable' | 'gateway';

interface RawAnswer {
	status: number;
	text: string;
}

/** The code of a 401 answer (a companion's says whether a key is unknown, expired or revoked). */
function refusalOf(text: string): string | undefined {
	try {
		const code = (JSON.parse(text) as { code?: unknown }).code;
		return typeof code === 'string' ? code.slice(0, 60) : undefined;
	} catch {
		return undefined;
	}
}

export class RestClient {
	readonly #base: string;
	readonly #token: string;
	readonly #fetch: typeof fetch;
	readonly #timeoutMs: number;
	#refusal: string | undefined;

	constructor(options: RestOptions) {
		this.#base = options.baseUrl.replace(/\/+$/, '');
		this.#token = options.token;
		this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
		this.#timeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
	}

	/** `host:port` as shown in messages (never the token). */
	/** The usual request timeout (ms). */
	get timeoutMs(): number {
		return this.#timeoutMs;
	}

	get address(): string {
		try {
			return new URL(this.#base).host;
		} catch {
			return this.#base;
		}
	}

	/** Slim is harmless on versions that ignore it, so it is asked for by default. */
	async retrieve(options: { slim?: boolean } = {}): Promise<SettingsData> {
		const query: Record<string, string> = options.slim === false ? {} : { slim: 'true' };
		return (await this.get('/api/retrieve', SettingsSchema, 'retrieve', query)).data;
	}

	/** A GET answer checked by its schema; `what` names it in the error when it does not fit. */
	async get<T extends v.GenericSchema>(
		path: string,
		schema: T,
		what: string,
		query?: Record<string, string>
	): Promise<v.InferOutput<T>> {
		return this.#parse(await this.#request('GET', path, query), schema, what);
	}

	/** 404 means an application from before /api/meta: apiVersion 1 with none of the features. */
	async meta(): Promise<Meta> {
		const answer = await this.#request('GET', '/api/meta');
		if (answer.status === 404) return LEGACY_META;
		return this.#parse(answer, MetaSchema, 'meta');
	}

	/**
	 * Runs a send type. Resolves with the 200 answer; every failure is thrown as a ClientError. A request
	 * that fails at the network level throws sendUnansweredError: it may have reached the application.
	 * `timeoutMs` replaces the usual timeout for a request the application answers late by design.
	 */
	async send(
		type: string,
		params?: Record<string, unknown>,
		timeoutMs = this.#timeoutMs
	): Promise<SendAnswer> {
		const body = JSON.stringify(params === undefined ? { type } : { type, params });
		const answer = await this.#request(
			'POST',
			'/api/send',
			{},
			body,
			() => sendUnansweredError(this.address),
			timeoutMs
		);
		const parsed = this.#parse(answer, SendResultSchema, type);
		return { status: parsed.status, message: parsed.message };
	}

	/** Asks /api/meta only to learn whether the token is accepted and the application answers at all. */
	/** The code the last refused probe (401) answered, for a widget's probable cause. */
	get refusal(): string | undefined {
		return this.#refusal;
	}

	async probe(): Promise<ProbeResult> {
		try {
			const answer = await this.#request('GET', '/api/meta');
			if (answer.status === 401) {
				this.#refusal = refusalOf(answer.text);
				return 'unauthorized';
			}
			return answer.status >= 502 && answer.status <= 504 ? 'gateway' : 'reachable';
		} catch {
			return 'unreachable';
		}
	}

	#parse<T extends v.GenericSchema>(answer: RawAnswer, schema: T, what: string): v.InferOutput<T> {
		if (answer.status < 200 || answer.status >= 300)
			throw answerError(answer.status, answer.text, this.#token);
		let json: unknown;
		try {
			json = JSON.parse(answer.text);
		} catch {
			throw invalidResponseError(what);
		}
		const parsed = v.safeParse(schema, json);
		if (!parsed.success) throw invalidResponseError(what);
		return parsed.output;
	}

	async #request(
		method: 'GET' | 'POST',
		path: string,
		query: Record<string, string> = {},
		body?: string,
		networkError: () => ClientError = () => unreachableError(this.address),
		timeoutMs = this.#timeoutMs
	): Promise<RawAnswer> {
		const url = `${this.#base}${path}?${new URLSearchParams({ token: this.#token, ...query })}`;
		const controller = new AbortController();
		const timer = setTimeout(() => controller.abort(), timeoutMs);
		try {
			const response = await this.#fetch(url, {
				method,
				signal: controller.signal,
				...(body === undefined ? {} : { body, headers: { 'Content-Type': 'application/json' } })
			});
			return { status: response.status, text: await response.text() };
		} catch (error) {
			throw this.#failure(error, controller.signal.aborted, networkError, timeoutMs);
		} finally {
			clearTimeout(timer);
		}
	}

	#failure(
		error: unknown,
		timedOut: boolean,
		networkError: () => ClientError,
		timeoutMs: number
	): ClientError {
		if (isClientError(error)) return error;
		// The raw error is dropped on purpose: its text may carry the URL, and with it the token.
		return timedOut ? timeoutError(timeoutMs) : networkError();
	}
}
