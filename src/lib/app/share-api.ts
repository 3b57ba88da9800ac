/**
 * The companion server's share-link and widget-key API (`/__share/`, docs/companion.md), called with the streamer's
 * token in a header. Answers are validated; failures keep the server's status, code and message.
 */
import type * as v from 'valibot';
import {
	CreatedAnswerSchema,
	LinksAnswerSchema,
	readShareAnswer,
	RevokedAnswerSchema,
	TokenAnswerSchema,
	WidgetKeySchema,
	WidgetKeysAnswerSchema,
	type ShareAnswer,
	type WidgetKeyView
} from '$lib/share/answers';
import type { SHARE_PROFILES } from '$lib/share/profiles';
import { companionSays, type FieldLabels } from './companion-words';

export type { ShareLinkView, WidgetKeyView } from '$lib/share/answers';

const TIMEOUT_MS = 8000;
const WIDGET_KEYS = '/__share/widget-keys';

export type ApiResult<T> = ShareAnswer<T>;

/** Where the companion's share API stands for this dashboard, for its share links and widget keys alike. */
export type ShareApiState =
	| { kind: 'loading' }
	| { kind: 'ready' }
	/** The companion has no token to forward with (share links are off): nothing can be made. */
	| { kind: 'no-token' }
	/** This dashboard's token is not the one the companion forwards with. */
	| { kind: 'wrong-token'; message: string }
	| { kind: 'failed'; message: string };

/** The state an answer leaves the page in; a refused field named by `fields`, the page form's labels. */
export function stateAfter(result: ApiResult<unknown>, fields?: FieldLabels): ShareApiState {
	if (result.ok) return { kind: 'ready' };
	if (result.status === 409) return { kind: 'no-token' };
	if (result.status === 401) return { kind: 'wrong-token', message: companionSays(result, fields) };
	return { kind: 'failed', message: companionSays(result, fields) };
}

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

	list(): Promise<ApiResult<v.InferOutput<typeof LinksAnswerSchema>>> {
		return this.#call('GET', '/__share/links', LinksAnswerSchema);
	}
	create(link: NewLink): Promise<ApiResult<v.InferOutput<typeof CreatedAnswerSchema>>> {
		return this.#call('POST', '/__share/links', CreatedAnswerSchema, link);
	}
	/** Turns share links on with this dashboard's token (the companion takes it from this PC only). */
	enable(remember: boolean): Promise<ApiResult<v.InferOutput<typeof TokenAnswerSchema>>> {
		return this.#call('POST', '/__share/token', TokenAnswerSchema, { remember });
	}
	revoke(id: string): Promise<ApiResult<v.InferOutput<typeof RevokedAnswerSchema>>> {
		return this.#call('DELETE', `/__share/links/${encodeURIComponent(id)}`, RevokedAnswerSchema);
	}

	widgetKeys(): Promise<ApiResult<v.InferOutput<typeof WidgetKeysAnswerSchema>>> {
		return this.#call('GET', WIDGET_KEYS, WidgetKeysAnswerSchema);
	}
	createWidgetKey(key: {
		name: string;
		widget: string;
		options: string;
	}): Promise<ApiResult<WidgetKeyView>> {
		return this.#call('POST', WIDGET_KEYS, WidgetKeySchema, key);
	}
	/** A new name, or the options the key's URL carries now. */
	updateWidgetKey(
		id: string,
		change: { name?: string; options?: string }
	): Promise<ApiResult<WidgetKeyView>> {
		return this.#call('PATCH', `${WIDGET_KEYS}/${encodeURIComponent(id)}`, WidgetKeySchema, change);
	}
	/** A new key for the same widget: the old URL stops at once. */
	regenerateWidgetKey(id: string): Promise<ApiResult<WidgetKeyView>> {
		return this.#call(
			'POST',
			`${WIDGET_KEYS}/${encodeURIComponent(id)}/regenerate`,
			WidgetKeySchema
		);
	}
	revokeWidgetKey(id: string): Promise<ApiResult<v.InferOutput<typeof RevokedAnswerSchema>>> {
		return this.#call('DELETE', `${WIDGET_KEYS}/${encodeURIComponent(id)}`, RevokedAnswerSchema);
	}

	async #call<T>(
		method: string,
		path: string,
		schema: v.GenericSchema<unknown, T>,
		body?: unknown
	): Promise<ApiResult<T>> {
		let res: Response;
		try {
			res = await fetch(`${this.#base}${path}`, {
				method,
				headers: {
					authorization: `Bearer ${this.#token}`,
					...(body === undefined ? {} : { 'content-type': 'application/json' })
				},
				body: body === undefined ? undefined : JSON.stringify(body),
				signal: AbortSignal.timeout(TIMEOUT_MS)
			});
		} catch {
			return {
				ok: false,
				status: 0,
				message: 'The companion server did not answer.',
				said: false,
				refusal: { kind: 'companion_unanswered' }
			};
		}
		return readShareAnswer(res, schema);
	}
}
