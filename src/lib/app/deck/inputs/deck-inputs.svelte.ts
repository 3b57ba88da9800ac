/**
 * A DeckInputs made reactive: its status as state, the buttons and edit mode read from the page, and
 * presses routed to the tiles registered by button id (the deck page's DeckTiles, or its own).
 * Listening starts and stops with the component that creates it (effects own the teardown).
 */
import {
	DeckInputs,
	type InputButton,
	type InputsEnv,
	type InputsStatus,
	type LearnKind,
	type Learnt
} from './deck-inputs';
import { DeckTiles } from './deck-tiles.svelte';

export class DeckInputsState {
	#status = $state.raw<InputsStatus>({ midi: 'off', midiInputs: [], pads: 0 });
	readonly #driver: DeckInputs;

	/**
	 * Call while a component initialises: `buttons` and `editing` are read reactively. Presses go to the
	 * tiles registered in `tiles` (the deck page's; a button's editor, always editing, needs none).
	 */
	constructor(
		buttons: () => readonly InputButton[],
		editing: () => boolean = () => false,
		env?: InputsEnv,
		tiles = new DeckTiles()
	) {
		this.#driver = new DeckInputs(
			{ down: (id) => tiles.down(id), up: (id) => tiles.up(id) },
			{ env, onStatus: (s) => (this.#status = s) }
		);
		this.#status = this.#driver.status;
		$effect(() => this.#driver.setButtons(buttons()));
		$effect(() => this.#driver.setEditing(editing()));
		$effect(() => this.#driver.start());
	}

	/** Which inputs are listened to: MIDI access and its inputs, pads connected. */
	get status(): InputsStatus {
		return this.#status;
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
