import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parseAlertEvent, type AlertLine } from '$lib/protocol/event-lines';
import { ControlReader, controlValue, decodeControl } from '$lib/protocol/alert-control';
import {
	alertFields,
	kindOf,
	renderTemplate,
	DEFAULT_TEMPLATES
} from '$lib/widgets/alert-box/kinds';
import {
	DEFAULT_LOOK,
	LookSchema,
	isAudioFileName,
	lookFor,
	lookText,
	variationsSchema
} from '$lib/widgets/alert-box/look';
import { AlertQueue, OUT_MS, type Timers } from '$lib/widgets/alert-box/queue';
import { alertBoxWidget } from '$lib/widgets/definitions';
import { parseOptions } from '$lib/widgets/options';

function alert(
	event: string,
	dynamic: Record<string, unknown>,
	extra: Record<string, unknown> = {},
	replay = false
): AlertLine {
	const line = parseAlertEvent({
		type: 'alert',
		origin: event.split('-')[0],
		event,
		data: { dynamic, replay, extraSettings: { timestamp: 1, ...extra } }
	});
	if (!line) throw new Error('not an alert');
	return line;
}

const say = (line: AlertLine) => {
	const kind = kindOf(line)!;
	return renderTemplate(DEFAULT_TEMPLATES[kind], alertFields(line, kind));
};

describe('alert kinds and templates', () => {
	it('sorts alert keys into kinds, and never pops up bookkeeping', () => {
		const kinds = [
			['alpha-follower', 'follower'],
			['gamma-subscriber', 'subscriber'],
			['alpha-giftSubscription', 'gift'],
			['beta-giftMembers', 'gift'],
			['alpha-bits', 'bits'],
			['gamma-kicks', 'bits'],
			['alpha-raid', 'raid'],
			['appstream-donation', 'tip'],
			['kofi-donationReceived', 'tip'],
			['beta-superchat', 'superchat'],
			['beta-member', 'member'],
			['alpha-points', 'points'],
			['alpha-hypetrainStarted', 'other'],
			['appstream-variableChanged', undefined],
			['alpha-sessionFollowers', undefined],
			['music_player-switchSong', undefined],
			['alpha-pollProgressed', undefined],
			['obs-switchScene', undefined]
		] as const;
		for (const [key, kind] of kinds) expect([key, kindOf(alert(key, {}))]).toEqual([key, kind]);
	});

	it('names the viewer, and the amount where there is one, with no options', () => {
		expect(say(alert('alpha-follower', { value: 'Ana' }, { displayname: 'Ana' }))).toBe(
			'Ana followed!'
		);
		expect(say(alert('alpha-bits', { value: 1500 }, { displayname: 'Bo', bits: 1500 }))).toBe(
			// The amount in the widget's language (English unless lang= says otherwise).
			'Bo cheered 1,500 bits!'
		);
		expect(
			say(alert('appstream-donation', {}, { name: 'Cy', amount: '5', currencySymbol: '$' }))
		).toBe('Cy tipped $5!');
		expect(say(alert('alpha-raid', { value: 42 }, { displayname: 'Dee' }))).toBe(
			'Dee raided with 42 viewers!'
		);
		expect(
			say(alert('alpha-points', { value: 500, name: 'Hydrate' }, { displayname: 'Eve' }))
		).toBe('Eve redeemed Hydrate!');
	});

	it('fills payload fields; an unknown field is empty, never "undefined"', () => {
		const line = alert(
			'alpha-subscriber',
			{ value: 'Sue' },
			{ displayname: 'Sue', tier: '2000', months: 7, message: 'hi <b>all</b>' }
		);
		const fields = alertFields(line, 'subscriber');
		expect(renderTemplate('{name} · {tier} · {months} · {message}', fields)).toBe(
			'Sue · Tier 2 · 7 · hi <b>all</b>'
		);
		expect(renderTemplate('{name} {nope} joined {undefined}!', fields)).toBe('Sue joined !');
		expect(renderTemplate('{platform}/{event}', fields)).toBe('alpha/alpha-subscriber');
		expect(renderTemplate('{constructor}{toString}', fields)).toBe('');
	});
});

