/**
 * Edit mode's action words in the streamer's language (issue 30): with the browser in German, the
 * picker's sections and titles, a new button's default label (saved as it reads), and learning a
 * key binding (the prompt, a refused combo, a learnt one with German key names) speak German; the
 * picker in French too. Screenshots at 390×844 in test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../stack';
import { clippedIn, overflows } from './language-helpers';

describe('the action catalogue’s words in German and French', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	}, 120_000);
	afterAll(async () => stack?.close());

	it('German: the picker, a new button’s label and learning a key', async () => {
		const { page, errors } = await stack.open(
			'/',
			{},
			{ width: 390, height: 844 },
			{
				locale: 'de-DE'
			}
		);
		page.setDefaultTimeout(15_000);
		await page.locator('[data-status="open"]').waitFor();
		await page.getByRole('button', { name: 'Bearbeiten', exact: true }).click();
		await page.getByLabel('Name der neuen Seite').fill('Licht');
		await page.getByRole('button', { name: 'Seite hinzufügen' }).click();
		await page.getByRole('button', { name: 'Button hinzufügen' }).click();
		const picker = page.getByRole('region', { name: 'Button hinzufügen' });
		const search = picker.getByLabel('Suchen, was hinzukommt');
		// The picker shows the first 60 of what matches: a search brings each part into view.
		await search.fill('timer');
		await picker.getByRole('button', { name: 'Timer starten oder fortsetzen' }).waitFor();
		await search.fill('schalter');
		await picker.getByRole('heading', { name: 'Schalter' }).waitFor();
		await search.fill('rot');
		await picker.getByRole('heading', { name: 'Lichtfarbe' }).waitFor();
		await picker.getByRole('button', { name: 'Rotes Licht', exact: true }).click();
		await picker.getByText('Rotes Licht hinzugefügt.').waitFor();
		await search.fill('licht');
		await page.screenshot({ path: 'test-results/language-actions-picker-de-390x844.png' });
		expect(await overflows(page)).toBe(false);
		expect(await clippedIn(page, '.picker h3, .picker button')).toEqual([]);
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
		await keys.scrollIntoViewIfNeeded();
		await page.screenshot({ path: 'test-results/language-actions-learn-de-390x844.png' });
		expect(await overflows(page)).toBe(false);
		expect(await clippedIn(page, '[data-binding], .status')).toEqual([]);
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('German: a refused deck edit (a bad deck file) names the field and the rule', async () => {
		const { page, errors } = await stack.open(
			'/',
			{},
			{ width: 390, height: 844 },
			{ locale: 'de-DE' }
		);
		page.setDefaultTimeout(15_000);
		await page.locator('[data-status="open"]').waitFor();
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
		await expect
			.poll(async () => (await error.textContent())?.trim())
			.toBe(
				'szenen-deck.json: Die Datei ist kein Deck, das diese Version lesen kann: pages[0].columns muss zwischen 1 und 12 liegen. Nichts wurde geändert.'
			);
		await error.scrollIntoViewIfNeeded();
		await page.screenshot({ path: 'test-results/language-actions-refused-de-390x844.png' });
		expect(await overflows(page)).toBe(false);
		expect(await clippedIn(page, 'p.error')).toEqual([]);
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('French: the picker’s sections and titles', async () => {
		const { page, errors } = await stack.open(
			'/',
			{},
			{ width: 390, height: 844 },
			{
				locale: 'fr-FR'
			}
		);
		page.setDefaultTimeout(15_000);
		await page.locator('[data-status="open"]').waitFor();
		await page.getByRole('button', { name: 'Modifier', exact: true }).click();
		await page.getByLabel('Nom de la nouvelle page').fill('Lumière');
		await page.getByRole('button', { name: 'Ajouter une page' }).click();
		await page.getByRole('button', { name: 'Ajouter un bouton' }).click();
		const picker = page.getByRole('region', { name: 'Ajouter un bouton' });
		const search = picker.getByLabel('Chercher quoi ajouter');
		await search.fill('minuteur');
		await picker.getByRole('button', { name: 'Ajouter 60 s au minuteur' }).waitFor();
		await search.fill('lumière');
		await picker.getByRole('heading', { name: 'Couleur de lumière' }).waitFor();
		await picker.getByRole('button', { name: 'Lumière rouge', exact: true }).waitFor();
		await page.screenshot({ path: 'test-results/language-actions-picker-fr-390x844.png' });
		expect(await overflows(page)).toBe(false);
		expect(await clippedIn(page, '.picker h3, .picker button')).toEqual([]);
		expect(errors).toEqual([]);
		await page.context().close();
	});
});
