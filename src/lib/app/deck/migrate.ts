/**
 * The deck before layouts (version 1, `stream-control:deck`): favourites and user pages, each a list of
 * `type:name` keys. Upgrading makes each of them a grid page holding the same buttons in the same
 * order, the grid grown when they need more rows, so nothing is lost. The old entry is left in place.
 */
import * as v from 'valibot';
import { ENGLISH_NAMES, defaultLabel, defaultPress, type MadeNames } from './actions';
import type { GridSize } from './grid';
import {
	DECK_VERSION,
	GRID_LIMITS,
	TRIGGER_TYPES,
	type DeckAction,
	type DeckButton,
	type DeckDocument,
	type DeckPage,
	type TriggerType
} from './layout';

export const LegacyDeckSchema = v.object({
	favourites: v.array(v.string()),
	pages: v.array(
		v.object({
			id: v.string(),
			name: v.pipe(v.string(), v.maxLength(60)),
			items: v.array(v.string())
		})
	)
});
export type LegacyDeck = v.InferOutput<typeof LegacyDeckSchema>;

const TRIGGERS: ReadonlySet<string> = new Set(TRIGGER_TYPES);

/** `studio-scene:Intro` → a trigger of that scene; anything else (no such type) → undefined. */
export function actionOfKey(key: string): Extract<DeckAction, { kind: 'trigger' }> | undefined {
	const colon = key.indexOf(':');
	const type = key.slice(0, colon);
	const name = key.slice(colon + 1).trim();
	if (colon <= 0 || !TRIGGERS.has(type) || !name) return undefined;
	return { kind: 'trigger', type: type as TriggerType, name: name.slice(0, 200) };
}

/** A grid page holding these actions in reading order, its rows grown (then columns) to hold them all. */
export function pageOf(
	id: string,
	name: string,
	actions: readonly DeckAction[],
	grid: GridSize,
	names: MadeNames = ENGLISH_NAMES
): DeckPage {
	let { columns, rows } = grid;
	while (columns * rows < actions.length && rows < GRID_LIMITS.rows.max) rows++;
	while (columns * rows < actions.length && columns < GRID_LIMITS.columns.max) columns++;
	const buttons: DeckButton[] = actions.slice(0, columns * rows).map((action, i) => ({
		id: `${id}-${i}`,
		col: i % columns,
		row: Math.floor(i / columns),
		width: 1,
		look: { label: defaultLabel(action, undefined, names.words).slice(0, 40) },
		action,
		press: defaultPress(action),
		inputs: {}
	}));
	return { id, name: name.trim().slice(0, 60) || names.page, columns, rows, buttons };
}

/** The old deck as a new one, its buttons and pages named in the given words (the dashboard's language). */
export function migrateLegacy(
	legacy: LegacyDeck,
	grid: GridSize,
	names: MadeNames = ENGLISH_NAMES
): DeckDocument {
	const actions = (keys: readonly string[]) =>
		[...new Set(keys)].map(actionOfKey).filter((a): a is NonNullable<typeof a> => Boolean(a));
	const pages: DeckPage[] = [];
	if (legacy.favourites.length)
		pages.push(pageOf('favourites', names.favourites, actions(legacy.favourites), grid, names));
	for (const page of legacy.pages)
		pages.push(
			pageOf(
				page.id.slice(0, 30) || `page-${pages.length}`,
				page.name,
				actions(page.items),
				grid,
				names
			)
		);
	// Page ids must differ: an old page could have been called "favourites" by chance.
	const seen = new Set<string>();
	for (const page of pages) {
		while (seen.has(page.id)) page.id = `${page.id}-2`;
		seen.add(page.id);
	}
	return { version: DECK_VERSION, pages: pages.slice(0, GRID_LIMITS.pages) };
}
