/**
 * Runs `*.svelte.test.ts` in Node but through Vite's client environment, so Svelte compiles the rune
 * classes and resolves its runtime for the browser: `$effect`, `$derived` and createSubscriber
 * behave as on the page (the default Node project compiles them for the server, where effects never run).
 */
import type { Environment } from 'vitest/environments';

export default {
	name: 'svelte-browser',
	viteEnvironment: 'client',
	setup() {
		return { teardown() {} };
	}
} satisfies Environment;
