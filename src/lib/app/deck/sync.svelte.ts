/**
 * Keeps this device's deck and the companion's shared one together. It waits for the next shared
 * change with a held request (GET /__companion/deck?after=REV answers at the change, so every open
 * dashboard sees it within a second), and sends this device's changes as they are made. Offline, the
 * changes stay on the device (marked in the stored deck) and are sent on reconnect; the companion
 * merges them page by page (merge.ts). A share key only reads: the deck is then the streamer's.
 */
import * as v from 'valibot';
import { DeckDocumentSchema } from './layout';
import { PageStampSchema, type SharedDeck } from './merge';
import type { DeckStore } from './store.svelte';
import { readCompanionRefusal, type CompanionRefusal } from '../../share/refusals';

export const DECK_SYNC_PATH = '/__companion/deck';
const RETRY_MS = 1000;

const AnswerSchema = v.object({
	rev: v.number(),
	doc: v.nullable(DeckDocumentSchema),
	pages: v.record(v.string(), PageStampSchema),
	readOnly: v.boolean()
});
type Answer = v.InferOutput<typeof AnswerSchema>;

export type DeckSyncStatus = 'connecting' | 'shared' | 'offline' | 'refused' | 'unavailable';

export interface DeckSyncOptions {
	token: string;
	/** Which device this is, named in a backup page ("from phone"). */
	device: string;
	fetch?: typeof fetch;
}

/** How a backup page names this device: "dock", "phone" (a touch screen or a narrow one) or "PC". */
export function deviceName(dock: boolean): string {
	if (dock) return 'dock';
	return matchMedia('(pointer: coarse)').matches || innerWidth < 600 ? 'phone' : 'PC';
}

const shared = (a: Answer): SharedDeck => ({
	rev: a.rev,
	doc: a.doc ?? { version: 2, pages: [] },
	pages: a.pages
});

export class DeckSync {
	readonly #store: DeckStore;
	readonly #options: DeckSyncOptions;
	#status = $state<DeckSyncStatus>('connecting');
	#reason = $state<CompanionRefusal | undefined>();
	#stopped = false;
	#waiting: AbortController | undefined;
	/** The deck the companion refused: not sent again until it changes. */
	#refused: unknown;

	constructor(store: DeckStore, options: DeckSyncOptions) {
		this.#store = store;
		this.#options = options;
	}

	get status(): DeckSyncStatus {
		return this.#status;
	}
	/**
	 * Why the companion refused this device's deck (a field and its rule, or the deck too big to merge),
	 * as the body says it: the page says a kind it knows in its language (companionSays).
	 */
	get reason(): CompanionRefusal | undefined {
		return this.#reason;
	}

	/** Starts; the returned function stops (the page is left). */
	start(): () => void {
		const unlisten = this.#store.onChange(() => this.#waiting?.abort());
		void this.#run();
		return () => {
			this.#stopped = true;
			unlisten();
			this.#waiting?.abort();
		};
	}

	async #request(init: RequestInit, after?: number): Promise<Response> {
		const fetcher = this.#options.fetch ?? fetch;
		return fetcher(DECK_SYNC_PATH + (after === undefined ? '' : `?after=${after}`), {
			...init,
			cache: 'no-store',
			headers: {
				authorization: `Bearer ${this.#options.token}`,
				'content-type': 'application/json'
			}
		});
	}

	/** Whether this device has changes to send (never for a share link, nor the deck just refused). */
	#toSend(): boolean {
		const store = this.#store;
		return !store.readOnly && store.unsent && this.#refused !== store.doc;
	}

	async #run(): Promise<void> {
		/** The shared revision last seen; undefined before the first answer. */
		let seen: number | undefined;
		while (!this.#stopped) {
			try {
				if (seen !== undefined && this.#toSend()) {
					this.#waiting = undefined;
					await this.#push();
					seen = this.#store.sync?.rev ?? seen;
					continue;
				}
				this.#waiting = new AbortController();
				const res = await this.#request({ signal: this.#waiting.signal }, seen);
				this.#waiting = undefined;
				const json = res.headers.get('content-type')?.includes('application/json');
				if (res.status === 404 || res.status === 401 || res.status === 405 || (res.ok && !json)) {
					// No shared deck here (not the companion, or not the streamer): the deck stays on this device.
					this.#status = 'unavailable';
					return;
				}
				if (!res.ok) throw new Error(`HTTP ${res.status}`);
				const answer = v.parse(AnswerSchema, await res.json());
				const store = this.#store;
				// A share link: the streamer's deck when the companion keeps one, else this device's, unchangeable.
				if (answer.readOnly) {
					if (answer.doc) store.adopt(shared(answer), { readOnly: true });
					else store.lock();
				} else if (!store.unsent && answer.rev !== store.sync?.rev) store.adopt(shared(answer));
				// The deck refused stays refused (and its reason said) until it changes or is replaced.
				this.#status = this.#refused === store.doc ? 'refused' : 'shared';
				seen = answer.rev;
			} catch {
				if (this.#stopped) return;
				// A change here ends the wait early: it is sent at once. Anything else: offline, try again.
				if (this.#waiting?.signal.aborted) continue;
				this.#status = 'offline';
				await new Promise((done) => setTimeout(done, RETRY_MS));
			}
		}
	}

	async #push(): Promise<void> {
		const store = this.#store;
		const sent = store.doc;
		const sync = store.sync;
		const now = Date.now();
		const pages = Object.fromEntries(
			sent.pages.map((p) => [p.id, sync?.pages[p.id] ?? { base: null, dirty: true, at: now }])
		);
		const res = await this.#request({
			method: 'PUT',
			body: JSON.stringify({
				base: sync?.rev ?? 0,
				by: this.#options.device,
				doc: sent,
				pages,
				removed: sync?.removed ?? {}
			})
		});
		if (!res.ok) {
			const body: unknown = await res.json().catch(() => undefined);
			this.#refused = sent;
			this.#status = 'refused';
			this.#reason = readCompanionRefusal(body, res.status);
			return;
		}
		const answer = v.parse(AnswerSchema, await res.json());
		this.#status = 'shared';
		this.#reason = undefined;
		if (store.doc === sent) store.adopt(shared(answer));
		else store.rebase(shared(answer), sent);
	}
}
