/**
 * Subathon mode in the companion: `--subathon` rules parsed (a broken one named), and alerts from the
 * application adding their time to the timer variable, each one counted, replays and other kinds not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	readTimerState,
	resetTimer,
	startTimer,
	timeLeft
} from '../../src/lib/protocol/timer-state';
import { parseSubathonRules, secondsFor, type SubathonRule } from '../../src/server/subathon';

function rulesOf(text: string): SubathonRule[] {
	const parsed = parseSubathonRules(text);
	if (!parsed.ok) throw new Error(parsed.error.kind);
	return parsed.rules;
}
import { http, startRig, type Rig } from './helpers';

describe('subathon rules', () => {
	it('reads seconds per alert and seconds per amount', () => {
		expect(parseSubathonRules(' subscriber=60, bits=1/100,alpha-raid=30.5')).toEqual({
			ok: true,
			rules: [
				{ key: 'subscriber', seconds: 60 },
				{ key: 'bits', seconds: 1, per: 100 },
				{ key: 'alpha-raid', seconds: 30.5 }
			]
		});
		expect(parseSubathonRules('')).toEqual({ ok: false, error: { kind: 'subathon_empty' } });
		for (const bad of ['subscriber', 'subscriber=-5', 'bits=1/0', 'x=1;rm'])
			expect(parseSubathonRules(`a=1,${bad}`)).toEqual({
				ok: false,
				error: { kind: 'subathon_rule', part: bad }
			});
	});

	it('counts an alert by its kind after the origin or its whole key; replays and other types add nothing', () => {
		const rules = rulesOf('subscriber=60,bits=1/100,alpha-raid=30');
		const alert = (event: string, data: object = {}) => ({ type: 'alert', event, data });
		expect(secondsFor(rules, alert('alpha-subscriber'))).toBe(60);
		expect(secondsFor(rules, alert('gamma-subscriber'))).toBe(60);
		expect(secondsFor(rules, alert('alpha-bits', { dynamic: { value: 500 } }))).toBe(5);
		expect(secondsFor(rules, alert('alpha-bits', { extraSettings: { amount: '250' } }))).toBe(2.5);
		expect(secondsFor(rules, alert('alpha-bits', {}))).toBe(0);
		expect(secondsFor(rules, alert('alpha-raid'))).toBe(30);
		expect(secondsFor(rules, alert('gamma-raid'))).toBe(0);
		expect(secondsFor(rules, alert('alpha-subscriber', { replay: true }))).toBe(0);
		expect(secondsFor(rules, { type: 'chat', event: 'alpha-subscriber' })).toBe(0);
		expect(secondsFor(rules, 'nonsense')).toBe(0);
	});
});

describe('the companion adds alert time to the timer variable', () => {
	let rig: Rig;
	const variable = 'timer_subathon';
	const read = async () => {
		const answer = await http('POST', `${rig.sim.url}/api/send`, {
			headers: { authorization: `Bearer ${rig.realToken}` },
			body: { type: 'get-variable-value', params: { name: variable } }
		});
		return answer.json.message;
	};
	const until = async (ok: () => boolean | Promise<boolean>) => {
		for (let i = 0; i < 200 && !(await ok()); i++) await new Promise((r) => setTimeout(r, 25));
		expect(await ok()).toBe(true);
	};

	beforeAll(async () => {
		const rules = rulesOf('subscriber=60,bits=1/100');
		rig = await startRig({ subathon: { rules, variable } });
		await until(() => rig.logs.some((l) => l.startsWith('Subathon: watching')));
	});
	afterAll(async () => rig?.close());

	it('each chosen alert adds its time, in order, to a running timer; others and replays add none', async () => {
		const now = Date.now();
		const running = startTimer(resetTimer(600_000), now);
		await http('POST', `${rig.sim.url}/api/send`, {
			headers: { authorization: `Bearer ${rig.realToken}` },
			body: { type: 'update-variable-value', params: { name: variable, value: running } }
		});
		const emit = (event: string, data: object) => rig.sim.sim.emit({ type: 'alert', event, data });
		emit('alpha-subscriber', { dynamic: { value: 'viewer1' } });
		emit('alpha-follower', { dynamic: { value: 'viewer2' } });
		emit('alpha-subscriber', { dynamic: { value: 'viewer3' }, replay: true });
		emit('alpha-bits', { dynamic: { value: 1000 }, extraSettings: { amount: 1000 } });
		emit('gamma-subscriber', { dynamic: { value: 'viewer4' } });
		await until(() => rig.logs.filter((l) => l.startsWith('Subathon: +')).length === 3);
		await rig.companion.subathon!.idle();
		const state = readTimerState(await read());
		expect(state.ok && state.state.running).toBe(true);
		// 60 + 10 + 60 s added to the end: the remaining time is exact, whatever the clock did meanwhile.
		expect(state.ok && state.state.end).toBe(running.end + 130_000);
		expect(state.ok && timeLeft(state.state, now)).toBe(730_000);
		// The token never reaches the log.
		expect(rig.logs.join('\n')).not.toContain(rig.realToken);
	});
});
