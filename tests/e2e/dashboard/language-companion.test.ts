/**
 * The companion's words on the streamer's pages (issue 30): a refusal it sends as a kind and values
 * is said in the dashboard's language (the scene check, a refused rehearsal, a co-streamer's page
 * with an unknown or expired key, the Share page's refused field named by its form's label and a
 * link's types joined as German joins a list, in German), and the scene check's rehearsal
 * form fits a 360 px phone in German, French, Spanish and Brazilian Portuguese: its selects stacked,
 * none cutting its value. Screenshots at 390×844 in German and French in test-results/.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startCompanion, type Companion } from '../../../src/server/companion';
import { SHARE_KEY_PREFIX } from '../../../src/lib/share/key';
import { BUILD_DIR, launchBrowser } from '../harness';
import { startCompanionStack, TOKEN, type CompanionStack } from '../stack';
import {
	clippedIn,
	cutSelects,
	inLanguage,
	overflows,
	PHONE,
	rehearsalForm,
	saysPoll
} from './language-helpers';

let browser: Browser;
let stack: CompanionStack;
const contexts: BrowserContext[] = [];

async function open(
	url: string,
	viewport: { width: number; height: number },
	locale?: string
): Promise<Page> {
	const context = await browser.newContext({
		viewport,
		reducedMotion: 'reduce',
		...(locale ? { locale } : {})
	});
	contexts.push(context);
	const page = await context.newPage();
	page.setDefaultTimeout(20_000);
	await page.goto(url);
	return page;
}

beforeAll(async () => {
	browser = await launchBrowser();
	stack = await startCompanionStack('language-companion', { companion: { widgetPingMs: 500 } });
	// A widget connected through the companion: the form then offers a second select, where to send.
	const widget = await open(`${stack.companion.url}/widget.html#/widget/chat?token=${TOKEN}`, {
		width: 800,
		height: 450
	});
	await widget.locator('.widget[data-status="open"]').waitFor();
}, 120_000);
/** The scene check in `locale`, once the page speaks `lang`, and its rehearsal form once it offers the widget. */
async function openCheck(locale: string, lang: string, viewport = PHONE) {
	const page = await open(`${stack.companion.url}/#/check?token=${TOKEN}`, viewport, locale);
	await inLanguage(page, lang);
	const form = rehearsalForm(page);
	// The target select appears once the scene lists the widget.
	await expect.poll(() => form.locator('select').count()).toBe(3);
	return { page, form };
}

afterAll(async () => {
	for (const context of contexts) await context.close();
	await browser?.close();
	await stack?.close();
});

