/**
 * A deck outside this device: a JSON file to export and import, and a compact form for the fragment of
 * a co-streamer's share link. Everything coming in is checked with the deck's schema; a bad file is
 * refused with the field and the rule it breaks, and the deck already here is left as it was. An import
 * replaces the deck or adds after it, as the streamer chooses.
 */
import * as v from 'valibot';
import { pathOf } from '$lib/protocol/issues';
import type { DeckIssue, DeckRefusal, EditResult } from './edit';
import {
	DeckDocumentSchema,
	GRID_LIMITS,
	cellsOf,
	newId,
	type DeckButton,
	type DeckDocument,
	type DeckPage
} from './layout';

export type Parsed = { ok: true; doc: DeckDocument } | { ok: false; refusal: DeckRefusal };

export const exportDeck = (doc: DeckDocument): string => JSON.stringify(doc, null, 2) + '\n';

/** Reads a deck file's text; the first broken rules name their field (`pages[0].buttons[2].col`, overlaps button a). */
export function parseDeck(text: string): Parsed {
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch {
		return { ok: false, refusal: { id: 'not-json' } };
	}
	const parsed = v.safeParse(DeckDocumentSchema, data);
	if (parsed.success) return { ok: true, doc: parsed.output };
	const issues = parsed.issues.map(deckIssue);
	const seen = new Set<string>();
	const first = issues.filter((i) => {
		const key = `${i.field}\u0000${i.english}`;
		return !seen.has(key) && seen.add(key);
	});
	return { ok: false, refusal: { id: 'bad-file', issues: first.slice(0, 3) } };
}

/** The bounds of each whole number the schema checks, by the field's name. */
const BOUNDS: Record<string, { min: number; max: number }> = {
	columns: GRID_LIMITS.columns,
	rows: GRID_LIMITS.rows,
	col: { min: 0, max: GRID_LIMITS.columns.max - 1 },
	row: { min: 0, max: GRID_LIMITS.rows.max - 1 }
};

/**
 * A schema issue as data: valibot's issue type and requirement say the rule; the page's own checks
 * are told apart by their field. Anything else keeps the schema's English sentence.
 */
