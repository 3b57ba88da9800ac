/**
 * Code the dashboard fetches at the streamer's first touch or key instead of in its first load (the
 * send validators, the screen kept on) waits here: `then` runs once, at the first of these events
 * anywhere in the page, captured before any control acts on it.
 */
export function atFirstInput(
	events: readonly ('pointerdown' | 'click' | 'keydown')[],
	then: () => void
): () => void {
	if (typeof addEventListener !== 'function') return () => {}; // no page (state tests in Node)
	const first = () => {
		stop();
		then();
	};
	const stop = () => events.forEach((type) => removeEventListener(type, first, true));
	events.forEach((type) => addEventListener(type, first, true));
	return stop;
}
