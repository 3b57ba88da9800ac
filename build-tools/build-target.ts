/** Why: the pages must run in Chromium 103 (OBS 28–30), and every build targets the same browsers. */
import { createRequire } from 'node:module';

/**
 * The browsers the build's JS and CSS must run in: Vite's "widely available" baseline, but down to
 * Chromium 103, which OBS 28–30 embed for browser sources and docks (tests/e2e/obs/ runs the pages there).
 */
export const BUILD_TARGET = ['chrome103', 'edge103', 'firefox114', 'safari16.4', 'ios16.4'];

/**
 * reconnecting-websocket's own TypeScript source, which its package ships beside dist/: the same code as
 * its ES5 build, compiled for BUILD_TARGET (a class with getters instead of Object.defineProperty and
 * tslib helpers), ~0.7 kB less gzipped in every page that connects. A resolve alias for both builds.
 */
export const RECONNECTING_WEBSOCKET_SOURCE = {
	find: /^reconnecting-websocket$/,
	replacement: createRequire(import.meta.url).resolve(
		'reconnecting-websocket/reconnecting-websocket.ts'
	)
};
