/**
 * `npm run screenshots` (after `npm run build`): the README's three pictures, taken from the demo so
 * they follow the app as it changes. The companion serves `build/` with its built-in simulator (the
 * same demo a streamer gets from `npm start -- --demo`), and Debian's Chromium opens the phone deck,
 * the desktop dashboard and two widgets composited over a sample game scene.
 * Output: docs/screenshots/*.png (committed).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PROJECT_DIR, startCompanion, type Companion } from '../src/server/companion';
import { chatEnvelope } from '../src/lib/sim/events';

const BUILD_DIR = resolve(PROJECT_DIR, 'build');
const OUT_DIR = resolve(PROJECT_DIR, 'docs/screenshots');
const TIMEOUT_MS = 30_000;

/** A few chat lines at once, so the pictures need not wait for the demo's own pace (one every few seconds). */
const CHAT: [string, string, { subscriber?: boolean; vip?: boolean }][] = [
	['moss_moth', 'hello chat!', { subscriber: true }],
	['northwind_tv', 'that was a clean run', {}],
	['quietkettle', 'the boss is weak to fire btw', { vip: true }],
	['lumenfox', 'this playlist slaps', { subscriber: true }],
	['pixel_pilot', 'can we get a hydrate check?', {}],
	['ByteSizedBard', 'gg, that boss fight was close', { subscriber: true }]
];
const LAST_LINE = CHAT.at(-1)![1];

function say(line: string): void {
	console.log(line);
}

function fillChat(companion: Companion): void {
	const sim = companion.embeddedSim!.sim;
	CHAT.forEach(([username, text, levels], i) =>
		sim.emit(
			chatEnvelope('alpha', { username, ...levels }, text, `shot-${Date.now()}-${i}`, Date.now())
		)
	);
}

/** `phone`: a touch screen, as a phone is (a narrow window driven by a mouse is offered dock mode instead). */
async function openPage(
	browser: Browser,
	url: string,
	viewport: { width: number; height: number },
	phone = false
): Promise<Page> {
	const context = await browser.newContext({
		viewport,
		reducedMotion: 'reduce',
		...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1 } : {})
	});
	const page = await context.newPage();
	page.setDefaultTimeout(TIMEOUT_MS);
	await page.goto(url);
	return page;
}

/** The deck, connected, with its live buttons shown: never the "connecting" state. */
async function deckReady(page: Page): Promise<void> {
	await page.locator('.badge[data-status="open"]').first().waitFor();
	await page.getByRole('button', { name: 'lurk', exact: true }).waitFor();
	await page.waitForLoadState('networkidle');
}

async function phoneDeck(browser: Browser, dashboard: string): Promise<void> {
	const page = await openPage(browser, dashboard, { width: 390, height: 844 }, true);
	await deckReady(page);
	await page.screenshot({ path: join(OUT_DIR, 'phone-deck.png') });
	await page.context().close();
	say('docs/screenshots/phone-deck.png: the deck on a phone (390×844)');
}

async function desktop(browser: Browser, dashboard: string, companion: Companion): Promise<void> {
	const page = await openPage(browser, dashboard, { width: 1280, height: 800 });
	await deckReady(page);
	await page.getByRole('button', { name: 'Side panel' }).click();
	// The panel's chat lists what arrives once it is open.
	await page.getByRole('link', { name: 'Open Chat' }).waitFor();
	fillChat(companion);
	// The desktop's side panel shows the chat: wait for the last of the lines just sent.
	await page.getByText(LAST_LINE).filter({ visible: true }).waitFor();
	await page.screenshot({ path: join(OUT_DIR, 'desktop.png') });
	await page.context().close();
	say('docs/screenshots/desktop.png: the dashboard on a desktop (1280×800)');
}

