/**
 * Buttons and pages the deck makes outside edit mode (a starred favourite, a migrated old deck) are
 * named in the words given to it: English by default, the dashboard's language from the dashboard.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { language } from '$lib/app/language.svelte';
import { migrateLegacy } from '$lib/app/deck/migrate';
import { madeNames } from '../../src/routes/(app)/deck-edit/action-words';
import { keyFromEvent, sameKey } from '$lib/app/deck/inputs/keys';
import { keyParts, keyWords } from '$lib/app/deck/inputs/learn-words';
import { formatKey } from '$lib/app/deck/inputs/key-names';
import { KeyBindingSchema } from '$lib/app/deck/bindings';
import * as v from 'valibot';

const legacy = {
	favourites: ['alert:alpha-follower', 'studio-scene:Intro'],
	pages: [{ id: 'p1', name: ' ', items: ['alert:alpha-raid'] }]
};
const grid = { columns: 3, rows: 2 };
const named = (doc: ReturnType<typeof migrateLegacy>) =>
	doc.pages.map((p) => [p.name, p.buttons.map((b) => b.look.label)]);

describe('names made outside edit mode', () => {
	afterEach(() => language.choose('en'));

	it('are English by default, and the same from the dashboard in English', () => {
		const english = named(migrateLegacy(legacy, grid));
		expect(english).toEqual([
			['Favourites', ['Test follow (alpha)', 'Intro']],
			['Page', ['Test raid (alpha)']]
		]);
		expect(named(migrateLegacy(legacy, grid, madeNames()))).toEqual(english);
	});

	it('are German once the dashboard speaks German', async () => {
		await language.choose('de');
		expect(named(migrateLegacy(legacy, grid, madeNames()))).toEqual([
			['Favoriten', ['Follow testen (alpha)', 'Intro']],
			['Seite', ['Raid testen (alpha)']]
		]);
	});
});

describe('a learnt letter key', () => {
	const event = (code: string, key: string, mods: { ctrl?: boolean; alt?: boolean } = {}) => ({
		code,
		key,
		ctrlKey: Boolean(mods.ctrl),
		altKey: Boolean(mods.alt),
		shiftKey: false,
		metaKey: false
	});

	it('is named by the letter the keyboard gave, and still matched by its place', () => {
		const german = keyFromEvent(event('KeyZ', 'y', { ctrl: true }))!;
		expect(german).toEqual({
			code: 'KeyZ',
			cap: 'Y',
			ctrl: true,
			alt: false,
			shift: false,
			meta: false
		});
		expect(formatKey(german)).toBe('Ctrl+Y');
		expect(keyWords(german)).toBe('Ctrl+Y');
		expect(sameKey(german, keyFromEvent(event('KeyZ', 'z', { ctrl: true }))!)).toBe(true);
	});

	it('keeps a US key, a digit and an Alt combo as before, and reads old bindings', () => {
		expect(keyFromEvent(event('KeyZ', 'z'))).not.toHaveProperty('cap');
		expect(keyFromEvent(event('Digit1', '&'))).not.toHaveProperty('cap');
		expect(keyFromEvent(event('KeyQ', '@', { ctrl: true, alt: true }))).not.toHaveProperty('cap');
		const old = v.parse(KeyBindingSchema, { code: 'KeyZ', ctrl: true });
		expect(keyParts(old)).toEqual(['Ctrl', 'Z']);
	});
});
