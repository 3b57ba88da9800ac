/** What a component does when it shows something: an effect that reads it, inside a root the test ends. */
import { flushSync } from 'svelte';

/**
 * Reads `read()` in an effect (as the template would) until the returned stop is called. Svelte ends
 * a createSubscriber subscription a microtask after its last reader goes (a reader that comes back at
 * once keeps it), so stop resolves after that microtask.
 */
export function watching(read: () => unknown): () => Promise<void> {
	const end = $effect.root(() => {
		$effect(() => {
			read();
		});
	});
	flushSync();
	return async () => {
		end();
		await new Promise<void>((resolve) => queueMicrotask(resolve));
	};
}

/**
 * What a component does: creates `create()` while it initialises (so the object's own effects and
 * deriveds belong to it) and shows `read(value)` in an effect. `stop` ends the root, then waits the
 * microtask in which Svelte ends subscriptions nobody reads any more.
 */
export function mounted<T>(
	create: () => T,
	read: (value: T) => unknown = () => undefined
): { value: T; stop: () => Promise<void> } {
	let value!: T;
	const end = $effect.root(() => {
		value = create();
		$effect(() => {
			read(value);
		});
	});
	flushSync();
	return {
		value,
		stop: async () => {
			end();
			await new Promise<void>((resolve) => queueMicrotask(resolve));
		}
	};
}
