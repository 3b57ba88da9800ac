/**
 * What a deck tile says about its last press, and for how long: sending, done, refused with the
 * reason, outcome unknown, or "Hold to fire" after a tap on a hold button (nothing was sent). A
 * settled receipt fades after a few seconds; a lost connection clears it, so no old "Done" stands
 * beside "Application unreachable".
 */
import { untrack } from 'svelte';
import type { Receipt } from '$lib/client/receipts';
import type { FieldIssue } from '$lib/protocol';
import type { HoldState } from '$lib/app/deck/inputs/hold';
import * as m from '$lib/app/messages';
import { receiptText } from './tile-text';

/** How long a settled receipt stays (a few seconds: long enough to read mid-stream). */
export const RECEIPT_MS = 5000;

export type ShownState = Receipt['state'] | 'refused' | 'hold';
export interface Shown {
	/** Changes with every new thing said, so its fade starts again. */
	readonly id: number;
	readonly state: ShownState;
	/** Said when read, so a change of the dashboard's language shows at once. */
	readonly text: string;
}

let nextId = 0;

export class TileReceipt {
	#shown = $state.raw<Shown | undefined>();
	#timer: ReturnType<typeof setTimeout> | undefined;

	/** Call while the tile initialises: it follows the press, the hold and the connection. */
	constructor(
		source: {
			receipt: () => Receipt | undefined;
			issues: () => readonly FieldIssue[];
			note: () => string | undefined;
			/** A hold button's gesture (tiles of the Everything page have none). */
			hold?: () => HoldState;
			open: () => boolean;
		},
		ms = RECEIPT_MS
	) {
		$effect(() => {
			const receipt = source.receipt();
			const note = source.note();
			if (!receipt) return;
			untrack(() =>
				this.#show(
					receipt.state,
					() => receiptText({ receipt, issues: [], note }),
					ms,
					receipt.state !== 'sending'
				)
			);
		});
		$effect(() => {
			const issues = source.issues();
			if (issues.length)
				untrack(() => this.#show('refused', () => receiptText({ issues }), ms, true));
		});
		$effect(() => {
			if (source.hold?.() === 'cancelled')
				untrack(() => this.#show('hold', m.deck_receipt_hold, ms, true));
		});
		$effect(() => {
			if (!source.open()) untrack(() => this.#clear());
		});
		$effect(() => () => clearTimeout(this.#timer));
	}

	/** What the tile shows now, undefined once it has faded or been cleared. */
	get shown(): Shown | undefined {
		return this.#shown;
	}

	#show(state: ShownState, say: () => string, ms: number, fades: boolean): void {
		clearTimeout(this.#timer);
		this.#shown = {
			id: ++nextId,
			state,
			get text() {
				return say();
			}
		};
		this.#timer = fades ? setTimeout(() => this.#clear(), ms) : undefined;
	}

	#clear(): void {
		clearTimeout(this.#timer);
		this.#timer = undefined;
		this.#shown = undefined;
	}
}
