/**
 * Routines and names made outside edit mode in the streamer's language (issue 30): with the browser in
 * German, a ready routine's steps and their confirmation are German, and a favourite starred on the
 * Everything page goes to a page named "Favoriten". Screenshots of the routines page in German and
 * French at 390×844 are saved in test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../stack';
import { brokenWords, overflows } from './language-helpers';

const PHONE = { width: 390, height: 844 };
const fold = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

describe('routines and made names in German', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	}, 120_000);
	afterAll(async () => stack?.close());

	it('says a ready routine, its steps and its confirmation in German', async () => {
		const { page, errors } = await stack.open('/routines', {}, PHONE, { locale: 'de-DE' });
		page.setDefaultTimeout(15_000);
		await page.getByRole('heading', { name: 'Fertige Abläufe' }).waitFor();
		const ready = page.getByRole('list', { name: 'Fertige Abläufe' });
		await ready.getByRole('heading', { name: 'Stream-Start' }).waitFor();
		expect(fold(await ready.locator('.steps').nth(2).textContent())).toBe(
			'Chatbot-Nachricht: HYPE! Los geht’s, Chat! → Text vorlesen: Los geht’s! → 5000 ms warten → Licht auf Standard'
		);
		await page.getByRole('button', { name: 'Starten Hype' }).click();
		const dialog = page.getByRole('dialog', { name: 'Hype starten?' });
		await dialog.getByText('5000 ms warten').waitFor();
		expect(await dialog.getByRole('listitem').allTextContents()).toEqual([
			'Chatbot-Nachricht: HYPE! Los geht’s, Chat!',
			'Text vorlesen: Los geht’s!',
			'5000 ms warten',
			'Licht auf Standard'
		]);
		await dialog.getByRole('button', { name: 'Abbrechen' }).click();
		expect(await overflows(page)).toBe(false);
		expect(await brokenWords(page, '.steps')).toEqual([]);
		await page.screenshot({
			path: 'test-results/language-routines-de-390x844.png',
			fullPage: false
		});
		await page.evaluate(() => window.scrollTo(0, 900));
		await page.screenshot({ path: 'test-results/language-routines-de-390x844-ready.png' });
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('shows the ready routines in French', async () => {
		const { page } = await stack.open('/routines', {}, PHONE, { locale: 'fr-FR' });
		page.setDefaultTimeout(15_000);
		await page.getByRole('heading', { name: 'Routines prêtes' }).waitFor();
		await page.getByRole('heading', { name: 'Début du stream' }).scrollIntoViewIfNeeded();
		expect(await overflows(page)).toBe(false);
		await page.screenshot({ path: 'test-results/language-routines-fr-390x844.png' });
		await page.context().close();
	});

	it('names a favourite starred on the Everything page in German', async () => {
		const { page } = await stack.open('/', {}, PHONE, { locale: 'de-DE' });
		page.setDefaultTimeout(15_000);
		await page.locator('[data-status="open"]').waitFor();
		await page.getByRole('button', { name: 'Gameplay zu Favoriten hinzufügen' }).click();
		await page.getByRole('button', { name: 'Favoriten', exact: true }).waitFor();
		await page.screenshot({ path: 'test-results/language-routines-favourite-de-390x844.png' });
		await page.context().close();
	});
});
