/**
 * How much CPU other processes took while the bench measured (Linux /proc): the machine's busy time
 * minus the bench's own (this process, the simulator inside it, and Chromium under it). On a shared
 * machine this says which figures were taken on a busy machine, and lets the bench wait for a quiet
 * moment before a timing phase.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { sleep } from './stats';

/** Linux reports CPU time in USER_HZ ticks, 100 a second on every common configuration. */
const TICKS_PER_SECOND = 100;

interface Sample {
	at: number;
	machineBusy: number;
	ours: number;
}

function machineBusyTicks(): number {
	const fields = readFileSync('/proc/stat', 'utf8')
		.split('\n')[0]!
		.trim()
		.split(/\s+/)
		.slice(1)
		.map(Number);
	const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
	return user + nice + system + irq + softirq + steal;
}

/** CPU ticks of this process and all its descendants, including children they have reaped. */
function ourTicks(): number {
	const parents = new Map<number, number>();
	const ticks = new Map<number, number>();
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			// The command name may hold spaces and parentheses: fields are counted after its last ')'.
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
			parents.set(Number(entry), Number(fields[1]));
			ticks.set(
				Number(entry),
				Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])
			);
		} catch {
			// the process ended while being read
		}
	}
	const isOurs = (pid: number): boolean => {
		for (
			let current: number | undefined = pid, hops = 0;
			current && hops < 64;
			current = parents.get(current), hops++
		)
			if (current === process.pid) return true;
		return false;
	};
	let total = 0;
	for (const [pid, value] of ticks) if (isOurs(pid)) total += value;
	return total;
}

function sample(): Sample {
	return { at: performance.now(), machineBusy: machineBusyTicks(), ours: ourTicks() };
}

/** Cores' worth of CPU other processes used between two samples. */
function otherCores(from: Sample, to: Sample): number {
	const seconds = (to.at - from.at) / 1000;
	if (seconds <= 0) return 0;
	return Math.max(
		0,
		(to.machineBusy - from.machineBusy - (to.ours - from.ours)) / TICKS_PER_SECOND / seconds
	);
}

export const canWatchLoad = (() => {
	try {
		machineBusyTicks();
		return true;
	} catch {
		return false;
	}
})();

/** Starts watching; the returned function tells the other processes' average CPU since, in cores. */
export function watchOtherLoad(): () => number {
	if (!canWatchLoad) return () => Number.NaN;
	const from = sample();
	return () => otherCores(from, sample());
}

/**
 * Waits until other processes use less than `quietCores` over a 2-second window, for at most
 * `maxWaitMs`; returns how long it waited.
 */
export async function waitForQuiet(maxWaitMs: number, quietCores = 0.3): Promise<number> {
	if (!canWatchLoad || maxWaitMs <= 0) return 0;
	const start = Date.now();
	for (;;) {
		const measure = watchOtherLoad();
		await sleep(2000);
		if (measure() < quietCores || Date.now() - start >= maxWaitMs) return Date.now() - start;
	}
}
