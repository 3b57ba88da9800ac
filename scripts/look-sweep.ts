/**
 * `npx tsx scripts/look-sweep.ts [filter]` (after `npm run build`): pictures to look at, not to commit.
 * Every widget of widget.html (the simulator's demo data, default options) at 800×450, 1920×1080 and
 * the builder's suggested size, in English and German; the alert box mid-alert (a follower, bits with a
 * message); the Connect page (connected, and with a wrong token so its diagnosis shows) at 390×844 and
 * 1280×800; the builder at 1280×800 and 390×844. Output: test-results/look43/*.png. `filter` keeps the
 * pictures whose name contains it.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startSimServer, type SimServer } from '../src/server/sim-server';
import { alertEnvelope, chatEnvelope } from '../src/lib/sim/events';
import { appUrl, launchBrowser, serveBuild, watchPage } from '../tests/e2e/harness';
import { WIDGET_SIZES } from '../src/routes/(app)/widgets/widget-sizes';

const OUT = resolve(import.meta.dirname, '../test-results/look43');
const TOKEN = 'look43-token';
const only = process.argv[2] ?? '';

/** The builder's suggested sizes, and the alert box's from widgets.md. */
const WIDGETS: Record<string, { width: number; height: number }> = {
	'alert-box': { width: 800, height: 450 },
	...WIDGET_SIZES
};
const SIZES = [
	{ width: 800, height: 450 },
	{ width: 1920, height: 1080 }
];

let serial = 0;
const pageErrors: string[] = [];

async function open(
	browser: Browser,
	url: string,
	viewport: { width: number; height: number }
): Promise<Page> {
	const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
	const page = await context.newPage();
	page.setDefaultTimeout(20_000);
	const { errors } = watchPage(page);
	page.on('close', () => pageErrors.push(...errors.map((e) => `${url}: ${e}`)));
	await page.goto(url);
	return page;
}

async function shoot(page: Page, name: string): Promise<void> {
	await page.screenshot({ path: resolve(OUT, `${name}.png`) });
	console.log(`${name}.png`);
	await page.context().close();
}

function chat(sim: SimServer): void {
	const lines: [string, string, { subscriber?: boolean; vip?: boolean; mod?: boolean }][] = [
		['moss_moth', 'hello chat!', { subscriber: true }],
		['northwind_tv', 'that was a clean run, the boss never stood a chance', { mod: true }],
		['ByteSizedBard', 'gg, that boss fight was close', { vip: true }]
	];
	for (const [username, text, levels] of lines)
		sim.sim.emit(
			chatEnvelope('alpha', { username, ...levels }, text, `look-${++serial}`, Date.now())
		);
}

async function widget(
	browser: Browser,
	site: string,
	sim: SimServer,
	id: string,
	lang: string,
	viewport: { width: number; height: number },
	extra: Record<string, string> = {}
): Promise<Page> {
	const params = { token: TOKEN, host: '127.0.0.1', port: sim.port, debug: 1, lang, ...extra };
	const page = await open(browser, appUrl(`${site}widget.html`, `/widget/${id}`, params), viewport);
	await page.locator('.debug[data-status="open"]').waitFor();
	// The debug corner was only for knowing when the socket is open.
	await page.addStyleTag({ content: '.debug { display: none !important; }' });
	return page;
}

async function main(): Promise<void> {
	mkdirSync(OUT, { recursive: true });
	const sim = await startSimServer({ port: 0, host: '127.0.0.1', token: TOKEN, demo: true });
	const site = await serveBuild();
	const browser = await launchBrowser();
	const want = (name: string) => name.includes(only);
	const done = new Set<string>();
	try {
		for (const lang of ['en', 'de'])
			for (const [id, suggested] of Object.entries(WIDGETS))
				for (const size of [...SIZES, suggested]) {
					const name = `widget-${id}-${lang}-${size.width}x${size.height}`;
					if (!want(name) || done.has(name)) continue;
					done.add(name);
					const page = await widget(browser, site.url, sim, id, lang, size);
					if (id === 'chat') {
						chat(sim);
						await page.locator('.line').nth(2).waitFor();
					}
					if (id === 'events') {
						sim.sim.emit(
							alertEnvelope('alpha-follower', { value: 'Ana' }, { displayname: 'Ana' }, Date.now())
						);
						await page.locator('.card').first().waitFor();
					}
					await page.waitForLoadState('networkidle');
					await shoot(page, name);
				}
		// The alert box mid-alert: a follower, and bits with a message.
		const alerts: [string, ReturnType<typeof alertEnvelope>][] = [
			[
				'follower',
				alertEnvelope('alpha-follower', { value: 'Ana' }, { displayname: 'Ana' }, Date.now())
			],
			[
				'bits',
				alertEnvelope(
					'alpha-bits',
					{ value: 1500 },
					{
						displayname: 'ByteSizedBard',
						bits: 1500,
						message: 'Cheer1500 for the clutch revive in the last round, that was incredible!'
					},
					Date.now()
				)
			]
		];
		for (const lang of ['en', 'de'])
			for (const [kind, envelope] of alerts)
				for (const size of [...SIZES, { width: 400, height: 225 }]) {
					const name = `alert-${kind}-${lang}-${size.width}x${size.height}`;
					if (!want(name)) continue;
					const page = await widget(browser, site.url, sim, 'alert-box', lang, size, {
						look: '60',
						control: ''
					});
					sim.sim.emit({ ...envelope, data: { ...envelope.data } });
					await page.locator('.alert').waitFor();
					await page.waitForLoadState('networkidle');
					await shoot(page, name);
				}
		// The dashboard: the Connect page (connected; a wrong token, so its diagnosis shows), the builder.
		const pages: [string, string, Record<string, string | number>][] = [
			['connect', '/connect', { token: TOKEN, host: '127.0.0.1', port: sim.port }],
			['connect-wrong-token', '/connect', { token: 'wrong', host: '127.0.0.1', port: sim.port }],
			['builder', '/widgets', { token: TOKEN, host: '127.0.0.1', port: sim.port }]
		];
		for (const [what, route, params] of pages)
			for (const size of [
				{ width: 390, height: 844 },
				{ width: 1280, height: 800 }
			]) {
				const name = `page-${what}-${size.width}x${size.height}`;
				if (!want(name)) continue;
				const page = await open(browser, appUrl(site.url, route, params), size);
				await page.locator('main h1, main h2').first().waitFor();
				if (what.startsWith('connect')) {
					// The test's diagnosis under the form.
					await page.getByRole('button', { name: 'Test', exact: true }).click();
					await page.locator('.diagnosis').waitFor();
				}
				await page.waitForLoadState('networkidle');
				// The whole page, scrolled: a defect below the fold counts too.
				await page.screenshot({ path: resolve(OUT, `${name}-full.png`), fullPage: true });
				await shoot(page, name);
			}
	} finally {
		await browser.close();
		await site.close();
		await sim.close();
	}
	if (pageErrors.length) console.log(`page errors:\n${pageErrors.join('\n')}`);
}

main().catch((error: Error) => {
	console.error(`look-sweep: ${error.stack}`);
	process.exit(1);
});
