import { createServer, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { WebSocketServer } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompanion } from '../../src/server/companion';
import { injectSameOriginMeta, SAME_ORIGIN_META } from '../../src/server/static-site';
import {
	closedPort,
	fakeBuild,
	http,
	startRig,
	tempDir,
	TestSocket,
	wsUrl,
	type Rig
} from './helpers';

let rig: Rig;
beforeAll(async () => {
	rig = await startRig();
});
afterAll(async () => {
	await rig?.close();
});

const logTypes = (transport: 'http' | 'ws') =>
	rig.sim.sim.requestLog.filter((e) => e.transport === transport).map((e) => e.type);

describe('static pages', () => {
	it('serves index.html with the same-origin meta tag and safe headers', async () => {
		for (const path of ['/', '/index.html']) {
			const page = await http('GET', rig.companion.url + path);
			expect(page.status).toBe(200);
			expect(page.headers['content-type']).toMatch(/text\/html/);
			expect(page.body).toContain(`<head>${SAME_ORIGIN_META}`);
			expect(page.body).toContain('fake dashboard');
			expect(page.headers['referrer-policy']).toBe('no-referrer');
			expect(page.headers['x-content-type-options']).toBe('nosniff');
		}
	});

	it('serves widget.html like index.html: the same-origin meta tag, and its policy as a header that lets it connect to this server only', async () => {
		for (const method of ['GET', 'HEAD'] as const) {
			const page = await http(method, `${rig.companion.url}/widget.html`);
			expect(page.status).toBe(200);
			expect(page.headers['content-type']).toMatch(/text\/html/);
			expect(page.headers['content-security-policy']).toBe(
				"default-src 'none'; script-src 'self' 'sha256-abc='; connect-src 'self'"
			);
			expect(page.headers['referrer-policy']).toBe('no-referrer');
			if (method === 'GET')
				expect(page.body).toContain(`<head>${SAME_ORIGIN_META}<meta charset="utf-8">`);
			if (method === 'GET') expect(page.body).toContain('fake widget');
		}
	});

	it('serves standalone.html (the one-file app) as a page too, and keeps the split chunks cached', async () => {
		const page = await http('GET', `${rig.companion.url}/standalone.html`);
		expect(page.status).toBe(200);
		expect(page.body).toContain(`<head>${SAME_ORIGIN_META}<meta charset="utf-8">`);
		expect(page.body).toContain('fake standalone app');
		expect(page.headers['content-security-policy']).toBe(
			"default-src 'none'; script-src 'self' 'sha256-abc='; connect-src 'self'"
		);
		const chunk = await http('GET', `${rig.companion.url}/_app/immutable/chunks/C1.js`);
		expect(chunk.status).toBe(200);
		expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
		expect(chunk.headers['x-content-type-options']).toBe('nosniff');
		expect((await http('GET', `${rig.companion.url}/app.js`)).headers['cache-control']).not.toMatch(
			/immutable/
		);
	});

	it('serves other files with sirv, the app for unknown pages, 404 for unknown files', async () => {
		const script = await http('GET', `${rig.companion.url}/app.js`);
		expect(script.status).toBe(200);
		expect(script.body).toContain('fake');
		expect(script.headers['x-content-type-options']).toBe('nosniff');
		expect(script.headers['referrer-policy']).toBe('no-referrer');
		const page = await http('GET', `${rig.companion.url}/somewhere`, {
			headers: { accept: 'text/html' }
		});
		expect(page.body).toContain(SAME_ORIGIN_META);
		expect((await http('GET', `${rig.companion.url}/missing.js`)).status).toBe(404);
	});

	it('survives a request target no URL parser accepts', async () => {
		const answer = await new Promise<string>((done, fail) => {
			const socket = connect(rig.companion.port, '127.0.0.1', () =>
				socket.write('GET http://[ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
			);
			let text = '';
			socket.on('data', (c) => (text += c.toString()));
			socket.on('end', () => done(text));
			socket.on('error', fail);
		});
		expect(answer).toMatch(/^HTTP\/1\.1 4\d\d/);
		expect((await http('GET', `${rig.companion.url}/`)).status).toBe(200);
	});

	it('injects the meta tag once, even without a head', () => {
		expect(injectSameOriginMeta('<html><head lang="x"><title>t</title></head></html>')).toBe(
			`<html><head lang="x">${SAME_ORIGIN_META}<title>t</title></head></html>`
		);
		expect(injectSameOriginMeta(injectSameOriginMeta('<head></head>'))).toBe(
			`<head>${SAME_ORIGIN_META}</head>`
		);
		expect(injectSameOriginMeta('<p>x</p>')).toBe(`${SAME_ORIGIN_META}<p>x</p>`);
	});

	it('injects the meta tag into a page whose script names its selector', () => {
		// A minifier may fold the selector into one literal (widget.html with terser's pass).
		const page = '<head><script>q(`meta[name="stream-control-origin"]`)</script></head>';
		expect(injectSameOriginMeta(page)).toBe(
			`<head>${SAME_ORIGIN_META}<script>q(\`meta[name="stream-control-origin"]\`)</script></head>`
		);
	});
});

describe('REST proxy', () => {
	it('passes the caller token through untouched and reaches the simulator', async () => {
		rig.sim.sim.clearLog();
		const meta = await http('GET', `${rig.companion.url}/api/meta?token=${rig.realToken}`);
		expect(meta.status).toBe(200);
		expect(meta.json).toMatchObject({ status: 200, apiVersion: expect.any(Number) });
		const sent = await http('POST', `${rig.companion.url}/api/send?token=${rig.realToken}`, {
			body: { type: 'tts', params: { value: 'hello' } }
		});
		expect(sent.status).toBe(200);
		expect(logTypes('http')).toContain('tts');
	});

	it('never adds a token of its own: a wrong token is refused by the application', async () => {
		const wrong = await http('GET', `${rig.companion.url}/api/meta?token=wrong`);
		expect(wrong.status).toBe(401);
		const none = await http('POST', `${rig.companion.url}/api/send`, {
			body: { type: 'tts', params: { value: 'x' } }
		});
		expect(none.status).toBe(401);
	});

	it('works for requests that carry a foreign Origin (a page opened on a LAN address)', async () => {
		rig.sim.sim.clearLog();
		const origin = `http://127.0.0.2:${rig.companion.port}`;
		const sent = await http('POST', `${rig.companion.url}/api/send?token=${rig.realToken}`, {
			headers: { origin },
			body: { type: 'hex-color', params: { value: '#00ff00' } }
		});
		expect(sent.status).toBe(200);
		expect(logTypes('http')).toContain('hex-color');
		const socket = await TestSocket.open(wsUrl(rig.companion.url, rig.realToken), { origin });
		socket.send({ retrieve: true, slim: true, context: 'origin-check' });
		expect(await socket.reply('origin-check')).toMatchObject({ event: 'socketapi:retrieve' });
		socket.close();
	});
});

/** A stand-in application that answers everything and records the headers it was sent. */
async function recordingApplication() {
	const seen: { kind: 'http' | 'ws'; path: string; headers: IncomingHttpHeaders }[] = [];
	const wss = new WebSocketServer({ noServer: true });
	const server = createServer((req, res) => {
		seen.push({ kind: 'http', path: req.url ?? '', headers: req.headers });
		res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":200}');
	});
	server.on('upgrade', (req, socket, head) => {
		seen.push({ kind: 'ws', path: req.url ?? '', headers: req.headers });
		wss.handleUpgrade(req, socket, head, (ws) => ws.send('{"hello":true}'));
	});
	await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
	const address = server.address();
	const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
	return {
		url,
		seen,
		close: () =>
			new Promise<void>((done) => {
				for (const ws of wss.clients) ws.terminate();
				server.close(() => done());
				server.closeAllConnections();
			})
	};
}

describe('Origin toward the application', () => {
	it("drops the companion's own Origin (HTTP and websocket), for every address it is opened on; passes a foreign one", async () => {
		const app = await recordingApplication();
		const tmp = tempDir('companion-origin-');
		// Every interface, so the page can be opened at 127.0.0.2 too (a LAN-style address: another origin).
		const companion = await startCompanion({
			port: 0,
			host: '0.0.0.0',
			api: app.url,
			buildDir: fakeBuild(tmp.dir),
			sharesFile: `${tmp.dir}/s.json`,
			log: () => {}
		});
		try {
			for (const host of ['127.0.0.1', '127.0.0.2']) {
				const base = `http://${host}:${companion.port}`;
				app.seen.length = 0;
				expect(
					(
						await http('POST', `${base}/api/send?token=t`, {
							headers: { origin: base },
							body: { type: 'tts', params: { value: 'x' } }
						})
					).status
				).toBe(200);
				expect(
					(await http('GET', `${base}/api/meta?token=t`, { headers: { origin: base } })).status
				).toBe(200);
				const socket = await TestSocket.open(wsUrl(base, 't'), { origin: base });
				await socket.next((f) => f.hello === true);
				socket.close();
				expect(app.seen.map((r) => [r.kind, r.path, r.headers.origin])).toEqual([
					['http', '/api/send?token=t', undefined],
					['http', '/api/meta?token=t', undefined],
					['ws', '/api?token=t', undefined]
				]);
			}

			app.seen.length = 0;
			const foreign = 'http://elsewhere.example';
			await http('GET', `${companion.url}/api/meta?token=t`, { headers: { origin: foreign } });
			const socket = await TestSocket.open(wsUrl(companion.url, 't'), { origin: foreign });
			await socket.next((f) => f.hello === true);
			socket.close();
			// A page of the companion on another port is another origin too.
			await http('GET', `${companion.url}/api/meta?token=t`, {
				headers: { origin: `http://127.0.0.1:${companion.port + 1}` }
			});
			expect(app.seen.map((r) => r.headers.origin)).toEqual([
				foreign,
				foreign,
				`http://127.0.0.1:${companion.port + 1}`
			]);
		} finally {
			await companion.close();
			await app.close();
			tmp.remove();
		}
	});
});

describe('websocket proxy', () => {
	it('carries commands to the simulator and its replies back', async () => {
		rig.sim.sim.clearLog();
		const socket = await TestSocket.open(wsUrl(rig.companion.url, rig.realToken));
		socket.send({ type: 'get-variable-value', params: { name: 'deaths' }, context: 7 });
		expect(await socket.reply(7)).toMatchObject({ event: 'socketapi:response', status: 200 });
		expect(logTypes('ws')).toContain('get-variable-value');
		socket.close();
	});

	it('delivers events the simulator emits', async () => {
		const socket = await TestSocket.open(wsUrl(rig.companion.url, rig.realToken));
		const envelope = {
			origin: 'alpha',
			type: 'alert',
			event: 'alpha-follower',
			data: { dynamic: { value: 'proxy_fan' }, extraSettings: { username: 'proxy_fan' } }
		};
		rig.sim.sim.emit(envelope);
		expect(
			await socket.next((f) => f.type === 'alert' && f.data?.dynamic?.value === 'proxy_fan')
		).toMatchObject(envelope);
		socket.close();
	});

	it('refuses upgrades outside /api', async () => {
		await expect(
			TestSocket.open(`${rig.companion.url.replace('http', 'ws')}/elsewhere`)
		).rejects.toMatchObject({ status: 404 });
	});
});

describe('when the application is gone', () => {
	it('answers 502 with one line that holds neither the token nor the target query', async () => {
		const target = await startRig();
		try {
			await target.sim.close();
			const answer = await http(
				'GET',
				`${target.companion.url}/api/retrieve?token=${target.realToken}&slim=true`
			);
			expect(answer.status).toBe(502);
			expect(answer.json).toMatchObject({
				status: 502,
				message: expect.stringMatching(/did not answer/)
			});
			expect(answer.body).not.toContain(target.realToken);
			expect(answer.body).not.toContain('slim');
			expect(answer.body.includes('\n')).toBe(false);
		} finally {
			await target.close();
		}
	});
});

describe('embedded simulator', () => {
	it('starts the simulator when nothing answers at --api, and proxies to it', async () => {
		const tmp = tempDir('companion-fallback-');
		const logs: string[] = [];
		const port = await closedPort();
		const companion = await startCompanion({
			port: 0,
			host: '127.0.0.1',
			api: `http://127.0.0.1:${port}`,
			buildDir: fakeBuild(tmp.dir),
			sharesFile: `${tmp.dir}/shares.json`,
			log: (line) => logs.push(line)
		});
		try {
			const sim = companion.embeddedSim!;
			expect(sim.reason).toBe('fallback');
			expect(companion.apiTarget).not.toContain(String(port));
			expect(logs.join('\n')).toMatch(
				new RegExp(
					`No application answers at http://127.0.0.1:${port}: serving the built-in simulator`
				)
			);
			const meta = await http('GET', `${companion.url}/api/meta?token=${sim.token}`);
			expect(meta.status).toBe(200);
			expect(sim.sim.requestLog.some((e) => e.transport === 'http' && e.status === 200)).toBe(true);
		} finally {
			await companion.close();
			tmp.remove();
		}
	});

	it('with demo, serves the simulator even though an application answers', async () => {
		const companion = await startCompanion({
			port: 0,
			host: '127.0.0.1',
			api: rig.sim.url,
			demo: true,
			buildDir: rig.buildDir,
			sharesFile: `${rig.buildDir}/demo-shares.json`,
			log: () => {}
		});
		try {
			expect(companion.embeddedSim?.reason).toBe('demo');
			expect(companion.apiTarget).not.toBe(new URL(rig.sim.url).origin);
		} finally {
			await companion.close();
		}
	});

	it('fails with a clear error when falling back is off', async () => {
		const port = await closedPort();
		await expect(
			startCompanion({
				port: 0,
				host: '127.0.0.1',
				api: `http://127.0.0.1:${port}`,
				fallbackToSimulator: false,
				buildDir: rig.buildDir,
				sharesFile: `${rig.buildDir}/x.json`,
				log: () => {}
			})
		).rejects.toMatchObject({
			said: { kind: 'api_unreachable' }
		});
	});

	it('reports a rejected token and a port in use in one line each', async () => {
		await expect(
			startCompanion({
				port: 0,
				host: '127.0.0.1',
				api: rig.sim.url,
				realToken: 'not-the-token',
				buildDir: rig.buildDir,
				sharesFile: `${rig.buildDir}/x.json`,
				log: () => {}
			})
		).rejects.toMatchObject({
			said: { kind: 'token_rejected' },
			message: expect.not.stringContaining('not-the-token')
		});
		await expect(
			startCompanion({
				port: rig.companion.port,
				host: '127.0.0.1',
				api: rig.sim.url,
				buildDir: rig.buildDir,
				sharesFile: `${rig.buildDir}/x.json`,
				log: () => {}
			})
		).rejects.toMatchObject({
			said: { kind: 'port_in_use' },
			message: `Port ${rig.companion.port} is in use: pass --port N`
		});
	});
});
