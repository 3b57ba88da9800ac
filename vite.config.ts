import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';
import { BUILD_TARGET } from './build-target';

export default defineConfig({
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
});
