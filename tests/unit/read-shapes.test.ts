/**
 * Variable reads come in more than one shape (facts §5.10, §6.4): numbers as numbers or numeric
 * strings, JSON arrays as arrays or JSON text. The parsers give the same result for both; the other
 * shape is made by the simulator's own `asRead`, the function behind its `readShape: "strings"` flag.
 */
import { describe, expect, it } from 'vitest';
import { SONG_VARIABLES } from '$lib/protocol';
import { asRead } from '$lib/sim/handlers/variables';
import { parseNowPlaying, parseQueue } from '$lib/client/songs';
import { listOf, numberOf } from '$lib/client/values';
import { displayValue } from '$lib/widgets/format';
import { valueText } from '../../src/routes/(app)/counters/value-text';

const queue = [
	{
		title: 'Paper Boats',
		artist: 'Harbor Lights',
		image: 'https://img.example/a.png',
		url: 'https://x',
		requester: 'quietkettle'
	},
	{
		title: 'Static Bloom',
		artist: 'The Low Tides',
		image: 'https://img.example/b.png',
		url: 'https://y',
		requester: 'PixelPanda'
	}
];
const songValues: Record<string, unknown> = {
	[SONG_VARIABLES.queue]: queue,
	[SONG_VARIABLES.queueLength]: 2,
	[SONG_VARIABLES.title]: 'Midnight Arcade',
	[SONG_VARIABLES.artist]: 'Neon Lakes',
	[SONG_VARIABLES.image]: 'https://img.example/c.png',
	[SONG_VARIABLES.duration]: 214,
	[SONG_VARIABLES.requester]: 'moss_moth',
	[SONG_VARIABLES.source]: 'music_player',
	[SONG_VARIABLES.progress]: 12.5,
	[SONG_VARIABLES.progressTs]: 1_732_000_000_000,
	[SONG_VARIABLES.isPlaying]: true
};
const inShape = (values: Record<string, unknown>) =>
	Object.fromEntries(Object.entries(values).map(([k, v]) => [k, asRead(v, 'strings')]));

describe('listOf: a JSON-array variable in either shape', () => {
	it('takes an array, or the JSON text of one', () => {
		expect(listOf(queue)).toBe(queue);
		expect(listOf(JSON.stringify(queue))).toEqual(queue);
		expect(listOf('  [1, "two"]  ')).toEqual([1, 'two']);
		expect(listOf('[]')).toEqual([]);
	});
	it('gives undefined for anything else, malformed JSON and JSON objects included', () => {
		for (const raw of [
			'',
			'  ',
			'[1,',
			'{"a":1}',
			'Paper Boats',
			'12',
			12,
			null,
			undefined,
			true,
			{ 0: 'a' }
		])
			expect(listOf(raw), String(raw)).toBeUndefined();
	});
});

describe('the simulator\'s "strings" shape', () => {
	it('really is another shape: numbers as numeric strings, arrays as JSON text, the rest as is', () => {
		const shaped = inShape(songValues);
		expect(shaped[SONG_VARIABLES.queue]).toBe(JSON.stringify(queue));
		expect(shaped[SONG_VARIABLES.duration]).toBe('214');
		expect(shaped[SONG_VARIABLES.progressTs]).toBe('1732000000000');
		expect(shaped[SONG_VARIABLES.isPlaying]).toBe(true);
		expect(shaped[SONG_VARIABLES.title]).toBe('Midnight Arcade');
	});
});

describe('parsers give the same result in both shapes', () => {
	it('the song queue', () => {
		const native = parseQueue(songValues[SONG_VARIABLES.queue]);
		expect(native.map((s) => s.title)).toEqual(['Paper Boats', 'Static Bloom']);
		expect(parseQueue(asRead(queue, 'strings'))).toEqual(native);
		expect(parseQueue(asRead([], 'strings'))).toEqual([]);
	});

	it('the song playing, its length and its progress anchor', () => {
		const native = parseNowPlaying(songValues);
		expect(native).toMatchObject({
			title: 'Midnight Arcade',
			duration: 214,
			progress: { seconds: 12.5, at: 1_732_000_000_000, playing: true }
		});
		expect(parseNowPlaying(inShape(songValues))).toEqual(native);
		// The playing flag as text, as some versions store it.
		expect(
			parseNowPlaying({ ...inShape(songValues), [SONG_VARIABLES.isPlaying]: 'false' })?.progress
				?.playing
		).toBe(false);
	});

	it('a counter or variable in a widget, in every number format', () => {
		for (const value of [7, 0, 10452, 12.5, -3, 1e6]) {
			expect(numberOf(asRead(value, 'strings'))).toBe(value);
			for (const format of ['plain', 'grouped', 'compact', 'fixed2'])
				expect(displayValue(asRead(value, 'strings'), format, 'en-US')).toBe(
					displayValue(value, format, 'en-US')
				);
		}
		expect(displayValue(asRead([1, 2], 'strings'), 'plain')).toBe(displayValue([1, 2], 'plain'));
		expect(displayValue(asRead(['a', 'b'], 'strings'), 'plain')).toBe('["a","b"]');
	});

	it('a value on the counters page', () => {
		for (const value of [7, 0, 10452, 12.5, queue, [], 'moss_moth', true, ''])
			expect(valueText(asRead(value, 'strings'))).toEqual(valueText(value));
		expect(valueText(JSON.stringify(queue))).toEqual({
			text: JSON.stringify(queue, null, 2),
			json: true
		});
		// Text that only looks like the start of a list stays text.
		expect(valueText('[not a list')).toEqual({ text: '[not a list', json: false });
	});
});
