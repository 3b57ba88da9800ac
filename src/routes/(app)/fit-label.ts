/**
 * Keeps a tile's label whole: when its words do not fit the button at the tile's size (a dock, a
 * long name, a grid made on a bigger screen), the button's type is made smaller step by step, never
 * below a readable floor, instead of clipping the label. Measured again when the tile or text changes.
 */
import { measurePerFrame } from './measure-per-frame';

const FLOOR = 0.6;
const STEP = 0.92;

export function fitLabel(button: HTMLElement): () => void {
	const label = () => button.querySelector<HTMLElement>('.label');
	const fits = (el: HTMLElement | null) =>
		button.scrollHeight <= button.clientHeight + 1 &&
		(!el || (el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1));
	const fit = () => {
		button.style.removeProperty('--fit');
		const el = label();
		for (let scale = 1; !fits(el) && scale * STEP >= FLOOR;) {
			scale *= STEP;
			button.style.setProperty('--fit', scale.toFixed(3));
		}
	};
	return measurePerFrame(fit, (soon) => {
		const resized = new ResizeObserver(soon);
		resized.observe(button);
		const changed = new MutationObserver(soon);
		changed.observe(button, { childList: true, subtree: true, characterData: true });
		return () => {
			resized.disconnect();
			changed.disconnect();
		};
	});
}
