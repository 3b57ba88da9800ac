/** A deck outside the device: the JSON file (a bad one named by field and rule) and the share link's compact form. */
import { describe, expect, it } from 'vitest';
import {
	appendPages,
	decodeDeck,
	encodeDeck,
	exportDeck,
	forSharing,
	parseDeck,
	replacePages,
	uniqueName
} from '$lib/app/deck/portable';
import type { DeckDocument } from '$lib/app/deck/layout';

const DOC: DeckDocument = {
	version: 2,
	pages: [
		{
			id: 'main',
			name: 'Main',
			columns: 3,
			rows: 2,
			buttons: [
				{
					id: 'a',
					col: 0,
					row: 0,
					width: 1,
					look: { label: 'Lurk' },
					action: { kind: 'trigger', type: 'chat-command', name: 'lurk' },
					press: 'tap',
					inputs: { key: { code: 'KeyL', ctrl: false, alt: false, shift: false, meta: false } }
				},
				{
					id: 'b',
					col: 1,
					row: 0,
					width: 2,
					look: { label: 'Go' },
					action: { kind: 'page', page: 'main' },
					press: 'tap',
					inputs: {}
				}
			]
		}
	]
};

describe('deck files', () => {
	it('an exported deck reads back the same', () => {
		expect(parseDeck(exportDeck(DOC))).toEqual({ ok: true, doc: DOC });
	});

	it('a bad file says which field breaks which rule, as data', () => {
		expect(parseDeck('{nope')).toEqual({ ok: false, refusal: { id: 'not-json' } });
		const overlapping = structuredClone(DOC);
		overlapping.pages[0]!.buttons[1]!.col = 0;
		expect(parseDeck(JSON.stringify(overlapping))).toEqual({
			ok: false,
			refusal: {
				id: 'bad-file',
				issues: [
					{
						field: 'pages[0].buttons[1].col',
						rule: 'overlaps button a',
						says: { kind: 'overlaps', values: { other: 'a' } }
					}
				]
			}
		});
		expect(
			parseDeck(JSON.stringify({ version: 2, pages: [{ ...DOC.pages[0], columns: 40 }] }))
		).toEqual({
			ok: false,
			refusal: {
				id: 'bad-file',
				issues: [
					{
						field: 'pages[0].columns',
						rule: 'must be between 1 and 12',
						says: { kind: 'between', values: { min: 1, max: 12 } }
					}
				]
			}
		});
	});

	it('an import goes after the pages already there; a page id already used gets a new one, its page jumps too', () => {
		const result = appendPages(DOC, DOC);
		expect(result.ok).toBe(true);
		if (!result.ok) return;
		const [mine, theirs] = result.doc.pages;
		expect(mine).toEqual(DOC.pages[0]);
		expect(theirs!.id).not.toBe('main');
		expect(theirs!.buttons[1]!.action).toEqual({ kind: 'page', page: theirs!.id });
		// Names stay unique ("Main 2"); the copied buttons are new ones, so no receipt follows them.
		expect(theirs!.name).toBe('Main 2');
		expect(theirs!.buttons.map((b) => b.id)).not.toContain('a');
		expect(theirs!.buttons.map((b) => b.look)).toEqual(DOC.pages[0]!.buttons.map((b) => b.look));
		const full = {
			version: 2 as const,
			pages: Array.from({ length: 30 }, (_, i) => ({ ...DOC.pages[0]!, id: `p${i}` }))
		};
		expect(appendPages(full, DOC)).toEqual({
			ok: false,
			refusal: { id: 'file-page-limit', max: 30, here: 30, file: 1 }
		});
	});
});

describe('import: replace or add', () => {
	it('replace takes the file instead of the deck, names unique and buttons new', () => {
		const twice = { ...DOC, pages: [DOC.pages[0]!, { ...DOC.pages[0]!, id: 'other' }] };
		const result = replacePages(DOC, twice);
		expect(result.ok && result.doc.pages.map((p) => p.name)).toEqual(['Main', 'Main 2']);
		expect(result.ok && result.doc.pages[0]!.buttons[0]!.id).not.toBe('a');
	});

	it('numbers a taken name, case aside, within the 60 characters a name holds', () => {
		expect(uniqueName('Live', new Set(['scenes']))).toBe('Live');
		expect(uniqueName('Live', new Set(['live', 'live 2']))).toBe('Live 3');
		expect(uniqueName('x'.repeat(60), new Set(['x'.repeat(60)]))).toBe(`${'x'.repeat(58)} 2`);
	});
});

describe('deck in a share link', () => {
	it("round-trips, without this device's input bindings", async () => {
		const encoded = await encodeDeck(forSharing(DOC));
		expect(encoded).toMatch(/^[zj]\.[A-Za-z0-9_-]+$/);
		const decoded = await decodeDeck(encoded);
		expect(decoded.ok && decoded.doc.pages[0]!.buttons[0]!.inputs).toEqual({});
		expect(decoded.ok && decoded.doc.pages[0]!.buttons.map((b) => b.action)).toEqual(
			DOC.pages[0]!.buttons.map((b) => b.action)
		);
		expect(await decodeDeck(encoded.slice(0, 12))).toMatchObject({ ok: false });
		expect(await decodeDeck('x.abc')).toEqual({ ok: false, refusal: { id: 'link-form' } });
	});
});
