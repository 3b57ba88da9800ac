/** The deck marks its history entry with SvelteKit's own keys (src/deck-entry/kit-history.ts): they must be SvelteKit's. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HISTORY_INDEX, NAVIGATION_INDEX } from '../../src/deck-entry/kit-history';

const kitDir = dirname(createRequire(import.meta.url).resolve('@sveltejs/kit/package.json'));
const constants = readFileSync(join(kitDir, 'src/runtime/client/constants.js'), 'utf8');

describe('kit-history', () => {
	it("uses SvelteKit's history keys", () => {
		expect(constants).toContain(`export const HISTORY_INDEX = '${HISTORY_INDEX}';`);
		expect(constants).toContain(`export const NAVIGATION_INDEX = '${NAVIGATION_INDEX}';`);
	});
});
