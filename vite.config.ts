import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';
import { BUILD_TARGET } from './build-target';

export default defineConfig(({ mode }) => {
	// svelte.config.js reads it: the one-file page for file:// (kit-pages.js).
	if (mode === 'standalone') process.env.STREAM_CONTROL_PAGE = 'standalone';
	return {
		plugins: [sveltekit()],
		build: { target: BUILD_TARGET },
		test: {
			include: ['tests/**/*.test.ts', 'src/**/*.test.ts'],
			environment: 'node',
			testTimeout: 60_000,
			hookTimeout: 30_000,
			// Two cores: browser and socket suites run in separate forks, a few at a time.
			pool: 'forks',
			maxWorkers: 2
		}
	};
});
