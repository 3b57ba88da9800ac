/** Why: the pages must run in Chromium 103 (OBS 28–30), and every build targets the same browsers. */

/**
 * The browsers the build's JS and CSS must run in: Vite's "widely available" baseline, but down to
 * Chromium 103, which OBS 28–30 embed for browser sources and docks (tests/e2e/obs/ runs the pages there).
 */
export const BUILD_TARGET = ['chrome103', 'edge103', 'firefox114', 'safari16.4', 'ios16.4'];
