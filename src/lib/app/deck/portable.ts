/**
 * A deck outside this device: a JSON file to export and import, and a compact form for the fragment of
 * a co-streamer's share link. Everything coming in is checked with the deck's schema; a bad file is
 * refused with the field and the rule it breaks, and the deck already here is left as it was. An import
 * replaces the deck or adds after it, as the streamer chooses.
 */
import * as v from 'valibot';
import { toFieldIssues } from '$lib/protocol/issues';
import type { DeckRefusal, EditResult } from './edit';
import { DeckDocumentSchema, GRID_LIMITS, newId, type DeckDocument, type DeckPage } from './layout';

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
	// Each rule is rule-text.ts's (layout.ts's schema says them all), so it comes as data too.
	return {
		ok: false,
		refusal: { id: 'bad-file', issues: toFieldIssues(parsed.issues).slice(0, 3) }
	};
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
