/**
 * What every browser measurement starts from: the simulator, the built app and the bare reference
 * page served over http on loopback, and Debian's headless Chromium (as the browser tests launch it).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import sirv from 'sirv';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startSimServer, type SimServer } from '../src/server/sim-server';
import { appUrl, BUILD_DIR, launchBrowser } from '../tests/e2e/harness';
import { launchEngine, type Engine, type EngineVersion } from '../tests/e2e/engines';
import { BARE_PAGE_HTML, BARE_PAGE_PATH } from './bare-page';
import { NAME_HELPER_SCRIPT } from './page-probes';

export const PHONE = { width: 360, height: 780 };
/** A common browser-source size. */
export const BROWSER_SOURCE = { width: 800, height: 600 };

export interface OpenOptions {
	viewport?: { width: number; height: number };
	initScripts?: string[];
	/** 'reduce' unless said (widgets then skip their animations). */
	reducedMotion?: 'reduce' | 'no-preference';
}

export class BenchStack {
	/** Never printed: errors leaving the bench pass through `redact`. */
	readonly token = `bench-${randomBytes(12).toString('hex')}`;
	sim!: SimServer;
	browser!: Browser;
	/** The embedded engine in use (OBS's Chromium 103 or 127), if not Debian's Chromium. */
	#engine: Engine | undefined;
	#site!: Server;
	#siteUrl = '';
	readonly #contexts = new Set<BrowserContext>();

	async start(): Promise<void> {
		this.sim = await startSimServer({ port: 0, token: this.token });
		this.#site = await serveSite();
		const address = this.#site.address();
		this.#siteUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
		this.browser = await launchBrowser();
	}

	/** Measures from now on in Debian's Chromium (no argument) or in an engine broadcasting software embeds. */
	async useBrowser(engine?: EngineVersion): Promise<void> {
		await this.closePages();
		await (this.#engine ?? this.browser).close();
		this.#engine = engine ? await launchEngine(engine) : undefined;
		this.browser = this.#engine?.browser ?? (await launchBrowser());
	}

	/** Kills the simulator (sockets dropped, port closed); `revive` starts a new one on the same port and token. */
	async kill(): Promise<void> {
		await this.sim.close();
	}

	async revive(): Promise<void> {
		this.sim = await startSimServer({ port: this.sim.port, token: this.token });
	}

	/** A new simulator on the same port and token, in its first state (songs queued, nothing played out). */
	async freshSimulator(): Promise<void> {
		await this.closePages();
		await this.kill();
		await this.revive();
	}

	connection(): Record<string, string | number> {
		return { token: this.token, host: '127.0.0.1', port: this.sim.port };
	}

	/** A route's address: widgets in widget.html (what the builder links to), dashboard pages in the app. */
	urlOf(route: string, params: Record<string, string | number | boolean> = {}): string {
		const page = route.startsWith('/widget/') ? `${this.#siteUrl}widget.html` : this.#siteUrl;
		return appUrl(page, route, { ...this.connection(), ...params });
	}

	bareUrl(): string {
		return appUrl(this.#siteUrl.replace(/\/$/, BARE_PAGE_PATH), '/bare', this.connection());
	}

	/** A fresh context (its own renderer process, cold cache) with one page at `url`. */
	async open(url: string, options: OpenOptions = {}): Promise<Page> {
		const context = await this.browser.newContext({
			viewport: options.viewport ?? BROWSER_SOURCE,
			reducedMotion: options.reducedMotion ?? 'reduce'
		});
		this.#contexts.add(context);
		context.on('close', () => this.#contexts.delete(context));
		await context.addInitScript({ content: NAME_HELPER_SCRIPT });
		for (const script of options.initScripts ?? [])
			await context.addInitScript({ content: script });
		const page = await context.newPage();
		page.on('pageerror', (error) => console.error(`page error: ${this.redact(String(error))}`));
		await page.goto(url);
		return page;
	}

	async closePages(): Promise<void> {
		await Promise.all([...this.#contexts].map((context) => context.close()));
	}

	async stop(): Promise<void> {
		await this.closePages();
		await (this.#engine ?? this.browser)?.close();
		await new Promise<void>((resolve) =>
			this.#site ? this.#site.close(() => resolve()) : resolve()
		);
		await this.sim?.close();
	}

	redact(text: string): string {
		return text.split(this.token).join('<token>');
	}
}

/** The build over http, plus the bare reference page; same headers as the browser tests' server. */
async function serveSite(): Promise<Server> {
	const assets = sirv(BUILD_DIR, { dev: true, etag: false });
	const server = createServer((req, res) => {
		res.setHeader('Referrer-Policy', 'no-referrer');
		if (req.url?.split('?')[0] === BARE_PAGE_PATH) {
			res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
			res.end(BARE_PAGE_HTML);
			return;
		}
		assets(req, res, () => {
			res.statusCode = 404;
			res.end('not found');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return server;
}

/** JS heap in use after a forced full garbage collection, read over the DevTools protocol. */
export async function heapAfterGc(page: Page): Promise<number> {
	const cdp = await page.context().newCDPSession(page);
	try {
		await cdp.send('HeapProfiler.collectGarbage');
		await cdp.send('HeapProfiler.collectGarbage');
		const usage = await cdp.send('Runtime.getHeapUsage');
		return usage.usedSize;
	} finally {
		await cdp.detach();
	}
}

/** DOM nodes alive in the page (elements, text, comments), as DevTools counts them. */
export async function domNodeCount(page: Page): Promise<number> {
	const cdp = await page.context().newCDPSession(page);
	try {
		await cdp.send('HeapProfiler.collectGarbage');
		const counters = await cdp.send('Memory.getDOMCounters');
		return counters.nodes;
	} finally {
		await cdp.detach();
	}
}
