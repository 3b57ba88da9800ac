/**
 * An interleaved A/B of the deck on the throttled phone (bench/phone.ts's load, 4× CPU, 360×780): builds
 * served in turn from `build` (a symlink switched between them; sirv's dev mode reads each file
 * at its request), A then B, B then A, round after round, each load in a fresh context. Per load: the
 * first press's arrival (navigation start → logged by the simulator), first contentful paint, and when
 * the stylesheet, the first chunk, the route nodes, /api/meta and the socket were asked for.
 * Usage: `npx tsx bench/ab-phone.ts DIR_A DIR_B [DIR_C…] [ROUNDS]` (each DIR a copy of a `build`; the
 * real `build` is moved aside meanwhile). Prints each build's medians and, round by round, each one's
 * difference from the first (paired, so a busy spell moves both); the loads go to /tmp/ab-phone.json.
 */
import { wallClockOffset, wallNow } from './clock';
import { enabledAt, NAME_HELPER_SCRIPT, pressWhenEnabled } from './page-probes';
import { sleep } from './stats';
import { PHONE, BenchStack } from './stack';
import { runBuildsInTurn, type Load } from './builds-in-turn';

async function loadDeck(stack: BenchStack): Promise<Load> {
	const log = stack.sim.sim;
	const lastSeq = log.requestLog.at(-1)?.seq ?? 0;
	const context = await stack.browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
	await context.addInitScript({ content: NAME_HELPER_SCRIPT });
	const page = await context.newPage();
	const asked: [string, number][] = [];
	page.on('request', (r) => asked.push([r.url(), wallNow()]));
	page.on('websocket', () => asked.push(['socket', wallNow()]));
	page.on('pageerror', (error) => console.error(`page error: ${stack.redact(String(error))}`));
	const cdp = await context.newCDPSession(page);
	await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
	try {
		await page.goto(stack.urlOf('/'), { waitUntil: 'commit' });
		await pressWhenEnabled(page, 'lurk');
		let request;
		for (const end = Date.now() + 10_000; !request && Date.now() < end; await sleep(1))
			request = log.requestsSince(lastSeq).find((r) => r.type === 'chat-command');
		if (!request) throw new Error('no press');
		const offset = await page.evaluate(wallClockOffset);
		const start = (await page.evaluate(() => performance.timeOrigin)) + offset;
		const fcp = await page.evaluate(
			() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN
		);
		const first = (test: (url: string) => boolean) =>
			(asked.find(([url]) => test(url))?.[1] ?? NaN) - start;
		return {
			send: request.at + 0.5 - start,
			fcp,
			css: first((u) => u.endsWith('.css')),
			chunk: first((u) => u.includes('/chunks/')),
			nodes: first((u) => /\/nodes\/[1-9]/.test(u)),
			meta: first((u) => u.includes('/api/meta')),
			socket: first((u) => u === 'socket'),
			enabled: await enabledAt(page)
		};
	} finally {
		await context.close();
	}
}

await runBuildsInTurn({ name: 'ab-phone', load: loadDeck, paired: ['send', 'enabled', 'fcp'] });
