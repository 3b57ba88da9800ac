/**
 * The streamer's deck for one application setup, kept on this device (PersistedState, versioned). The
 * first load for a setup upgrades the favourites and pages of the deck before layouts. Every change
 * goes through a pure edit (`edit.ts`) and is kept in a short history, so the last one can be undone.
 * Through the companion, the deck is also the shared one (`sync.svelte.ts`): the stored value then
 * carries, per page, the shared revision it started from and whether it changed since (`sync`).
 */
import * as v from 'valibot';
import { StoredValue, deviceStorage, type KeyValueStorage } from '$lib/client/persisted';
import { PersistedState } from '$lib/client/state/persisted-state';
import { ENGLISH_NAMES, defaultLabel, defaultPress, type MadeNames } from './actions';
import {
	addButton,
	addPage,
	commit,
	removeButton,
	undo,
	type EditResult,
	type History
} from './edit';
import { currentViewport, defaultGrid, type Viewport } from './grid';
import {
	DeckDocumentSchema,
	emptyDeck,
	newId,
	type DeckAction,
	type DeckDocument,
	type DeckPage
} from './layout';
import type { PageBase, SharedDeck } from './merge';

/** Where the deck before layouts is kept; `migrate.ts` upgrades it, fetched only when there is one. */
const LEGACY_KEY = 'stream-control:deck';

/** Where this device's deck stands against the shared one: absent until the first sync. */
const SyncSchema = v.object({
	rev: v.number(),
	pages: v.record(
		v.string(),
		v.object({ base: v.nullable(v.number()), dirty: v.boolean(), at: v.number() })
	),
	removed: v.record(v.string(), v.number())
});
export type SyncMeta = v.InferOutput<typeof SyncSchema>;
/** One stored value: the deck and, once synced, where it stands. */
const StoredSchema = v.intersect([DeckDocumentSchema, v.object({ sync: v.optional(SyncSchema) })]);
type Stored = DeckDocument & { sync?: SyncMeta };

const KEY_PREFIX = 'stream-control:deck:v2:';
export const FAVOURITES_PAGE = 'favourites';

/** Which setup a deck belongs to: the application's address (or the demo). */
export function deckSetupKey(settings: { demo?: boolean; host: string; port: number }): string {
	return settings.demo ? 'demo' : `${settings.host}:${settings.port}`;
}

interface DeckStoreOptions {
	storage?: KeyValueStorage;
	viewport?: Viewport;
	/** The words to name a migrated deck's buttons and pages in (the dashboard's, loaded only then). */
	names?: () => Promise<MadeNames>;
}

function hasItem(storage: KeyValueStorage | undefined, key: string): boolean {
	try {
		return storage?.getItem(key) != null;
	} catch {
		return false;
	}
}

