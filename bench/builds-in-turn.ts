/**
 * Builds served in turn for an interleaved A/B (bench/ab-phone.ts, bench/press-cpu.ts): `build` is a
 * symlink switched between copies of it (sirv's dev mode reads each file at its request), the real
 * `build` moved aside meanwhile and put back at the end. The order starts one further along each round
 * and alternates direction, so no build always follows the same one; every load sees the same
 * background traffic. Prints each build's medians and, round by round, each one's difference from the
 * first (paired, so a busy spell moves both), and how much CPU other processes used.
 */
import { existsSync, lstatSync, renameSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { median } from './stats';
import { BenchStack } from './stack';
import { backgroundTraffic } from './traffic';
import { watchOtherLoad } from './other-load';
import { BUILD_DIR } from '../tests/e2e/harness';

export type Load = Record<string, number>;

export interface InTurn {
	/** The script's name, for its usage line and its results file (/tmp/NAME.json). */
	name: string;
	/** One cold load of the deck, its figures in ms. */
	load: (stack: BenchStack) => Promise<Load>;
	/** The figures compared round by round against the first build. */
	paired: readonly string[];
}

/** `DIR_A DIR_B [DIR_C…] [ROUNDS]` from the command line, then every build in turn, ROUNDS times. */
export async function runBuildsInTurn({ name, load, paired }: InTurn): Promise<void> {
	const args = process.argv.slice(2);
	const rounds = /^\d+$/.test(args.at(-1) ?? '') ? Number(args.pop()) : 6;
	const dirs = args;
	if (dirs.length < 2) throw new Error(`usage: tsx bench/${name}.ts DIR_A DIR_B [DIR_C…] [ROUNDS]`);

	const aside = `${BUILD_DIR}-aside-${process.pid}`;
	const movedAside = existsSync(BUILD_DIR) && !lstatSync(BUILD_DIR).isSymbolicLink();
	if (movedAside) renameSync(BUILD_DIR, aside);
	const serve = (dir: string) => {
		if (lstatSync(BUILD_DIR, { throwIfNoEntry: false })) unlinkSync(BUILD_DIR);
		symlinkSync(resolve(dir), BUILD_DIR);
	};

	const stack = new BenchStack();
	await stack.start();
	const stopTraffic = backgroundTraffic((envelope) => stack.sim.sim.emit(envelope));
	const results: Record<string, Load[]> = Object.fromEntries(dirs.map((d) => [d, []]));
	const other: number[] = [];
	try {
		for (let round = 0; round < rounds; round++) {
			const order = dirs.map((_, i) => dirs[(i + round) % dirs.length]!);
			for (const id of round % 2 ? order.reverse() : order) {
				serve(id);
				const others = watchOtherLoad();
				const result = await load(stack);
				other.push(others());
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
		if (movedAside) renameSync(aside, BUILD_DIR);
	}
	for (const id of dirs) {
		const keys = Object.keys(results[id]![0] ?? {});
		console.log(
			`${id} medians (${results[id]!.length} loads): ${keys
				.map((k) => `${k} ${median(results[id]!.map((r) => r[k]!)).toFixed(0)}`)
				.join(', ')}`
		);
	}
	for (const id of dirs.slice(1)) {
		for (const key of paired) {
			const diffs = results[id]!.map((r, i) => r[key]! - results[dirs[0]!]![i]![key]!);
			console.log(
				`${id} − ${dirs[0]} ${key}: median ${median(diffs).toFixed(0)} ms over ${diffs.length} rounds`
			);
		}
	}
	writeFileSync(`/tmp/${name}.json`, JSON.stringify(results));
	console.log(
		`other processes: median ${median(other).toFixed(2)}, max ${Math.max(...other).toFixed(2)} cores`
	);
}
