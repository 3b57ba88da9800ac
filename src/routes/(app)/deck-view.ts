/** Moving between deck pages: by swipe and by arrow keys, never while typing or with a modifier held. */
export const EVERYTHING = 'everything';

/** The page before or after `view` in `order`, wrapping around. */
export function stepView(order: readonly string[], view: string, step: 1 | -1): string {
	const at = order.indexOf(view);
	if (at < 0 || order.length === 0) return order[0] ?? view;
	return order[(at + step + order.length) % order.length]!;
}

/** Left/Right arrows turn the page unless focus is in a field (where arrows move the caret) or a modifier is held. */
export function arrowStep(
	event: Pick<
		KeyboardEvent,
		'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'target' | 'defaultPrevented'
	>
): 1 | -1 | undefined {
	if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey)
		return undefined;
	const target = event.target as HTMLElement | null;
	if (
		target?.closest?.(
			'input, textarea, select, [contenteditable=""], [contenteditable="true"], dialog'
		)
	)
		return undefined;
	return event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : undefined;
}

/**
 * A horizontal swipe on the deck turns the page: far enough sideways, mostly sideways. The click a
 * swipe ends with (over a button) is swallowed, so turning a page never presses anything.
 */
export function swipe(node: HTMLElement, onStep: (step: 1 | -1) => boolean): () => void {
	let start: { x: number; y: number; id: number; target: EventTarget | null } | undefined;
	/** Where the last swipe began: only a click there ends it. */
	let swipedFrom: Node | undefined;
	/** Until when a click is the end of a swipe (a touch's click can come a little after its pointerup). */
	let swallowUntil = 0;
	const down = (e: PointerEvent) => {
		if (e.isPrimary) start = { x: e.clientX, y: e.clientY, id: e.pointerId, target: e.target };
	};
	const up = (e: PointerEvent) => {
		if (!start || e.pointerId !== start.id) return;
		const dx = e.clientX - start.x;
		const dy = e.clientY - start.y;
		const from = start.target;
		start = undefined;
		if (Math.abs(dx) < 60 || Math.abs(dx) < 2 * Math.abs(dy)) return;
		if (!onStep(dx < 0 ? 1 : -1)) return;
		swallowUntil = performance.now() + 500;
		swipedFrom = from instanceof Node ? from : undefined;
	};
	const cancel = () => (start = undefined);
	const click = (e: MouseEvent) => {
		if (
			performance.now() > swallowUntil ||
			!swipedFrom ||
			!(e.target instanceof Node) ||
			!(swipedFrom.contains(e.target) || e.target.contains(swipedFrom))
		)
			return;
		swallowUntil = 0;
		swipedFrom = undefined;
		e.stopPropagation();
		e.preventDefault();
	};
	node.addEventListener('pointerdown', down);
	node.addEventListener('pointerup', up);
	node.addEventListener('pointercancel', cancel);
	node.addEventListener('click', click, true);
	return () => {
		node.removeEventListener('pointerdown', down);
		node.removeEventListener('pointerup', up);
		node.removeEventListener('pointercancel', cancel);
		node.removeEventListener('click', click, true);
	};
}
