/**
 * A rehearsal's goal step or timer change (lib/protocol/rehearsal.ts): test-marked alerts the companion
 * pushes into this widget's socket only. Shown for SHOWN_MS as an offset on top of what the
 * application reports, never written anywhere or counted in a total; then the widget is as before.
 */
import type { ReadOnlyView } from '$lib/client/read-only-view';
import { isRehearsal } from '$lib/protocol/rehearsal-mark';

const SHOWN_MS = 10_000;

export class RehearsalOffset {
	#offset = $state(0);
	#timer: ReturnType<typeof setTimeout> | undefined;

	/** Listens on the view for test alerts of `event`; each adds its `dynamic.value`. */
	constructor(view: ReadOnlyView | undefined, event: string) {
		$effect(() =>
			view?.on('alert', (envelope) => {
				const data = envelope.data as { dynamic?: { value?: unknown } } | undefined;
				if (envelope.event !== event || !isRehearsal(data)) return;
				this.#offset += Number(data?.dynamic?.value) || 0;
				clearTimeout(this.#timer);
				this.#timer = setTimeout(() => (this.#offset = 0), SHOWN_MS);
			})
		);
		$effect(() => () => clearTimeout(this.#timer));
	}

	get offset(): number {
		return this.#offset;
	}
}
