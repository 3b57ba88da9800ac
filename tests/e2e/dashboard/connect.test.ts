/**
 * The Connect page: the Test button tells apart a working address, an unreachable one, a rejected token
 * and an interface the application turned off; the page shows what answered; it is accessible at 360 px
 * and never prints the token.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchPage } from '../harness';
import { connection, startStack, TOKEN, type Stack } from '../stack';

/** A port on loopback that nothing listens on (bound once, then released). */
async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
	const address = server.address();
	await new Promise<void>((ok) => server.close(() => ok()));
	return typeof address === 'object' && address ? address.port : 0;
}

describe('connect page', () => {
	let stack: Stack;
	beforeAll(async () => {
		stack = await startStack();
	});
	afterAll(async () => stack?.close());

	/** The page opened with no connection at all (a fresh device): nothing remembered, no address locked yet. */
	async function fresh(): Promise<{ page: Page; consoleLines: string[]; errors: string[] }> {
		const context = await stack.browser.newContext({ viewport: { width: 360, height: 780 }, reducedMotion: 'reduce' });
		const page = await context.newPage();
		const watched = watchPage(page);
		await page.goto(`${stack.site.url}#/connect`);
		await page.getByRole('heading', { name: 'Connect' }).waitFor();
		return { page, ...watched };
	}

	async function fill(page: Page, values: { token: string; host: string; port: number }): Promise<void> {
		await page.getByLabel(/^Token/).fill(values.token);
		await page.getByLabel('Host').fill(values.host);
		await page.getByLabel('Port').fill(String(values.port));
	}

	async function testResult(page: Page): Promise<string> {
		await page.getByRole('button', { name: 'Test', exact: true }).click();
		const result = page.locator('.diagnosis');
		await result.waitFor();
		return (await result.innerText()).replace(/\s+/g, ' ');
	}

	it('a working address: it works, and once connected the page shows name, version, interface version, features and premium', async () => {
		const { page, consoleLines, errors } = await fresh();
		await fill(page, connection(stack.sim));
		expect(await testResult(page)).toMatch(/^It works\. app-stream \S+ answered\.$/);
		await page.getByRole('button', { name: 'Connect', exact: true }).click();
		const info = page.getByRole('region', { name: `127.0.0.1:${stack.sim.port}` });
		await info.getByTestId('status').getByText('Connected').waitFor();
		await expect.poll(() => info.getByTestId('api-version').innerText()).toBe('2');
		expect(await info.getByTestId('features').innerText()).toContain('ws-command-responses');
		expect(await info.getByTestId('premium').innerText()).toMatch(/^(yes|no)$/);
		expect(consoleLines.join('\n')).not.toContain(TOKEN);
		expect(errors).toEqual([]);
	});

	it('an address where nothing answers is unreachable, with what to check', async () => {
		const { page, consoleLines } = await fresh();
		await fill(page, { token: TOKEN, host: '127.0.0.1', port: await closedPort() });
		const said = await testResult(page);
		expect(said).toContain('Check that the application runs, the address and port');
		expect(said).not.toContain(TOKEN);
		expect(consoleLines.join('\n')).not.toContain(TOKEN);
	});

	it('a wrong token is told apart as rejected, and the wrong token is never shown', async () => {
		const { page, consoleLines } = await fresh();
		await fill(page, { ...connection(stack.sim), token: 'not-the-token-93jd' });
		const said = await testResult(page);
		expect(said).toContain('Copy the token again from Settings → API.');
		expect(said).not.toContain('not-the-token-93jd');
		expect(consoleLines.join('\n')).not.toContain('not-the-token-93jd');
	});

	it('an interface the application turned off is said so, with Retry, and works again after it', async () => {
		const { page } = await stack.open('/connect');
		const info = page.getByRole('region', { name: `127.0.0.1:${stack.sim.port}` });
		await info.getByTestId('status').getByText('Connected').waitFor();
		stack.sim.sim.stopApi();
		try {
			await info.getByRole('button', { name: 'Retry' }).waitFor();
			expect(await testResult(page)).toContain('The application turned its interface off (it closed the connection on purpose).');
		} finally {
			stack.sim.sim.startApi();
		}
		await info.getByRole('button', { name: 'Retry' }).click();
		await info.getByTestId('status').getByText('Connected').waitFor();
		expect(await testResult(page)).toMatch(/^It works\./);
	});

	it('has no serious or critical axe violations and no horizontal scrolling at 360 px', async () => {
		const { seriousViolations } = await import('../axe');
		const { page } = await fresh();
		await fill(page, { ...connection(stack.sim), token: 'wrong' });
		await testResult(page);
		expect(await seriousViolations(page)).toEqual([]);
		expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
	});
});
