/** Grid sizes that suit the screen a page is made on, and where a new button fits. */
import { cellsOf, type DeckButton, type DeckPage } from './layout';

export type FormFactor = 'phone' | 'tablet' | 'desktop' | 'dock';
export interface Viewport {
	width: number;
	height: number;
	/** A touch screen (`pointer: coarse`). */
	coarse?: boolean;
	/** The dashboard runs as a narrow dock inside broadcasting software. */
	dock?: boolean;
}
export interface GridSize {
	columns: number;
	rows: number;
}

/** Tiles of about 100–160 px: big enough for a thumb, few enough that a page fits without scrolling. */
export const DEFAULT_GRIDS: Record<FormFactor, GridSize> = {
	phone: { columns: 3, rows: 5 },
	dock: { columns: 4, rows: 6 },
	tablet: { columns: 5, rows: 4 },
	desktop: { columns: 6, rows: 4 }
};

export function formFactor(viewport: Viewport): FormFactor {
	if (viewport.dock) return 'dock';
	if (viewport.width < 600) return viewport.coarse || viewport.width > 420 ? 'phone' : 'dock';
	if (viewport.coarse) return 'tablet';
	return viewport.width < 1000 ? 'tablet' : 'desktop';
}

export const defaultGrid = (viewport: Viewport): GridSize => ({
	...DEFAULT_GRIDS[formFactor(viewport)]
});

/** The screen the page runs on now (a default for pages made without one, as in tests). */
export function currentViewport(): Viewport {
	if (typeof window === 'undefined') return { width: 360, height: 780, coarse: true };
	return {
		width: window.innerWidth,
		height: window.innerHeight,
		coarse: window.matchMedia?.('(pointer: coarse)').matches ?? false
	};
}

/** Cells taken on a page, each with the button that takes it (one button left out, for a move). */
export function occupied(page: Pick<DeckPage, 'buttons'>, except?: string): Map<string, string> {
	const taken = new Map<string, string>();
	for (const b of page.buttons)
		if (b.id !== except) for (const cell of cellsOf(b)) taken.set(cell, b.id);
	return taken;
}

/** Whether a button of this width fits at (col, row): inside the grid and on free cells. */
export function fits(
	page: DeckPage,
	spot: Pick<DeckButton, 'col' | 'row' | 'width'>,
	except?: string
): boolean {
	if (spot.col < 0 || spot.row < 0 || spot.col + spot.width > page.columns || spot.row >= page.rows)
		return false;
	const taken = occupied(page, except);
	return cellsOf(spot).every((c) => !taken.has(c));
}

/** The first free place for a button of this width, reading order; undefined when the page is full. */
export function firstFree(page: DeckPage, width: 1 | 2): { col: number; row: number } | undefined {
	for (let row = 0; row < page.rows; row++)
		for (let col = 0; col + width <= page.columns; col++)
			if (fits(page, { col, row, width })) return { col, row };
	return undefined;
}
