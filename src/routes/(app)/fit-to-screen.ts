/**
 * Sizes an element to the rest of the screen below its top, so a deck page fits without scrolling
 * (the layout's header and tabs above it, the main area's bottom padding below: a bottom bar's room).
 * Whatever above it appears, grows, shrinks or goes (an outage banner, a notice, dock mode) moves its
 * top without resizing the body, which keeps at least the screen's height: DOM changes are watched
 * too, so the grid grows back when a banner goes, without a reload.
 */
import { measurePerFrame } from './measure-per-frame';

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
	return measurePerFrame(update, (soon) => {
		const resized = new ResizeObserver(soon);
		resized.observe(document.body);
		// Fonts loaded late, and a change that ends after a transition, move what is above too.
		document.fonts?.addEventListener?.('loadingdone', soon);
		document.addEventListener('transitionend', soon);
		const changed = new MutationObserver(soon);
		changed.observe(document.documentElement, {
			childList: true,
			subtree: true,
			characterData: true,
			// Attributes that show, hide or restyle what is above (dock mode, a section opened, a status).
			attributeFilter: ['class', 'hidden', 'open', 'aria-expanded', 'data-dock', 'data-status']
		});
		window.addEventListener('resize', soon);
		return () => {
			resized.disconnect();
			changed.disconnect();
			document.fonts?.removeEventListener?.('loadingdone', soon);
			document.removeEventListener('transitionend', soon);
			window.removeEventListener('resize', soon);
		};
	});
}
