/**
 * Two simulators for the read-shape tests (facts §5.10, §6.4): the stack's own, answering reads
 * `native`, and a second answering them as `strings` (the setup's `readShape` flag). Pages opened
 * through `track` are closed after each test; one browser for the file.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_SETUP_INPUT } from '../../src/lib/sim/default-setup';
import { parseSetup } from '../../src/lib/sim/setup';
import { startSimServer, type SimServer } from '../../src/server/sim-server';
import { recordLint } from '../support/lint';
import { startStack, TOKEN, type Stack } from './stack';

export type Shape = 'native' | 'strings';
export const SHAPES: readonly Shape[] = ['native', 'strings'];

/** A send made elsewhere (another client's REST call), straight to that simulator. */
export async function sendElsewhere(
	sim: SimServer,
	type: string,
	params: Record<string, unknown>
): Promise<unknown> {
	const res = await fetch(`${sim.url}/api/send?token=${encodeURIComponent(TOKEN)}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ type, params })
	});
	if (!res.ok) throw new Error(`${type} answered ${res.status}: ${await res.text()}`);
	return ((await res.json()) as { message?: unknown }).message;
}

export function useShapedSims(): {
	readonly stack: Stack;
	simOf(shape: Shape): SimServer;
	track(page: Page): Page;
} {
	let stack: Stack | undefined;
	let strings: SimServer | undefined;
	const pages: Page[] = [];
	beforeAll(async () => {
		stack = await startStack();
		const parsed = parseSetup({ ...DEFAULT_SETUP_INPUT, readShape: 'strings' });
		if (!parsed.ok) throw new Error(parsed.error);
		strings = await startSimServer({
			port: 0,
			token: TOKEN,
			profile: 'current',
			setup: parsed.setup,
			onLog: recordLint
		});
	});
	afterEach(async () => {
		for (const page of pages.splice(0)) await page.context().close();
	});
	afterAll(async () => {
		await strings?.close();
		await stack?.close();
	});
	return {
		get stack() {
			if (!stack) throw new Error('stack not started');
			return stack;
		},
		simOf: (shape) => {
			const sim = shape === 'native' ? stack?.sim : strings;
			if (!sim) throw new Error('simulators not started');
			return sim;
		},
		track: (page) => {
			pages.push(page);
			return page;
		}
	};
}
