import { describe, expect, it } from 'vitest';
import { GamepadEdges } from '$lib/app/deck/inputs/gamepad';
import { HoldTimer, type HoldState, type Schedule } from '$lib/app/deck/inputs/hold';

const pad = (index: number, pressed: number[], size = 4) => ({
	index,
	connected: true,
	buttons: Array.from({ length: size }, (_, i) => ({
		pressed: pressed.includes(i),
		value: pressed.includes(i) ? 1 : 0
	}))
});

describe('gamepad edges', () => {
	it('a press fires once on its edge, not while held, and a release follows', () => {
		const edges = new GamepadEdges();
		expect(edges.update([pad(0, [])])).toEqual([]);
		expect(edges.update([pad(0, [1])])).toEqual([{ pad: 0, button: 1, edge: 'down' }]);
		expect(edges.update([pad(0, [1])])).toEqual([]);
		expect(edges.update([pad(0, [1])])).toEqual([]);
		expect(edges.update([pad(0, [])])).toEqual([{ pad: 0, button: 1, edge: 'up' }]);
	});

	it('buttons held when a pad first shows up are not presses; a pad gone releases what it held', () => {
		const edges = new GamepadEdges();
		expect(edges.update([null, pad(1, [2])])).toEqual([]);
		expect(edges.update([null, pad(1, [2, 3])])).toEqual([{ pad: 1, button: 3, edge: 'down' }]);
		expect(edges.update([null, null])).toEqual([
			{ pad: 1, button: 2, edge: 'up' },
			{ pad: 1, button: 3, edge: 'up' }
		]);
	});

	it('an analogue trigger past half way is pressed', () => {
		const edges = new GamepadEdges();
		edges.update([{ index: 0, buttons: [{ pressed: false, value: 0.2 }] }]);
		expect(edges.update([{ index: 0, buttons: [{ pressed: false, value: 0.8 }] }])).toEqual([
			{ pad: 0, button: 0, edge: 'down' }
		]);
	});
});

function manualClock() {
	const due: { run: () => void; live: boolean }[] = [];
	const schedule: Schedule = (run) => {
		const t = { run, live: true };
		due.push(t);
		return () => (t.live = false);
	};
	return {
		schedule,
		elapse: () => due.splice(0).forEach((t) => t.live && t.run()),
		pending: () => due.filter((t) => t.live).length
	};
}

describe('hold to fire', () => {
	it('fires once when held to the end, and starts again only after a release', () => {
		const clock = manualClock();
		const states: HoldState[] = [];
		let fired = 0;
		const hold = new HoldTimer({
			fire: () => fired++,
			changed: (s) => states.push(s),
			schedule: clock.schedule
		});
		hold.start();
		hold.start(); // auto-repeat
		expect(clock.pending()).toBe(1);
		clock.elapse();
		expect(fired).toBe(1);
		hold.start(); // still held after firing: nothing more
		clock.elapse();
		expect(fired).toBe(1);
		hold.release();
		expect(states).toEqual(['holding', 'fired', 'idle']);
	});

	it('released or cancelled before the end, it sends nothing', () => {
		const clock = manualClock();
		let fired = 0;
		const hold = new HoldTimer({ fire: () => fired++, schedule: clock.schedule });
		hold.start();
		hold.release();
		expect(hold.state).toBe('cancelled');
		hold.start();
		hold.cancel();
		clock.elapse();
		expect(fired).toBe(0);
		expect(clock.pending()).toBe(0);
	});
});

describe('press gesture', () => {
	it('tap and confirm go out on the press; hold only when held to the end; one press, one request', async () => {
		const { PressGesture } = await import('$lib/app/deck/inputs/gesture');
		const clock = manualClock();
		let mode: 'tap' | 'hold' | 'confirm' = 'tap';
		const fired: string[] = [];
		const g = new PressGesture({
			mode: () => mode,
			fire: (how) => fired.push(how),
			schedule: clock.schedule
		});
		g.down();
		g.up();
		mode = 'confirm';
		g.down();
		g.up();
		mode = 'hold';
		g.down();
		g.up();
		clock.elapse();
		g.down();
		g.cancel();
		clock.elapse();
		g.down();
		g.down();
		clock.elapse();
		g.up();
		expect(fired).toEqual(['tap', 'confirm', 'held']);
	});
});