describe('looks and variations', () => {
	it('reads the compact form, empty parts keeping what they would be', () => {
		expect(v.parse(LookSchema, '6,zoom,fade,fanfare,90,none')).toEqual({
			duration: 6,
			in: 'zoom',
			out: 'fade',
			sound: 'fanfare',
			volume: 90,
			image: 'none'
		});
		expect(v.parse(LookSchema, ',,,coin')).toEqual({ sound: 'coin' });
		expect(v.parse(LookSchema, ',,,my horn.mp3')).toEqual({ sound: 'my horn.mp3' });
		expect(lookText({ sound: 'coin', duration: 3 })).toBe('3,,,coin');
	});

	it('refuses bad looks with a clear reason', () => {
		const issue = (s: string) => {
			const r = v.safeParse(LookSchema, s);
			return r.success ? undefined : r.issues[0].message;
		};
		expect(issue('0')).toBe('the duration must be between 1 and 120');
		expect(issue(',spin')).toMatch(/in animation must be one of none, fade/);
		expect(issue(',,,../../etc/passwd.mp3')).toMatch(/sound must be one of/);
		expect(issue(',,,payload.exe')).toMatch(/sound must be one of/);
		expect(issue(',,,,101')).toBe('the volume must be between 0 and 100');
		expect(issue('1,2,3,4,5,6,7')).toBe('has more than 6 parts');
		expect(isAudioFileName('.hidden.mp3')).toBe(false);
		expect(isAudioFileName('a\\b.wav')).toBe(false);
	});

	it('picks the variation with the highest minimum the amount reaches', () => {
		const variations = v.parse(
			variationsSchema(['bits', 'tip']),
			'bits:100:,,,coin; bits:1000:8,zoom,,fanfare; tip:50:,,,bell'
		);
		expect(lookFor('bits', 99, {}, {}, variations)).toEqual(DEFAULT_LOOK);
		expect(lookFor('bits', 500, {}, {}, variations).sound).toBe('coin');
		expect(lookFor('bits', 1000, {}, {}, variations)).toMatchObject({
			duration: 8,
			in: 'zoom',
			sound: 'fanfare'
		});
		expect(lookFor('tip', 50, { volume: 20 }, { out: 'slide' }, variations)).toMatchObject({
			sound: 'bell',
			volume: 20,
			out: 'slide'
		});
		expect(lookFor('bits', undefined, {}, {}, variations)).toEqual(DEFAULT_LOOK);
	});

	it('a bad variation or look in the URL falls back to its default with a warning', () => {
		const { options, warnings } = parseOptions(
			alertBoxWidget.fields,
			new URLSearchParams('variations=cheer:1000:,,,coin&bitsLook=,,,,500&look=3,fade')
		);
		expect(options.variations).toBe('');
		expect(options.bitsLook).toBe('');
		expect(options.look).toBe('3,fade');
		expect(warnings.map((w) => w.field)).toEqual(['bitsLook', 'variations']);
		expect(warnings[1]!.rule).toMatch(/must read kind:minimum:look/);
	});
});