export class DeckStore {
	/** The deck as stored; the edits before it (for undo) are kept for this visit only. */
	readonly #stored: PersistedState<Stored>;
	/** The deck without its sync marks: what edits, exports and share links see. */
	readonly #doc = $derived.by(() => {
		const { version, pages } = this.#stored.current;
		return { version, pages } as DeckDocument;
	});
	#readOnly = $state(false);
	/** Whether the deck shown is the companion's live copy of the streamer's (a share link's holder). */
	#live = false;
	readonly #listeners = new Set<() => void>();
	#past = $state.raw<readonly DeckDocument[]>([]);
	readonly key: string;
	readonly #viewport: Viewport;

	constructor(setupKey: string, options: DeckStoreOptions = {}) {
		const storage = 'storage' in options ? options.storage : deviceStorage();
		this.key = KEY_PREFIX + setupKey;
		this.#viewport = options.viewport ?? currentViewport();
		// Something unreadable under the key is kept aside, never overwritten by the next change.
		const empty = emptyDeck();
		this.#stored = new PersistedState<Stored>(this.key, StoredSchema, empty, {
			storage,
			keepUnreadable: true
		});
		if (this.#stored.current === empty && hasItem(storage, LEGACY_KEY))
			void Promise.all([
				import('./migrate'),
				options.names?.().catch(() => undefined) ?? ENGLISH_NAMES
			]).then(([{ LegacyDeckSchema, migrateLegacy }, names = ENGLISH_NAMES]) => {
				// A change made meanwhile wins: the old deck is only ever a starting point.
				if (this.#stored.current !== empty) return;
				const legacy = new StoredValue(LEGACY_KEY, LegacyDeckSchema, storage).load();
				if (legacy)
					this.#stored.current = migrateLegacy(legacy, defaultGrid(this.#viewport), names);
			});
	}

	/** False when the last change could not be stored (storage full or unavailable): it lasts this visit only. */
	get stored(): boolean {
		return this.#stored.saved;
	}

	get doc(): DeckDocument {
		return this.#doc;
	}
	/** A share link's holder sees the streamer's deck and cannot change it. */
	get readOnly(): boolean {
		return this.#readOnly;
	}
	/** Where this deck stands against the shared one (undefined before the first sync). */
	get sync(): SyncMeta | undefined {
		return this.#stored.current.sync;
	}

	/**
	 * The shared deck replaces this one: the companion's answer to this device's changes, or another
	 * device's. Undo history stays when nothing changed here (the echo of this device's own send).
	 */
	adopt(shared: SharedDeck, options: { readOnly?: boolean } = {}): void {
		this.#readOnly = options.readOnly ?? false;
		this.#live = this.#readOnly;
		const pages: Record<string, PageBase> = {};
		for (const p of shared.doc.pages)
			pages[p.id] = { base: shared.pages[p.id]?.rev ?? shared.rev, dirty: false, at: 0 };
		if (JSON.stringify(shared.doc.pages) !== JSON.stringify(this.doc.pages)) this.#past = [];
		this.#stored.current = { ...shared.doc, sync: { rev: shared.rev, pages, removed: {} } };
	}

	/**
	 * The companion's answer to a send while this device changed more meanwhile: the revisions are
	 * taken, and the pages changed since the send stay marked, to be sent again.
	 */
	rebase(shared: SharedDeck, sent: DeckDocument): void {
		const before = new Map(sent.pages.map((p) => [p.id, JSON.stringify(p)]));
		const pages: Record<string, PageBase> = {};
		for (const p of this.doc.pages) {
			const known = this.sync?.pages[p.id];
			const changed = before.get(p.id) !== JSON.stringify(p);
			const base = shared.pages[p.id]?.rev ?? (changed ? (known?.base ?? null) : null);
			pages[p.id] = { base, dirty: changed || base === null, at: known?.at ?? Date.now() };
		}
		const removed: Record<string, number> = {};
		for (const id of before.keys())
			if (!pages[id] && shared.pages[id]) removed[id] = shared.pages[id]!.rev;
		this.#stored.current = { ...this.doc, sync: { rev: shared.rev, pages, removed } };
	}

	/** Whether this device has changes the shared deck has not seen. */
	get unsent(): boolean {
		const sync = this.sync;
		if (!sync) return true;
		return (
			Object.keys(sync.removed).length > 0 ||
			this.pages.some((p) => !sync.pages[p.id] || sync.pages[p.id]!.dirty)
		);
	}
	get pages(): readonly DeckPage[] {
		return this.doc.pages;
	}
	get canUndo(): boolean {
		return this.#past.length > 0;
	}
	page(id: string | undefined): DeckPage | undefined {
		return id === undefined ? undefined : this.pages.find((p) => p.id === id);
	}

	/** Applies one edit; a refused edit changes nothing and answers why. */
	edit(change: (doc: DeckDocument) => EditResult): EditResult {
		if (this.#readOnly) return { ok: false, refusal: { id: 'read-only' } };
		const result = change(this.doc);
		if (result.ok && result.doc !== this.doc)
			this.#apply(commit({ past: this.#past, present: this.doc }, result.doc));
		return result;
	}

	/** Puts back the deck as it was before the last edit; false when there is nothing to undo. */
	undo(): boolean {
		const previous = undo({ past: this.#past, present: this.doc });
		if (!previous) return false;
		this.#apply(previous);
		return true;
	}

	#apply(history: History): void {
		this.#past = history.past;
		this.#stored.current = { ...history.present, sync: this.#marked(history.present) };
		for (const listener of this.#listeners) listener();
	}

	/** Called after each change made here (not after adopting the shared deck). */
	onChange(listener: () => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	/** The sync marks after a change here: pages changed now are dirty, pages deleted are remembered. */
	#marked(next: DeckDocument): SyncMeta | undefined {
		const sync = this.sync;
		if (!sync) return undefined;
		const before = new Map(this.doc.pages.map((p) => [p.id, p]));
		const pages: Record<string, PageBase> = {};
		const now = Date.now();
		for (const p of next.pages) {
			const known = sync.pages[p.id];
			const old = before.get(p.id);
			const changed = !old || (old !== p && JSON.stringify(old) !== JSON.stringify(p));
			pages[p.id] = changed
				? { base: known?.base ?? null, dirty: true, at: now }
				: (known ?? { base: null, dirty: true, at: now });
		}
		const removed = { ...sync.removed };
		for (const id of Object.keys(pages)) delete removed[id];
		for (const id of before.keys()) {
			const base = sync.pages[id]?.base;
			if (!pages[id] && base !== undefined && base !== null) removed[id] = base;
		}
		return { rev: sync.rev, pages, removed };
	}

	/** Replaces the whole deck with one already checked (`portable.ts`); undo brings the old one back. */
	replace(doc: DeckDocument): EditResult {
		return this.edit(() => ({ ok: true, doc }));
	}

	/**
	 * A share link's holder while the companion keeps no deck of the streamer's: this device's deck
	 * (the layout its link brought, if any) stays, and cannot be changed.
	 */
	lock(): void {
		this.#readOnly = true;
	}

	/**
	 * The layout a co-streamer's link brought (already checked, `portable.ts`). It does not depend on
	 * which comes first, the link or the companion's answer: a share link's deck is read-only, so this
	 * is not an edit; the companion's live copy of the streamer's deck, once here, is newer and stays.
	 */
	carry(doc: DeckDocument): EditResult {
		if (!this.#live) this.#apply(commit({ past: this.#past, present: this.doc }, doc));
		return { ok: true, doc: this.doc };
	}

	/** A new page with the grid that suits this screen. */
	addPage(name: string): EditResult & { id: string } {
		const id = newId('p');
		return {
			...this.edit((doc) => addPage(doc, { id, name, ...defaultGrid(this.#viewport) })),
			id
		};
	}

	/** A button for this action, at the first free place of the page. */
	addAction(pageId: string, action: DeckAction): EditResult {
		const label = defaultLabel(action, (id) => this.page(id)?.name);
		return this.edit((doc) => addButton(doc, pageId, newButton(action, label)));
	}

	/** The Favourites page's button for this action, if any (the everything view's star). */
	favouriteOf(action: DeckAction): string | undefined {
		return this.page(FAVOURITES_PAGE)?.buttons.find((b) => sameAction(b.action, action))?.id;
	}

	/** Adds the action to the Favourites page (made when missing, both named in `names`), or takes it off. */
	toggleFavourite(action: DeckAction, names: MadeNames = ENGLISH_NAMES): EditResult {
		const existing = this.favouriteOf(action);
		if (existing) return this.edit((doc) => removeButton(doc, FAVOURITES_PAGE, existing));
		return this.edit((doc) => {
			let next = doc;
			if (!doc.pages.some((p) => p.id === FAVOURITES_PAGE)) {
				const made = addPage(doc, {
					id: FAVOURITES_PAGE,
					name: names.favourites,
					...defaultGrid(this.#viewport)
				});
				if (!made.ok) return made;
				next = made.doc;
			}
			return addButton(
				next,
				FAVOURITES_PAGE,
				newButton(action, defaultLabel(action, undefined, names.words))
			);
		});
	}
}

/** A new 1 × 1 button for an action: its default label (cut to the 40 characters a label holds) and press safety. */
const newButton = (action: DeckAction, label: string) => ({
	id: newId(),
	width: 1 as const,
	look: { label: label.slice(0, 40) },
	action,
	press: defaultPress(action),
	inputs: {}
});

export const sameAction = (a: DeckAction, b: DeckAction): boolean =>
	JSON.stringify(a) === JSON.stringify(b);
