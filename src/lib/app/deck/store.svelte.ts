/**
 * The streamer's deck for one application setup, kept on this device (PersistedState, versioned). The
 * first load for a setup upgrades the favourites and pages of the deck before layouts. Every change
 * goes through a pure edit (`edit.ts`) and is kept in a short history, so the last one can be undone.
 */
import * as v from 'valibot';
import { describeIssues, toFieldIssues } from '$lib/protocol/issues';
import { StoredValue, deviceStorage, type KeyValueStorage } from '$lib/client/persisted';
import { PersistedState } from '$lib/client/state/persisted-state';
import { defaultLabel, defaultPress } from './actions';
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

/** Where the deck before layouts is kept; `migrate.ts` upgrades it, fetched only when there is one. */
const LEGACY_KEY = 'stream-control:deck';

const KEY_PREFIX = 'stream-control:deck:v2:';
export const FAVOURITES_PAGE = 'favourites';

/** Which setup a deck belongs to: the application's address (or the demo). */
export function deckSetupKey(settings: { demo?: boolean; host: string; port: number }): string {
	return settings.demo ? 'demo' : `${settings.host}:${settings.port}`;
}

interface DeckStoreOptions {
	storage?: KeyValueStorage;
	viewport?: Viewport;
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
	readonly #doc: PersistedState<DeckDocument>;
	#past = $state.raw<readonly DeckDocument[]>([]);
	readonly key: string;
	readonly #viewport: Viewport;

	constructor(setupKey: string, options: DeckStoreOptions = {}) {
		const storage = 'storage' in options ? options.storage : deviceStorage();
		this.key = KEY_PREFIX + setupKey;
		this.#viewport = options.viewport ?? currentViewport();
		// Something unreadable under the key is kept aside, never overwritten by the next change.
		const empty = emptyDeck();
		this.#doc = new PersistedState<DeckDocument>(this.key, DeckDocumentSchema, empty, {
			storage,
			keepUnreadable: true
		});
		if (this.#doc.current === empty && hasItem(storage, LEGACY_KEY))
			void import('./migrate').then(({ LegacyDeckSchema, migrateLegacy }) => {
				// A change made meanwhile wins: the old deck is only ever a starting point.
				if (this.#doc.current !== empty) return;
				const legacy = new StoredValue(LEGACY_KEY, LegacyDeckSchema, storage).load();
				if (legacy) this.#doc.current = migrateLegacy(legacy, defaultGrid(this.#viewport));
			});
	}

	/** False when the last change could not be stored (storage full or unavailable): it lasts this visit only. */
	get stored(): boolean {
		return this.#doc.saved;
	}

	get doc(): DeckDocument {
		return this.#doc.current;
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
		this.#doc.current = history.present;
	}

	/** Replaces the whole deck (an import), checked first; undo brings the old one back. */
	replace(doc: unknown): EditResult {
		const parsed = v.safeParse(DeckDocumentSchema, doc);
		if (!parsed.success)
			return { ok: false, reason: describeIssues(toFieldIssues(parsed.issues).slice(0, 1)) };
		return this.edit(() => ({ ok: true, doc: parsed.output }));
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

	/** Adds the action to the Favourites page (made when missing), or takes it off. */
	toggleFavourite(action: DeckAction): EditResult {
		const existing = this.favouriteOf(action);
		if (existing) return this.edit((doc) => removeButton(doc, FAVOURITES_PAGE, existing));
		return this.edit((doc) => {
			let next = doc;
			if (!doc.pages.some((p) => p.id === FAVOURITES_PAGE)) {
				const made = addPage(doc, {
					id: FAVOURITES_PAGE,
					name: 'Favourites',
					...defaultGrid(this.#viewport)
				});
				if (!made.ok) return made;
				next = made.doc;
			}
			return addButton(next, FAVOURITES_PAGE, newButton(action, defaultLabel(action)));
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
