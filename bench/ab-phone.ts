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
import { existsSync, lstatSync, renameSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { wallClockOffset, wallNow } from './clock';
import { NAME_HELPER_SCRIPT } from './page-probes';
import { median, sleep } from './stats';
import { PHONE, BenchStack } from './stack';
import { backgroundTraffic } from './traffic';
import { watchOtherLoad } from './other-load';
import { BUILD_DIR } from '../tests/e2e/harness';

const args = process.argv.slice(2);
const rounds = /^\d+$/.test(args.at(-1) ?? '') ? Number(args.pop()) : 6;
const dirs = args;
if (dirs.length < 2) throw new Error('usage: tsx bench/ab-phone.ts DIR_A DIR_B [DIR_C…] [ROUNDS]');

/** The real `build` directory, kept aside while the builds take turns, and put back at the end. */
const ASIDE = `${BUILD_DIR}-aside-${process.pid}`;
const movedAside = existsSync(BUILD_DIR) && !lstatSync(BUILD_DIR).isSymbolicLink();
if (movedAside) renameSync(BUILD_DIR, ASIDE);

function serve(dir: string): void {
	if (lstatSync(BUILD_DIR, { throwIfNoEntry: false })) unlinkSync(BUILD_DIR);
	symlinkSync(resolve(dir), BUILD_DIR);
}

type Load = Record<string, number>;

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
		await page.waitForFunction(
			() =>
				[...document.querySelectorAll('button')].some(
					(b) => b.textContent?.trim() === 'lurk' && !b.disabled
				),
			undefined,
			{ polling: 'raf', timeout: 60_000 }
		);
		const enabled = wallNow();
		const box = await page.getByRole('button', { name: 'lurk', exact: true }).boundingBox();
		if (!box) throw new Error('no box');
		await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
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
			enabled: enabled - start
		};
	} finally {
		await context.close();
	}
}

const stack = new BenchStack();
await stack.start();
const stopTraffic = backgroundTraffic((envelope) => stack.sim.sim.emit(envelope));
const results: Record<string, Load[]> = Object.fromEntries(dirs.map((d) => [d, []]));
const other: number[] = [];
try {
	for (let round = 0; round < rounds; round++) {
		// Each round starts one further along the list, so no build always follows the same one.
		const order = dirs.map((_, i) => dirs[(i + round) % dirs.length]!);
		for (const id of round % 2 ? order.reverse() : order) {
			serve(id);
			const load = watchOtherLoad();
			const result = await loadDeck(stack);
			other.push(load());
			results[id]!.push(result);
			console.error(
				`${id} ${Object.entries(result)
					.map(([k, v]) => `${k} ${v.toFixed(0)}`)
					.join(' ')} (others ${other.at(-1)!.toFixed(2)} cores)`
			);
		}
	}
} finally {
	stopTraffic();
	await stack.stop();
	unlinkSync(BUILD_DIR);
	if (movedAside) renameSync(ASIDE, BUILD_DIR);
}
for (const id of dirs) {
	const keys = Object.keys(results[id]![0] ?? {});
	console.log(
		`${id} medians (${results[id]!.length} loads): ${keys
			.map((k) => `${k} ${median(results[id]!.map((r) => r[k]!)).toFixed(0)}`)
			.join(', ')}`
	);
}
// Paired: each build against the first, round by round (the rounds share the machine's state).
for (const id of dirs.slice(1)) {
	for (const key of ['send', 'enabled', 'fcp']) {
		const diffs = results[id]!.map((r, i) => r[key]! - results[dirs[0]!]![i]![key]!);
		console.log(
			`${id} − ${dirs[0]} ${key}: median ${median(diffs).toFixed(0)} ms over ${diffs.length} rounds`
		);
	}
}
writeFileSync('/tmp/ab-phone.json', JSON.stringify(results));
console.log(
	`other processes: median ${median(other).toFixed(2)}, max ${Math.max(...other).toFixed(2)} cores`
);
