/**
 * Sizes an element to the rest of the screen below its top, so a deck page fits without scrolling
 * (the layout's header and tabs above it, the main area's bottom padding below: a bottom bar's room).
 */
export function fitToScreen(node: HTMLElement): () => void {
	const update = () => {
		const top = node.getBoundingClientRect().top + window.scrollY;
		const main = node.closest('main');
		const below = main ? parseFloat(getComputedStyle(main).paddingBottom) || 0 : 0;
		const height = Math.max(
			160,
			Math.floor(document.documentElement.clientHeight - top - below - 4)
		);
		if (node.style.height !== `${height}px`) node.style.height = `${height}px`;
	};
	update();
	const observer = new ResizeObserver(update);
	observer.observe(document.body);
	window.addEventListener('resize', update);
	return () => {
		observer.disconnect();
		window.removeEventListener('resize', update);
	};
}
