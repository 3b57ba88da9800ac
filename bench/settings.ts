/** How much the bench measures: the full run (about five minutes) or `--quick` (about a minute). */

export interface BenchSettings {
	quick: boolean;
	/** Also build the app again in a temporary copy to split its size into widget and dashboard code. */
	split: boolean;
	presses: number;
	paintPerSecond: number;
	paintSeconds: number;
	sustainedPerSecond: number;
	sustainedSeconds: number;
	/** Rounds of first paint; each round loads the bare page right before each widget, in alternating order. */
	firstPaintRounds: number;
	/** Loads of each page whose first paint is split into its steps (bench/paint-split.ts). */
	splitLoads: number;
	/** Event → paint runs, for the spread of the widget's ratio to the bare page. */
	paintRuns: number;
	heapCheckpoints: number[];
	heapPairsPerSecond: number;
	restarts: number;
	kills: number;
	killDowntimeMs: number;
	/** Before each phase, wait at most this long for other processes to go quiet (a shared machine). */
	maxWaitMs: number;
	/** The companion load phase (bench/companion-load.ts): how long, and whether it runs alone. */
	companionSeconds: number;
	/** Cold loads of the deck (and of the bare page) under the phone's CPU throttle (bench/phone.ts). */
	phoneRounds: number;
	only?: 'companion' | 'phone' | 'overlays';
	/** The overlay CPU phase's windows (idle, chat at 20 lines/s), in seconds (bench/overlay-cpu.ts). */
	overlaySeconds: number;
	/** A phase measured while other processes were busy is run again up to this many times. */
	busyRetries: number;
}

const USAGE = `usage: npm run bench [-- --quick] [--sustained=SECONDS] [--no-split]
  --quick           a short run (about a minute): fewer presses, 10 s sustained, 10,000 events for the heap
  --sustained=N     length of the sustained 1,000 events/s run, in seconds (default 60, quick 10)
  --no-split        skip the second build that splits the size into widget and dashboard code
  --max-wait=N      before each phase, wait up to N seconds for other processes to go quiet (default 30, quick 5; 0: never)
  --only=companion  only the companion load phase (no browser)
  --only=phone      only the sizes (no split), the dashboard's first load and the phone phase
  --only=overlays   only the overlays' CPU (Chromium 127 and 103) and heap (issue 26)
  --minutes=N       length of the companion load phase, in minutes (default 10, quick 1)`;

export function parseSettings(args: readonly string[]): BenchSettings {
	const quick = args.includes('--quick');
	const settings: BenchSettings = {
		quick,
		split: !args.includes('--no-split'),
		presses: quick ? 100 : 500,
		paintPerSecond: 200,
		paintSeconds: quick ? 5 : 15,
		sustainedPerSecond: 1000,
		sustainedSeconds: quick ? 10 : 60,
		firstPaintRounds: quick ? 5 : 7,
		splitLoads: quick ? 3 : 5,
		paintRuns: 3,
		heapCheckpoints: quick ? [1_000, 10_000] : [1_000, 100_000],
		heapPairsPerSecond: 4_000,
		restarts: quick ? 2 : 5,
		kills: quick ? 1 : 3,
		killDowntimeMs: 2_000,
		maxWaitMs: quick ? 5_000 : 30_000,
		companionSeconds: quick ? 60 : 600,
		phoneRounds: quick ? 3 : 5,
		busyRetries: quick ? 0 : 2,
		overlaySeconds: quick ? 10 : 60
	};
	for (const arg of args) {
		const sustained = /^--sustained=(\d+(?:\.\d+)?)$/.exec(arg);
		const maxWait = /^--max-wait=(\d+)$/.exec(arg);
		const companionMinutes = /^--minutes=(\d+(?:\.\d+)?)$/.exec(arg);
		if (sustained) settings.sustainedSeconds = Number(sustained[1]);
		else if (maxWait) settings.maxWaitMs = Number(maxWait[1]) * 1000;
		else if (companionMinutes) settings.companionSeconds = Number(companionMinutes[1]) * 60;
		else if (/^--only=(companion|phone|overlays)$/.test(arg))
			settings.only = arg.slice('--only='.length) as BenchSettings['only'];
		else if (!['--quick', '--no-split'].includes(arg)) {
			console.error(`unknown option ${arg}\n${USAGE}`);
			process.exit(2);
		}
	}
	return settings;
}
