/** Keeps the screen awake while the dashboard is open, where the browser allows; re-asks when the tab returns. */
export function keepScreenAwake(): () => void {
	const nav = globalThis.navigator as Navigator & {
		wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> };
	};
	if (!nav?.wakeLock) return () => {};
	let lock: { release(): Promise<void> } | undefined;
	let stopped = false;
	const request = () => {
		if (stopped || document.visibilityState !== 'visible') return;
		nav.wakeLock!.request('screen').then(
			(l) => (stopped ? void l.release().catch(() => {}) : (lock = l)),
			() => undefined // refused (battery saver, no user gesture yet): the page still works
		);
	};
	request();
	document.addEventListener('visibilitychange', request);
	return () => {
		stopped = true;
		document.removeEventListener('visibilitychange', request);
		void lock?.release().catch(() => {});
	};
}
