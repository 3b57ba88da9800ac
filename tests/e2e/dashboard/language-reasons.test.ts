/**
 * Refusals and the connection's status in the streamer's language (issue 30), with the browser in
 * German: the Connect page's status and why the interface is off, a deck tile in the dock (350×700)
 * during an outage, whole; a control page's refused value naming its field and rule; a widget option
 * the builder refuses. Screenshots of the Connect page in German and French (390×844) and of the dock
 * are saved in test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startStack, type Stack } from '../stack';
import { seedDeck, tile } from './deck-helpers';
import {
	brokenWords,
	clippedIn,
	fold,
	openIn,
	PHONE,
	saysPoll,
	shownWhole
} from './language-helpers';
import { openSections } from './page-helpers';

/** A control page's value refused before anything is sent: what is filled in, pressed, and said. */
const CONTROL_REFUSALS: {
	name: string;
	route: string;
	region: string;
	fill: (region: Locator) => Promise<void>;
	submit: string;
	error: (region: Locator) => Locator;
	says?: string;
	shot: string;
}[] = [
	{
		name: 'a control page refuses a value naming its field and rule in German, and sends nothing',
		route: '/stream',
		region: 'Werbung',
		fill: (region) => region.getByLabel(/Länge/).fill('200'),
		submit: 'Werbung schalten',
		error: (region) => region.getByText('Länge muss zwischen 30 und 180 s liegen'),
		shot: 'language-reasons-refused-de-390x844'
	},
	{
		name: 'a required field is named by its German label, without the protocol’s name of it',
		route: '/stream',
		region: 'Titel',
		fill: async () => {},
		submit: 'Titel ändern',
		error: (region) => region.getByRole('alert'),
		says: 'Stream-Titel fehlt',
		shot: 'language-reasons-required-de-390x844'
	},
	{
		name: 'a poll with one choice is refused in German, naming the field, and nothing is sent',
		route: '/polls',
		region: 'Umfrage',
		fill: async (region) => {
			await region.getByLabel('Frage').fill('Nächstes Spiel?');
			await region.getByLabel('Antwort 1').fill('Schach');
		},
		submit: 'Umfrage starten',
		error: (region) => region.getByText('braucht mindestens zwei durch Kommas getrennte Antworten'),
		shot: 'language-reasons-poll-de-390x844'
	}
];

/** A widget option the builder refuses: the widget, its field and value, and the alert's words. */
const BUILDER_REFUSALS: {
	name: string;
	widget?: string;
	heading: string;
	field: RegExp;
	value: string;
	issue: string;
	says: string | RegExp;
	shot: string;
}[] = [
	{
		name: 'the builder says a refused widget option in German',
		heading: 'Optionen: Zähler',
		field: /^Abfrageintervall/,
		value: '10',
		issue: 'Abfrageintervall',
		says: 'Abfrageintervall: muss zwischen 250 und 60.000 liegen. Das Widget nutzt den Standardwert (1000).',
		shot: 'language-reasons-builder-de-390x844'
	},
	{
		name: 'the builder says an alert look’s error in German',
		widget: 'Alert-Box',
		heading: 'Optionen: Alert-Box',
		field: /^Look aller Alerts/,
		value: '500,spin',
		issue: 'Look aller Alerts',
		says: 'Look aller Alerts: die Dauer muss zwischen 1 und 120 liegen. Das Widget bleibt bei seiner Standardeinstellung.',
		shot: 'language-reasons-look-de-390x844'
	}
];

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
			await saysPoll(status(de.page), 'Verbunden');
			await saysPoll(status(fr.page), 'Connecté');
			stack.sim.sim.stopApi();
			try {
				await saysPoll(
					status(de.page),
					'Schnittstelle aus — Die Schnittstelle der Anwendung ist ausgeschaltet: Schalte sie unter Einstellungen → API wieder ein und drücke dann „Erneut versuchen“.'
				);
				await saysPoll(
					status(fr.page),
					/^Interface désactivée — L'application a désactivé son interface/
				);
				for (const [lang, { page }] of [
					['de', de],
					['fr', fr]
				] as const) {
					await shownWhole(page, status(page), `language-reasons-connect-${lang}-390x844`);
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
				await saysPoll(why, 'Schnittstelle aus');
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

	for (const row of CONTROL_REFUSALS)
		it(row.name, { timeout: 120_000 }, async () => {
			const { page, errors } = await openIn(stack, row.route, 'de-DE');
			await openSections(page);
			const region = page.getByRole('region', { name: row.region, exact: true });
			const before = stack.sends().length;
			await row.fill(region);
			await region.getByRole('button', { name: row.submit, exact: true }).click();
			const error = row.error(region);
			await error.waitFor();
			if (row.says) await saysPoll(error, row.says);
			await shownWhole(page, error, row.shot);
			expect(stack.sends().length).toBe(before);
			expect(errors).toEqual([]);
			await page.context().close();
		});

	for (const row of BUILDER_REFUSALS)
		it(row.name, { timeout: 120_000 }, async () => {
			const { page, errors } = await openIn(stack, '/widgets', 'de-DE', { connected: false });
			const main = page.getByRole('main');
			if (row.widget) await main.getByRole('radio', { name: row.widget }).check();
			await main.getByRole('heading', { name: row.heading }).waitFor();
			const field = main.getByLabel(row.field);
			await field.evaluate((el) => el.closest('details')?.setAttribute('open', ''));
			await field.fill(row.value);
			const issue = main.getByRole('alert').filter({ hasText: row.issue });
			await saysPoll(issue, row.says);
			await shownWhole(page, issue, row.shot);
			expect(errors).toEqual([]);
			await page.context().close();
		});

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
				const { page, errors } = await openIn(stack, '/connect', locale, { connected: false });
				const form = page.locator('form').first();
				await form.locator('input[autocomplete="off"]').first().waitFor();
				await page.getByRole('textbox', { name: /^Host|^Hôte/ }).fill('kein host!');
				await form.getByRole('button', { name: connect, exact: true }).click();
				const alert = form.getByRole('alert');
				await expect.poll(async () => fold(await alert.textContent())).toMatch(expected);
				await shownWhole(page, alert, `language-reasons-address-${lang}-390x844`);
				expect(errors).toEqual([]);
				await page.context().close();
			}
		}
	);
});
