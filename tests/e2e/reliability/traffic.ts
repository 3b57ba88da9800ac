/** Recording what a page asks for and says, and probing its Content-Security-Policy from inside. */
import type { Browser, Page } from 'playwright-core';
import { PHONE } from '../stack';

export interface Traffic {
	page: Page;
	/** Every request: URL and Referer header (the document's own included). */
	requests: { url: string; referer: string | undefined; image: boolean }[];
	sockets: string[];
	consoleLines: string[];
	errors: string[];
	/** Waits until the headers of every finished request have been read. */
	settled(): Promise<void>;
	/**
	 * Waits until nothing is in flight and nothing new was asked for a while (at most `capMs`, then
	 * goes on: what was recorded is checked either way). Unlike Playwright's networkidle it never fails.
	 */
	quiet(capMs?: number): Promise<void>;
}

/** Opens a page in a fresh context, recording everything it asks for and says. */
export async function openRecorded(
	browser: Browser,
	url: string,
	viewport = PHONE
): Promise<Traffic> {
	const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
	const page = await context.newPage();
	const reading: Promise<unknown>[] = [];
	let started = 0;
	let ended = 0;
	let lastActivity = Date.now();
	page.on('request', () => {
		started++;
		lastActivity = Date.now();
	});
	const quiet = async (capMs = 15_000) => {
		const end = Date.now() + capMs;
		while (Date.now() < end && (started > ended || Date.now() - lastActivity < 750))
			await new Promise((r) => setTimeout(r, 100));
	};
	const traffic: Traffic = {
		page,
		requests: [],
		sockets: [],
		consoleLines: [],
		errors: [],
		settled: async () => void (await Promise.all(reading)),
		quiet
	};
	// The headers actually sent (allHeaders), not the provisional ones Playwright knows up front.
	page.on('requestfinished', (request) => {
		ended++;
		lastActivity = Date.now();
		const entry = {
			url: request.url(),
			referer: undefined as string | undefined,
			image: request.resourceType() === 'image'
		};
		traffic.requests.push(entry);
		reading.push(
			request.allHeaders().then(
				(headers) => (entry.referer = headers['referer']),
				() => undefined
			)
		);
	});
	page.on('requestfailed', (request) => {
		ended++;
		lastActivity = Date.now();
		traffic.requests.push({
			url: request.url(),
			referer: request.headers()['referer'] || undefined,
			image: request.resourceType() === 'image'
		});
	});
	page.on('websocket', (ws) => traffic.sockets.push(ws.url()));
	page.on('console', (m) => traffic.consoleLines.push(`${m.type()}: ${m.text()}`));
	page.on('pageerror', (e) => traffic.errors.push(String(e)));
	await page.goto(url);
	return traffic;
}

/** What the page's policies say: the static one from the build, and the run-time lock if any. */
export async function policies(
	page: Page
): Promise<{ static: string | undefined; lock: string | undefined }> {
	return page.evaluate(() => {
		const metas = [...document.querySelectorAll('meta[http-equiv]')].filter(
			(m) => m.getAttribute('http-equiv')?.toLowerCase() === 'content-security-policy'
		);
		return {
			static:
				metas.find((m) => !m.hasAttribute('data-connection-lock'))?.getAttribute('content') ??
				undefined,
			lock:
				metas.find((m) => m.hasAttribute('data-connection-lock'))?.getAttribute('content') ??
				undefined
		};
	});
}

/** Tries a fetch and a websocket to another address from inside the page: what got through, and the violations seen. */
export async function tryElsewhere(
	page: Page,
	origin: string
): Promise<{ fetched: boolean; socketOpened: boolean; violations: string[] }> {
	return page.evaluate(async (target) => {
		const violations: string[] = [];
		const onViolation = (e: SecurityPolicyViolationEvent) => violations.push(e.effectiveDirective);
		document.addEventListener('securitypolicyviolation', onViolation);
		const fetched = await fetch(`${target}/api/meta`).then(
			() => true,
			() => false
		);
		const socketOpened = await new Promise<boolean>((done) => {
			try {
				const ws = new WebSocket(`${target.replace(/^http/, 'ws')}/api`);
				ws.onopen = () => {
					ws.close();
					done(true);
				};
				ws.onerror = () => done(false);
			} catch {
				done(false);
			}
		});
		await new Promise((r) => setTimeout(r, 50));
		document.removeEventListener('securitypolicyviolation', onViolation);
		return { fetched, socketOpened, violations };
	}, origin);
}
