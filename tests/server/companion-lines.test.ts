/**
 * The companion's later lines (a share link or widget key created, regenerated, revoked) speak the
 * start log's language: `npm start` sets Paraglide's locale from `--lang` or the system's
 * (start-lines.ts), and the companion says its lines through the same messages. English otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLocale } from '../../src/lib/paraglide/runtime.js';
import { useStartLanguage } from '../../src/server/start-lines';
import { startShareRig, type ShareRig } from './share-rig';

let rig: ShareRig;
beforeAll(async () => {
	rig = await startShareRig();
});
afterAll(async () => {
	setLocale('en', { reload: false });
	rig?.assertNoLeak();
	await rig?.close();
});

const last = () => rig.logs.at(-1) ?? '';

describe('the companion’s lines after the start log', () => {
	it('in English by default', async () => {
		const link = await rig.createLink({ label: 'Mod Sam', profile: 'moderation' });
		expect(last()).toBe(`Share link created: "Mod Sam" (moderation), id ${link.id}`);
	});

	it('in German with --lang de: share links and widget keys', async () => {
		expect(useStartLanguage('de')).toEqual({ ok: true, locale: 'de' });
		const link = await rig.createLink({ label: 'Mod Sam', profile: 'moderation' });
		expect(last()).toBe(`Freigabelink erstellt: „Mod Sam“ (moderation), ID ${link.id}`);
		expect((await rig.manage('DELETE', `/__share/links/${link.id}`)).status).toBe(200);
		expect(last()).toBe(`Freigabelink widerrufen: „Mod Sam“, ID ${link.id}`);

		const created = await rig.manage('POST', '/__share/widget-keys', {
			name: 'Alertbox',
			widget: 'alert-box',
			options: ''
		});
		expect(created.status, created.body).toBe(201);
		const id = created.json.id as string;
		expect(last()).toBe(`Widget-Schlüssel erstellt: „Alertbox“ (alert-box), ID ${id}`);
		expect((await rig.manage('POST', `/__share/widget-keys/${id}/regenerate`)).status).toBe(200);
		expect(last()).toMatch(/^Widget-Schlüssel neu erzeugt: „Alertbox“, ID [0-9a-f]+; die alte URL/);
		const now = (await rig.manage('GET', '/__share/widget-keys')).json.keys[0].id as string;
		expect((await rig.manage('DELETE', `/__share/widget-keys/${now}`)).status).toBe(200);
		expect(last()).toBe(`Widget-Schlüssel widerrufen: „Alertbox“, ID ${now}`);
	});
});
