/**
 * The shared lint fixture: a test fails when any request it made drew a lint note from the
 * simulator (a request relying on the application's leniency, see src/lib/protocol/leniency.ts).
 * Harnesses pass `recordLint` as the simulator's `onLog`; a test that exercises leniency on purpose
 * declares the notes it expects with `expectLint` (each must then be drawn).
 */
import { afterEach } from 'vitest';
import type { LoggedRequest } from '$lib/sim';

const drawn: LoggedRequest[] = [];
const expected: string[] = [];

/** The simulator's `onLog`: keeps the entries that carry lint notes. */
export function recordLint(entry: LoggedRequest): void {
	if (entry.lint?.length) drawn.push(entry);
}

/** This test means to draw lint notes containing each of these fragments (a field, or field and rule). */
export function expectLint(...fragments: string[]): void {
	expected.push(...fragments);
}

/** The check run after each test; exported for tests of the fixture itself. */
export function checkLint(): string | undefined {
	const got = drawn.splice(0);
	const want = expected.splice(0);
	const notes = got.flatMap((e) =>
		(e.lint ?? []).map((note) => `${e.transport} ${e.type ?? ''}: ${note}`)
	);
	const unexpected = notes.filter((n) => !want.some((w) => n.includes(w)));
	const missing = want.filter((w) => !notes.some((n) => n.includes(w)));
	if (!unexpected.length && !missing.length) return undefined;
	return [
		...unexpected.map((n) => `request relied on the application's leniency: ${n}`),
		...missing.map((w) => `expected a lint note containing "${w}", none was drawn`)
	].join('\n');
}

afterEach(() => {
	const problem = checkLint();
	if (problem) throw new Error(problem);
});
