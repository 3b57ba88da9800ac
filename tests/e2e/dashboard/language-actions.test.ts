/**
 * Edit mode's action words in the streamer's language (issue 30): with the browser in German, the
 * picker's sections and titles, a new button's default label (saved as it reads), and learning a
 * key binding (the prompt, a refused combo, a learnt one with German key names) speak German; the
 * picker in French too. Screenshots at 390×844 in test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../stack';
import {
	clippedIn,
	openIn,
	openPicker,
	pickerWhole,
	saysPoll,
	type PickerWords,
	shownWhole
} from './language-helpers';

/** Edit mode's words that open the picker on a new page, German and French side by side. */
const OPENING: Record<keyof PickerWords, Record<'de' | 'fr', string>> = {
	edit: { de: 'Bearbeiten', fr: 'Modifier' },
	newPageName: { de: 'Name der neuen Seite', fr: 'Nom de la nouvelle page' },
	page: { de: 'Licht', fr: 'Lumière' },
	addPage: { de: 'Seite hinzufügen', fr: 'Ajouter une page' },
	addButton: { de: 'Button hinzufügen', fr: 'Ajouter un bouton' },
	search: { de: 'Suchen, was hinzukommt', fr: 'Chercher quoi ajouter' }
};
const openingIn = (code: 'de' | 'fr') =>
	Object.fromEntries(
		Object.entries(OPENING).map(([key, said]) => [key, said[code]])
	) as PickerWords;

/** The picker in each language: what a search shows (its screenshot is named by the code). */
const PICKERS: {
	lang: string;
	code: 'de' | 'fr';
	shows: [query: string, role: 'button' | 'heading', name: string][];
}[] = [
	{
		lang: 'German',
		code: 'de',
		shows: [
			['timer', 'button', 'Timer starten oder fortsetzen'],
			['schalter', 'heading', 'Schalter'],
			['rot', 'heading', 'Lichtfarbe'],
			['licht', 'button', 'Rotes Licht']
		]
	},
	{
		lang: 'French',
		code: 'fr',
		shows: [
			['minuteur', 'button', 'Ajouter 60 s au minuteur'],
			['lumière', 'heading', 'Couleur de lumière'],
			['lumière', 'button', 'Lumière rouge']
		]
	}
];
const localeOf = (code: 'de' | 'fr') => `${code}-${code.toUpperCase()}`;

describe('the action catalogue’s words in German and French', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	}, 120_000);
	afterAll(async () => stack?.close());

	for (const { lang, code, shows } of PICKERS)
		it(`${lang}: the picker’s sections and titles`, async () => {
			const opening = openingIn(code);
			const { page, errors, picker, search } = await openPicker(stack, localeOf(code), opening);
			// The picker shows the first 60 of what matches: a search brings each part into view.
			for (const [query, role, name] of shows) {
				await search.fill(query);
				await picker.getByRole(role, { name, exact: true }).waitFor();
			}
			await pickerWhole(page, `language-actions-picker-${code}-390x844`);
			expect(errors).toEqual([]);
			await page.context().close();
		});

	it('German: a new button’s label and learning a key', async () => {
		const { page, errors, picker, search } = await openPicker(stack, 'de-DE', openingIn('de'));
		await search.fill('rot');
		await picker.getByRole('button', { name: 'Rotes Licht', exact: true }).click();
		await picker.getByText('Rotes Licht hinzugefügt.').waitFor();
		await picker.getByRole('button', { name: 'Fertig', exact: true }).click();
		await expect.poll(() => picker.count()).toBe(0);

		// The label was made in German and is the button's own from now on.
		await page.getByRole('button', { name: /^Rotes Licht, Spalte 1, Zeile 1/ }).click();
		await page.getByRole('button', { name: 'Rotes Licht bearbeiten' }).click();
		const keys = page.getByRole('group', { name: 'Tasten, MIDI und Controller: Rotes Licht' });
		const status = keys.getByRole('status');
		await keys.getByRole('button', { name: 'Taste lernen' }).click();
		await status
			.filter({ hasText: 'Drücke die Tastenkombination für diesen Button (Esc zum Beenden).' })
			.waitFor();
		await page.keyboard.press('Control+KeyW');
		await status
			.filter({ hasText: /^Strg\+W kann kein Tastenkürzel sein: sie schließt/ })
			.waitFor();
		await page.keyboard.press('Control+Shift+Space');
		await status.filter({ hasText: 'Gelernt: Strg+Umschalt+Leertaste.' }).waitFor();
		expect(await keys.locator('[data-binding="key"]').textContent()).toBe(
			'Strg+Umschalt+Leertaste'
		);
		await shownWhole(page, keys, 'language-actions-learn-de-390x844');
		expect(await clippedIn(page, '[data-binding], .status')).toEqual([]);
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('German: a refused deck edit (a bad deck file) names the field and the rule', async () => {
		const { page, errors } = await openIn(stack, '/', 'de-DE');
		await page.getByRole('button', { name: 'Bearbeiten', exact: true }).click();
		const bad = {
			version: 2,
			pages: [{ id: 'p', name: 'Szenen', columns: 40, rows: 1, buttons: [] }]
		};
		await page.locator('input[type="file"]').setInputFiles({
			name: 'szenen-deck.json',
			mimeType: 'application/json',
			buffer: Buffer.from(JSON.stringify(bad))
		});
		const error = page.locator('p.error[role="alert"]');
		await saysPoll(
			error,
			'szenen-deck.json: Die Datei ist kein Deck, das diese Version lesen kann: pages[0].columns muss zwischen 1 und 12 liegen. Nichts wurde geändert.'
		);
		await shownWhole(page, error, 'language-actions-refused-de-390x844');
		expect(await clippedIn(page, 'p.error')).toEqual([]);
		expect(errors).toEqual([]);
		await page.context().close();
	});
});
