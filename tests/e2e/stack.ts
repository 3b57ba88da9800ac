/**
 * One simulator, the built app served over http, and Chromium: what every dashboard and widget test
 * starts from. Pages connect to the simulator cross-origin, as a static page on another port would.
 * Tests of the companion server start it in front of a simulator instead (startCompanionStack).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startSimServer, type SimServer, type SimServerOptions } from '../../src/server/sim-server';
import { startCompanion, type Companion, type CompanionOptions } from '../../src/server/companion';
import { recordLint } from '../support/lint';
import type { Profile } from '../../src/lib/sim/types';
import type { Feature } from '../../src/lib/protocol';
import type { LoggedRequest } from '../../src/lib/sim/types';
import type { Setup } from '../../src/lib/sim/setup';
import { appUrl, BUILD_DIR, launchBrowser, serveBuild, watchPage } from './harness';
import { launchEngine, type EngineVersion } from './engines';

export const TOKEN = 'e2e-secret-token-7f3a';
export const PHONE = { width: 360, height: 780 };

export interface Stack {
	sim: SimServer;
	site: { url: string; close(): Promise<void> };
	browser: Browser;
	/**
	 * Opens a route at a phone viewport, connected to the simulator; records console lines and errors.
	 * `entry` is the page of the build: '' for the app (index.html), 'widget.html' for the widget-only page
	 * (the default for a widget's route).
	 * Pages prefer reduced motion unless `motion: 'full'` asks for animations.
	 */
	open(
		route: string,
		params?: Record<string, string | number | boolean>,
		viewport?: { width: number; height: number },
		options?: OpenOptions
	): Promise<OpenPage>;
	/** Requests the simulator received since the last `clearLog()`, commands only (no reads by default). */
	sends(filter?: (r: LoggedRequest) => boolean): LoggedRequest[];
	close(): Promise<void>;
}

export interface OpenOptions {
	motion?: 'reduced' | 'full';
	/** The page of the build: '' for the app (index.html, the default), 'widget.html' for the widget-only page. */
	entry?: string;
	/** Runs on the new page before it loads, e.g. to install Playwright's clock or an init script. */
	prepare?: (page: Page) => Promise<void>;
	/** A touch phone: touch events and `(pointer: coarse)`. */
	touch?: boolean;
	/** The browser's language (navigator.languages), e.g. 'de-DE'; the browser's own otherwise. */
	locale?: string;
}

export interface OpenPage {
	page: Page;
	consoleLines: string[];
	errors: string[];
}

export const connection = (sim: SimServer) => ({ token: TOKEN, host: '127.0.0.1', port: sim.port });

const READS = new Set(['get-variable-value', 'get-loyalty-points', 'get-action-catalog']);

/**
 * `engine` runs the pages in a Chromium that broadcasting software embeds (103 or 127) instead of Debian's.
 * `browser` shares another stack's browser (one per file); that stack closes it.
 */
export async function startStack(
	options: {
		profile?: Profile;
		disabledFeatures?: Feature[];
		setup?: Setup;
		engine?: EngineVersion;
		browser?: Browser;
	} = {}
): Promise<Stack> {
	const sim = await startSimServer({
		port: 0,
		token: TOKEN,
		profile: options.profile ?? 'current',
		disabledFeatures: options.disabledFeatures,
		setup: options.setup,
		onLog: recordLint
	});
	const site = await serveBuild();
	const engine = options.engine ? await launchEngine(options.engine) : undefined;
	const browser = options.browser ?? engine?.browser ?? (await launchBrowser());
	return {
		sim,
		site,
		browser,
		async open(route, params = {}, viewport = PHONE, options = {}) {
			const context = await browser.newContext({
				viewport,
				reducedMotion: options.motion === 'full' ? 'no-preference' : 'reduce',
				...(options.touch ? { hasTouch: true, isMobile: true } : {}),
				...(options.locale ? { locale: options.locale } : {})
			});
			const page = await context.newPage();
			const watched = watchPage(page);
			await options.prepare?.(page);
			await page.goto(
				appUrl(
					site.url + (options.entry ?? (route.startsWith('/widget/') ? 'widget.html' : '')),
					route,
					{ ...connection(sim), ...params }
				)
			);
			return { page, ...watched };
		},
		sends(filter = (r) => Boolean(r.type) && !READS.has(r.type!)) {
			return sim.sim.requestLog.filter(filter);
		},
		async close() {
			if (!options.browser) await (engine ?? browser).close();
			await site.close();
			await sim.close();
		}
	};
}

/** A simulator with the companion server in front of it, serving the build: no browser (each file starts its own). */
export interface CompanionStack {
	sim: SimServer;
	companion: Companion;
	/** A fresh folder of the companion's files (its share links in links.json); removed at close. */
	dir: string;
	close(): Promise<void>;
}

/**
 * Both on 127.0.0.1 at free ports, with TOKEN; the companion quiet, its share links in a fresh folder
 * named after `name`. `sim` and `companion` add to or change those options.
 */
export async function startCompanionStack(
	name: string,
	options: { sim?: Partial<SimServerOptions>; companion?: CompanionOptions } = {}
): Promise<CompanionStack> {
	const dir = mkdtempSync(join(tmpdir(), `${name}-`));
	const sim = await startSimServer({ port: 0, host: '127.0.0.1', token: TOKEN, ...options.sim });
	const companion = await startCompanion({
		port: 0,
		host: '127.0.0.1',
		api: sim.url,
		buildDir: BUILD_DIR,
		sharesFile: join(dir, 'links.json'),
		log: () => {},
		...options.companion
	}).catch(async (error: unknown) => {
		await sim.close();
		rmSync(dir, { recursive: true, force: true });
		throw error;
	});
	return {
		sim,
		companion,
		dir,
		async close() {
			await companion.close();
			await sim.close();
			rmSync(dir, { recursive: true, force: true });
		}
	};
}
