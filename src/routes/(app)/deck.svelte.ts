/**
 * Favourites and user-made deck pages, kept on this device. A button is named by its send type and the
 * setup name it triggers (`studio-scene:Intro`).
 */
import * as v from 'valibot';
import { Persisted, deviceStorage, type KeyValueStorage } from '$lib/client/persisted';

const KEY = 'stream-control:deck';
const DeckSchema = v.object({
	favourites: v.array(v.string()),
	pages: v.array(v.object({ id: v.string(), name: v.pipe(v.string(), v.maxLength(60)), items: v.array(v.string()) }))
});
export type DeckData = v.InferOutput<typeof DeckSchema>;
export type DeckPage = DeckData['pages'][number];

export const deckKey = (type: string, name: string) => `${type}:${name}`;

export class Deck {
	favourites = $state<string[]>([]);
	pages = $state<DeckPage[]>([]);
	readonly #stored: Persisted<DeckData>;

	constructor(storage: KeyValueStorage | undefined = deviceStorage()) {
		this.#stored = new Persisted(KEY, DeckSchema, storage);
		// A damaged entry starts an empty deck rather than breaking the page.
		const saved = this.#stored.load();
		if (saved) {
			this.favourites = saved.favourites;
			this.pages = saved.pages;
		}
	}

	isFavourite(key: string): boolean {
		return this.favourites.includes(key);
	}
	toggleFavourite(key: string): void {
		this.favourites = this.isFavourite(key) ? this.favourites.filter((k) => k !== key) : [...this.favourites, key];
		this.#save();
	}
	addPage(name: string): DeckPage {
		const page = { id: Math.random().toString(36).slice(2, 10), name: name.trim().slice(0, 60) || 'New page', items: [] };
		this.pages = [...this.pages, page];
		this.#save();
		return page;
	}
	removePage(id: string): void {
		this.pages = this.pages.filter((p) => p.id !== id);
		this.#save();
	}
	toggleOnPage(id: string, key: string): void {
		this.pages = this.pages.map((p) =>
			p.id !== id ? p : { ...p, items: p.items.includes(key) ? p.items.filter((k) => k !== key) : [...p.items, key] }
		);
		this.#save();
	}
	/** Storage full or unavailable: the deck still works for this visit. */
	#save(): void {
		this.#stored.save({ favourites: this.favourites, pages: this.pages });
	}
}
