/**
 * What the dashboard leaves as data and says in its language: a refused edit of the deck (and a bad
 * deck file's field and rule), an alert look's errors in the builder, a required field named by the
 * form's label, and a send type's name in "… is not available".
 */
import { afterEach, describe, expect, it } from 'vitest';
import { addButton } from '$lib/app/deck/edit';
import { moveButton, resizePage, renamePage } from '$lib/app/deck/arrange';
import { appendPages, parseDeck } from '$lib/app/deck/portable';
import type { DeckDocument } from '$lib/app/deck/layout';
import { language } from '$lib/app/language.svelte';
import { errorWords, issueRule } from '$lib/app/reason-words';
import { refusalFor } from '$lib/client/capabilities';
import { checkSend } from '$lib/protocol/send';
import { readRaw, type OptionField } from '$lib/widgets/options';
import { lookErrorOf } from '$lib/widgets/alert-box/look';
import { widgetById } from '$lib/widgets/definitions';
import { deckRefusalWords } from '../../src/routes/(app)/deck-edit/refusal-words';
import { lookErrorWords } from '../../src/routes/(app)/widgets/look-words';

const DOC: DeckDocument = {
	version: 2,
	pages: [
		{
			id: 'p',
			name: 'Main',
			columns: 2,
			rows: 1,
			buttons: [
				{
					id: 'a',
					col: 0,
					row: 0,
					width: 1,
					look: { label: 'Intro' },
					action: { kind: 'trigger', type: 'studio-scene', name: 'Intro' },
					press: 'tap',
					inputs: {}
				},
				{
					id: 'b',
					col: 1,
					row: 0,
					width: 1,
					look: { label: '' },
					action: { kind: 'light', color: '#ff0000' },
					press: 'tap',
					inputs: {}
				}
			]
		}
	]
};

const refused = (result: ReturnType<typeof moveButton>) => {
	if (result.ok) throw new Error('accepted');
	return deckRefusalWords(result.refusal);
};

describe('a refused edit of the deck', () => {
	afterEach(() => language.choose('en'));

	it('says in English what it always said', () => {
		expect(refused(moveButton(DOC, 'p', 'a', 2, 0))).toBe(
			'Intro cannot go past the edge of the grid.'
		);
		expect(refused(resizePage(DOC, 'p', { columns: 1, rows: 1 }))).toBe(
			'Button would fall outside a 1 × 1 grid: move or remove it first.'
		);
		expect(refused(resizePage(DOC, 'p', { columns: 13, rows: 1 }))).toBe(
			'Columns must be between 1 and 12.'
		);
		const full = {
			...DOC,
			pages: Array.from({ length: 30 }, (_, i) => ({ ...DOC.pages[0]!, id: `p${i}` }))
		};
		expect(refused(appendPages(full, DOC))).toBe(
			'A deck holds at most 30 pages: this one has 30 and the file 1.'
		);
	});

	it('in German, with the button’s label, the page’s name and the limits', async () => {
		await language.choose('de');
		expect(refused(moveButton(DOC, 'p', 'a', 2, 0))).toBe(
			'Intro kann nicht über den Rand des Rasters hinaus.'
		);
		expect(
			refused(
				addButton(DOC, 'p', {
					...DOC.pages[0]!.buttons[0]!,
					id: 'c',
					col: undefined,
					row: undefined
				})
			)
		).toBe('Main ist voll: Vergrößere das Raster oder entferne einen Button.');
		expect(refused(renamePage(DOC, 'p', '  '))).toBe('Eine Seite braucht einen Namen.');
		expect(refused(resizePage(DOC, 'p', { columns: 2, rows: 13 }))).toBe(
			'Zeilen müssen zwischen 1 und 12 liegen.'
		);
	});

	it('a bad deck file names the field and the rule, in German', async () => {
		await language.choose('de');
		const overlapping = structuredClone(DOC);
		overlapping.pages[0]!.buttons[1]!.col = 0;
		const parsed = parseDeck(JSON.stringify(overlapping));
		if (parsed.ok) throw new Error('accepted');
		expect(deckRefusalWords(parsed.refusal)).toBe(
			'Die Datei ist kein Deck, das diese Version lesen kann: pages[0].buttons[1].col überdeckt Button a.'
		);
		const wide = parseDeck(
			JSON.stringify({ version: 3, pages: [{ ...DOC.pages[0], columns: 40 }] })
		);
		if (wide.ok) throw new Error('accepted');
		expect(deckRefusalWords(wide.refusal)).toBe(
			'Die Datei ist kein Deck, das diese Version lesen kann: version muss 2 sein; pages[0].columns muss zwischen 1 und 12 liegen.'
		);
		const broken = structuredClone(DOC) as unknown as { pages: Record<string, unknown>[] };
		const [page] = broken.pages as [{ name: string; buttons: Record<string, unknown>[] }];
		page.name = ' ';
		page.buttons[0]!.action = { kind: 'routine', name: 'BRB', actions: [] };
		page.buttons[1]!.look = { label: '', emoji: '🎬', icon: 'mic' };
		const rules = parseDeck(JSON.stringify(broken));
		if (rules.ok) throw new Error('accepted');
		// Each rule is the schema's own (rule-text.ts), said from the one table.
		expect(rules.refusal.id === 'bad-file' && rules.refusal.issues.every((i) => i.says)).toBe(true);
		expect(deckRefusalWords(rules.refusal)).toBe(
			'Die Datei ist kein Deck, das diese Version lesen kann: pages[0].name fehlt; pages[0].buttons[0].action.actions braucht mindestens einen Schritt; pages[0].buttons[1].look.icon kann nicht Emoji und Icon zugleich haben.'
		);
		const notJson = parseDeck('{');
		expect(!notJson.ok && deckRefusalWords(notJson.refusal)).toBe(
			'Die Datei ist kein Deck: Sie ist kein JSON.'
		);
	});
});