export function deckIssue(issue: v.BaseIssue<unknown>): DeckIssue {
	const field = pathOf(issue);
	const path = issue.path ?? [];
	const key = String(path.at(-1)?.key ?? '');
	const requirement = (issue as { requirement?: unknown }).requirement;
	const is = (kind: string, values: DeckIssue['values'] = {}): DeckIssue => ({
		field,
		kind,
		values,
		english: issue.message
	});
	const count = typeof requirement === 'number' ? requirement : 0;
	switch (issue.type) {
		case 'string':
		case 'number':
		case 'boolean':
		case 'finite':
			return is(issue.type);
		case 'integer':
			return is('whole');
		case 'array':
			return is('list');
		case 'regex':
			return is('hex_colour');
		case 'min_length':
			return Array.isArray(issue.input) ? is('not_empty') : is('required');
		case 'max_length':
			return typeof issue.input === 'string'
				? is('at_most_chars', { max: count })
				: is('at_most_items', { max: count });
		case 'min_value':
		case 'max_value':
			if (key === 'seconds') return is('week');
			if (BOUNDS[key]) return is('between', BOUNDS[key]);
			return is(issue.type === 'min_value' ? 'or_more' : 'at_most', { n: count });
		case 'picklist':
			return Array.isArray(requirement)
				? is('one_of', { options: requirement.join(', ') })
				: is('english');
		case 'literal':
			return is('equals', { value: issue.expected ?? '' });
		case 'variant':
			return is('action_kind', {
				options: issue.expected?.replace(/"/g, '').split(' | ').join(', ') ?? ''
			});
		case 'check':
			return is(field ? 'emoji_and_icon' : 'page_ids');
		case 'raw_check':
			return pageCheck(issue, key, is);
		case 'object':
		case 'strict_object':
		case 'loose_object':
			if (issue.expected === 'never') return is('unknown_field');
			if (issue.received === 'undefined' && path.length > 0) return is('required');
			return is('object');
		default:
			return is('english');
	}
}

/** The page's own checks (`DeckPageSchema`): a button's id, its place inside the grid, an overlap. */
function pageCheck(
	issue: v.BaseIssue<unknown>,
	key: string,
	is: (kind: string, values?: DeckIssue['values']) => DeckIssue
): DeckIssue {
	const page = issue.input as DeckPage;
	// …buttons[i].key: the button's index is the path's last but one.
	const index = Number(issue.path?.at(-2)?.key);
	const button = page.buttons?.[index] as DeckButton | undefined;
	if (!button) return is('english');
	if (key === 'id') return is('id_used');
	if (key === 'row') return is('inside_rows', { rows: page.rows });
	if (button.col + button.width > page.columns)
		return is('inside_columns', { columns: page.columns });
	const mine = new Set(cellsOf(button));
	// The schema names the last earlier button on one of its cells.
	const other = page.buttons
		.slice(0, index)
		.reverse()
		.find((b) => cellsOf(b).some((c) => mine.has(c)));
	return other ? is('overlaps', { other: other.id }) : is('english');
}

/** "Live" when free, else "Live 2", "Live 3"…: page names stay unique (the tabs are told apart by them). */
export function uniqueName(name: string, used: ReadonlySet<string>): string {
	const taken = (n: string) => used.has(n.toLowerCase());
	if (!taken(name)) return name;
	for (let i = 2; ; i++) {
		const suffix = ` ${i}`;
		const next = name.slice(0, 60 - suffix.length) + suffix;
		if (!taken(next)) return next;
	}
}

/**
 * Pages coming in from a file: fresh button ids (a tile's receipt belongs to its button id, so a
 * copied button never shows a press made elsewhere) and names unique beside `keep`'s.
 */
function arrive(incoming: readonly DeckPage[], keep: readonly DeckPage[]): DeckPage[] {
	const used = new Set(keep.map((p) => p.name.toLowerCase()));
	return incoming.map((page) => {
		const name = uniqueName(page.name, used);
		used.add(name.toLowerCase());
		return { ...page, name, buttons: page.buttons.map((b) => ({ ...b, id: newId() })) };
	});
}

/** The file's pages instead of the ones here (undo brings them back). */
export function replacePages(current: DeckDocument, incoming: DeckDocument): EditResult {
	return { ok: true, doc: { ...current, pages: arrive(incoming.pages, []) } };
}

/** The imported pages after the ones already here (a page id already used gets a new one), so nothing is replaced. */
export function appendPages(current: DeckDocument, incoming: DeckDocument): EditResult {
	if (current.pages.length + incoming.pages.length > GRID_LIMITS.pages)
		return {
			ok: false,
			refusal: {
				id: 'file-page-limit',
				max: GRID_LIMITS.pages,
				here: current.pages.length,
				file: incoming.pages.length
			}
		};
	const used = new Set(current.pages.map((p) => p.id));
	const renamed = new Map<string, string>();
	for (const page of incoming.pages) if (used.has(page.id)) renamed.set(page.id, newId('p'));
	const pages = arrive(incoming.pages, current.pages).map((page) => ({
		...page,
		id: renamed.get(page.id) ?? page.id,
		// Page jumps inside the file follow their page's new id.
		buttons: page.buttons.map((b) =>
			b.action.kind === 'page' && renamed.has(b.action.page)
				? { ...b, action: { ...b.action, page: renamed.get(b.action.page)! } }
				: b
		)
	}));
	return { ok: true, doc: { ...current, pages: [...current.pages, ...pages] } };
}

/** What a share link carries: the layout without this device's keys, MIDI and gamepad bindings. */
export function forSharing(doc: DeckDocument): DeckDocument {
	return {
		...doc,
		pages: doc.pages.map((p) => ({ ...p, buttons: p.buttons.map((b) => ({ ...b, inputs: {} })) }))
	};
}

function toBase64Url(bytes: Uint8Array): string {
	let binary = '';
	for (const byte of bytes) binary += String.fromCharCode(byte);
	return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
const fromBase64Url = (text: string) =>
	Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

async function through(
	bytes: Uint8Array<ArrayBuffer>,
	stream: CompressionStream | DecompressionStream
): Promise<Uint8Array<ArrayBuffer>> {
	const out = new Blob([bytes]).stream().pipeThrough(stream);
	return new Uint8Array(await new Response(out).arrayBuffer());
}

/** The deck for a URL fragment: deflated where the browser can (`z.`), else plain (`j.`), base64url. */
export async function encodeDeck(doc: DeckDocument): Promise<string> {
	const bytes = new TextEncoder().encode(JSON.stringify(doc));
	if (typeof CompressionStream === 'function') {
		try {
			return `z.${toBase64Url(await through(bytes, new CompressionStream('deflate-raw')))}`;
		} catch {
			// No raw deflate here: the plain form is longer but reads everywhere.
		}
	}
	return `j.${toBase64Url(bytes)}`;
}

export async function decodeDeck(text: string): Promise<Parsed> {
	try {
		const kind = text.slice(0, 2);
		let bytes: Uint8Array<ArrayBuffer> = fromBase64Url(text.slice(2));
		if (kind === 'z.') bytes = await through(bytes, new DecompressionStream('deflate-raw'));
		else if (kind !== 'j.') return { ok: false, refusal: { id: 'link-form' } };
		return parseDeck(new TextDecoder().decode(bytes));
	} catch {
		return { ok: false, refusal: { id: 'link-damaged' } };
	}
}
