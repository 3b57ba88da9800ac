/** DeckStore as the browser compiles it: per-setup storage, the upgrade from today's deck, edits and undo seen by a reader. */
import { flushSync } from 'svelte';
import { describe, expect, it, vi } from 'vitest';
import { moveButton } from '$lib/app/deck/arrange';
import { DeckStore, deckSetupKey } from '$lib/app/deck/store.svelte';
import { mounted } from './watch.svelte';

function memory(initial: Record<string, string> = {}) {
	const items = new Map(Object.entries(initial));
	return {
		items,
		getItem: (k: string) => items.get(k) ?? null,
		setItem: (k: string, v: string) => void items.set(k, v),
		removeItem: (k: string) => void items.delete(k)
	};
}

const PHONE = { width: 390, height: 844, coarse: true };
/** Exactly what the deck before layouts stored (Deck in deck.svelte.ts: favourites and pages of `type:name` keys). */
const TODAY = JSON.stringify({
	favourites: ['studio-scene:Gameplay', 'chat-command:lurk'],
	pages: [
		{
			id: 'k2j4h1x9',
			name: 'Start of stream',
			items: ['studio-scene:Starting Soon', 'alert:alpha-follower']
		}
	]
});

describe('DeckStore', () => {
	it("upgrades today's favourites and pages once, per setup, leaving the old entry in place", async () => {
		const storage = memory({ 'stream-control:deck': TODAY });
		const { value: deck, stop } = mounted(
			() => new DeckStore('127.0.0.1:39231', { storage, viewport: PHONE })
		);
		// The upgrade's code is fetched when there is an old deck: its pages come a moment later.
		await vi.waitFor(() => expect(deck.pages).toHaveLength(2));
		expect(deck.pages.map((p) => [p.name, p.buttons.map((b) => b.look.label)])).toEqual([
			['Favourites', ['Gameplay', 'lurk']],
			['Start of stream', ['Starting Soon', 'Test follow (alpha)']]
		]);
		expect(deck.pages[1]!.buttons.map((b) => b.action)).toEqual([
			{ kind: 'trigger', type: 'studio-scene', name: 'Starting Soon' },
			{ kind: 'trigger', type: 'alert', name: 'alpha-follower' }
		]);
		expect(JSON.parse(storage.items.get('stream-control:deck:v2:127.0.0.1:39231')!).version).toBe(
			2
		);
		expect(storage.items.get('stream-control:deck')).toBe(TODAY);
		// Another setup starts from the same old deck; the demo's deck is its own.
		const other = new DeckStore(deckSetupKey({ host: '10.0.0.2', port: 39231 }), {
			storage,
			viewport: PHONE
		});
		await vi.waitFor(() => expect(other.pages).toHaveLength(2));
		expect(deckSetupKey({ demo: true, host: 'x', port: 1 })).toBe('demo');
		await stop();
	});

	it('keeps edits across instances, and a reader sees each edit and its undo', async () => {
		const storage = memory();
		const seen: string[] = [];
		const { value: deck, stop } = mounted(
			() => new DeckStore('demo', { storage, viewport: PHONE }),
			(d) =>
				seen.push(
					d.pages
						.map(
							(p) =>
								`${p.name}:${p.buttons.map((b) => `${b.look.label}@${b.col},${b.row}`).join('|')}`
						)
						.join(' ')
				)
		);
		const page = deck.addPage('  Scenes ');
		expect(page.ok).toBe(true);
		expect(deck.page(page.id)).toMatchObject({ name: 'Scenes', columns: 3, rows: 5 });
		expect(
			deck.addAction(page.id, { kind: 'trigger', type: 'studio-scene', name: 'Intro' }).ok
		).toBe(true);
		const id = deck.page(page.id)!.buttons[0]!.id;
		expect(deck.edit((doc) => moveButton(doc, page.id, id, 2, 1)).ok).toBe(true);
		flushSync();
		expect(seen.at(-1)).toBe('Scenes:Intro@2,1');
		expect(
			new DeckStore('demo', { storage, viewport: PHONE }).page(page.id)!.buttons[0]
		).toMatchObject({ col: 2, row: 1, press: 'tap', inputs: {} });
		expect(deck.undo()).toBe(true);
		flushSync();
		expect(seen.at(-1)).toBe('Scenes:Intro@0,0');
		expect(
			new DeckStore('demo', { storage, viewport: PHONE }).page(page.id)!.buttons[0]
		).toMatchObject({ col: 0, row: 0 });
		expect(deck.edit((doc) => moveButton(doc, page.id, id, 9, 9))).toEqual({
			ok: false,
			refusal: { id: 'past-edge', label: 'Intro' }
		});
		expect(deck.canUndo).toBe(true);
		await stop();
	});

	it('the everything view star adds to a Favourites page it makes, and takes it off again', async () => {
		const storage = memory();
		const { value: deck, stop } = mounted(
			() => new DeckStore('demo', { storage, viewport: PHONE })
		);
		const lurk = { kind: 'trigger', type: 'chat-command', name: 'lurk' } as const;
		expect(deck.favouriteOf(lurk)).toBeUndefined();
		deck.toggleFavourite(lurk);
		expect(deck.pages.map((p) => p.name)).toEqual(['Favourites']);
		expect(deck.favouriteOf(lurk)).toBeDefined();
		expect(new DeckStore('demo', { storage, viewport: PHONE }).favouriteOf(lurk)).toBeDefined();
		deck.toggleFavourite(lurk);
		expect(deck.favouriteOf(lurk)).toBeUndefined();
		await stop();
	});

	it('a damaged entry starts an empty deck, kept aside so the next change does not overwrite it; an import is checked and undoable', async () => {
		const storage = memory({ 'stream-control:deck:v2:demo': '{"version":2,"pages":5}' });
		const { value: deck, stop } = mounted(
			() => new DeckStore('demo', { storage, viewport: PHONE })
		);
		expect(deck.pages).toEqual([]);
		expect(storage.items.get('stream-control:deck:v2:demo:unreadable')).toBe(
			'{"version":2,"pages":5}'
		);
		deck.addPage('Main');
		expect(deck.replace({ version: 2, pages: [] }).ok).toBe(true);
		expect(deck.pages).toEqual([]);
		deck.undo();
		expect(deck.pages.map((p) => p.name)).toEqual(['Main']);
		await stop();
	});

	it('through the companion: the shared deck adopted, changes here marked to send, deletions remembered, one stored value', async () => {
		const storage = memory();
		const { value: deck, stop } = mounted(
			() => new DeckStore('127.0.0.1:39280', { storage, viewport: PHONE })
		);
		expect(deck.unsent).toBe(true);
		const page = (id: string, name: string) => ({ id, name, columns: 3, rows: 2, buttons: [] });
		deck.adopt({
			rev: 4,
			doc: { version: 2, pages: [page('a', 'Live'), page('b', 'Scenes')] },
			pages: { a: { rev: 3, at: 1, by: 'PC' }, b: { rev: 4, at: 2, by: 'phone' } }
		});
		expect(deck.unsent).toBe(false);
		expect(deck.pages.map((p) => p.name)).toEqual(['Live', 'Scenes']);
		expect(deck.doc).toEqual({ version: 2, pages: [page('a', 'Live'), page('b', 'Scenes')] });
		let changes = 0;
		deck.onChange(() => changes++);
		const made = deck.addPage('Mine');
		deck.edit((doc) => ({
			ok: true,
			doc: { ...doc, pages: doc.pages.filter((p) => p.id !== 'b') }
		}));
		expect(changes).toBe(2);
		expect(deck.unsent).toBe(true);
		expect(deck.sync).toMatchObject({
			rev: 4,
			pages: { a: { base: 3, dirty: false }, [made.id]: { base: null, dirty: true } },
			removed: { b: 4 }
		});
		// Undo brings the page back: no longer a deletion to send.
		deck.undo();
		expect(deck.sync?.removed).toEqual({});
		const stored = JSON.parse(storage.items.get('stream-control:deck:v2:127.0.0.1:39280')!);
		expect(Object.keys(stored)).toEqual(['version', 'pages', 'sync']);
		// A share link's holder: the deck is the streamer's, never changed here.
		deck.adopt(
			{ rev: 5, doc: { version: 2, pages: [page('a', 'Live')] }, pages: {} },
			{ readOnly: true }
		);
		expect(deck.readOnly).toBe(true);
		expect(deck.addPage('No').ok).toBe(false);
		expect(deck.pages.map((p) => p.name)).toEqual(['Live']);
		await stop();
	});

	it("a co-streamer's link brings a layout whichever comes first: the link, or the companion's answer", async () => {
		const page = (id: string, name: string) => ({ id, name, columns: 3, rows: 4, buttons: [] });
		const carried = { version: 2 as const, pages: [page('c', 'Carried')] };
		const live = { rev: 7, doc: { version: 2 as const, pages: [page('l', 'Live')] }, pages: {} };
		const open = () =>
			mounted(() => new DeckStore('127.0.0.1:39281', { storage: memory(), viewport: PHONE }));

		// The companion keeps no deck of the streamer's: the link's layout stays, before or after its answer.
		for (const linkFirst of [true, false]) {
			const { value: deck, stop } = open();
			if (linkFirst) expect(deck.carry(carried).ok).toBe(true);
			deck.lock();
			if (!linkFirst) expect(deck.carry(carried).ok).toBe(true);
			expect(deck.pages.map((p) => p.name)).toEqual(['Carried']);
			expect(deck.readOnly).toBe(true);
			expect(deck.addPage('No').ok).toBe(false);
			await stop();
		}
		// It keeps one: its live copy is shown, before or after the link's.
		for (const linkFirst of [true, false]) {
			const { value: deck, stop } = open();
			if (linkFirst) deck.carry(carried);
			deck.adopt(live, { readOnly: true });
			if (!linkFirst) expect(deck.carry(carried).ok).toBe(true);
			expect(deck.pages.map((p) => p.name)).toEqual(['Live']);
			await stop();
		}
	});
});
