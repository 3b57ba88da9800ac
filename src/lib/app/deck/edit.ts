/**
 * Edits of a deck, as pure functions: each takes a document and answers a new one, or why it cannot
 * (a sentence the page announces). The store keeps the previous document for undo. Here are the edits
 * the deck page itself makes (a star adds or removes a Favourites button); those only edit mode
 * makes are in `arrange.ts`, fetched with it.
 */
import { fits, firstFree, type GridSize } from './grid';
import { GRID_LIMITS, type DeckButton, type DeckDocument, type DeckPage } from './layout';

export type EditResult = { ok: true; doc: DeckDocument } | { ok: false; reason: string };
export type NewButton = Omit<DeckButton, 'col' | 'row'> & Partial<Pick<DeckButton, 'col' | 'row'>>;

export const fail = (reason: string): EditResult => ({ ok: false, reason });

/** Changes one page of the document; a string from `change` is the reason it refused. */
export function onPage(
	doc: DeckDocument,
	pageId: string,
	change: (page: DeckPage) => DeckPage | string
): EditResult {
	const page = doc.pages.find((p) => p.id === pageId);
	if (!page) return fail('That page is gone.');
	const next = change(page);
	if (typeof next === 'string') return fail(next);
	return { ok: true, doc: { ...doc, pages: doc.pages.map((p) => (p.id === pageId ? next : p)) } };
}

export const labelOf = (b: DeckButton) => b.look.label || 'The button';

export function addPage(
	doc: DeckDocument,
	page: Pick<DeckPage, 'id' | 'name'> & GridSize
): EditResult {
	if (doc.pages.length >= GRID_LIMITS.pages)
		return fail(`A deck holds at most ${GRID_LIMITS.pages} pages.`);
	const name = page.name.trim().slice(0, 60) || 'New page';
	return { ok: true, doc: { ...doc, pages: [...doc.pages, { ...page, name, buttons: [] }] } };
}

/** Adds a button at its place, or the first free one; refused when the page is full. */
export function addButton(doc: DeckDocument, pageId: string, button: NewButton): EditResult {
	return onPage(doc, pageId, (p) => {
		if (p.buttons.some((b) => b.id === button.id)) return 'That button is already on the page.';
		const spot =
			button.col !== undefined &&
			button.row !== undefined &&
			fits(p, { col: button.col, row: button.row, width: button.width })
				? { col: button.col, row: button.row }
				: firstFree(p, button.width);
		if (!spot) return `${p.name} is full: make its grid bigger or remove a button.`;
		return { ...p, buttons: [...p.buttons, { ...button, ...spot }] };
	});
}

export function removeButton(doc: DeckDocument, pageId: string, buttonId: string): EditResult {
	return onPage(doc, pageId, (p) =>
		p.buttons.some((b) => b.id === buttonId)
			? { ...p, buttons: p.buttons.filter((b) => b.id !== buttonId) }
			: 'That button is gone.'
	);
}

/** The edit history: the last few documents, newest last, so the last edit can be undone. */
export interface History {
	past: readonly DeckDocument[];
	present: DeckDocument;
}
export const HISTORY_LIMIT = 30;

export function commit(history: History, doc: DeckDocument): History {
	if (doc === history.present) return history;
	return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: doc };
}

export function undo(history: History): History | undefined {
	const previous = history.past.at(-1);
	return previous ? { past: history.past.slice(0, -1), present: previous } : undefined;
}
