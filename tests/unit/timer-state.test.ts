/** The timer's shared document (lib/protocol/timer-state), what the widget shows of it, and the deck's timer buttons. */
import { describe, expect, it } from 'vitest';
import {
	addTime,
	changeTimer,
	pauseTimer,
	readTimerState,
	resetTimer,
	startTimer,
	timeLeft
} from '../../src/lib/protocol/timer-state';
import { targetTime, timerView } from '../../src/lib/widgets/timer/display';
import { requestFor } from '../../src/lib/app/deck/actions';
import { timerRequest } from '../../src/lib/app/deck/timer-request';
import { checkSend } from '../../src/lib/protocol';

const T = 1_800_000_000_000;

describe('timer state', () => {
	it('starts, pauses, resumes and resets', () => {
		const fresh = resetTimer(300_000);
		expect(fresh).toEqual({ running: false, end: 0, left: 300_000, length: 300_000 });
		const running = startTimer(fresh, T);
		expect(running).toEqual({ ...fresh, running: true, end: T + 300_000 });
		expect(timeLeft(running, T + 1000)).toBe(299_000);
		expect(startTimer(running, T + 5000)).toBe(running); // start on a running timer changes nothing
		const paused = pauseTimer(running, T + 60_000);
		expect(paused.running).toBe(false);
		expect(timeLeft(paused, T + 999_999)).toBe(240_000);
		expect(pauseTimer(paused, T + 70_000)).toBe(paused);
		expect(timeLeft(startTimer(paused, T + 100_000), T + 110_000)).toBe(230_000);
		expect(changeTimer(paused, { op: 'reset', length: 60_000 }, T)).toEqual(resetTimer(60_000));
	});

	it('adds time to a running or paused timer, and after zero counts from now', () => {
		const running = startTimer(resetTimer(60_000), T);
		expect(timeLeft(addTime(running, 30_000, T), T)).toBe(90_000);
		expect(timeLeft(addTime(running, -30_000, T), T)).toBe(30_000);
		expect(timeLeft(addTime(running, 10_000, T + 120_000), T + 120_000)).toBe(10_000);
		expect(timeLeft(addTime(resetTimer(0), 5000, T), T)).toBe(5000);
	});

	it('reads the stored value defensively: object, JSON text, absent, or the reason it is unusable', () => {
		const doc = startTimer(resetTimer(), T);
		expect(readTimerState(doc)).toEqual({ ok: true, state: doc, absent: false });
		expect(readTimerState(JSON.stringify(doc))).toEqual({ ok: true, state: doc, absent: false });
		for (const none of [undefined, null, ''])
			expect(readTimerState(none)).toEqual({ ok: true, state: resetTimer(), absent: true });
		expect(readTimerState(42)).toEqual({
			ok: false,
			reason: 'the timer variable holds a number, not a timer'
		});
		expect(readTimerState('42')).toMatchObject({
			ok: false,
			reason: expect.stringContaining('a number')
		});
		expect(readTimerState('{oops')).toEqual({
			ok: false,
			reason: 'the timer variable holds text that is not JSON'
		});
		expect(readTimerState([1])).toMatchObject({
			ok: false,
			reason: expect.stringContaining('a list')
		});
		expect(readTimerState({ ...doc, end: 'soon' })).toMatchObject({
			ok: false,
			reason: expect.stringMatching(/^the timer variable is malformed: end /)
		});
		expect(readTimerState({ ...doc, length: -1 })).toMatchObject({ ok: false });
	});

	it('a change on a malformed value starts from a fresh timer instead of failing', () => {
		expect(changeTimer('garbage', { op: 'add', ms: 60_000 }, T)).toEqual({
			...resetTimer(),
			left: 360_000
		});
		expect(changeTimer(undefined, { op: 'start', length: 90_000 }, T)).toEqual({
			running: true,
			end: T + 90_000,
			left: 90_000,
			length: 90_000
		});
	});
	it('a change writes the four fields alone, whatever else the value held', () => {
		const stored = { ...resetTimer(60_000), note: 'x' };
		expect(changeTimer(JSON.stringify(stored), { op: 'pause' }, T)).toEqual(resetTimer(60_000));
	});
});

