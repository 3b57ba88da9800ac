/** The companion over TLS (`--cert`/`--key`): https pages and /api, wss through the proxy, links that say https. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanionError } from '../../src/server/companion';
import { loadTlsFiles } from '../../src/server/tls-files';
import {
	hasOpenssl,
	http,
	makeCertificate,
	startRig,
	tempDir,
	TestSocket,
	wsUrl,
	type Rig
} from './helpers';

const tmp = tempDir('companion-tls-');
let rig: Rig;
let ca: Buffer;
beforeAll(async () => {
	if (!hasOpenssl) return;
	const made = makeCertificate(tmp.dir);
	ca = made.cert;
	// Every interface, with a made-up LAN address, so the links the companion builds can be read.
	rig = await startRig({
		tls: { cert: made.cert, key: made.key },
		host: '0.0.0.0',
		lanAddresses: () => ['192.0.2.7']
	});
});
afterAll(async () => {
	await rig?.close();
	tmp.remove();
});

describe.skipIf(!hasOpenssl)('https with a certificate', () => {
	it('serves the app over https, and says https in its own address', async () => {
		expect(rig.companion.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
		const page = await http('GET', `${rig.companion.url}/`, { ca });
		expect(page.status).toBe(200);
		expect(page.body).toContain('fake dashboard');
	});

	it('forwards /api over https to the simulator', async () => {
		const meta = await http('GET', `${rig.companion.url}/api/meta`, {
			ca,
			headers: { authorization: `Bearer ${rig.realToken}` }
		});
		expect(meta.status).toBe(200);
		expect(rig.sim.sim.requestLog.some((e) => e.transport === 'http')).toBe(true);
	});

	it('carries the event stream over wss through the proxy', async () => {
		const url = wsUrl(rig.companion.url, rig.realToken);
		expect(url).toMatch(/^wss:\/\//);
		const socket = await TestSocket.open(url, {}, { ca });
		const envelope = {
			origin: 'alpha',
			type: 'alert',
			event: 'alpha-follower',
			data: { dynamic: { value: 'tls_fan' }, extraSettings: { username: 'tls_fan' } }
		};
		rig.sim.sim.emit(envelope);
		expect(
			await socket.next((f) => f.type === 'alert' && f.data?.dynamic?.value === 'tls_fan')
		).toMatchObject(envelope);
		socket.close();
	});

	it('gives https addresses for pairing and share links', async () => {
		const lan = await http('GET', `${rig.companion.url}/__companion/lan`, { ca });
		expect(lan.json.origins).toEqual([`https://192.0.2.7:${rig.companion.port}`]);
		const auth = { authorization: `Bearer ${rig.realToken}` };
		const created = await http('POST', `${rig.companion.url}/__share/links`, {
			ca,
			headers: auth,
			body: { label: 'mod', profile: 'read-only' }
		});
		expect(created.status).toBe(201);
		expect(created.json.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/#\/\?token=share_/);
		expect(created.json.lanOrigins).toEqual([`https://192.0.2.7:${rig.companion.port}`]);
	});

	it('refuses a plain http request on the https port', async () => {
		await expect(http('GET', `${rig.companion.url.replace('https:', 'http:')}/`)).rejects.toThrow();
	});
});

describe.skipIf(!hasOpenssl)('loading --cert and --key', () => {
	const oneLine = (fn: () => unknown) => {
		try {
			fn();
		} catch (err) {
			expect(err).toBeInstanceOf(CompanionError);
			const message = (err as Error).message;
			expect(message).not.toContain('\n');
			return message;
		}
		throw new Error('expected a refusal');
	};

	it('loads a matching pair, and nothing when neither flag is given', () => {
		const made = makeCertificate(tmp.dir, 'pair');
		expect(loadTlsFiles(made.certFile, made.keyFile)).toEqual({ cert: made.cert, key: made.key });
		expect(loadTlsFiles(undefined, undefined)).toBeUndefined();
	});

	it('refuses one flag without the other, a missing file, a file that is no certificate or key, and a key of another certificate', () => {
		const a = makeCertificate(tmp.dir, 'a');
		const b = makeCertificate(tmp.dir, 'b');
		const junk = join(tmp.dir, 'junk.pem');
		writeFileSync(junk, 'not a certificate');
		const missing = join(tmp.dir, 'nowhere.pem');
		expect(oneLine(() => loadTlsFiles(a.certFile, undefined))).toBe(
			'--cert needs --key FILE too: give both, or neither for plain http'
		);
		expect(oneLine(() => loadTlsFiles(undefined, a.keyFile))).toBe(
			'--key needs --cert FILE too: give both, or neither for plain http'
		);
		expect(oneLine(() => loadTlsFiles(missing, a.keyFile))).toBe(
			`--cert ${missing}: cannot read it (no such file)`
		);
		expect(oneLine(() => loadTlsFiles(a.certFile, missing))).toBe(
			`--key ${missing}: cannot read it (no such file)`
		);
		expect(oneLine(() => loadTlsFiles(tmp.dir, a.keyFile))).toBe(
			`--cert ${tmp.dir}: cannot read it (it is a folder)`
		);
		expect(oneLine(() => loadTlsFiles(junk, a.keyFile))).toBe(
			`--cert ${junk}: not a PEM certificate`
		);
		expect(oneLine(() => loadTlsFiles(a.certFile, junk))).toBe(
			`--key ${junk}: not an unencrypted PEM private key`
		);
		// The key file's contents never show in the message.
		const swapped = oneLine(() => loadTlsFiles(a.certFile, b.keyFile));
		expect(swapped).toBe(
			`--key ${b.keyFile} does not belong to the certificate in --cert ${a.certFile}`
		);
		expect(swapped).not.toContain('PRIVATE KEY');
	});
});
