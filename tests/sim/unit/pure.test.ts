/** Pure pieces of the simulator core: setup parsing, slugs, counter math, song metadata, chat-mode values. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { counterMath, DEFAULT_SETUP_INPUT, parseSetup, slugify, songFromQuery } from '$lib/sim';
import { chatModeOn } from '$lib/sim/handlers/stream';
import { storable } from '$lib/sim/handlers/variables';

describe('parseSetup', () => {
	it('accepts the shipped default, as a value or as JSON text', () => {
		expect(parseSetup(DEFAULT_SETUP_INPUT).ok).toBe(true);
		expect(parseSetup(JSON.stringify(DEFAULT_SETUP_INPUT)).ok).toBe(true);
	});

	it('fills defaults for an empty setup', () => {
		const parsed = parseSetup({});
		expect(parsed.ok && parsed.setup.states).toEqual({ on: true, streamMode: true, fuze: false });
		expect(parsed.ok && parsed.setup.app.name).toBe('app-stream');
	});

	it.each([
		['not JSON', '{nope', /^setup is not valid JSON: /],
		[
			'a wrong type',
			{ lights: [{ id: 'x', type: 7 }] },
			/^invalid setup: setup\.lights\[0\]\.type must be a string \(light type\)$/
		],
		['an unknown field', { bogus: 1 }, /^invalid setup: setup\.bogus is not a known field$/],
		[
			'a missing field',
			{ lights: [{ id: 'x' }] },
			/^invalid setup: setup\.lights\[0\]\.type is required$/
		],
		[
			'a bad counter',
			{ counters: { deaths: 'many' } },
			/^invalid setup: setup\.counters\.deaths must be a number/
		],
		[
			'an unknown folder',
			{ commands: { chat: [{ name: 'a', folder: 'Nope' }] } },
			/^invalid setup: setup\.commands\.chat\[0\]\.folder names "Nope", which setup\.folders does not list$/
		],
		[
			'a bad platform',
			{ connectedPlatforms: ['myspace'] },
			/^invalid setup: setup\.connectedPlatforms\[0\] must be one of alpha, beta, gamma$/
		]
	])('names the field at fault for %s', (_what, input, message) => {
		const parsed = parseSetup(input);
		expect(parsed.ok).toBe(false);
		if (!parsed.ok) expect(parsed.error).toMatch(message);
	});
});

describe('slugify', () => {
	it.each([
		['Hello World', 'hello-world'],
		['!Shout  Out', 'shout-out'],
		['  trim me ', 'trim-me'],
		['UPPER', 'upper'],
		['!!!', '']
	])('%j → %j', (input, slug) => expect(slugify(input)).toBe(slug));
});

describe('counterMath', () => {
	it.each([
		[5, '+3', 8],
		[5, '-3', 2],
		[5, '=3', 3],
		[5, '3', 3],
		[5, 3, 3],
		[5, '*2', 10],
		[5, '/2', 2.5],
		[5, ' + 1 ', 6],
		['5', '+1', 6],
		['', '=100', 1],
		[null, '-9', 1],
		[undefined, 'anything', 1]
	])('%j with %j gives %j', (current, sent, value) =>
		expect(counterMath(current, sent)).toEqual({ ok: true, value })
	);

	it.each([
		[5, 'lots'],
		[5, '/0'],
		[5, true],
		[5, '+'],
		[5, `${' '.repeat(100_000)}x`]
	])('refuses %j with %j', (current, sent) => {
		expect(counterMath(current, sent).ok).toBe(false);
	});
});

describe('songFromQuery', () => {
	it('splits "Artist - Title" and "Title by Artist"', () => {
		expect(songFromQuery('daft punk - one more time')).toMatchObject({
			title: 'One More Time',
			artist: 'Daft Punk'
		});
		expect(songFromQuery('Glass Garden by Mira Sol')).toMatchObject({
			title: 'Glass Garden',
			artist: 'Mira Sol'
		});
	});

	it('maps a URL to a catalogue song and keeps the URL', () => {
		const song = songFromQuery('https://music.example/track/xyz');
		expect(song.url).toBe('https://music.example/track/xyz');
		expect(song.title.length).toBeGreaterThan(0);
	});

	it('is deterministic, with a duration between 150 and 299 s and inline cover art', () => {
		const a = songFromQuery('lofi rain');
		expect(songFromQuery('lofi rain')).toEqual(a);
		expect(a.duration).toBeGreaterThanOrEqual(150);
		expect(a.duration).toBeLessThan(300);
		expect(a.image).toMatch(/^data:image\/svg\+xml,/);
	});
});

describe('chat-mode values', () => {
	it.each([[false], ['false'], ['off'], ['0'], [0], [''], [undefined], [null]])('%j is off', (v) =>
		expect(chatModeOn(v)).toBe(false)
	);
	it.each([[true], ['true'], ['on'], [1], ['yes']])('%j is on', (v) =>
		expect(chatModeOn(v)).toBe(true)
	);
});

describe('storable variable values', () => {
	it('accepts ordinary values and refuses very deep or very large ones', () => {
		expect(storable({ a: [1, 2, { b: 'c' }] })).toBe(true);
		let deep: unknown = 1;
		for (let i = 0; i < 100; i++) deep = [deep];
		expect(storable(deep)).toBe(false);
		expect(storable(Array.from({ length: 20_000 }, (_, i) => i))).toBe(false);
	});
});

describe('the core holds no Node-only code', () => {
	const files = (dir: string): string[] =>
		readdirSync(dir).flatMap((name) => {
			const path = join(dir, name);
			return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
		});

	it.each(files('src/lib/sim'))('%s imports nothing from Node', (file) => {
		const source = readFileSync(file, 'utf8');
		expect(source).not.toMatch(/from ['"](node:|ws['"]|fs['"]|http['"]|path['"])/);
		expect(source).not.toMatch(/\bBuffer\b|\bprocess\./);
	});
});
