/** The streamer's share links as the companion server lists them, with create and revoke. */
import {
	ShareApi,
	stateAfter,
	type ApiResult,
	type NewLink,
	type ShareApiState,
	type ShareLinkView
} from '$lib/app/share-api';
import { companionSays } from '$lib/app/companion-words';
import type { RefusalData } from '$lib/share/refusals';
import { LINK_FIELDS } from './link-fields';

export type LinksState = ShareApiState;

export class ShareLinks {
	#links = $state.raw<ShareLinkView[]>([]);
	#lanOrigins = $state.raw<string[]>([]);
	#state = $state.raw<LinksState>({ kind: 'loading' });
	readonly #api: ShareApi;

	constructor(base: string, token: string) {
		this.#api = new ShareApi(base, token);
	}

	get links(): readonly ShareLinkView[] {
		return this.#links;
	}
	/** The companion's addresses on the local network, for links a phone can open. */
	get lanOrigins(): readonly string[] {
		return this.#lanOrigins;
	}
	get state(): LinksState {
		return this.#state;
	}

	async load(): Promise<void> {
		this.#apply(await this.#api.list(), (data) => {
			this.#links = data.links;
			this.#lanOrigins = data.lanOrigins;
		});
	}

	/** Creates a link; answers it, or the server's message. */
	async create(
		link: NewLink
	): Promise<
		{ ok: true; link: ShareLinkView } | { ok: false; message: string; refusal?: RefusalData }
	> {
		const result = await this.#api.create(link);
		if (!result.ok) {
			this.#apply(result, () => undefined);
			return { ok: false, message: companionSays(result, LINK_FIELDS), refusal: result.refusal };
		}
		const { lanOrigins, ...created } = result.data;
		this.#links = [created, ...this.#links.filter((l) => l.id !== created.id)];
		this.#lanOrigins = lanOrigins;
		return { ok: true, link: created };
	}

	/** Hands the companion this dashboard's token, then reads the links. */
	async enable(remember: boolean): Promise<{ ok: true } | { ok: false; message: string }> {
		const result = await this.#api.enable(remember);
		if (!result.ok) return { ok: false, message: companionSays(result) };
		await this.load();
		return { ok: true };
	}

	async revoke(id: string): Promise<{ ok: true } | { ok: false; message: string }> {
		const result = await this.#api.revoke(id);
		if (!result.ok && result.status !== 404) return { ok: false, message: companionSays(result) };
		this.#links = this.#links.filter((l) => l.id !== id);
		return { ok: true };
	}

	#apply<T>(result: ApiResult<T>, onData: (data: T) => void): void {
		if (result.ok) onData(result.data);
		this.#state = stateAfter(result, LINK_FIELDS);
	}
}

/** A link's address on one of the server's origins. */
export const linkUrl = (origin: string, link: Pick<ShareLinkView, 'path'>) =>
	`${origin.replace(/\/$/, '')}${link.path}`;

/** The address with the key hidden, for showing before the streamer reveals it. */
export const maskedUrl = (url: string) => url.replace(/(token=share_)[^&#]*/, '$1••••••••');
