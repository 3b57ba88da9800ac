/**
 * Refusals and the connection's status in the streamer's language (issue 30), with the browser in
 * German: the Connect page's status and why the interface is off, a deck tile in the dock (350×700)
 * during an outage, whole; a control page's refused value naming its field and rule; a widget option
 * the builder refuses. Screenshots of the Connect page in German and French (390×844) and of the dock
 * are saved in test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startStack, type Stack } from '../stack';
import { seedDeck, tile } from './deck-helpers';
import { brokenWords, clippedIn, overflows } from './language-helpers';
import { openSections } from './page-helpers';

const PHONE = { width: 390, height: 844 };
const fold = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('refusals and the connection’s status in German', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	}, 120_000);
	afterAll(async () => stack?.close());

	it(
		'the Connect page says the status, and why the interface is off, in German (and French)',
		{ timeout: 120_000 },
		async () => {
			const de = await stack.open('/connect', {}, PHONE, { locale: 'de-DE' });
			const fr = await stack.open('/connect', {}, PHONE, { locale: 'fr-FR' });
			const status = (page: Page) => page.getByTestId('status');
			for (const { page } of [de, fr]) page.setDefaultTimeout(15_000);
			await expect.poll(async () => fold(await status(de.page).textContent())).toBe('Verbunden');
			await expect.poll(async () => fold(await status(fr.page).textContent())).toBe('Connecté');
			stack.sim.sim.stopApi();
			try {
				await expect
					.poll(async () => fold(await status(de.page).textContent()))
					.toBe(
						'Schnittstelle aus — Die Schnittstelle der Anwendung ist ausgeschaltet: Schalte sie unter Einstellungen → API wieder ein und drücke dann „Erneut versuchen“.'
					);
				await expect
					.poll(async () => fold(await status(fr.page).textContent()))
					.toMatch(/^Interface désactivée — L'application a désactivé son interface/);
				for (const [lang, { page }] of [
					['de', de],
					['fr', fr]
				] as const) {
					await status(page).scrollIntoViewIfNeeded();
					await page.screenshot({
						path: `test-results/language-reasons-connect-${lang}-390x844.png`
					});
					expect(await overflows(page)).toBe(false);
					expect(await clippedIn(page, '[data-testid="status"], dt')).toEqual([]);
				}
			} finally {
				stack.sim.sim.startApi();
			}
			expect([...de.errors, ...fr.errors]).toEqual([]);
			await de.page.context().close();
			await fr.page.context().close();
		}
	);

	it(
		'a tile in the dock during an outage says why in German, every word whole',
		{ timeout: 120_000 },
		async () => {
			const { page, errors } = await stack.open(
				'/',
				{ dock: 1 },
				{ width: 350, height: 700 },
				{ locale: 'de-DE' }
			);
			page.setDefaultTimeout(15_000);
			await page.locator('[data-status="open"]').waitFor();
			const lurk = { kind: 'trigger', type: 'chat-command', name: 'lurk' } as const;
			await seedDeck(page, stack, {
				version: 2,
				pages: [
					{
						id: 'live',
						name: 'Live',
						columns: 4,
						rows: 6,
						buttons: [
							tile(0, 0, lurk, { label: 'Lurk-Befehl' }),
							tile(1, 0, { kind: 'toggle', target: 'stream-mode' }, { label: 'Stream-Modus' })
						]
					}
				]
			});
			const button = page.getByRole('button', { name: 'Lurk-Befehl' });
			await expect.poll(() => button.isEnabled()).toBe(true);
			await button.evaluate((b) => b.closest('.tile')!.setAttribute('data-probe', ''));
			stack.sim.sim.stopApi();
			try {
				const why = page.locator('[data-probe] .state .why');
				await expect.poll(async () => fold(await why.textContent())).toBe('Schnittstelle aus');
				expect(await button.isDisabled()).toBe(true);
				await page.screenshot({ path: 'test-results/language-reasons-dock-outage-de.png' });
				await expect.poll(() => brokenWords(page, '[data-probe] .state .why')).toEqual([]);
			} finally {
				stack.sim.sim.startApi();
			}
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);

	it(
		'a control page refuses a value naming its field and rule in German, and sends nothing',
		{ timeout: 120_000 },
		async () => {
			const { page, errors } = await stack.open('/stream', {}, PHONE, { locale: 'de-DE' });
			page.setDefaultTimeout(15_000);
			await page.locator('[data-status="open"]').waitFor();
			await openSections(page);
			const commercial = page.getByRole('region', { name: 'Werbung', exact: true });
			const before = stack.sends().length;
			await commercial.getByLabel(/Länge/).fill('200');
			await commercial.getByRole('button', { name: 'Werbung schalten', exact: true }).click();
			const error = commercial.getByText('Länge muss zwischen 30 und 180 s liegen');
			await error.waitFor();
			await error.scrollIntoViewIfNeeded();
			await page.screenshot({ path: 'test-results/language-reasons-refused-de-390x844.png' });
			expect(stack.sends().length).toBe(before);
			expect(await overflows(page)).toBe(false);
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);

	it('the builder says a refused widget option in German', { timeout: 120_000 }, async () => {
		const { page, errors } = await stack.open('/widgets', {}, PHONE, { locale: 'de-DE' });
		page.setDefaultTimeout(15_000);
		const main = page.getByRole('main');
		await main.getByRole('heading', { name: 'Optionen: Zähler' }).waitFor();
		const interval = main.getByLabel(/^Abfrageintervall/);
		await interval.evaluate((el) => el.closest('details')?.setAttribute('open', ''));
		await interval.fill('10');
		const issue = main.getByRole('alert').filter({ hasText: 'Abfrageintervall' });
		await expect
			.poll(async () => fold(await issue.textContent()))
			.toBe(
				'Abfrageintervall: muss zwischen 250 und 60.000 liegen. Das Widget nutzt den Standardwert (1000).'
			);
		await issue.scrollIntoViewIfNeeded();
		await page.screenshot({ path: 'test-results/language-reasons-builder-de-390x844.png' });
		expect(await overflows(page)).toBe(false);
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it(
		'a required field is named by its German label, without the protocol’s name of it',
		{ timeout: 120_000 },
		async () => {
			const { page, errors } = await stack.open('/stream', {}, PHONE, { locale: 'de-DE' });
			page.setDefaultTimeout(15_000);
			await page.locator('[data-status="open"]').waitFor();
			await openSections(page);
			const title = page.getByRole('region', { name: 'Titel', exact: true });
			const before = stack.sends().length;
			await title.getByRole('button', { name: 'Titel ändern', exact: true }).click();
			const error = title.getByRole('alert');
			await expect.poll(async () => fold(await error.textContent())).toBe('Stream-Titel fehlt');
			expect(stack.sends().length).toBe(before);
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);

	it('the builder says an alert look’s error in German', { timeout: 120_000 }, async () => {
		const { page, errors } = await stack.open('/widgets', {}, PHONE, { locale: 'de-DE' });
		page.setDefaultTimeout(15_000);
		const main = page.getByRole('main');
		await main.getByRole('radio', { name: 'Alert-Box' }).check();
		await main.getByRole('heading', { name: 'Optionen: Alert-Box' }).waitFor();
		const look = main.getByLabel(/^Look aller Alerts/);
		await look.evaluate((el) => el.closest('details')?.setAttribute('open', ''));
		await look.fill('500,spin');
		const issue = main.getByRole('alert').filter({ hasText: 'Look aller Alerts' });
		await expect
			.poll(async () => fold(await issue.textContent()))
			.toBe(
				'Look aller Alerts: die Dauer muss zwischen 1 und 120 liegen. Das Widget bleibt bei seiner Standardeinstellung.'
			);
		await issue.scrollIntoViewIfNeeded();
		await page.screenshot({ path: 'test-results/language-reasons-look-de-390x844.png' });
		expect(await overflows(page)).toBe(false);
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it(
		'a poll with one choice is refused in German, naming the field, and nothing is sent',
		{ timeout: 120_000 },
		async () => {
			const { page, errors } = await stack.open('/polls', {}, PHONE, { locale: 'de-DE' });
			page.setDefaultTimeout(15_000);
			await page.locator('[data-status="open"]').waitFor();
			await openSections(page);
			const poll = page.getByRole('region', { name: 'Umfrage', exact: true });
			const before = stack.sends().length;
			await poll.getByLabel('Frage').fill('Nächstes Spiel?');
			await poll.getByLabel('Antwort 1').fill('Schach');
			await poll.getByRole('button', { name: 'Umfrage starten', exact: true }).click();
			const error = poll.getByText('braucht mindestens zwei durch Kommas getrennte Antworten');
			await error.waitFor();
			await error.scrollIntoViewIfNeeded();
			await page.screenshot({ path: 'test-results/language-reasons-poll-de-390x844.png' });
			expect(stack.sends().length).toBe(before);
			expect(await overflows(page)).toBe(false);
			expect(errors).toEqual([]);
			await page.context().close();
		}
	);

	it(
		'the Connect page refuses an address in German (and French), naming the field by its label',
		{ timeout: 120_000 },
		async () => {
			for (const [locale, lang, connect, expected] of [
				[
					'de-DE',
					'de',
					'Verbinden',
					'Host muss ein Hostname oder eine IP-Adresse sein, etwa 127.0.0.1'
				],
				['fr-FR', 'fr', 'Se connecter', /doit être un nom d'hôte ou une adresse IP/]
			] as const) {
				const { page, errors } = await stack.open('/connect', {}, PHONE, { locale });
				page.setDefaultTimeout(15_000);
				const form = page.locator('form').first();
				await form.locator('input[autocomplete="off"]').first().waitFor();
				await page.getByRole('textbox', { name: /^Host|^Hôte/ }).fill('kein host!');
				await form.getByRole('button', { name: connect, exact: true }).click();
				const alert = form.getByRole('alert');
				await expect.poll(async () => fold(await alert.textContent())).toMatch(expected);
				await alert.scrollIntoViewIfNeeded();
				await page.screenshot({
					path: `test-results/language-reasons-address-${lang}-390x844.png`
				});
				expect(await overflows(page)).toBe(false);
				expect(errors).toEqual([]);
				await page.context().close();
			}
		}
	);
});
