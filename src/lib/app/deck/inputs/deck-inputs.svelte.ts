/**
 * The deck page's one DeckInputs, made reactive: its status as state, the buttons and edit mode read
 * from the page, and each tile's press registered by button id so keys, MIDI and pads reach it.
 * Listening starts and stops with the component that creates it (effects own the teardown).
 */
import { createContext } from 'svelte';
import { DeckInputs, type InputButton, type InputsEnv, type InputsStatus, type LearnKind, type Learnt } from './deck-inputs';

/** What a tile registers: its press and release (a PressGesture does both). */
export interface Pressable {
	down(): void;
	up(): void;
}

export class DeckInputsState {
	status = $state.raw<InputsStatus>({ midi: 'off', midiInputs: [], pads: 0 });
	readonly #driver: DeckInputs;
	readonly #tiles = new Map<string, Pressable>();

	/** Call while a component initialises: `buttons` and `editing` are read reactively. */
	constructor(buttons: () => readonly InputButton[], editing: () => boolean = () => false, env?: InputsEnv) {
		this.#driver = new DeckInputs(
			{ down: (id) => this.#tiles.get(id)?.down(), up: (id) => this.#tiles.get(id)?.up() },
			{ env, onStatus: (s) => (this.status = s) }
		);
		this.status = this.#driver.status;
		$effect(() => this.#driver.setButtons(buttons()));
		$effect(() => {
			this.#driver.editing = editing();
		});
		$effect(() => this.#driver.start());
	}

	/** A tile's press, reachable by its button id until the returned function runs (an effect's teardown). */
	register(id: string, tile: Pressable): () => void {
		this.#tiles.set(id, tile);
		return () => {
			if (this.#tiles.get(id) === tile) this.#tiles.delete(id);
		};
	}

	learn(kind: LearnKind, id: string, learnt: (learnt: Learnt) => void): void {
		this.#driver.learn(kind, id, learnt);
	}

	stopLearning(message?: string): void {
		this.#driver.stopLearning(message);
	}

	isActive(source: 'key' | 'midi' | 'gamepad'): boolean {
		return this.#driver.isActive(source);
	}
}

const [getDeckInputs, provideDeckInputs, hasDeckInputs] = createContext<DeckInputsState>();
export { provideDeckInputs };

/** The page's DeckInputsState, or undefined where there is none (a tile outside the deck page, or no component at all). */
export function useDeckInputs(): DeckInputsState | undefined {
	try {
		return hasDeckInputs() ? getDeckInputs() : undefined;
	} catch {
		return undefined; // created outside a component (a test's root): no page to route inputs from
	}
}
