/**
 * Measures now, then again at most once a frame whenever `watch` reports a change, however many
 * arrive in that frame: layout is read once per frame, never once per change. Returns the cleanup.
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
	measure();
	const unwatch = watch(soon);
	return () => {
		cancelAnimationFrame(frame);
		unwatch();
	};
}
