/**
 * The edits only edit mode makes (pages renamed, resized or removed; buttons moved, resized or
 * changed), as pure functions like those in `edit.ts`: apart, so the deck's first load does not carry them.
 */
import { fits, occupied, type GridSize } from './grid';
import { GRID_LIMITS, cellsOf, type DeckButton, type DeckDocument, type DeckPage } from './layout';
import { fail, onPage, type EditResult } from './edit';

const label = (b: DeckButton) => b.look.label;

export function removePage(doc: DeckDocument, pageId: string): EditResult {
	if (!doc.pages.some((p) => p.id === pageId)) return fail({ id: 'page-gone' });
	return { ok: true, doc: { ...doc, pages: doc.pages.filter((p) => p.id !== pageId) } };
}

export function renamePage(doc: DeckDocument, pageId: string, name: string): EditResult {
	const clean = name.trim().slice(0, 60);
	if (!clean) return fail({ id: 'page-name' });
	return onPage(doc, pageId, (p) => ({ ...p, name: clean }));
}

/** Changes a page's grid; refused when a button would fall outside it. */
export function resizePage(doc: DeckDocument, pageId: string, size: GridSize): EditResult {
	const { columns, rows } = size;
	if (
		!Number.isInteger(columns) ||
		columns < GRID_LIMITS.columns.min ||
		columns > GRID_LIMITS.columns.max
	)
		return fail({ id: 'columns', ...GRID_LIMITS.columns });
	if (!Number.isInteger(rows) || rows < GRID_LIMITS.rows.min || rows > GRID_LIMITS.rows.max)
		return fail({ id: 'rows', ...GRID_LIMITS.rows });
	return onPage(doc, pageId, (p) => {
		const outside = p.buttons.find((b) => b.col + b.width > columns || b.row >= rows);
		return outside
			? { id: 'outside-grid', label: label(outside), columns, rows }
			: { ...p, columns, rows };
	});
}

/**
 * Moves a button to (col, row). A free place takes it; a place held by one button that fits where
 * this one was swaps the two; anything else is refused.
 */
export function moveButton(
	doc: DeckDocument,
	pageId: string,
	buttonId: string,
	col: number,
	row: number
): EditResult {
	return onPage(doc, pageId, (p) => {
		const moving = p.buttons.find((b) => b.id === buttonId);
		if (!moving) return { id: 'button-gone' };
		if (moving.col === col && moving.row === row) return p;
		const target = { col, row, width: moving.width };
		if (col < 0 || row < 0 || col + moving.width > p.columns || row >= p.rows)
			return { id: 'past-edge', label: label(moving) };
		if (fits(p, target, moving.id))
			return { ...p, buttons: p.buttons.map((b) => (b.id === moving.id ? { ...b, col, row } : b)) };
		const taken = occupied(p, moving.id);
		const others = [
			...new Set(
				cellsOf(target)
					.map((c) => taken.get(c))
					.filter((x): x is string => Boolean(x))
			)
		];
		const other = others.length === 1 ? p.buttons.find((b) => b.id === others[0]) : undefined;
		if (!other) return { id: 'no-room', label: label(moving) };
		// The other button takes the moved one's place, if the page still holds both without overlap.
		const after = p.buttons.map((b) =>
			b.id === moving.id
				? { ...b, col, row }
				: b.id === other.id
					? { ...b, col: moving.col, row: moving.row }
					: b
		);
		const candidate = { ...p, buttons: after };
		return laidOut(candidate) ? candidate : { id: 'no-room', label: label(moving) };
	});
}

/** Every button inside the grid, no two on one cell. */
function laidOut(page: DeckPage): boolean {
	const seen = new Set<string>();
	for (const b of page.buttons) {
		if (b.col < 0 || b.row < 0 || b.col + b.width > page.columns || b.row >= page.rows)
			return false;
		for (const c of cellsOf(b)) {
			if (seen.has(c)) return false;
			seen.add(c);
		}
	}
	return true;
}

/** 1 × 1 or 2 × 1; a wide button needs the cell to its right free (or it steps left when that one is). */
export function resizeButton(
	doc: DeckDocument,
	pageId: string,
	buttonId: string,
	width: 1 | 2
): EditResult {
	return onPage(doc, pageId, (p) => {
		const b = p.buttons.find((x) => x.id === buttonId);
		if (!b) return { id: 'button-gone' };
		if (b.width === width) return p;
		const spots = width === 1 ? [b.col] : [b.col, b.col - 1];
		const col = spots.find((c) => fits(p, { col: c, row: b.row, width }, b.id));
		if (col === undefined) return { id: 'no-wide-room', label: label(b) };
		return { ...p, buttons: p.buttons.map((x) => (x.id === b.id ? { ...x, col, width } : x)) };
	});
}

/** Replaces a button's look, action, press or inputs (its place stays). */
export function updateButton(
	doc: DeckDocument,
	pageId: string,
	buttonId: string,
	patch: Partial<Pick<DeckButton, 'look' | 'action' | 'press' | 'inputs'>>
): EditResult {
	return onPage(doc, pageId, (p) =>
		p.buttons.some((b) => b.id === buttonId)
			? { ...p, buttons: p.buttons.map((b) => (b.id === buttonId ? { ...b, ...patch } : b)) }
			: { id: 'button-gone' }
	);
}
