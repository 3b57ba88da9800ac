/** Chat badges, avatars and native emotes: https images only, emote ranges parsed defensively; and the theme option. */
import { describe, expect, it } from 'vitest';
import { httpsImageUrl, parseChatEvent, parseEmotesRaw } from '$lib/protocol';
import { chatParts } from '$lib/widgets/chat/parts';
import { chatWidget, WIDGETS } from '$lib/widgets/definitions';
import { parseOptions } from '$lib/widgets/options';
import { THEMES, themeClass } from '$lib/widgets/style';
import { emotesRawFor } from '$lib/sim/events';

const chat = (message: string, extra: Record<string, unknown>, origin = 'alpha') => {
	const event = parseChatEvent({
		type: 'chat',
		origin,
		data: { id: 'i', message, extraSettings: { messageId: 'm', username: 'ana', ...extra } }
	});
	if (event?.kind !== 'message') throw new Error('not a message');
	return event.line;
};

describe('image addresses', () => {
	it('keeps https only: never http, data:, javascript:, relative or junk', () => {
		expect(httpsImageUrl('https://cdn.example/b/1.png')).toBe('https://cdn.example/b/1.png');
		expect(httpsImageUrl('  https://cdn.example/a b  ')).toBe('https://cdn.example/a%20b');
		for (const bad of [
			'http://cdn.example/b.png',
			'data:image/png;base64,AAAA',
			'javascript:alert(1)',
			'//cdn.example/b.png',
			'/b.png',
			'',
			'https://' + 'x'.repeat(3000),
			42,
			null,
			{ url: 'https://cdn.example' }
		])
			expect(httpsImageUrl(bad), String(bad).slice(0, 40)).toBeUndefined();
	});

	it('a chat line keeps its https badges (at most six) and avatar, and drops the rest', () => {
		const line = chat('hi', {
			avatar: 'http://cdn.example/a.png',
			badges: [
				'https://cdn.example/mod.png',
				'javascript:alert(1)',
				{ url: 'https://cdn.example/x' },
				...Array.from({ length: 10 }, (_, i) => `https://cdn.example/${i}.png`)
			],
			userLevels: { mod: true, vip: false, subscriber: true, 'bad key!': true, anyone: 'yes' }
		});
		expect(line.avatar).toBeUndefined();
		expect(line.badges).toHaveLength(6);
		expect(line.badges![0]).toBe('https://cdn.example/mod.png');
		expect(line.levels).toEqual(['mod', 'subscriber']);
		expect(chat('hi', { avatar: 'https://cdn.example/a.png' }).avatar).toBe(
			'https://cdn.example/a.png'
		);
	});
});

describe('native emotes (emotesRaw)', () => {
	it('reads id:start-end ranges, in code points, sorted', () => {
		expect(parseEmotesRaw('25:0-4,12-16/1902:6-10', 17)).toEqual([
			{ id: '25', start: 0, end: 4 },
			{ id: '1902', start: 6, end: 10 },
			{ id: '25', start: 12, end: 16 }
		]);
	});

	it('never throws on malformed input, and skips bad, overlapping or out-of-range spans', () => {
		const junk: unknown[] = [
			undefined,
			null,
			3,
			{},
			[],
			'',
			'25',
			'25:',
			':0-4',
			'25:4-0',
			'25:a-b',
			'25:0-4-6',
			'<img src=x>:0-4',
			'25:0-99',
			'25:-1-3',
			'/'.repeat(100),
			'25:0-4/'.repeat(2000)
		];
		for (const raw of junk) expect(() => parseEmotesRaw(raw, 10)).not.toThrow();
		expect(parseEmotesRaw('25:0-99', 10)).toEqual([]);
		expect(parseEmotesRaw('25:4-0', 10)).toEqual([]);
		expect(parseEmotesRaw('25:0-4/26:3-6/27:5-6', 10)).toEqual([
			{ id: '25', start: 0, end: 4 },
			{ id: '27', start: 5, end: 6 }
		]);
		expect(parseEmotesRaw('<b>:0-1/25:x,2-3', 10)).toEqual([{ id: '25', start: 2, end: 3 }]);
	});

	it('cuts a line into text and emote images; text stays text, whatever it holds', () => {
		const line = chat('😀 Kappa <b>hi</b> Kappa', { emotesRaw: '25:2-6,18-22' });
		expect(chatParts(line)).toEqual([
			{ text: '😀 ' },
			{ emote: 'https://static-cdn.jtvnw.net/emoticons/v2/25/default/dark/1.0', alt: 'Kappa' },
			{ text: ' <b>hi</b> ' },
			{ emote: 'https://static-cdn.jtvnw.net/emoticons/v2/25/default/dark/1.0', alt: 'Kappa' }
		]);
		// A platform without an emote source, or no ranges: the text as it is.
		expect(chatParts(chat('Kappa', { emotesRaw: '25:0-4' }, 'gamma'))).toEqual([{ text: 'Kappa' }]);
		expect(chatParts(chat('Kappa', { emotesRaw: 'junk' }))).toEqual([{ text: 'Kappa' }]);
	});

	it('an emote never covers the "…" of a line cut at the limit', () => {
		const long = 'x'.repeat(495) + ' Kappa Kappa';
		const line = chat(long, { emotesRaw: '25:496-500,502-506' });
		expect(line.text.endsWith('…')).toBe(true);
		const parts = chatParts(line);
		expect(parts.filter((p) => 'emote' in p)).toHaveLength(0);
		expect(parts.map((p) => ('text' in p ? p.text : '')).join('')).toBe(line.text);
	});

	it("the simulator's emotes tag matches its text", () => {
		const text = 'gg Kappa and LUL Kappa';
		const raw = emotesRawFor(text);
		expect(raw).toBe('25:3-7,17-21/425618:13-15');
		const parts = chatParts(chat(text, { emotesRaw: raw }));
		expect(parts.filter((p) => 'emote' in p).map((p) => ('alt' in p ? p.alt : ''))).toEqual([
			'Kappa',
			'LUL',
			'Kappa'
		]);
	});
});

describe('theme option', () => {
	it('every widget has it, clean by default; an unknown theme falls back with a warning', () => {
		for (const widget of WIDGETS) {
			const field = widget.fields.find((f) => f.key === 'theme');
			expect(field, widget.id).toMatchObject({ kind: 'select', default: 'clean' });
		}
		expect(THEMES).toEqual(['clean', 'bold', 'neon', 'minimal']);
		const neon = parseOptions(chatWidget.fields, new URLSearchParams('theme=neon'));
		expect(themeClass(neon.options)).toBe('theme-neon');
		const bad = parseOptions(chatWidget.fields, new URLSearchParams('theme=<script>'));
		expect(bad.options.theme).toBe('clean');
		expect(bad.warnings.map((w) => w.field)).toEqual(['theme']);
		expect(themeClass({ theme: 'x y' })).toBe('theme-clean');
	});

	it('the chat defaults a streamer expects: the plate on, commands hidden, badges and emotes shown', () => {
		const { options } = parseOptions(chatWidget.fields, new URLSearchParams());
		expect(options).toMatchObject({ plate: true, hideCommands: true, badges: true, emotes: true });
	});
});
