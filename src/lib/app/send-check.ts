/**
 * Why: the send validators (every type's params schema in the catalog, and run-actions' checks) are
 * a chunk of their own, kept out of the deck's first load. It is fetched at the streamer's first touch
 * or key (the pointer goes down before the click that presses), else on the first press (a MIDI pad);
 * every send waits for it and is checked before it leaves.
 */
import type { SendCheck, SendChecker } from '$lib/protocol/check-params';
import { atFirstInput } from './first-input';
import { loadReasonWords } from './reasons.svelte';

let loaded: SendChecker | undefined;
let loading: Promise<SendChecker> | undefined;

/** The validator, fetched once (a failed fetch is tried again on the next call). */
export function loadSendCheck(): Promise<SendChecker> {
	// A refusal's words come with the rules, so a refused press is said in the dashboard's language at once.
	loading ??= Promise.all([import('$lib/protocol/send'), loadReasonWords()]).then(
		([module]) => (loaded = module.checkSend),
		(error: unknown) => {
			loading = undefined;
			throw error;
		}
	);
	return loading;
}

/** The validator if it is in already: a press then checks at once, in the same task. */
export function sendCheckNow(): SendChecker | undefined {
	return loaded;
}

/** `checkSend`, fetched first when it is not in yet. */
export async function checkSendLazily(type: unknown, params?: unknown): Promise<SendCheck> {
	return (loaded ?? (await loadSendCheck()))(type, params);
}

/** Fetches the validator at the first pointer down or key press anywhere in the page. */
export const preloadSendCheck = (): (() => void) =>
	// The press that follows tries again and says why it failed.
	atFirstInput(['pointerdown', 'keydown'], () => void loadSendCheck().catch(() => {}));
