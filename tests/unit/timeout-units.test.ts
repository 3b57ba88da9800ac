/** One timeout length, in minutes, sent in each platform's unit: seconds on alpha and beta, minutes on gamma. */
import { describe, expect, it } from 'vitest';
import { TIMEOUT_LENGTHS, timeoutDuration } from '../../src/lib/protocol';

describe('timeout lengths per platform', () => {
	it('offers 1 m, 10 m, 1 h and 24 h', () => {
		expect(TIMEOUT_LENGTHS.map((l) => [l.label, l.minutes])).toEqual([
			['1 m', 1],
			['10 m', 10],
			['1 h', 60],
			['24 h', 1440]
		]);
	});

	it('sends seconds on alpha and beta, minutes on gamma', () => {
		const sent = (platform: string) =>
			TIMEOUT_LENGTHS.map((l) => timeoutDuration(platform, l.minutes));
		expect(sent('alpha')).toEqual([60, 600, 3600, 86_400]);
		expect(sent('beta')).toEqual([60, 600, 3600, 86_400]);
		expect(sent('gamma')).toEqual([1, 10, 60, 1440]);
	});

	it('takes seconds, the spec default unit, for a platform it does not know', () => {
		expect(timeoutDuration('delta', 5)).toBe(300);
	});
});
