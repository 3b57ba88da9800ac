/**
 * Widgets in the stream's language (`lang=`): the alert box and the timer in German and French say
 * their words and write numbers as those languages do; widget.html loads its other languages only
 * when asked (widget-languages.js); an unknown language stays English and the debug corner says so.
 * Screenshots of the alert box with a long German sentence, in each of the five languages, at 800×450.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TOKEN } from '../stack';
import { alertEnvelope, openConnected, stackForFile, waitForText } from './helpers';

const file = stackForFile();

const WIDE = { width: 800, height: 450 };

async function open(route: string, params: Record<string, string | number>) {
	const requested: string[] = [];
	const opened = await openConnected(file.stack, route, params, WIDE);
	opened.page.on('request', (r) => requested.push(r.url()));
	file.pages.push(opened.page);
	return { ...opened, requested };
}

async function fire(envelope: ReturnType<typeof alertEnvelope>): Promise<void> {
	const res = await fetch(`${file.stack.sim.url}/__sim/emit?token=${encodeURIComponent(TOKEN)}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(envelope)
	});
	expect(res.status).toBe(200);
}

const bits = (name: string, amount: number) =>
	alertEnvelope('alpha-bits', { value: amount }, { displayname: name, bits: amount });
const debugText = async (page: Page) =>
	(await page.locator('.debug').innerText()).replace(/\s+/g, ' ');
/** Any space a locale groups digits or sets before `!` with (no-break, narrow no-break). */
const SP = '[\\s\\u00a0\\u202f]';

describe('widgets in the stream language', () => {
	it('alert box in German: its words, its plurals and 1.500 with a dot', async () => {
		const { page, errors } = await open('/widget/alert-box', { lang: 'de', gap: 0, control: '' });
		expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
		await fire(alertEnvelope('alpha-follower', { value: 'Ana' }, { displayname: 'Ana' }));
		await fire(bits('Bo', 1500));
		await fire(bits('Cy', 1));
		await waitForText(page, /^Ana folgt jetzt!$/);
		await waitForText(page, /^Bo hat 1\.500 Bits gecheert!$/);
		await waitForText(page, /^Cy hat 1 Bit gecheert!$/);
		expect(await debugText(page)).toMatch(/Alert-Box .*Verbunden/);
		expect(errors).toEqual([]);
	});

	it('alert box in French: 1 500 with a narrow space, and a space before "!"', async () => {
		const { page, errors } = await open('/widget/alert-box', { lang: 'fr', gap: 0, control: '' });
		await fire(bits('Bo', 1500));
		await waitForText(page, new RegExp(`^Bo a envoyé 1${SP}500 bits${SP}!$`));
		await fire(
			alertEnvelope('appstream-donation', {}, { name: 'Di', amount: '12.5', currency: 'EUR' })
		);
		await waitForText(page, new RegExp(`^Di a fait un don de 12,50${SP}€${SP}!$`));
		expect(errors).toEqual([]);
	});

	it('timer in German and French: the debug corner in that language, its time as the locale writes it', async () => {
		for (const [lang, updated, connected] of [
			['de', /Letzte Aktualisierung: \d\d:\d\d:\d\d \(/, 'Verbunden'],
			['fr', /Dernière mise à jour\s?: \d\d:\d\d:\d\d \(/, 'Connecté']
		] as const) {
			const { page, errors } = await open('/widget/timer', { lang });
			await waitForText(page, /^5:00$/);
			await page.locator('.debug .updated').getByText(updated).waitFor();
			expect(await debugText(page)).toContain(connected);
			await page.screenshot({ path: `test-results/languages-timer-${lang}-800x450.png` });
			expect(errors).toEqual([]);
		}
	});

	it('English needs no other script; an unknown language stays English and says so', async () => {
		const english = await open('/widget/alert-box', { gap: 0, control: '' });
		await fire(bits('Bo', 1500));
		await waitForText(english.page, /^Bo cheered 1,500 bits!$/);
		expect(english.requested.filter((u) => u.includes('widget-languages.js'))).toEqual([]);

		const unknown = await open('/widget/alert-box', { lang: 'xx', gap: 0, control: '' });
		await fire(bits('Cy', 2));
		await waitForText(unknown.page, /^Cy cheered 2 bits!$/);
		expect(await debugText(unknown.page)).toContain(
			'Language "xx" is not available here (languages: en, es, pt-BR, de, fr): English used'
		);
	});

	it('a region or any case finds the language: lang=pt-br and lang=DE-AT', async () => {
		const pt = await open('/widget/alert-box', { lang: 'pt-br', gap: 0, control: '' });
		await fire(bits('Bo', 1500));
		await waitForText(pt.page, /^Bo mandou 1\.500 bits!$/);
		const de = await open('/widget/alert-box', { lang: 'DE-AT', gap: 0, control: '' });
		await fire(bits('Bo', 2));
		await waitForText(de.page, /^Bo hat 2 Bits gecheert!$/);
		expect(await debugText(de.page)).not.toContain('English');
	});

	it('looks right in each language at 800×450: long words wrap, never clip', async () => {
		const long = 'Donaudampfschifffahrtsgesellschaftskapitän';
		for (const lang of ['en', 'es', 'pt-BR', 'de', 'fr']) {
			const { page } = await open('/widget/alert-box', { lang, gap: 0, control: '' });
			await fire(
				alertEnvelope(
					'alpha-giftSubscription',
					{},
					{ displayname: long, amount: 25, message: 'Frohe Weihnachten an alle!' }
				)
			);
			const card = page.locator('.alert');
			await card.waitFor();
			await page.waitForFunction(() => document.querySelector('.alert .headline')?.textContent);
			// Nothing wider than the card: a clipped word would overflow it.
			const overflow = await page.evaluate(() => {
				const card = document.querySelector('.alert')!.getBoundingClientRect();
				return [...document.querySelectorAll('.alert *')]
					.map((e) => e.getBoundingClientRect())
					.filter((r) => r.right > card.right + 1 || r.left < card.left - 1).length;
			});
			expect([lang, overflow]).toEqual([lang, 0]);
			await page.screenshot({ path: `test-results/languages-alert-${lang}-800x450.png` });
		}
	});
});