describe('the companion in the dashboard’s language', () => {
	it('de-DE: the scene check says the companion’s refusal of a wrong token in German', async () => {
		const page = await open(
			`${stack.companion.url}/#/check?token=not-the-streamers-token`,
			PHONE,
			'de-DE'
		);
		const alert = page.getByRole('alert').filter({ hasText: 'Szene' });
		await saysPoll(
			alert.first(),
			'Die Szene konnte nicht gelesen werden: das Token wurde nicht angenommen'
		);
		await page.context().close();
	});

	it('de-DE: a refused rehearsal says the companion’s reason in German, the rule its field broke too', async () => {
		const page = await open(`${stack.companion.url}/#/check?token=${TOKEN}`, PHONE, 'de-DE');
		// The companion itself refuses: the body the form sends is swapped for one with a bad field.
		await page.route('**/__companion/rehearse', (route) =>
			route.continue({ postData: JSON.stringify({ kind: 'alert', alert: 'hug' }) })
		);
		await page.getByRole('button', { name: 'Test senden' }).click();
		await saysPoll(
			page.getByRole('status').filter({ hasText: 'Nicht gesendet' }).first(),
			'Nicht gesendet: diese Felder sind ungültig: Art des Alerts muss eines davon sein: follower, subscriber, gift, bits, raid, tip, superchat, member, points'
		);
		await page.context().close();
	});

	/** A companion of its own with a shares file of its own, in front of the simulator. */
	const sharesCompanion = (file: string) =>
		startCompanion({
			port: 0,
			host: '127.0.0.1',
			api: stack.sim.url,
			buildDir: BUILD_DIR,
			sharesFile: join(stack.dir, file),
			realToken: TOKEN,
			log: () => {}
		});

	describe('a co-streamer’s page whose key does not work', () => {
		let shares: Companion;
		beforeAll(async () => {
			shares = await sharesCompanion('shares.json');
		});
		afterAll(() => shares?.close());

		const whoami = (key: string) =>
			fetch(`${shares.url}/__share/whoami`, { headers: { authorization: `Bearer ${key}` } });

		it('de-DE: an unknown key is said in German', async () => {
			const key = `${SHARE_KEY_PREFIX}${'A'.repeat(32)}`;
			const page = await open(`${shares.url}/#/songs?token=${key}`, PHONE, 'de-DE');
			await page
				.getByRole('alert')
				.getByText(
					'Dieser Freigabelink ist unbekannt oder wurde widerrufen; bitte den Streamer um einen neuen.'
				)
				.waitFor();
			expect(await page.getByText(/unknown or was revoked/).count()).toBe(0);
			await page.context().close();
		});

		it('de-DE: an expired key is said in German', { timeout: 60_000 }, async () => {
			const created = await fetch(`${shares.url}/__share/links`, {
				method: 'POST',
				headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
				body: JSON.stringify({ label: 'Kurz', profile: 'music', expiresInMinutes: 0.02 })
			});
			const { key } = (await created.json()) as { key: string };
			// Waits for the link to expire (the companion says so), no fixed sleep.
			await expect.poll(async () => (await whoami(key)).status, { timeout: 30_000 }).toBe(401);
			const page = await open(`${shares.url}/#/songs?token=${key}`, PHONE, 'de-DE');
			await page
				.getByRole('alert')
				.getByText('Dieser Freigabelink ist abgelaufen; bitte den Streamer um einen neuen.')
				.waitFor();
			await page.context().close();
		});
	});

	describe('the Share page in German', () => {
		let shares: Companion;
		beforeAll(async () => {
			shares = await sharesCompanion('shares-de.json');
			// A custom link made before the page opens: its card lists the types.
			const made = await fetch(`${shares.url}/__share/links`, {
				method: 'POST',
				headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
				body: JSON.stringify({
					label: 'Mods',
					profile: 'custom',
					types: ['timeout-user', 'ban-user', 'clear-chat']
				})
			});
			expect(made.status).toBe(201);
		});
		afterAll(() => shares?.close());

		it('de-DE: a refused field is named by the form’s label; a link’s types are listed the German way', async () => {
			const page = await open(`${shares.url}/#/share?token=${TOKEN}`, PHONE, 'de-DE');
			const card = page.getByRole('listitem', { name: 'Mods' });
			await saysPoll(
				card.locator('p.muted'),
				'Eigene Auswahl: Timeout geben, Bannen und Chat leeren · Läuft nie ab'
			);
			// The companion itself refuses: the body the form sends gets an expiry it does not take.
			await page.route('**/__share/links', (route) =>
				route.request().method() === 'POST'
					? route.continue({
							postData: JSON.stringify({
								...(route.request().postDataJSON() as object),
								expiresInMinutes: -5
							})
						})
					: route.continue()
			);
			const form = page.getByRole('form', { name: 'Neuer Freigabelink' });
			await form.getByLabel('Name (optional)').fill('Alex');
			await form.getByRole('button', { name: 'Link erstellen' }).click();
			await saysPoll(form.getByRole('alert'), 'Nicht erstellt: Ablaufzeit muss größer als 0 sein');
			// Nowhere on the page, the links' own state line included.
			expect(await page.getByText(/expiresInMinutes/).count()).toBe(0);
			await page.context().close();
		});
	});

	it.each([
		['de-DE', 'de'],
		['fr-FR', 'fr'],
		['es-ES', 'es'],
		['pt-BR', 'pt-BR']
	])(
		'%s: the rehearsal form fits 360 px, its selects one under the other, none cutting its value',
		{ timeout: 60_000 },
		async (locale, lang) => {
			const { page, form } = await openCheck(locale, lang, { width: 360, height: 740 });
			const selects = form.locator('select');
			const [kind, target] = await Promise.all([
				selects.nth(0).boundingBox(),
				selects.nth(1).boundingBox()
			]);
			expect(target!.y).toBeGreaterThan(kind!.y + kind!.height - 1);
			// The longest kind, chosen: still whole.
			await selects.nth(0).selectOption('timer');
			expect(await cutSelects(page)).toEqual([]);
			await selects.nth(0).selectOption('alert');
			expect(await cutSelects(page)).toEqual([]);
			expect(await clippedIn(page, 'form label, form button, form p')).toEqual([]);
			expect(await overflows(page)).toBe(false);
			await page.context().close();
		}
	);

	it.each([
		['de-DE', 'de'],
		['fr-FR', 'fr']
	])('%s: the scene check at 390×844 (screenshot)', async (locale, lang) => {
		const { page, form } = await openCheck(locale, lang);
		await form.scrollIntoViewIfNeeded();
		await page.screenshot({ path: `test-results/language-companion-check-${lang}-390x844.png` });
		await page.screenshot({
			path: `test-results/language-companion-check-${lang}-390x844-full.png`,
			fullPage: true
		});
		expect(await cutSelects(page)).toEqual([]);
		expect(await overflows(page)).toBe(false);
		await page.context().close();
	});
});
