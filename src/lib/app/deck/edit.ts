/**
 * Edits of a deck, as pure functions: each takes a document and answers a new one, or why it cannot
 * (as data: edit mode's `refusal-words.ts` says it in the dashboard's language). The store keeps the previous document for undo. Here are the edits
 * the deck page itself makes (a star adds or removes a Favourites button); those only edit mode
 * makes are in `arrange.ts`, fetched with it.
 */
import type { FieldIssue } from '../../protocol/issues';
import { fits, firstFree, type GridSize } from './grid';
import { GRID_LIMITS, type DeckButton, type DeckDocument, type DeckPage } from './layout';

/**
 * Why an edit of the deck is refused, as data. `label` is the button's own label ('' when it has
 * none); a file's issues name the field and the rule it breaks (`portable.ts`).
 */
export type DeckRefusal =
	| {
			id:
				| 'page-gone'
				| 'button-gone'
				| 'button-there'
				| 'page-name'
				| 'read-only'
				| 'not-json'
				| 'link-form'
				| 'link-damaged';
	  }
	| { id: 'columns' | 'rows'; min: number; max: number }
	| { id: 'page-full'; page: string }
	| { id: 'outside-grid'; label: string; columns: number; rows: number }
	| { id: 'past-edge' | 'no-room' | 'no-wide-room'; label: string }
	| { id: 'page-limit'; max: number }
	| { id: 'file-page-limit'; max: number; here: number; file: number }
	| { id: 'bad-file'; issues: readonly FieldIssue[] };

export type EditResult = { ok: true; doc: DeckDocument } | { ok: false; refusal: DeckRefusal };
export type NewButton = Omit<DeckButton, 'col' | 'row'> & Partial<Pick<DeckButton, 'col' | 'row'>>;

export const fail = (refusal: DeckRefusal): EditResult => ({ ok: false, refusal });

/** Changes one page of the document; a refusal from `change` is why it refused. */
export function onPage(
	doc: DeckDocument,
	pageId: string,
	change: (page: DeckPage) => DeckPage | DeckRefusal
): EditResult {
	const page = doc.pages.find((p) => p.id === pageId);
	if (!page) return fail({ id: 'page-gone' });
	const next = change(page);
	if (!('buttons' in next)) return fail(next);
	return { ok: true, doc: { ...doc, pages: doc.pages.map((p) => (p.id === pageId ? next : p)) } };
}

export function addPage(
	doc: DeckDocument,
	page: Pick<DeckPage, 'id' | 'name'> & GridSize
): EditResult {
	if (doc.pages.length >= GRID_LIMITS.pages)
		return fail({ id: 'page-limit', max: GRID_LIMITS.pages });
	const name = page.name.trim().slice(0, 60) || 'New page';
	return { ok: true, doc: { ...doc, pages: [...doc.pages, { ...page, name, buttons: [] }] } };
}

/** Adds a button at its place, or the first free one; refused when the page is full. */
export function addButton(doc: DeckDocument, pageId: string, button: NewButton): EditResult {
	return onPage(doc, pageId, (p) => {
		if (p.buttons.some((b) => b.id === button.id)) return { id: 'button-there' };
		const spot =
			button.col !== undefined &&
			button.row !== undefined &&
			fits(p, { col: button.col, row: button.row, width: button.width })
				? { col: button.col, row: button.row }
				: firstFree(p, button.width);
		if (!spot) return { id: 'page-full', page: p.name };
		return { ...p, buttons: [...p.buttons, { ...button, ...spot }] };
	});
}

export function removeButton(doc: DeckDocument, pageId: string, buttonId: string): EditResult {
	return onPage(doc, pageId, (p) =>
		p.buttons.some((b) => b.id === buttonId)
			? { ...p, buttons: p.buttons.filter((b) => b.id !== buttonId) }
			: { id: 'button-gone' }
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