/** A 1920×1080 canvas, as in broadcasting software, drawn at half size: a sample game, the chat and now-playing widgets on top. */
function sceneHtml(chatUrl: string, songUrl: string): string {
	return `<!doctype html><html><head><style>
	html, body { margin: 0; overflow: hidden; }
	.canvas { width: 1920px; height: 1080px; transform: scale(0.5); transform-origin: 0 0; position: relative; overflow: hidden;
		background: linear-gradient(#1d2b53 0%, #3b5a8c 45%, #e9a46a 72%, #f3c98b 78%); font-family: sans-serif; }
	.sun { position: absolute; left: 1180px; top: 420px; width: 260px; height: 260px; border-radius: 50%; background: #ffd99a; opacity: 0.85; }
	.far { position: absolute; inset: 0; background: #4a5d7e; clip-path: polygon(0 70%, 12% 52%, 24% 66%, 38% 48%, 52% 64%, 66% 46%, 80% 62%, 92% 50%, 100% 60%, 100% 100%, 0 100%); }
	.near { position: absolute; inset: 0; background: #2c3a4f; clip-path: polygon(0 82%, 18% 70%, 34% 80%, 50% 68%, 70% 82%, 86% 72%, 100% 80%, 100% 100%, 0 100%); }
	.ground { position: absolute; left: 0; right: 0; bottom: 0; height: 120px; background: #1e2733; }
	.hero { position: absolute; left: 900px; bottom: 120px; width: 60px; height: 110px; background: #d9534f; border-radius: 24px 24px 6px 6px; }
	.hud { position: absolute; left: 40px; top: 36px; color: #fff; font-size: 30px; text-shadow: 0 2px 4px #0008; }
	.hud .bar { width: 320px; height: 22px; margin-top: 10px; border: 3px solid #fff; border-radius: 6px; background: linear-gradient(90deg, #5cd65c 72%, transparent 72%); }
	iframe { position: absolute; border: 0; background: transparent; }
	#chat { left: 40px; bottom: 150px; width: 400px; height: 360px; }
	#song { right: 40px; top: 36px; width: 500px; height: 140px; }
</style></head><body><div class="canvas">
	<div class="sun"></div><div class="far"></div><div class="near"></div><div class="ground"></div><div class="hero"></div>
	<div class="hud">Level 3 · Sample game<div class="bar"></div></div>
	<iframe id="chat" src="${chatUrl}" title="chat widget" allowtransparency="true"></iframe>
	<iframe id="song" src="${songUrl}" title="now playing widget" allowtransparency="true"></iframe>
</div></body></html>`;
}

async function scene(
	browser: Browser,
	origin: string,
	token: string,
	companion: Companion
): Promise<void> {
	const widget = (route: string, extra = '') =>
		`${origin}/widget.html#/widget/${route}?token=${encodeURIComponent(token)}${extra}`;
	const context = await browser.newContext({
		viewport: { width: 960, height: 540 },
		reducedMotion: 'reduce'
	});
	const page = await context.newPage();
	page.setDefaultTimeout(TIMEOUT_MS);
	await page.setContent(
		sceneHtml(widget('chat', '&limit=5&plate=1&size=22'), widget('now-playing'))
	);
	const chat = page.frameLocator('#chat');
	const song = page.frameLocator('#song');
	// A chat widget shows what arrives after it loads: send the lines once it has subscribed.
	await chatWidgetSubscribed(companion);
	fillChat(companion);
	await chat.getByText(LAST_LINE).waitFor();
	await song.locator('.widget article').waitFor();
	await page.screenshot({ path: join(OUT_DIR, 'widget-scene.png') });
	await context.close();
	say(
		'docs/screenshots/widget-scene.png: the chat and now-playing widgets over a sample game (1920×1080 at half size)'
	);
}

/** The chat widget's socket: nameless (widgets do not notify the streamer), subscribed to chat. */
async function chatWidgetSubscribed(companion: Companion): Promise<void> {
	const sim = companion.embeddedSim!.sim;
	const deadline = Date.now() + TIMEOUT_MS;
	const subscribed = () =>
		sim.clients.some(
			(c) => c.name === undefined && Array.isArray(c.channels) && c.channels.includes('chat')
		);
	while (!subscribed()) {
		if (Date.now() > deadline)
			throw new Error(`the chat widget did not subscribe: ${JSON.stringify(sim.clients)}`);
		await new Promise((ok) => setTimeout(ok, 50));
	}
}

async function main(): Promise<void> {
	for (const page of ['index.html', 'widget.html'])
		if (!existsSync(join(BUILD_DIR, page)))
			throw new Error(`build/${page} is missing: run \`npm run build\` first`);
	mkdirSync(OUT_DIR, { recursive: true });
	// Share links and a saved token go to a throwaway folder, never beside the project's own.
	const scratch = mkdtempSync(join(tmpdir(), 'screenshots-'));
	const companion = await startCompanion({
		port: 0,
		host: '127.0.0.1',
		demo: true,
		buildDir: BUILD_DIR,
		sharesFile: join(scratch, 'share-links.json'),
		lanAddresses: () => [],
		log: () => undefined
	});
	const browser = await chromium.launch({
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: ['--no-sandbox', '--disable-gpu'],
		headless: true
	});
	try {
		const token = companion.embeddedSim!.token;
		const dashboard = `${companion.url}/#/?token=${encodeURIComponent(token)}`;
		await phoneDeck(browser, dashboard);
		await desktop(browser, dashboard, companion);
		await scene(browser, companion.url, token, companion);
	} finally {
		await browser.close();
		await companion.close();
		rmSync(scratch, { recursive: true, force: true });
	}
}

main().catch((error: Error) => {
	console.error(`screenshots: ${error.message}`);
	process.exit(1);
});
