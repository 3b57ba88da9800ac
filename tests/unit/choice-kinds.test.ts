/** The poll and prediction create forms share one component; each kind's rules must agree with the protocol's. */
import { describe, expect, it } from 'vitest';
import { checkSend } from '$lib/protocol';
import { POLL, PREDICTION, splitSent } from '../../src/routes/(app)/polls/kinds';

describe('choice kinds', () => {
	it('each kind offers exactly the duration range its send type accepts, and every preset is inside it', () => {
		for (const kind of [POLL, PREDICTION]) {
			const send = (duration: number) =>
				checkSend(kind.type, { name: 'Q', value: 'a,b', duration, platform: 'alpha' }).ok;
			expect([
				send(kind.range.min - 1),
				send(kind.range.min),
				send(kind.range.max),
				send(kind.range.max + 1)
			]).toEqual([false, true, true, false]);
			for (const s of [...kind.presets, kind.initial])
				expect(send(s), `${kind.type} ${s}`).toBe(true);
		}
		expect(POLL.range).toEqual({ min: 15, max: 1800 });
		expect(PREDICTION.range).toEqual({ min: 30, max: 1800 });
	});

	it('a poll keeps the spaces around its choices as sent; a prediction trims its outcomes', () => {
		expect(splitSent(POLL, 'Chess, Go ,,Shogi')).toEqual(['Chess', ' Go ', 'Shogi']);
		expect(splitSent(PREDICTION, 'Win, Lose ,, ')).toEqual(['Win', 'Lose']);
	});
});
