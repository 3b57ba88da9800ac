import { fileURLToPath } from 'node:url';
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';
import { BUILD_TARGET } from './build-tools/build-target';
import { firstLoadChunk } from './build-tools/first-load-chunk';
import { dashboardParaglide, paraglide } from './build-tools/paraglide';

export default defineConfig(({ mode }) => {
	// svelte.config.js reads it: the one-file page for file:// (build-tools/kit-pages.js).
	if (mode === 'standalone') process.env.STREAM_CONTROL_PAGE = 'standalone';
	return {
		// The split build's first load in one chunk (build-tools/first-load-chunk.ts).
		plugins: [paraglide(), dashboardParaglide(), sveltekit(), firstLoadChunk(import.meta.dirname)],
		build: { target: BUILD_TARGET },
		// The widget page defines it true (src/lib/protocol/as-data.ts).
		define: { __WIDGET_PAGE__: 'false' },
		test: {
			testTimeout: 60_000,
			hookTimeout: 30_000,
			// A busy 2-core machine can take seconds for what takes milliseconds alone (vitest's default is 1 s).
			expect: { poll: { timeout: 15_000 } },
			// Two cores: browser and socket suites run in separate forks, a few at a time.
			pool: 'forks',
			maxWorkers: 2,
			projects: [
				{
					extends: true,
					test: {
						name: 'node',
						include: ['tests/**/*.test.ts', 'src/**/*.test.ts'],
						exclude: ['**/*.svelte.test.ts', '**/node_modules/**'],
						environment: 'node'
					}
				},
				{
					// The state classes as the browser compiles them, driven inside $effect.root with flushSync.
					extends: true,
					resolve: {
						conditions: ['browser'],
						// The simulator these tests talk to runs in Node: its socket library keeps its Node entry.
						alias: [
							{
								find: /^ws$/,
								replacement: fileURLToPath(
									new URL('./node_modules/ws/wrapper.mjs', import.meta.url)
								)
							}
						]
					},
					test: {
						name: 'state',
						include: ['tests/**/*.svelte.test.ts', 'src/**/*.svelte.test.ts'],
						environment: './tests/state/environment.ts'
					}
				}
			]
		}
	};
});