describe('what the timer widget shows', () => {
	const opts = { lengthMs: 300_000 };
	it('with nothing stored: the length, not started', () => {
		expect(timerView('length', undefined, T, opts)).toMatchObject({ text: '5:00', state: 'unset' });
		expect(timerView('up', undefined, T, opts)).toMatchObject({ text: '0:00', state: 'unset' });
	});
	it('counts down rounding up, reaches zero, and counts up rounding down', () => {
		const doc = startTimer(resetTimer(3_600_000), T);
		expect(timerView('length', doc, T + 200, opts)).toMatchObject({
			text: '1:00:00',
			state: 'running',
			anchor: doc.end
		});
		expect(timerView('length', doc, T + 3_599_001, opts).text).toBe('0:01');
		expect(timerView('length', doc, T + 3_600_000, opts)).toEqual({ text: '0:00', state: 'zero' });
		expect(timerView('up', doc, T + 61_999, opts).text).toBe('1:01');
		expect(timerView('subathon', pauseTimer(doc, T + 1000), T + 9_000_000, opts)).toMatchObject({
			text: '59:59',
			state: 'paused'
		});
	});
	it('a value that is not a timer shows "—" and the reason', () => {
		expect(timerView('length', 'NaN', T, opts)).toEqual({
			text: '—',
			state: 'bad',
			reason: 'the timer variable holds text that is not JSON'
		});
	});
	it('counts down to a time of day or a date', () => {
		const noon = new Date(T);
		noon.setHours(12, 0, 0, 0);
		expect(targetTime('12:00', T)).toBe(noon.getTime());
		expect(targetTime('2030-01-01T00:00:00Z', T)).toBe(Date.UTC(2030, 0, 1));
		for (const bad of ['', '25:00', 'soon']) expect(targetTime(bad, T)).toBeUndefined();
		expect(timerView('to', undefined, T, { ...opts, target: T + 90_000 }).text).toBe('1:30');
		expect(timerView('to', undefined, T, opts)).toMatchObject({ text: '—', state: 'bad' });
	});
});

describe('deck timer buttons', () => {
	const running = startTimer(resetTimer(300_000), T);
	it.each([
		['start', 300, undefined, { running: true, end: T + 300_000, left: 300_000, length: 300_000 }],
		['pause', 0, running, { ...running, running: false, left: 240_000 }],
		['add', 60, running, { ...running, end: running.end + 60_000 }],
		['reset', 120, running, resetTimer(120_000)]
	] as const)(
		'%s sends one update-variable-value with the whole new document',
		(op, seconds, raw, value) => {
			const request = timerRequest(
				{ kind: 'timer', name: 'timer_main', op, seconds },
				raw,
				T + 60_000 * Number(op === 'pause')
			);
			expect(request).toEqual({
				type: 'update-variable-value',
				params: { name: 'timer_main', value }
			});
			expect(checkSend(request.type, request.params).ok).toBe(true);
		}
	);
	it('is checked by the catalog like every action', () => {
		expect(requestFor({ kind: 'timer', name: 'timer_main', op: 'add', seconds: 30 })?.type).toBe(
			'update-variable-value'
		);
	});
});

describe('the deck picker', () => {
	it('offers the four timer buttons on the timer widget’s default variable', async () => {
		const { pickerItems } = await import('../../src/routes/(app)/deck-edit/picker-items');
		const timers = pickerItems({
			capabilities: undefined,
			counters: [],
			folders: [],
			routines: [],
			pages: []
		})
			.filter((i) => i.action.kind === 'timer')
			.map((i) => [i.title, i.action]);
		expect(timers).toEqual([
			[
				'Start or resume the timer',
				{ kind: 'timer', name: 'timer_main', op: 'start', seconds: 300 }
			],
			['Pause the timer', { kind: 'timer', name: 'timer_main', op: 'pause', seconds: 300 }],
			['Add 60 s to the timer', { kind: 'timer', name: 'timer_main', op: 'add', seconds: 60 }],
			['Reset the timer', { kind: 'timer', name: 'timer_main', op: 'reset', seconds: 300 }]
		]);
	});
});
