/**
 * The README's first run, step by step and literally: `npm start` as a process (the simulator stands
 * in for the application, with a token of its own), the address it prints opened in a browser on the
 * PC, the token pasted on the Connect page, and the phone paired by scanning the PC's code. The README
 * and the start log are read for the words the steps use, so neither can drift from what the app says.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSimServer, type SimServer } from '../../../src/server/sim-server';
import { BUILD_DIR, launchBrowser, watchPage } from '../harness';
import { decodeQr } from '../qr';

const ROOT = resolve(import.meta.dirname, '../../..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
const APP_TOKEN = 'first-run-app-token-5d1c';
const PC = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Waits until `check` holds (polled), for set-up outside a test where expect.poll cannot run. */
async function until(check: () => boolean | Promise<boolean>, what: string, timeout = 60_000) {
	const end = Date.now() + timeout;
	while (!(await check())) {
		if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 100));
	}
}

describe('first run, as the README says', () => {
	let sim: SimServer;
	let child: ChildProcess;
	let dir: string;
	let browser: Browser;
	let log = '';
	let pc: Page;
	let scanned = '';

	beforeAll(async () => {
		dir = mkdtempSync(join(tmpdir(), 'first-run-'));
		// "the application running with its interface on": the simulator with its own token.
		sim = await startSimServer({ port: 0, host: '127.0.0.1', token: APP_TOKEN });
		// Step 1, `npm start`, as the process it runs (one process, so stopping it leaves no orphan). The
		// built app is given (`--build-dir`) rather than rebuilt; port 0 as other tests run beside this one.
		child = spawn(
			process.execPath,
			[
				'--import',
				'tsx',
				'src/server/start.ts',
				'--port',
				'0',
				'--api',
				sim.url,
				'--build-dir',
				BUILD_DIR,
				'--shares',
				join(dir, 'links.json')
			],
			{
				cwd: ROOT,
				env: { ...process.env, STREAM_TOKEN: '', LC_ALL: '', LC_MESSAGES: '', LANG: 'C.UTF-8' },
				stdio: ['ignore', 'pipe', 'pipe']
			}
		);
		child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
		child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
		await until(() => /Stop with Ctrl\+C/.test(log), 'the start log');
		browser = await launchBrowser();
	}, 120_000);
	afterAll(async () => {
		await browser?.close();
		child?.kill('SIGTERM');
		await sim?.close();
		if (dir) rmSync(dir, { recursive: true, force: true });
	});

	it('1. the start log prints the addresses the README shows, and the three steps it describes', () => {
		expect(README).toContain('npm ci && npm start');
		for (const label of ['Dashboard on this PC:', 'Dashboard on your LAN:', 'Widget builder:']) {
			expect(README).toContain(label);
			expect(log).toContain(label);
		}
		expect(log).toMatch(/^1\. Open http:\/\/127\.0\.0\.1:\d+\/#\/ in a browser on this PC\.$/m);
		expect(log).toMatch(/^2\. .*Settings → API.*Connect/m);
		expect(log).toMatch(/^3\. Pair your phone: .*"Open on your phone"/m);
		// The token is never printed: only where to find it.
		expect(log).not.toContain(APP_TOKEN);
	});

	it('2–3. the printed address opens Not connected; Connect, the token pasted with Host and Port empty, and it is Connected', async () => {
		const address = /Dashboard on this PC:\s+(\S+)/.exec(log)![1]!;
		const context = await browser.newContext({ viewport: PC, reducedMotion: 'reduce' });
		pc = await context.newPage();
		pc.setDefaultTimeout(20_000);
		const { errors } = watchPage(pc);
		await pc.goto(address);

		expect(README).toContain('It says _Not connected_: press **Connect**');
		await pc.getByRole('banner').getByText('Not connected').waitFor();
		await pc.getByRole('main').getByRole('link', { name: 'Connect', exact: true }).click();

		expect(README).toContain('Paste it in the _Token_ field (leave Host and Port empty');
		await pc.getByLabel(/^Token/).fill(APP_TOKEN);
		expect(await pc.getByLabel('Host').inputValue()).toBe('');
		expect(await pc.getByLabel('Port').inputValue()).toBe('');
		await pc.getByRole('button', { name: 'Connect', exact: true }).click();
		expect(README).toContain('The header then shows _Connected_');
		await pc.getByRole('banner').getByText('Connected', { exact: true }).waitFor();
		expect(errors).toEqual([]);
	});

	it('4. on the Connect page, Open on your phone, Show the code: the phone scans it and opens the deck connected', async () => {
		expect(README).toContain('under **Open on your phone**, press **Show the code**');
		expect(README).toContain("on the PC's **Connect** page (the menu's last entry)");
		const menu = pc.getByRole('navigation', { name: 'Pages' }).getByRole('link');
		expect(await menu.last().textContent()).toMatch(/Connect/);
		await menu.last().click();
		const card = pc.getByRole('region', { name: 'Open on your phone' });
		await card.getByRole('button', { name: 'Show the code' }).click();
		scanned =
			(await decodeQr(card.getByRole('img', { name: /^QR code: this dashboard at / }))) ?? '';
		expect(scanned).toMatch(/^http:\/\/[\d.]+:\d+\/#\/\?token=/);

		const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
		const phone = await context.newPage();
		phone.setDefaultTimeout(20_000);
		const { errors } = watchPage(phone);
		await phone.goto(scanned);
		await phone.locator('[data-status="open"]').waitFor();
		sim.sim.clearLog();
		await phone.getByRole('button', { name: 'lurk', exact: true }).click();
		await expect
			.poll(() => sim.sim.requestLog.filter((r) => r.type === 'chat-command').length)
			.toBe(1);
		await phone.screenshot({ path: 'test-results/first-run-phone-390.png' });
		expect(errors).toEqual([]);
	});
});
