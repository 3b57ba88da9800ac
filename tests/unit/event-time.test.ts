/**
 * An event's time from the wire: any number (1e300, -1e17, 1.5) must give a line whose time formats,
 * since formatting an invalid Date throws (a RangeError once broke the chat page), and a time a Date
 * can hold is kept as sent.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAlertEvent, parseChatEvent } from '$lib/protocol/event-lines';
import type { Envelope } from '$lib/protocol/messages';
import { parseCommandEvent } from '$lib/protocol/event-hints';

const NOW = Date.UTC(2026, 10, 27, 12);
const clock = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit' });
const envelopes = (timestamp: number): Envelope[] => [
	{
		type: 'chat',
		origin: 'alpha',
		data: { message: 'hi', extraSettings: { messageId: 'm1', username: 'bo', timestamp } }
	},
	{
		type: 'alert',
		event: 'alpha-follower',
		data: { dynamic: { username: 'bo' }, extraSettings: { timestamp } }
	},
	{ type: 'command', data: { username: 'bo', command: '!hi', extraSettings: { timestamp } } }
];
function times(envelope: Envelope): number[] {
	const chat = parseChatEvent(envelope, NOW);
	const alert = parseAlertEvent(envelope, NOW);
	const command = parseCommandEvent(envelope, NOW);
	return [
		...(chat?.kind === 'message' ? [chat.line.timestamp] : []),
		...(alert ? [alert.timestamp] : []),
		...(command ? [command.timestamp] : [])
	];
}

describe('an event time', () => {
	it('always formats, whatever number came', () => {
		fc.assert(
			// JSON has no NaN, so no frame carries one (the schemas refuse it, dropping the event).
			fc.property(fc.double({ noNaN: true }), (timestamp) => {
				for (const envelope of envelopes(timestamp)) {
					const [time] = times(envelope);
					expect(time).toBeTypeOf('number');
					expect(() => clock.format(time)).not.toThrow();
				}
			})
		);
	});

	it('is kept when a Date can hold it, and is the arrival time when not', () => {
		for (const envelope of envelopes(NOW - 60_000)) expect(times(envelope)).toEqual([NOW - 60_000]);
		for (const envelope of envelopes(1e300)) expect(times(envelope)).toEqual([NOW]);
		for (const envelope of envelopes(-8.64e15 - 1)) expect(times(envelope)).toEqual([NOW]);
	});
});
