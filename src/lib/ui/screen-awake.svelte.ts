/**
 * Keeps the phone's screen on while the dashboard is open: the Wake Lock API where the page is a
 * secure context (https, localhost); otherwise nosleep.js, a silent looping video, which a browser
 * plays only from a tap, so it starts at the first one. The streamer can switch it off; the choice is
 * kept on the device. Loaded at the first tap or key on the page (a chunk of its own, nosleep.js another).
 */
import * as v from 'valibot';
import { PersistedState } from '$lib/client/state/persisted-state';

/** on: the screen is kept on; tap: it will be at the first tap; off: switched off; unavailable: neither way works here. */
export type AwakeStatus = 'starting' | 'on' | 'tap' | 'off' | 'unavailable';

interface Sentinel {
	release(): Promise<void>;
	addEventListener?(type: 'release', listener: () => void): void;
}
type WakeLockNavigator = Navigator & {
	wakeLock?: { request(type: 'screen'): Promise<Sentinel> };
};
interface Fallback {
	enable(): Promise<unknown>;
	disable(): void;
}

export class ScreenAwake {
	readonly #wanted = new PersistedState('stream-control:screen-awake', v.boolean(), true);
	#status = $state<AwakeStatus>('starting');
	#lock: Sentinel | undefined;
	#asking = false;
	#fallback: Fallback | undefined;
	#useFallback = false;
	#stopped = false;

	get status(): AwakeStatus {
		return this.#wanted.current ? this.#status : 'off';
	}

	get wanted(): boolean {
		return this.#wanted.current;
	}

	/**
	 * Starts keeping the screen on (when wanted); returns what stops it, for an $effect. `tapped`: called
	 * right after a tap (its user activation still lasts), so the video fallback may start at once.
	 */
	start(tapped = false): () => void {
		this.#stopped = false;
		const nav = globalThis.navigator as WakeLockNavigator;
		this.#useFallback = !(globalThis.isSecureContext && nav.wakeLock);
		const onVisible = () => {
			if (document.visibilityState === 'visible') void this.#acquire(false);
		};
		const onTap = () => {
			if (this.#status === 'tap') void this.#acquire(true);
		};
		document.addEventListener('visibilitychange', onVisible);
		// Capture: before the tapped control acts, within the tap's user activation.
		document.addEventListener('click', onTap, true);
		document.addEventListener('keydown', onTap, true);
		if (this.#useFallback) void this.#loadFallback().then(() => this.#acquire(tapped));
		else void this.#acquire(false);
		return () => {
			this.#stopped = true;
			document.removeEventListener('visibilitychange', onVisible);
			document.removeEventListener('click', onTap, true);
			document.removeEventListener('keydown', onTap, true);
			this.#release();
		};
	}

	/** The indicator's switch: a press is a tap, so switching on starts the fallback too. */
	toggle(): void {
		this.#wanted.current = !this.#wanted.current;
		if (this.#wanted.current) void this.#acquire(true);
		else this.#release();
	}

	async #loadFallback(): Promise<void> {
		try {
			const { default: NoSleep } = await import('nosleep.js');
			this.#fallback = new NoSleep();
			this.#status = 'tap';
		} catch {
			this.#status = 'unavailable';
		}
	}

	/** `tap`: called within a tap, the only time the video fallback may start. */
	async #acquire(tap: boolean): Promise<void> {
		if (this.#stopped || !this.#wanted.current || document.visibilityState !== 'visible') return;
		if (!this.#useFallback) {
			if (this.#lock || this.#asking) return;
			this.#asking = true;
			try {
				const lock = await (navigator as WakeLockNavigator).wakeLock!.request('screen');
				this.#asking = false;
				if (this.#stopped || !this.#wanted.current) return void lock.release().catch(() => {});
				this.#lock = lock;
				this.#status = 'on';
				// The browser lets go when the tab is hidden: asked again when it shows (visibilitychange).
				lock.addEventListener?.('release', () => {
					if (this.#lock === lock) this.#lock = undefined;
				});
			} catch {
				// Refused (battery saver, a policy): the video fallback, from the next tap.
				this.#asking = false;
				this.#useFallback = true;
				await this.#loadFallback();
			}
			return;
		}
		// Before the first tap the video may not play; once it did, the tab's return plays it again.
		if (!this.#fallback || (!tap && this.#status !== 'on')) return;
		try {
			await this.#fallback.enable();
			if (this.#stopped || !this.#wanted.current) return this.#fallback.disable();
			this.#status = 'on';
		} catch {
			// Refused even from a tap (no video here, a data-saver mode): say so; outside a tap, wait for one.
			this.#status = tap ? 'unavailable' : 'tap';
		}
	}

	#release(): void {
		void this.#lock?.release().catch(() => {});
		this.#lock = undefined;
		this.#fallback?.disable();
		if (this.#useFallback && this.#fallback && this.#status === 'on') this.#status = 'tap';
	}
}
