/** The machine a run measured, for the results file and the README. */
import { availableParallelism, loadavg, totalmem } from 'node:os';
import { readFileSync } from 'node:fs';

export interface Machine {
	cores: number;
	cpu: string;
	memoryGiB: number;
	chromium: string;
	node: string;
}

export function describeMachine(chromiumVersion: string): Machine {
	let cpu = 'unknown CPU';
	try {
		cpu =
			/^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpu;
	} catch {
		// not Linux: the model stays unknown
	}
	return {
		cores: availableParallelism(),
		cpu,
		memoryGiB: Math.round(totalmem() / 1024 ** 3),
		chromium: chromiumVersion,
		node: process.version
	};
}

export const machineLine = (m: Machine) =>
	`${m.cores} cores (nproc), ${m.cpu}, ${m.memoryGiB} GiB memory; headless Chromium ${m.chromium}; Node ${m.node}`;

/** The 1-minute load average: on a shared machine, how much else ran beside the bench. */
export const loadNow = () => loadavg()[0]!;
