/**
 * The companion server's share-link API (`/__share/`, docs/companion.md), called with the streamer's
 * token in a header. Answers are validated; failures keep the server's status, code and message.
 */
import * as v from 'valibot';
import { SHARE_PROFILES } from '$lib/share/profiles';

const TIMEOUT_MS = 8000;

export const LinkSchema = v.looseObject({
	id: v.string(),
	label: v.string(),
	profile: v.picklist(SHARE_PROFILES),
	types: v.array(v.string()),
	allowed: v.array(v.string()),
	expiresAt: v.nullable(v.number()),
	createdAt: v.number(),
	expired: v.boolean(),
	path: v.string()
});
export type ShareLinkView = v.InferOutput<typeof LinkSchema>;

const ListSchema = v.looseObject({ links: v.array(LinkSchema), lanOrigins: v.optional(v.array(v.string()), []) });
const CreatedSchema = v.looseObject({ ...LinkSchema.entries, lanOrigins: v.optional(v.array(v.string()), []) });
const FailureSchema = v.looseObject({ code: v.optional(v.string()), message: v.string() });

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; code?: string; message: string };

export interface NewLink {
	label?: string;
	profile: (typeof SHARE_PROFILES)[number];
	types?: string[];
	expiresInMinutes?: number;
}

export class ShareApi {
	readonly #base: string;
	readonly #token: string;

	constructor(base: string, token: string) {
		this.#base = base;
		this.#token = token;
	}

	list(): Promise<ApiResult<v.InferOutput<typeof ListSchema>>> {
		return this.#call('GET', '/__share/links', ListSchema);
	}
	create(link: NewLink): Promise<ApiResult<v.InferOutput<typeof CreatedSchema>>> {
		return this.#call('POST', '/__share/links', CreatedSchema, link);
	}
	/** Turns share links on with this dashboard's token (the companion takes it from this PC only). */
	enable(remember: boolean): Promise<ApiResult<unknown>> {
		return this.#call('POST', '/__share/token', v.unknown(), { remember });
	}
	revoke(id: string): Promise<ApiResult<unknown>> {
		return this.#call('DELETE', `/__share/links/${encodeURIComponent(id)}`, v.unknown());
	}

	async #call<T>(method: string, path: string, schema: v.GenericSchema<unknown, T>, body?: unknown): Promise<ApiResult<T>> {
		let res: Response;
		try {
			res = await fetch(`${this.#base}${path}`, {
				method,
				headers: { authorization: `Bearer ${this.#token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
				body: body === undefined ? undefined : JSON.stringify(body),
				signal: AbortSignal.timeout(TIMEOUT_MS)
			});
		} catch {
			return { ok: false, status: 0, message: 'The companion server did not answer.' };
		}
		const json: unknown = await res.json().catch(() => undefined);
		if (!res.ok) {
			const failure = v.safeParse(FailureSchema, json);
			return { ok: false, status: res.status, code: failure.success ? failure.output.code : undefined, message: failure.success ? failure.output.message : `HTTP ${res.status}` };
		}
		const parsed = v.safeParse(schema, json);
		return parsed.success ? { ok: true, data: parsed.output } : { ok: false, status: res.status, message: 'The companion server sent an answer this page does not understand.' };
	}
}
