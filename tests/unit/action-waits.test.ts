import { describe, expect, it } from 'vitest';
import { CATALOG, LIMITS, actionsWaitMs } from '$lib/protocol';

const say = { base: 'app', type: 'chatbot', value: { message: 'hi' } };
const wait = (delay: unknown) => ({ type: 'delay', delay });
const MAX = 60_000;

describe('run-actions waits (actionsWaitMs)', () => {
	it('adds up the delay steps of a list', () => {
		expect(actionsWaitMs([say, wait(12_000), say, wait(500)], MAX)).toBe(12_500);
		expect(actionsWaitMs([say], MAX)).toBe(0);
		expect(actionsWaitMs([], MAX)).toBe(0);
	});

	it('takes `duration` in place of `delay`, and `delay` when both are given', () => {
		expect(actionsWaitMs([{ type: 'delay', duration: 4000 }], MAX)).toBe(4000);
		expect(actionsWaitMs([{ type: 'delay', delay: 1000, duration: 4000 }], MAX)).toBe(1000);
	});

	it('ignores an inline delay on a non-delay action (the application does not apply it)', () => {
		expect(
			actionsWaitMs(
				[
					{ ...say, delay: 30_000 },
					{ ...say, duration: 30_000 }
				],
				MAX
			)
		).toBe(0);
	});

	it('counts a numeric string (a lenient application may wait for it) and nothing that is not a positive number', () => {
		expect(actionsWaitMs([wait('2500')], MAX)).toBe(2500);
		for (const bad of [
			-5,
			0,
			Number.NaN,
			Number.POSITIVE_INFINITY,
			'soon',
			'',
			null,
			true,
			{},
			[1000]
		])
			expect(actionsWaitMs([wait(bad)], MAX), String(bad)).toBe(0);
	});

	it('counts waits inside branches at any depth, every branch (an upper bound)', () => {
		const cond = { type: 'conditional', value: { then: [wait(1000)], else: [say, wait(2000)] } };
		const group = {
			type: 'randomGroup',
			value: {
				a: { b: { actions: [wait(300), { type: 'conditional', value: { then: [wait(40)] } }] } }
			}
		};
		const lone = { type: 'conditional', value: { x: { step: wait(7) } } };
		expect(actionsWaitMs([cond, group, lone, wait(5)], MAX)).toBe(3352);
	});

	it('treats a wait inside a loop as the maximum: how often a loop repeats is not public', () => {
		expect(actionsWaitMs([{ type: 'loop', value: { count: 3, actions: [wait(10)] } }], MAX)).toBe(
			MAX
		);
		const deeper = {
			type: 'loop',
			value: { actions: [{ type: 'conditional', value: { then: [wait(10)] } }] }
		};
		expect(actionsWaitMs([deeper], MAX)).toBe(MAX);
		expect(actionsWaitMs([{ type: 'loop', value: { actions: [say] } }, wait(10)], MAX)).toBe(10);
	});

	it('never goes above the maximum', () => {
		expect(actionsWaitMs([wait(MAX - 1), wait(MAX - 1)], MAX)).toBe(MAX);
		expect(actionsWaitMs(Array(50).fill(wait(Number.MAX_SAFE_INTEGER)), MAX)).toBe(MAX);
	});

	it('answers 0 for what is not a list, and stops at the nesting limit and on huge inputs', () => {
		for (const bad of [undefined, null, 'x', { actions: [wait(5)] }])
			expect(actionsWaitMs(bad, MAX)).toBe(0);
		const nest = (n: number): unknown =>
			n === 1 ? wait(9) : { type: 'conditional', value: { then: [nest(n - 1)] } };
		expect(actionsWaitMs([nest(LIMITS.actionNestingDepth)], MAX)).toBe(9);
		expect(actionsWaitMs([nest(LIMITS.actionNestingDepth + 1)], MAX)).toBe(0);
		let deep: unknown = [wait(3)];
		for (let i = 0; i < 200_000; i++) deep = i % 2 ? { n: deep } : [deep];
		expect(actionsWaitMs([{ type: 'conditional', value: deep }], MAX)).toBe(3);
		expect(actionsWaitMs(Array(100_000).fill(wait(1)), MAX)).toBeLessThanOrEqual(
			LIMITS.actionsPerRequest * LIMITS.actionNestingDepth
		);
	});

	it("is the catalog's run-actions wait, bounded by the documented maximum", () => {
		expect(CATALOG['run-actions'].waitMs?.({ actions: [wait(12_000)] })).toBe(12_000);
		expect(
			CATALOG['run-actions'].waitMs?.({ actions: [wait(LIMITS.runActionsMaxWaitMs + 1)] })
		).toBe(LIMITS.runActionsMaxWaitMs);
		expect(
			Object.values(CATALOG)
				.filter((rule) => rule.waitMs)
				.map((rule) => rule.type)
		).toEqual(['run-actions']);
	});
});
