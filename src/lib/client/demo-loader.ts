/**
 * Demo mode for the app's pages (index.html): the in-page simulator is a chunk of its own, fetched
 * only when a demo client is about to open, so the deck's first load never carries it. The same
 * provideDemo/startDemo mechanism as widget.html (src/widget-entry/demo-loader.ts), loaded by import().
 */
import { demoAvailable } from '$lib/client/demo';

let loading: Promise<void> | undefined;

export function loadAppDemo(): Promise<void> {
	if (demoAvailable()) return Promise.resolve();
	loading ??= import('$lib/demo/install').then(
		() => undefined,
		(error: unknown) => {
			// A later attempt fetches it again (a network blip while the chunk loaded).
			loading = undefined;
			throw new Error(`Demo mode could not load: ${(error as Error)?.message ?? String(error)}`);
		}
	);
	return loading;
}