describe('the control variable', () => {
	it('decodes the deck’s value, as JSON or as the string the application may hand back', () => {
		const value = controlValue('skip', 123);
		expect(decodeControl(value)).toEqual({ ok: true, control: { action: 'skip', at: 123 } });
		expect(decodeControl(JSON.stringify(value))).toEqual({
			ok: true,
			control: { action: 'skip', at: 123 }
		});
		expect(decodeControl(undefined)).toEqual({ ok: true, control: undefined });
		expect(decodeControl('')).toEqual({ ok: true, control: undefined });
	});

	it('says why a value is not a control', () => {
		expect(decodeControl('pause')).toEqual({
			ok: false,
			reason: 'the control variable holds no JSON'
		});
		const bad = decodeControl({ action: 'explode', at: 1 });
		expect(bad.ok || bad.reason).toMatch(/action must be one of pause, resume, skip, replay/);
		const noTime = decodeControl({ action: 'skip' });
		expect(noTime.ok).toBe(false);
	});

	it('keeps the pause of the first read, and acts on skip and replay only when they are new', () => {
		const first = new ControlReader();
		expect(first.read(controlValue('skip', 1))).toBeUndefined();
		expect(first.read(controlValue('skip', 1))).toBeUndefined();
		expect(first.read(controlValue('skip', 2))).toBe('skip');
		expect(first.read(controlValue('replay', 3))).toBe('replay');
		const paused = new ControlReader();
		expect(paused.read(controlValue('pause', 1))).toBe('pause');
		expect(paused.read(controlValue('resume', 2))).toBe('resume');
		const empty = new ControlReader();
		expect(empty.read(undefined)).toBeUndefined();
		expect(empty.read(controlValue('replay', 5))).toBe('replay');
	});
});

describe('the queue', () => {
	/** Timers run by hand: `run()` fires the next one due. */
	function manual() {
		let pending: { fn: () => void; ms: number; id: number }[] = [];
		let next = 0;
		const timers: Timers = {
			set: (fn, ms) => {
				pending.push({ fn, ms, id: ++next });
				return next;
			},
			clear: (id) => {
				pending = pending.filter((t) => t.id !== id);
			}
		};
		const run = () => {
			const t = pending.shift();
			t?.fn();
			return t?.ms;
		};
		return { timers, run, count: () => pending.length };
	}

	function setup() {
		const clock = manual();
		const seen: string[] = [];
		const queue = new AlertQueue<{ name: string; duration: number }>(
			(item, phase) => seen.push(item ? `${phase} ${item.name}` : 'gone'),
			{ gapMs: 1000, timers: clock.timers }
		);
		return { clock, seen, queue };
	}

	it('shows one at a time: duration, out animation, gap, then the next', () => {
		const { clock, seen, queue } = setup();
		queue.push({ name: 'a', duration: 5 });
		queue.push({ name: 'b', duration: 2 });
		expect(seen).toEqual(['in a']);
		expect(queue.waiting).toBe(1);
		expect(clock.run()).toBe(5000);
		expect(clock.run()).toBe(OUT_MS);
		expect(clock.run()).toBe(1000);
		expect(seen).toEqual(['in a', 'out a', 'gone', 'in b']);
		expect(clock.run()).toBe(2000);
	});

	it('pause lets the alert on screen finish and holds the rest until resume', () => {
		const { clock, seen, queue } = setup();
		queue.push({ name: 'a', duration: 5 });
		queue.pause();
		queue.push({ name: 'b', duration: 5 });
		clock.run();
		clock.run();
		clock.run();
		expect(seen).toEqual(['in a', 'out a', 'gone']);
		expect(clock.count()).toBe(0);
		queue.resume();
		expect(seen.at(-1)).toBe('in b');
	});

	it('skip ends the alert on screen; replay shows the last one again, before those waiting', () => {
		const { clock, seen, queue } = setup();
		queue.push({ name: 'a', duration: 5 });
		queue.push({ name: 'b', duration: 5 });
		queue.skip();
		queue.skip();
		expect(seen).toEqual(['in a', 'out a']);
		expect(clock.run()).toBe(OUT_MS);
		queue.replay();
		clock.run();
		expect(seen).toEqual(['in a', 'out a', 'gone', 'in a']);
		queue.skip();
		clock.run();
		clock.run();
		expect(seen.at(-1)).toBe('in b');
	});

	it('bounds what waits during a flood', () => {
		const { queue } = setup();
		for (let i = 0; i < 150; i++) queue.push({ name: `n${i}`, duration: 5 });
		expect(queue.waiting).toBe(100);
		expect(queue.dropped).toBe(49);
	});
});
