/**
 * The deck page's tiles by button id, for keys, MIDI and pads to reach (DeckInputsState routes to it).
 * Apart from the inputs themselves, which load only once a button is bound to one (DeckInputsHost).
 */
import { createContext } from 'svelte';
import type { InputBindings } from '../bindings';

/** What a tile registers: its press and release (a PressGesture does both). */
export interface Pressable {
	down(): void;
	up(): void;
}

export class DeckTiles {
	readonly #tiles = new Map<string, Pressable>();

	/** A tile's press, reachable by its button id until the returned function runs (an effect's teardown). */
	register(id: string, tile: Pressable): () => void {
		this.#tiles.set(id, tile);
		return () => {
			if (this.#tiles.get(id) === tile) this.#tiles.delete(id);
		};
	}

	down(id: string): void {
		this.#tiles.get(id)?.down();
	}

	up(id: string): void {
		this.#tiles.get(id)?.up();
	}
}

const [getDeckTiles, provideDeckTiles, hasDeckTiles] = createContext<DeckTiles>();
export { provideDeckTiles };

/** The page's DeckTiles, or undefined where there is none (a tile outside the deck page, or no component at all). */
export function useDeckTiles(): DeckTiles | undefined {
	try {
		return hasDeckTiles() ? getDeckTiles() : undefined;
	} catch {
		return undefined; // created outside a component (a test's root): no page to route inputs from
	}
}

/** Whether any button is bound to a key, a MIDI note or control, or a pad button: the inputs load only then. */
export const anyBound = <B extends { inputs: InputBindings }>(buttons: readonly B[]): boolean =>
	buttons.some((b) => b.inputs.key || b.inputs.midi || b.inputs.gamepad);
