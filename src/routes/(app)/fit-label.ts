/**
 * Keeps a tile's label whole: when its words do not fit the button at the tile's size (a dock, a
 * long name, a grid made on a bigger screen), the button's type is made smaller step by step, never
 * below a readable floor, instead of clipping the label. Measured again when the tile or text changes.
 *
 * Every label waiting to be fitted is fitted in one animation frame, all together: each step writes
 * every button's type, then reads them all, so a page of sixty buttons costs one layout a step instead
 * of one a button (measured on the Everything page at a phone's width: the reads forced a layout per
 * button inside the deck's first render).
 */
const FLOOR = 0.6;
const STEP = 0.92;

const waiting = new Set<HTMLElement>();
let frame = 0;

function fits(button: HTMLElement): boolean {
	const el = button.querySelector<HTMLElement>('.label');
	return (
		button.scrollHeight <= button.clientHeight + 1 &&
		(!el || (el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1))
	);
}

function fitWaiting(): void {
	frame = 0;
	let batch = [...waiting].filter((button) => button.isConnected);
	waiting.clear();
	batch.forEach((button) => button.style.removeProperty('--fit'));
	for (let scale = 1; ;) {
		batch = batch.filter((button) => !fits(button));
		if (!batch.length || scale * STEP < FLOOR) return;
		scale *= STEP;
		const fit = scale.toFixed(3);
		batch.forEach((button) => button.style.setProperty('--fit', fit));
	}
}

function soon(button: HTMLElement): void {
	waiting.add(button);
	frame ||= requestAnimationFrame(fitWaiting);
}

export function fitLabel(button: HTMLElement): () => void {
	const again = () => soon(button);
	again();
	const resized = new ResizeObserver(again);
	resized.observe(button);
	const changed = new MutationObserver(again);
	changed.observe(button, { childList: true, subtree: true, characterData: true });
	return () => {
		waiting.delete(button);
		resized.disconnect();
		changed.disconnect();
	};
}
