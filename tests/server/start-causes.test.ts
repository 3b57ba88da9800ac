/**
 * Node's own text inside the companion's errors (issue 30): "Could not start: …" and a failed subathon
 * write say a system error's cause in the start log's language, from the error's `code` and the path
 * or address it concerns (data, never its message); a code the log does not say keeps Node's text.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../src/lib/paraglide/runtime.js';
import {
	couldNotStart,
	startErrorWords,
	systemCause,
	CompanionError
} from '../../src/server/start-errors';
import { startSubathon } from '../../src/server/subathon';
import type { Follower, UpstreamEvents } from '../../src/server/upstream-events';
import { useStartLanguage } from '../../src/server/start-lines';

afterEach(() => setLocale('en', { reload: false }));

/** The error Node throws for `run`. */
function thrown(run: () => unknown): unknown {
	try {
		run();
	} catch (err) {
		return err;
	}
	throw new Error('did not throw');
}

const missing = join(tmpdir(), 'no-such-folder-words43', 'deck.json');
const folder = mkdtempSync(join(tmpdir(), 'causes-'));

/** A port nothing listens on: one the system gave and took back. */
async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
	const { port } = server.address() as { port: number };
	await new Promise((done) => server.close(done));
	return port;
}

describe('a system error’s cause as data', () => {
	it('reads the code and the path or address, not the message', () => {
		expect(systemCause(thrown(() => readFileSync(missing)))).toEqual({
			code: 'ENOENT',
			place: missing
		});
		// Node names no path for a folder read as a file.
		expect(systemCause(thrown(() => readFileSync(folder)))).toEqual({ code: 'EISDIR' });
		const net = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
			code: 'ECONNREFUSED',
			address: '127.0.0.1',
			port: 9
		});
		// fetch's "fetch failed" carries it as its cause.
		expect(systemCause(new TypeError('fetch failed', { cause: net }))).toEqual({
			code: 'ECONNREFUSED',
			place: '127.0.0.1:9'
		});
		expect(systemCause(Object.assign(new Error('x'), { code: 'ENOSUCHTHING' }))).toBeUndefined();
		expect(systemCause(new Error('no code'))).toBeUndefined();
	});
});

describe('“Could not start: …” in the start log’s language', () => {
	const enoent = () => couldNotStart(thrown(() => readFileSync(missing)));
	const denied = couldNotStart(
		Object.assign(new Error(`EACCES: permission denied, open '/srv/media'`), {
			code: 'EACCES',
			path: '/srv/media'
		})
	);
	const address = couldNotStart(
		Object.assign(new Error('listen EADDRNOTAVAIL: address not available 10.9.9.9:39280'), {
			code: 'EADDRNOTAVAIL',
			address: '10.9.9.9',
			port: 39280
		})
	);

	it.each([
		[
			'en',
			`Could not start: ${missing} does not exist`,
			'Could not start: permission denied: /srv/media',
			'Could not start: 10.9.9.9:39280 is not an address of this PC'
		],
		[
			'de',
			`Start fehlgeschlagen: ${missing} gibt es nicht`,
			'Start fehlgeschlagen: Zugriff verweigert: /srv/media',
			'Start fehlgeschlagen: 10.9.9.9:39280 ist keine Adresse dieses PCs'
		],
		[
			'es',
			`No se pudo iniciar: ${missing} no existe`,
			'No se pudo iniciar: permiso denegado: /srv/media',
			'No se pudo iniciar: 10.9.9.9:39280 no es una dirección de este PC'
		],
		[
			'fr',
			`Impossible de démarrer : ${missing} n’existe pas`,
			'Impossible de démarrer : permission refusée : /srv/media',
			'Impossible de démarrer : 10.9.9.9:39280 n’est pas une adresse de ce PC'
		],
		[
			'pt-BR',
			`Não foi possível iniciar: ${missing} não existe`,
			'Não foi possível iniciar: permissão negada: /srv/media',
			'Não foi possível iniciar: 10.9.9.9:39280 não é um endereço deste PC'
		]
	])('%s', (lang, file, access, listen) => {
		expect(useStartLanguage(lang)).toEqual({ ok: true, locale: lang });
		expect(startErrorWords(enoent())).toBe(file);
		expect(startErrorWords(denied)).toBe(access);
		expect(startErrorWords(address)).toBe(listen);
		// The English message stays English.
		expect(new CompanionError(denied).message).toBe(
			'Could not start: permission denied: /srv/media'
		);
	});

	it('keeps Node’s text for a code it does not say', () => {
		useStartLanguage('de');
		const odd = couldNotStart(Object.assign(new Error('something odd'), { code: 'EODD' }));
		expect(startErrorWords(odd)).toMatch(/: something odd$/);
	});
});

describe('a failed subathon write in the start log’s language', () => {
	it('de: names the address that refused, never the token', async () => {
		useStartLanguage('de');
		const port = await closedPort();
		let follower: Follower | undefined;
		const events = {
			follow: (f: Follower) => {
				follower = f;
				return () => {};
			}
		} as unknown as UpstreamEvents;
		const logs: string[] = [];
		const subathon = startSubathon({
			apiTarget: `http://127.0.0.1:${port}`,
			token: () => 'the-streamers-secret-token',
			rules: [{ key: 'subscriber', seconds: 60 }],
			variable: 'timer_main',
			log: (line) => logs.push(line),
			events
		});
		follower!.event({ type: 'alert', event: 'alpha-subscriber', data: {} });
		await subathon.idle();
		subathon.close();
		expect(logs).toEqual([
			`Subathon: Für alpha-subscriber konnte keine Zeit hinzugefügt werden: 127.0.0.1:${port} hat die Verbindung abgelehnt`
		]);
		expect(logs.join('\n')).not.toContain('the-streamers-secret-token');
	});
});
