/**
 * Gamepad buttons for deck buttons: the Gamepad API has no events for buttons, so pads are polled
 * once a frame, and only while a pad is connected or a button is being learnt. A button fires on its
 * press edge, never while held, and a pad's buttons already held when it first shows up do not fire.
 */

/** What is read of a pad (a real Gamepad, or a test's fake). */
export interface PadLike {
	index: number;
	connected?: boolean;
	buttons: readonly { pressed: boolean; value?: number }[];
}

export interface PadEdge {
	pad: number;
	button: number;
	edge: 'down' | 'up';
}

/** Past the halfway point an analogue trigger counts as pressed, as the standard mapping's do. */
const isPressed = (b: { pressed: boolean; value?: number }) => b.pressed || (b.value ?? 0) > 0.5;

export class GamepadEdges {
	readonly #held = new Map<number, boolean[]>();

	/** Compares this frame's pads with the last frame's: the presses and releases in between. */
	update(pads: readonly (PadLike | null | undefined)[]): PadEdge[] {
		const edges: PadEdge[] = [];
		const seen = new Set<number>();
		for (const pad of pads) {
			if (!pad || pad.connected === false) continue;
			seen.add(pad.index);
			const now = pad.buttons.map(isPressed);
			const before = this.#held.get(pad.index);
			this.#held.set(pad.index, now);
			if (!before) continue; // first sight: what is already held is not a press
			now.forEach((pressed, button) => {
				if (pressed && !before[button]) edges.push({ pad: pad.index, button, edge: 'down' });
				if (!pressed && before[button]) edges.push({ pad: pad.index, button, edge: 'up' });
			});
		}
		// A pad gone while a button was held releases it (a hold in progress is cancelled).
		for (const [index, before] of this.#held) {
			if (seen.has(index)) continue;
			this.#held.delete(index);
			before.forEach(
				(pressed, button) => pressed && edges.push({ pad: index, button, edge: 'up' })
			);
		}
		return edges;
	}
}
