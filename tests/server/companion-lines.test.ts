/**
 * The companion's later lines (a share link or widget key created, regenerated, revoked) speak the
 * start log's language: `npm start` sets Paraglide's locale from `--lang` or the system's
 * (start-lines.ts), and the companion says its lines through the same messages. English otherwise.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLocale } from '../../src/lib/paraglide/runtime.js';
import { startCompanion } from '../../src/server/companion';
import { startSimServer } from '../../src/server/sim-server';
import { useStartLanguage } from '../../src/server/start-lines';
import { fakeBuild, http, tempDir } from './helpers';
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

const TOKEN = 'lines-secret-token-5c1e';

async function until(check: () => boolean): Promise<void> {
	while (!check()) await new Promise((r) => setTimeout(r, 25));
}

describe('the companion’s other lines in the start log’s language', () => {
	it('German: a rejected saved token, the subathon waiting for one, key guessing, the application gone and back', async () => {
		expect(useStartLanguage('de')).toEqual({ ok: true, locale: 'de' });
		const tmp = tempDir('companion-lines-');
		let sim = await startSimServer({ port: 0, host: '127.0.0.1', token: TOKEN });
		const api = `http://127.0.0.1:${sim.port}`;
		const tokenFile = `${tmp.dir}/.stream-token`;
		writeFileSync(tokenFile, 'not-the-token-0000');
		const logs: string[] = [];
		const companion = await startCompanion({
			port: 0,
			host: '127.0.0.1',
			api,
			buildDir: fakeBuild(tmp.dir),
			sharesFile: `${tmp.dir}/shares.json`,
			tokenFile,
			subathon: { rules: [{ key: 'subscriber', seconds: 60 }], variable: 'timer_main' },
			watchIntervalMs: 100,
			log: (line) => logs.push(line)
		});
		try {
			expect(logs).toContain(
				`Das in ${tokenFile} gespeicherte Token wurde abgelehnt: Teilen-Links bleiben aus, bis du sie im Dashboard wieder einschaltest.`
			);
			expect(logs).toContain(
				'Subathon: Alerts fügen timer_main Zeit hinzu (subscriber=60), sobald das Token da ist (--token, oder Teilen-Links im Dashboard eingeschaltet).'
			);
			const refused = await http('GET', `${companion.url}/api/retrieve`, {
				headers: { authorization: 'Bearer share_not-a-real-key' }
			});
			expect(refused.status).toBe(401);
			await until(() => logs.some((l) => l.startsWith('Abgewiesene Versuche')));
			expect(logs).toContain(
				'Abgewiesene Versuche mit Teilen-Links und Widget-Schlüsseln bisher: 1 (unbekannt oder widerrufen 0, abgelaufen 0, fehlerhaft 1).'
			);
			// A refusal the dashboard shows: its kind beside the English text (lib/share/refusals.ts).
			const scene = await http('GET', `${companion.url}/__companion/scene`, {
				headers: { authorization: 'Bearer wrong-token' }
			});
			expect(scene.status).toBe(401);
			expect(scene.json).toEqual({
				status: 401,
				code: 'unauthorized',
				kind: 'token_not_accepted',
				message: 'the token was not accepted'
			});
			const port = sim.port;
			await sim.close();
			await until(() => logs.some((l) => l.endsWith('bis sie zurück ist.')));
			sim = await startSimServer({ port, host: '127.0.0.1', token: TOKEN });
			await until(() => logs.some((l) => l.endsWith('ist wieder da.')));
			expect(logs.slice(-2)).toEqual([
				`Die Anwendung unter ${api} ist weg (nichts antwortet): Seiten und Widgets versuchen es weiter, bis sie zurück ist.`,
				`Die Anwendung unter ${api} ist wieder da.`
			]);
			expect(logs.join('\n')).not.toContain(TOKEN);
			expect(logs.join('\n')).not.toContain('not-the-token');
		} finally {
			setLocale('en', { reload: false });
			await companion.close();
			await sim.close();
			tmp.remove();
		}
	});

	it('French: demo mode, and a number as French writes it', async () => {
		expect(useStartLanguage('fr')).toEqual({ ok: true, locale: 'fr' });
		const tmp = tempDir('companion-lines-');
		const logs: string[] = [];
		const companion = await startCompanion({
			port: 0,
			host: '127.0.0.1',
			demo: true,
			buildDir: fakeBuild(tmp.dir),
			sharesFile: `${tmp.dir}/shares.json`,
			log: (line) => logs.push(line)
		});
		try {
			expect(logs).toContain(
				'Mode démo : le simulateur intégré tourne avec des données de démo en direct.'
			);
			const { number } = await import('../../src/server/start-lines');
			// French groups thousands with a narrow no-break space and writes a decimal comma.
			expect(number(1500.25, 1)).toBe('1\u202f500,3');
		} finally {
			setLocale('en', { reload: false });
			await companion.close();
			tmp.remove();
		}
	});
});

describe('the companion’s start-up and unreadable-file errors', () => {
	it('are data where they happen, said in the start log’s language where they are printed, English in their message', async () => {
		const { CompanionError, startErrorWords } = await import('../../src/server/start-errors');
		const { loadTlsFiles } = await import('../../src/server/tls-files');
		const { ShareStore } = await import('../../src/server/share-store');
		const tmp = tempDir('companion-errors-');
		const caught = (fn: () => unknown) => {
			try {
				fn();
			} catch (err) {
				expect(err).toBeInstanceOf(CompanionError);
				return err as InstanceType<typeof CompanionError>;
			}
			throw new Error('expected an error');
		};
		const missing = `${tmp.dir}/nowhere.pem`;
		const tls = caught(() => loadTlsFiles(missing, missing));
		expect(tls.said).toEqual({
			kind: 'tls_unreadable',
			flag: '--cert',
			file: missing,
			why: 'missing',
			code: 'ENOENT'
		});
		const sharesFile = `${tmp.dir}/links.json`;
		writeFileSync(sharesFile, `{"secret":"${TOKEN}"`);
		const shares = caught(() => ShareStore.open(sharesFile));
		expect(shares.said).toEqual({ kind: 'file_not_json', what: 'shares', file: sharesFile });

		useStartLanguage('de');
		expect(startErrorWords(tls.said)).toBe(
			`--cert ${missing}: nicht lesbar (Datei existiert nicht)`
		);
		expect(startErrorWords(shares.said)).toBe(
			`Die Datei der Freigabelinks ${sharesFile} ist kein gültiges JSON: korrigiere oder lösche sie`
		);
		expect(startErrorWords({ kind: 'port_in_use', port: 39280 })).toBe(
			'Port 39280 ist belegt: gib --port N an'
		);
		useStartLanguage('fr');
		expect(startErrorWords({ kind: 'api_scheme' })).toBe(
			'--api doit commencer par http:// ou https://'
		);
		// The English message is the same error said in English, whatever the log's language.
		expect(shares.message).toBe(
			`The share-links file ${sharesFile} is not valid JSON: fix or delete it`
		);
		expect(shares.message + startErrorWords(shares.said)).not.toContain(TOKEN);
		useStartLanguage('en');
		tmp.remove();
	});
});
