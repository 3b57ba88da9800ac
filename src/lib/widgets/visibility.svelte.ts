/**
 * Whether the broadcasting software shows this source, and whether the viewer asked for less motion:
 * the one place widgets (their clocks, the frame's CSS animations) ask before drawing.
 *
 * OBS's browser source has `window.obsstudio` and fires `obsSourceVisibleChanged` ({visible}) and
 * `obsSourceActiveChanged` ({active}) on window. Hidden (neither visible nor on program), a widget
 * draws nothing: clocks stop and CSS animations pause. Shown again, clocks tick at once, so what aged
 * meanwhile (faded lines, elapsed time) is right in the first frame, with no reload. Elsewhere the
 * source counts as always shown.
 */
type Listener = (shown: boolean) => void;

class SourceVisibility {
	#visible = $state(true);
	#active = $state(true);
	#reduced = $state(false);
	/** When the source was hidden, while it is; undefined while shown. */
	#hiddenAt: number | undefined;
	readonly #listeners = new Set<Listener>();

	constructor() {
		if (typeof window === 'undefined') return;
		if ('obsstudio' in window) {
			const on = (name: string, key: 'visible' | 'active') =>
				window.addEventListener(name, (event) => {
					const value = (event as CustomEvent<Record<string, unknown> | null>).detail?.[key];
					if (typeof value === 'boolean') this.#set(key, value);
				});
			on('obsSourceVisibleChanged', 'visible');
			on('obsSourceActiveChanged', 'active');
		}
		const query = window.matchMedia?.('(prefers-reduced-motion: reduce)');
		if (query) {
			this.#reduced = query.matches;
			// addEventListener on MediaQueryList: Chromium 45+.
			query.addEventListener('change', () => (this.#reduced = query.matches));
		}
	}

	#set(key: 'visible' | 'active', value: boolean): void {
		const before = this.shown;
		if (key === 'visible') this.#visible = value;
		else this.#active = value;
		if (this.shown !== before) this.#hiddenAt = this.shown ? undefined : Date.now();
		if (this.shown !== before) for (const listener of this.#listeners) listener(this.shown);
	}

	/** False only while the broadcasting software hides the source. Reactive. */
	get shown(): boolean {
		return this.#visible || this.#active;
	}

	/**
	 * The time a widget draws: now while shown; while hidden, the moment it was hidden, so a redraw
	 * caused by anything else (a poll, a reconnect) changes nothing on a source nobody sees.
	 */
	now(): number {
		return this.shown ? Date.now() : (this.#hiddenAt ?? Date.now());
	}

	/** `prefers-reduced-motion: reduce`: animations are off (the frame's CSS does it for CSS ones). Reactive. */
	get reducedMotion(): boolean {
		return this.#reduced;
	}

	/** Calls `listener` each time `shown` changes; returns the unsubscribe. For timers, outside effects. */
	onChange(listener: Listener): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}
}

export const sourceVisibility = new SourceVisibility();
