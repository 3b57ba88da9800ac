/**
 * Widget keys in the builder (issue 28): served by a companion that holds the token, every widget URL
 * carries a key of its own, never the token; the keys are listed with their name, widget, creation and
 * last connection; regenerating and revoking stop a widget open in "broadcasting software" at once.
 * A companion started without the token takes the streamer's (once the application accepts it) and
 * makes keys at once; only without the companion does the URL carry the token, saying why.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startCompanion, type Companion } from '../../../src/server/companion';
import { BUILD_DIR } from '../harness';
import { startStack, TOKEN, type Stack } from '../stack';
import { chatEnvelope } from './helpers';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

describe('widget keys in the builder', () => {
	let stack: Stack;
	let dir: string;
	let keyed: Companion;
	let tokenless: Companion;
	const contexts: BrowserContext[] = [];
	beforeAll(async () => {
		stack = await startStack();
		dir = mkdtempSync(join(tmpdir(), 'widget-keys-e2e-'));
		const common = { port: 0, host: '127.0.0.1', api: stack.sim.url, buildDir: BUILD_DIR };
		keyed = await startCompanion({
			...common,
			realToken: TOKEN,
			sharesFile: join(dir, 'keyed.json'),
			log: () => {}
		});
		tokenless = await startCompanion({
			...common,
			sharesFile: join(dir, 'tokenless.json'),
			tokenFile: join(dir, 'tokenless-token'),
			log: () => {}
		});
	}, 120_000);
	afterAll(async () => {
		for (const context of contexts) await context.close();
		await keyed?.close();
		await tokenless?.close();
		await stack?.close();
		if (dir) rmSync(dir, { recursive: true, force: true });
	});

	async function open(url: string, viewport = DESKTOP): Promise<Page> {
		const context = await stack.browser.newContext({ viewport, reducedMotion: 'reduce' });
		contexts.push(context);
		const page = await context.newPage();
		page.setDefaultTimeout(15_000);
		await page.goto(url);
		return page;
	}
	const builderAt = async (companion: Companion, viewport = DESKTOP) => {
		const page = await open(`${companion.url}/#/widgets?token=${TOKEN}`, viewport);
		await page.locator('[data-status="open"]').waitFor();
		return page;
	};
	const fold = (text: string) => text.replace(/\s+/g, ' ');

	it(
		'makes each URL with a key of its own, lists it, and regenerates and revokes it live',
		{ timeout: 180_000 },
		async () => {
			const page = await builderAt(keyed);
			await page.getByLabel('Counter', { exact: true }).check();
			await page.getByLabel('Label', { exact: true }).fill('Deaths');
			const name = page.getByLabel('Key name');
			await expect.poll(() => name.inputValue()).toBe('Counter — Deaths');
			expect(await page.getByTestId('widget-url').count()).toBe(0);

			await page.getByLabel('Chat', { exact: true }).check();
			await expect.poll(() => name.inputValue()).toBe('Chat');
			await name.fill('Chat — main scene');
			await page.getByRole('button', { name: 'Create URL' }).click();
			const shown = page.getByTestId('widget-url');
			await expect.poll(() => shown.innerText()).toContain('token=••••••••');
			await page.getByRole('button', { name: 'Reveal key' }).click();
			const url = await shown.innerText();
			expect(url).toMatch(
				/^http:\/\/127\.0\.0\.1:\d+\/widget\.html#\/widget\/chat\?.*token=share_/
			);
			expect(url).not.toContain(TOKEN);
			const card = page.getByRole('listitem', { name: 'Chat — main scene' });
			expect(fold(await card.innerText())).toMatch(/Widget Chat Created .+ Last connection never/);

			// The widget in "broadcasting software": nothing it is served or sent holds the token.
			const widget = await open(url, { width: 800, height: 450 });
			const seen: string[] = [];
			widget.on(
				'response',
				(r) =>
					void r.text().then(
						(t) => seen.push(t),
						() => {}
					)
			);
			widget.on('websocket', (ws) => ws.on('framereceived', (f) => seen.push(String(f.payload))));
			const closed = new Promise<void>((done) =>
				widget.on('websocket', (ws) => ws.on('close', () => done()))
			);
			await widget.reload();
			await widget.locator('.widget').waitFor();
			await expect
				.poll(
					async () => {
						stack.sim.sim.emit(
							chatEnvelope(`k-${Date.now()}`, 'through a key', { username: 'ana' })
						);
						return widget.locator('.widget').innerText();
					},
					{ timeout: 15_000, interval: 1000 }
				)
				.toContain('through a key');
			expect(seen.length).toBeGreaterThan(0);
			expect(seen.filter((text) => text.includes(TOKEN))).toEqual([]);
			// The list is read again every 15 s while the page is open.
			await expect
				.poll(async () => fold(await card.innerText()), { timeout: 40_000 })
				.not.toContain('never');
			const keyList = page.locator('section', {
				has: page.getByRole('heading', { name: /^Widget keys/ })
			});
			for (const [viewport, name] of [
				[PHONE, '390'],
				[DESKTOP, '1280']
			] as const) {
				await page.setViewportSize(viewport);
				await page.screenshot({ path: `test-results/widget-keys-${name}.png` });
				await shown.scrollIntoViewIfNeeded();
				await page.screenshot({ path: `test-results/widget-keys-${name}-url.png` });
				await keyList.screenshot({ path: `test-results/widget-keys-${name}-list.png` });
			}

			// Rename: the name changes, the key (and the open widget) stays.
			await card.getByRole('button', { name: 'Rename Chat — main scene' }).click();
			await card.getByLabel('New name for Chat — main scene').fill('Chat — BRB');
			await card.getByRole('button', { name: 'Save' }).click();
			const renamed = page.getByRole('listitem', { name: 'Chat — BRB' });
			await renamed.getByText('Renamed.').waitFor();
			expect(keyed.shares.listWidgetKeys().map((k) => k.name)).toEqual(['Chat — BRB']);

			// Regenerate: the open widget's socket closes and the old key gets 401.
			const oldKey = new URL(url).hash.match(/token=([^&]+)/)![1]!;
			await renamed.getByRole('button', { name: 'Regenerate Chat — BRB' }).click();
			await page
				.getByRole('dialog', { name: 'Regenerate Chat — BRB?' })
				.getByRole('button', { name: 'Regenerate Chat — BRB' })
				.click();
			await renamed.getByText(/New key made/).waitFor();
			await closed;
			const old = await fetch(`${keyed.url}/api/meta?token=${oldKey}`);
			expect(old.status).toBe(401);
			expect((await old.json()).message).toMatch(/unknown or was revoked/);
			const [newKey] = keyed.shares.listWidgetKeys().map((k) => k.key);
			expect(newKey).not.toBe(oldKey);
			expect((await fetch(`${keyed.url}/api/meta?token=${newKey}`)).status).toBe(200);
			// The builder's URL carries the new key at once.
			await expect.poll(() => shown.innerText()).toContain(`token=${newKey}`);

			// Revoke: gone from the list, and its key gets 401.
			await renamed.getByRole('button', { name: 'Revoke Chat — BRB' }).click();
			await page
				.getByRole('dialog', { name: 'Revoke Chat — BRB?' })
				.getByRole('button', { name: 'Revoke Chat — BRB' })
				.click();
			await page.getByRole('heading', { name: 'Widget keys (0)' }).waitFor();
			expect((await fetch(`${keyed.url}/api/meta?token=${newKey}`)).status).toBe(401);
		}
	);

	it(
		'without the companion, the URL carries the token and says why; a companion without the token makes keys at once',
		{ timeout: 120_000 },
		async () => {
			const { page: direct } = await stack.open('/widgets', {}, DESKTOP);
			await direct.locator('[data-status="open"]').waitFor();
			expect(fold(await direct.getByTestId('token-note').innerText())).toMatch(
				/Opened without the companion .* the URL carries your token/
			);
			expect(await direct.getByRole('button', { name: 'Reveal token' }).count()).toBe(1);

			// A companion started without the token takes the streamer's once the application accepts it.
			expect(tokenless.sharesOn()).toBe(false);
			const page = await builderAt(tokenless);
			await page.getByLabel('Goal', { exact: true }).check();
			await page.getByRole('button', { name: 'Create URL' }).waitFor();
			expect(tokenless.sharesOn()).toBe(true);
			expect(await page.getByTestId('token-note').count()).toBe(0);
			expect(await page.getByRole('button', { name: 'Reveal token' }).count()).toBe(0);
			expect(await page.getByTestId('widget-url').count()).toBe(0);
			await page.getByRole('button', { name: 'Create URL' }).click();
			const shown = page.getByTestId('widget-url');
			await page.getByRole('button', { name: 'Reveal key' }).click();
			await expect.poll(() => shown.innerText()).toMatch(/token=share_/);
			expect(await shown.innerText()).not.toContain(TOKEN);
			const [key] = tokenless.shares.listWidgetKeys().map((k) => k.key);
			expect((await fetch(`${tokenless.url}/api/meta?token=${key}`)).status).toBe(200);
			// Nothing on the page, masked or not, holds the token.
			expect(await page.locator('main').innerText()).not.toContain(TOKEN);
			for (const [viewport, name] of [
				[PHONE, '390'],
				[DESKTOP, '1280']
			] as const) {
				await page.setViewportSize(viewport);
				await shown.scrollIntoViewIfNeeded();
				await page.screenshot({ path: `test-results/widget-keys-tokenless-${name}.png` });
			}
		}
	);
});