describe('an alert look’s errors in the builder', () => {
	afterEach(() => language.choose('en'));
	const fields = widgetById('alert-box')!.fields;
	const look = fields.find((f) => f.kind === 'look') as OptionField;
	const variations = fields.find((f) => f.kind === 'variations') as OptionField;
	const errorOf = (field: OptionField, raw: string) => {
		const read = readRaw(field, raw);
		if (read.ok) throw new Error('accepted');
		return lookErrorWords(field, read.rule);
	};

	it('English as the widget says it; German for each part', async () => {
		expect(errorOf(look, '500')).toBe('the duration must be between 1 and 120');
		// The widget says the same data in English (look.ts's one formatter).
		const read = readRaw(variations, 'bits:100:,,,,200');
		expect(!read.ok && read.rule).toBe(
			'in "bits:100:,,,,200", the volume must be between 0 and 100'
		);
		expect(!read.ok && lookErrorOf(read.rule)).toEqual([
			'item',
			'bits:100:,,,,200',
			['between', 'volume', 0, 100]
		]);
		await language.choose('de');
		expect(errorOf(look, '500')).toBe('die Dauer muss zwischen 1 und 120 liegen');
		expect(errorOf(look, ',spin')).toBe(
			'die Rein-Animation muss eine davon sein: none, fade, pop, slide, zoom'
		);
		expect(errorOf(look, ',,,,loud')).toBe('die Lautstärke muss eine ganze Zahl sein');
		expect(errorOf(look, '1,2,3,4,5,6,7')).toBe('hat mehr als 6 Teile');
		expect(errorOf(variations, 'bits:100:,,,,200')).toBe(
			'in „bits:100:,,,,200“: die Lautstärke muss zwischen 0 und 100 liegen'
		);
		expect(errorOf(variations, 'bits:100:9,,,,,,')).toBe(
			'in „bits:100:9,,,,,,“: hat mehr als 6 Teile'
		);
		expect(errorOf(variations, 'nope')).toMatch(
			/^„nope“ muss Art:Minimum:Look lauten, mit einer Art aus /
		);
	});
});

describe('a form’s field and a send type, named in the language', () => {
	afterEach(() => language.choose('en'));

	it('a required field shown after its label leaves out the protocol’s name of it', async () => {
		await language.choose('de');
		const check = checkSend('change-stream-title', { value: '  ', platform: 'alpha' });
		if (check.ok) throw new Error('accepted');
		expect(issueRule(check.issues[0]!)).toBe('fehlt (title)');
		expect(issueRule(check.issues[0]!, true)).toBe('fehlt');
	});

	it('“… is not available” names the type as the dashboard does', async () => {
		const capabilities = {
			known: true,
			get: () => ({ offered: false, reason: 'x' }),
			offered: () => false
		} as unknown as Parameters<typeof refusalFor>[2];
		const error = refusalFor('studio-scene', {}, capabilities)!;
		expect(error.message).toMatch(/^Scene is not available/);
		await language.choose('de');
		expect(errorWords(error)).toMatch(/^Szene ist nicht verfügbar/);
	});
});
