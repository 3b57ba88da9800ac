/**
 * What the timer widget shows at a time `t`, from its mode and the shared timer document: pure, so
 * the widget, its tests and the builder's preview agree. Countdowns round up (4:59.2 shows 5:00, and
 * 0:00 only at zero); a count-up rounds down.
 */
import { readTimerState, resetTimer, timeLeft } from '../../protocol/timer-state';
import { formatDuration } from '../format';

export interface TimerView {
	/** `m:ss` or `h:mm:ss`; "—" when the variable cannot be read as a timer. */
	text: string;
	state: 'running' | 'paused' | 'unset' | 'zero' | 'bad';
	/** Why the value is unusable (debug corner). */
	reason?: string;
	/** While it moves: a time (epoch ms) at which the shown second changes, every 1000 ms from it. */
	anchor?: number;
}

/** "21:00" (today, this PC's time) or a date and time Date.parse reads; undefined when neither. */
export function targetTime(text: string, now: number): number | undefined {
	const hm = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
	if (hm) {
		const [h, m] = [Number(hm[1]), Number(hm[2])];
		if (h > 23 || m > 59) return undefined;
		const d = new Date(now);
		d.setHours(h, m, 0, 0);
		return d.getTime();
	}
	const at = text.trim() ? Date.parse(text) : NaN;
	return Number.isFinite(at) ? at : undefined;
}

export function timerView(
	mode: string,
	raw: unknown,
	t: number,
	opts: { lengthMs: number; target?: number }
): TimerView {
	if (mode === 'to') {
		if (opts.target === undefined)
			return { text: '—', state: 'bad', reason: 'no time to count down to' };
		return countdown(opts.target - t, true, opts.target);
	}
	const read = readTimerState(raw, resetTimer(opts.lengthMs));
	if (!read.ok) return { text: '—', state: 'bad', reason: read.reason };
	const s = read.state;
	const left = timeLeft(s, t);
	if (mode === 'up') {
		const gone = Math.max(0, s.length - left);
		return {
			text: formatDuration(Math.floor(gone / 1000)),
			state: read.absent ? 'unset' : s.running ? 'running' : 'paused',
			anchor: s.running ? s.end - s.length : undefined
		};
	}
	const view = countdown(left, s.running, s.end);
	return read.absent ? { ...view, state: 'unset' } : view;
}

function countdown(left: number, running: boolean, end: number): TimerView {
	if (left <= 0) return { text: formatDuration(0), state: 'zero' };
	return {
		text: formatDuration(Math.ceil(left / 1000)),
		state: running ? 'running' : 'paused',
		anchor: running ? end : undefined
	};
}
