/**
 * Buttons and pages the deck makes outside edit mode (a starred favourite, a migrated old deck) are
 * named in the words given to it: English by default, the dashboard's language from the dashboard.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { language } from '$lib/app/language.svelte';
import { migrateLegacy } from '$lib/app/deck/migrate';
import { madeNames } from '../../src/routes/(app)/deck-edit/action-words';

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
