/**
 * The connect page's Test button, through its form, against the simulator over real sockets: a working
 * address, a closed port, a wrong token, the interface switched off (for the page's own connection and
 * from a fresh page), an https page offered a fix, accessibility at 360 px, and no token in the console.
 */
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../axe';
import { BUILD_DIR, watchPage } from '../harness';
import { PHONE, startStack, TOKEN, type Stack } from '../stack';

const WRONG_TOKEN = 'wrong-token-e2e-55d1';
/** Every console line of every page this file opens: none may carry a token. */
const consoleLines: string[] = [];

/** A port nothing listens on: bound by a server, then closed. */
async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
	const address = server.address();
	await new Promise<void>((ok) => server.close(() => ok()));
	if (typeof address !== 'object' || !address) throw new Error('no port');
	return address.port;
}

describe('connect page: the Test button', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	});
	afterAll(async () => stack?.close());

	/** The connect page with no connection yet (nothing remembered): the page is not locked to any address. */
	async function openFresh(
		url = `${stack.site.url}#/connect`
	): Promise<{ page: Page; errors: string[] }> {
		const context = await stack.browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
		const page = await context.newPage();
		page.setDefaultTimeout(10_000);
		const watched = watchPage(page);
		page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
		await page.goto(url);
		return { page, errors: watched.errors };
	}

	/** The connect page connected to the simulator, as a user arrives from a link. */
	async function openConnected() {
		const opened = await stack.open('/connect');
		opened.page.setDefaultTimeout(10_000);
		opened.page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
		await opened.page.locator('[data-status="open"]').waitFor();
		return opened;
	}

	async function fill(
		page: Page,
		form: { token?: string; host?: string; port?: number | string; secure?: boolean }
	) {
		if (form.token !== undefined) await page.getByLabel(/^Token/).fill(form.token);
		if (form.host !== undefined) await page.getByLabel('Host').fill(form.host);
		if (form.port !== undefined) await page.getByLabel('Port').fill(String(form.port));
		if (form.secure !== undefined)
			await page.getByLabel('Secure (https and wss)').setChecked(form.secure);
	}

	/** Presses Test and answers the result's kind and text, once the test has finished. */
	async function test(page: Page): Promise<{ kind: string | null; text: string }> {
		await page.getByRole('button', { name: 'Test', exact: true }).click();
		const result = page.locator('.diagnosis[data-kind]');
		await result.waitFor();
		await page
			.getByRole('button', { name: 'Test', exact: true })
			.and(page.locator(':enabled'))
			.waitFor();
		return {
			kind: await result.getAttribute('data-kind'),
			text: (await result.innerText()).replace(/\s+/g, ' ')
		};
	}

	it(
		'a working address shows name, version, interface version, features and premium; axe finds nothing serious at 360 px',
		{ timeout: 60_000 },
		async () => {
			stack.sim.sim.setPremium(true);
			const { page, errors } = await openFresh();
			await fill(page, { token: TOKEN, host: '127.0.0.1', port: stack.sim.port });
			const { kind } = await test(page);
			expect(kind).toBe('ok');
			const result = page.getByRole('definition');
			const shown = Object.fromEntries(
				await page
					.getByLabel('Test result')
					.locator('dt')
					.evaluateAll((dts) =>
						dts.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])
					)
			);
			expect(shown).toMatchObject({ Application: 'app-stream', Version: '9.1.0', Premium: 'yes' });
			expect(Number(shown['API version'])).toBeGreaterThanOrEqual(2);
			expect(String(shown.Features).split(', ')).toEqual(stack.sim.sim.features);
			expect(await result.count()).toBe(5);
			expect(errors).toEqual([]);
			expect(await seriousViolations(page)).toEqual([]);
			expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
				PHONE.width
			);
			stack.sim.sim.setPremium(false);
			await page.context().close();
		}
	);

	it(
		'a closed port: unreachable, naming the address; a wrong token: rejected, saying it may also be the interface switched off',
		{ timeout: 60_000 },
		async () => {
			const port = await closedPort();
			const { page, errors } = await openFresh();
			await fill(page, { token: TOKEN, host: '127.0.0.1', port });
			const unreachable = await test(page);
			expect(unreachable.kind).toBe('unreachable');
			expect(unreachable.text).toContain(`did not answer at 127.0.0.1:${port}`);

			await fill(page, { token: WRONG_TOKEN, port: stack.sim.port });
			const rejected = await test(page);
			expect(rejected.kind).toBe('unauthorized');
			expect(rejected.text).toMatch(
				/refused the token \(401\).*the token is wrong, or the interface is switched off/
			);
			expect(rejected.text).not.toContain(WRONG_TOKEN);
			expect(errors).toEqual([]);
			// Error results fit the phone too, and stay accessible.
			expect(await seriousViolations(page)).toEqual([]);
			expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
				PHONE.width
			);
			await page.context().close();
		}
	);

	it(
		'interface switched off: the connected page knows (1000 close), another address cannot be tested, a fresh page says it cannot tell',
		{ timeout: 60_000 },
		async () => {
			const { page, errors } = await openConnected();
			const fresh = await openFresh();
			await fill(fresh.page, { token: TOKEN, host: '127.0.0.1', port: stack.sim.port });
			try {
				stack.sim.sim.stopApi();
				await page.getByTestId('status').getByText('Interface turned off').waitFor();
				await page
					.getByRole('region', { name: `127.0.0.1:${stack.sim.port}` })
					.getByRole('button', { name: 'Retry' })
					.waitFor();

				const own = await test(page);
				expect(own.kind).toBe('stopped');
				expect(own.text).toMatch(/turned its interface off.*Settings → API.*Retry/);

				// The page is locked to the address it connected to: it says so rather than guessing.
				await fill(page, { port: stack.sim.port + 1 });
				const other = await test(page);
				expect(other.kind).toBe('other-address');
				expect(other.text).toContain(`cannot test 127.0.0.1:${stack.sim.port + 1}`);

				// A page that never had a connection gets the same 401 as a wrong token, and says it cannot tell.
				const unknown = await test(fresh.page);
				expect(unknown.kind).toBe('unauthorized');
				expect(unknown.text).toMatch(/a browser cannot tell the two apart/);
			} finally {
				stack.sim.sim.startApi();
			}
			// Switched on again: the test of the own address finds it working (it asks again, it does not repeat the close).
			await fill(page, { port: stack.sim.port });
			expect((await test(page)).kind).toBe('ok');
			expect(errors).toEqual([]);
			expect(fresh.errors).toEqual([]);
			await page.context().close();
			await fresh.page.context().close();
		}
	);

	it(
		'an https page and an http address: the page offers the secure port, and the companion server over http',
		{ timeout: 60_000 },
		async () => {
			// An https origin served by the browser's request interception: no certificate needed.
			const context = await stack.browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
			// The build's files by path (index.html loads its pages as chunks from _app/).
			await context.route('https://dash.test/**', (route) => {
				const path = new URL(route.request().url()).pathname.replace(/^\/$/, '/index.html');
				return route.fulfill({ status: 200, path: resolve(BUILD_DIR, `.${path}`) });
			});
			const tried: string[] = [];
			await context.route('https://192.0.2.10:39232/**', (route) => {
				tried.push(new URL(route.request().url()).origin + new URL(route.request().url()).pathname);
				return route.abort('connectionrefused');
			});
			const page = await context.newPage();
			page.setDefaultTimeout(10_000);
			const watched = watchPage(page);
			page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
			await page.goto('https://dash.test/#/connect');

			await fill(page, { token: TOKEN, host: '192.0.2.10', port: 39231, secure: false });
			const mixed = await test(page);
			expect(mixed.kind).toBe('mixed-content');
			expect(mixed.text).toContain(
				'browsers block it from calling the http address 192.0.2.10:39231'
			);
			const companion = page.getByRole('link', {
				name: /Open the dashboard from the companion server/
			});
			expect(await companion.getAttribute('href')).toBe('http://192.0.2.10:39280/#/connect');
			// A link styled as a button: tap height, its words whole inside its box, nothing over it.
			await companion.scrollIntoViewIfNeeded();
			await page.screenshot({ path: 'test-results/connect-mixed-360x780.png' });
			const link = await companion.evaluate((el) => {
				const box = el.getBoundingClientRect();
				const words = document.createRange();
				words.selectNodeContents(el);
				const text = words.getBoundingClientRect();
				const middle = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
				return {
					height: box.height,
					inside:
						text.top >= box.top &&
						text.bottom <= box.bottom &&
						text.left >= box.left &&
						text.right <= box.right,
					onTop: el === middle || el.contains(middle)
				};
			});
			expect(link.height).toBeGreaterThanOrEqual(44);
			expect(link).toMatchObject({ inside: true, onTop: true });
			expect(await seriousViolations(page)).toEqual([]);
			expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
				PHONE.width
			);

			await page.getByRole('button', { name: 'Use secure port 39232' }).click();
			expect(await page.getByLabel('Secure (https and wss)').isChecked()).toBe(true);
			expect(await page.getByLabel('Port').inputValue()).toBe('39232');
			// Tested again, the page now calls the https address (refused here, so: unreachable).
			const secure = await test(page);
			expect(secure.kind).toBe('unreachable');
			expect(tried).toContain('https://192.0.2.10:39232/api/meta');
			expect(watched.errors).toEqual([]);
			await context.close();
		}
	);

	it(
		'index.html paints a loading line before its modules arrive, the dashboard replaces it, and widget routes never get it',
		{ timeout: 60_000 },
		async () => {
			const context = await stack.browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
			// Held modules: what a slow phone shows while the app's JS is still on its way (the stylesheet, a
			// few kB that SvelteKit links in the head, comes through).
			const held: (() => Promise<void>)[] = [];
			let holding = true;
			await context.route('**/_app/**/*.js', (route) =>
				holding ? void held.push(() => route.continue()) : route.continue()
			);
			const page = await context.newPage();
			// Not until `load`: the load event waits for the held modules.
			await page.goto(`${stack.site.url}#/connect`, { waitUntil: 'domcontentloaded' });
			await expect.poll(() => held.length).toBeGreaterThan(0);
			expect(await page.locator('#boot').innerText()).toBe('Loading the dashboard…');
			holding = false;
			for (const release of held.splice(0)) await release();
			await page.getByRole('heading', { name: 'Connect', exact: true }).first().waitFor();
			expect(await page.locator('#boot').count()).toBe(0);

			const widget = await context.newPage();
			await widget.goto(
				`${stack.site.url}#/widget/chat?token=${TOKEN}&host=127.0.0.1&port=${stack.sim.port}`
			);
			await widget.locator('.widget').waitFor();
			expect(await widget.locator('#boot').count()).toBe(0);
			await context.close();
		}
	);

	it(
		'a first connection made on the Connect page opens the deck; switching an open connection stays, and Connect stays in the menu',
		{ timeout: 60_000 },
		async () => {
			for (const viewport of [
				{ width: 1280, height: 800 },
				{ width: 390, height: 844 }
			]) {
				const context = await stack.browser.newContext({ viewport, reducedMotion: 'reduce' });
				const page = await context.newPage();
				page.setDefaultTimeout(15_000);
				const watched = watchPage(page);
				page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
				await page.goto(`${stack.site.url}#/connect`);
				await page.getByText('Once connected, the deck opens.').waitFor();
				await fill(page, { token: TOKEN, host: '127.0.0.1', port: stack.sim.port });
				await page.getByRole('button', { name: 'Connect', exact: true }).click();
				await page.getByRole('button', { name: 'lurk', exact: true }).waitFor();
				expect(new URL(page.url()).hash).toBe('#/');
				await page.screenshot({
					path: `test-results/connect-opens-deck-${viewport.width}x${viewport.height}.png`
				});
				// Back on Connect (the way to pair a phone on the companion), connecting again stays there.
				if (viewport.width === 1280) {
					await page
						.getByRole('navigation', { name: 'Pages' })
						.getByRole('link', { name: 'Connect', exact: true })
						.click();
					await fill(page, { token: TOKEN, host: '127.0.0.1', port: stack.sim.port });
					await page.getByRole('button', { name: 'Connect', exact: true }).click();
					await page.locator('[data-status="open"]').waitFor();
					await page.getByRole('heading', { name: `127.0.0.1:${stack.sim.port}` }).waitFor();
					expect(new URL(page.url()).hash).toBe('#/connect');
				}
				expect(watched.errors).toEqual([]);
				await context.close();
			}
		}
	);

	it('no page of this file logged a token (right or wrong) in the console', () => {
		// The failed tests above make the browser log (refused connections, 401 answers): the check reads real lines.
		// (Chromium attaches the request URL, which carries ?token=, as the line's source location, not its text.)
		expect(consoleLines.length).toBeGreaterThan(0);
		const secrets = [TOKEN, WRONG_TOKEN].flatMap((t) => [t, encodeURIComponent(t)]);
		expect(consoleLines.filter((line) => secrets.some((s) => line.includes(s)))).toEqual([]);
	});
});
