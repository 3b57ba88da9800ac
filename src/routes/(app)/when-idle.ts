/**
 * Runs `work` once in idle time with at least `spare` ms left, so input waiting on the main thread
 * is handled first; after `timeout` ms it runs anyway (a page kept busy still gets there), unless
 * `ready` says to wait (then it asks again). Where there is no requestIdleCallback (Safari), a
 * short timer stands in. Returns a cancel.
 */
export function whenIdle(
	work: () => void,
	ready: () => boolean = () => true,
	spare = 10,
	timeout = 1000
): () => void {
	let id = 0;
	const idle = typeof requestIdleCallback === 'function';
	const run = (deadline?: IdleDeadline) => {
		if (!ready() || (deadline && !deadline.didTimeout && deadline.timeRemaining() < spare))
			return ask();
		work();
	};
	const ask = () => {
		id = idle ? requestIdleCallback(run, { timeout }) : window.setTimeout(run, 50);
	};
	ask();
	return () => (idle ? cancelIdleCallback(id) : clearTimeout(id));
}
