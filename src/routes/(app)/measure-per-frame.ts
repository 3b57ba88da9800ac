/**
 * Measures in the next frame, then again at most once a frame whenever `watch` reports a change,
 * however many arrive in that frame: layout is read once per frame, never once per change, and never
 * inside the render that attached it (a read there forces a layout of the page being built). Returns
 * the cleanup.
 */
export function measurePerFrame(
	measure: () => void,
	watch: (soon: () => void) => () => void
): () => void {
	let frame = 0;
	const soon = () => {
		if (!frame)
			frame = requestAnimationFrame(() => {
				frame = 0;
				measure();
			});
	};
	soon();
	const unwatch = watch(soon);
	return () => {
		cancelAnimationFrame(frame);
		unwatch();
	};
}
