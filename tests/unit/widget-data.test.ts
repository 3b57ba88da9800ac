import { describe, expect, it } from 'vitest';
import {
	EVENT_TEXT_LIMITS,
	SONG_VARIABLES,
	parseAlertEvent,
	parseChatEvent,
	parseCommandEvent,
	type AlertLine
} from '$lib/protocol';
import { numberOf, safeImageUrl } from '$lib/client/values';
import { displayValue, formatDuration } from '$lib/widgets/format';
import { alertShown, describeAlert } from '$lib/widgets/events/describe';
import { currentSlot } from '$lib/widgets/events/popup';
import { parseNowPlaying, parseQueue, positionAt, songVariableNames } from '$lib/client/songs';
import { maskToken } from '$lib/client/settings';

describe('song queue variable', () => {
	const song = {
		title: 'Paper Boats',
		artist: 'Harbor Lights',
		image: 'https://img.example/a.png',
		url: 'https://x',
		requester: 'ana'
	};
	it('reads a JSON string or an array; empty as "", "[]", absent or null gives no songs', () => {
		const expected = [
			{
				title: 'Paper Boats',
				artist: 'Harbor Lights',
				requester: 'ana',
				image: 'https://img.example/a.png'
			}
		];
		expect(parseQueue(JSON.stringify([song]))).toEqual(expected);
		expect(parseQueue([song])).toEqual(expected);
		for (const empty of ['', '[]', '  ', undefined, null, 0, {}])
			expect(parseQueue(empty)).toEqual([]);
	});
	it('skips malformed entries, keeps numbers as text, drops unsafe covers, and is bounded', () => {
		const raw = [
			null,
			'x',
			{ artist: 'no title' },
			{ title: 42, image: 'javascript:alert(1)' },
			{ name: 'From name', requester: 7 }
		];
		expect(parseQueue(raw)).toEqual([
			{ title: '42', artist: '', requester: '', image: undefined },
			{ title: 'From name', artist: '', requester: '7', image: undefined }
		]);
		expect(parseQueue('{not json')).toEqual([]);
		expect(parseQueue(Array.from({ length: 500 }, () => song))).toHaveLength(100);
		expect(parseQueue([{ title: 'x'.repeat(5000) }])[0]!.title).toHaveLength(300);
	});
	it('keeps a request id when the entry carries one; an id of an odd shape drops the id, not the song', () => {
		const songs = parseQueue([
			{ title: 'A', songRequestId: 'sr-1' },
			{ title: 'B', id: 7 },
			{ title: 'C' },
			{ title: 'D', songRequestId: { x: 1 } }
		]);
		expect(songs.map((s) => s.id)).toEqual(['sr-1', '7', undefined, undefined]);
		expect(songs.map((s) => s.title)).toEqual(['A', 'B', 'C', 'D']);
	});
});

describe('now playing', () => {
	const values = {
		[SONG_VARIABLES.title]: 'Midnight Arcade',
		[SONG_VARIABLES.artist]: 'Neon Lakes',
		[SONG_VARIABLES.duration]: '200',
		[SONG_VARIABLES.source]: 'music_player',
		[SONG_VARIABLES.progress]: 50,
		[SONG_VARIABLES.progressTs]: 1_000_000,
		[SONG_VARIABLES.isPlaying]: 'true'
	};
	it('is null without a title, and knows the progress anchor of the music player', () => {
		expect(parseNowPlaying({})).toBeNull();
		expect(parseNowPlaying({ [SONG_VARIABLES.title]: '' })).toBeNull();
		const np = parseNowPlaying(values)!;
		expect(np).toMatchObject({
			title: 'Midnight Arcade',
			artist: 'Neon Lakes',
			duration: 200,
			progress: { seconds: 50, at: 1_000_000, playing: true }
		});
		expect(
			parseNowPlaying({ ...values, [SONG_VARIABLES.source]: 'vlc' })!.progress
		).toBeUndefined();
		expect(parseNowPlaying({ ...values, [SONG_VARIABLES.duration]: '' })!.progress).toBeUndefined();
	});
	it('interpolates the position between reads and keeps it within the song', () => {
		const np = parseNowPlaying(values)!;
		expect(positionAt(np, 1_010_000)).toBe(60);
		expect(positionAt(np, 2_000_000)).toBe(200);
		expect(positionAt(np, 900_000)).toBe(50);
		expect(
			positionAt(parseNowPlaying({ ...values, [SONG_VARIABLES.isPlaying]: false })!, 1_010_000)
		).toBe(50);
	});
	it('reads the queue variables only when a queue is shown', () => {
		expect(songVariableNames(false)).not.toContain(SONG_VARIABLES.queue);
		expect(songVariableNames(true)).toContain(SONG_VARIABLES.queue);
	});
});

describe('formatting', () => {
	it('numbers, numeric strings, empty counters, text and objects', () => {
		expect(displayValue(1234.5, 'grouped', 'en-US')).toBe('1,234.5');
		expect(displayValue('1234', 'plain', 'en-US')).toBe('1234');
		expect(displayValue(1500, 'compact', 'en-US')).toBe('1.5K');
		expect(displayValue(3, 'fixed2', 'en-US')).toBe('3.00');
		expect(displayValue('', 'plain')).toBe('0');
		expect(displayValue(undefined, 'plain')).toBe('0');
		expect(displayValue('moss_moth', 'plain')).toBe('moss_moth');
		expect(displayValue({ name: 'Bo', amount: 100 }, 'plain')).toBe('Bo');
		expect(numberOf(' 12 ')).toBe(12);
		expect(numberOf('12abc')).toBeUndefined();
		expect(formatDuration(214)).toBe('3:34');
		expect(formatDuration(3725)).toBe('1:02:05');
	});
	it('images only from data:image, http and https', () => {
		expect(safeImageUrl('https://a.example/x.png')).toBe('https://a.example/x.png');
		expect(safeImageUrl('data:image/svg+xml,<svg/>')).toBe('data:image/svg+xml,<svg/>');
		for (const bad of [
			'javascript:alert(1)',
			'data:text/html,<script>',
			'file:///etc/passwd',
			'/relative.png',
			'x" onerror="y',
			42,
			''
		])
			expect(safeImageUrl(bad)).toBeUndefined();
	});
});

describe('alert lines', () => {
	const line = (
		event: string,
		dynamic: Record<string, unknown>,
		extraSettings: Record<string, unknown>,
		replay = false
	): AlertLine =>
		parseAlertEvent({
			type: 'alert',
			origin: event.split('-')[0],
			event,
			data: { dynamic, extraSettings, replay }
		})!;
	it('read like sentences', () => {
		const say = (l: AlertLine) => {
			const t = describeAlert(l);
			return t.who ? `${t.who} ${t.what}` : t.what;
		};
		expect(say(line('alpha-follower', { value: 'Ana' }, { displayname: 'Ana' }))).toBe(
			'Ana followed'
		);
		expect(say(line('alpha-bits', { value: 100 }, { displayname: 'Bo', amount: 100 }))).toBe(
			'Bo cheered 100 bits'
		);
		expect(say(line('alpha-bits', { value: 1 }, { displayname: 'Bo' }))).toBe('Bo cheered 1 bit');
		expect(say(line('alpha-giftSubscription', {}, { displayname: 'Cy', amount: 5 }))).toBe(
			'Cy gifted 5 subs'
		);
		expect(say(line('alpha-raid', { value: 42 }, { displayname: 'Di' }))).toBe(
			'Di raided with 42 viewers'
		);
		expect(
			say(line('appstream-donation', {}, { displayname: 'Ed', amount: 5, currencySymbol: '$' }))
		).toBe('Ed donated $5');
		expect(
			say(line('appstream-donation', {}, { displayname: 'Ed', amount: 5, currency: 'EUR' }))
		).toBe('Ed donated €5.00'); // the currency's own format, in the widget's language
		expect(say(line('alpha-points', { value: 500, name: 'Hydrate' }, { displayname: 'Fa' }))).toBe(
			'Fa redeemed Hydrate'
		);
		expect(say(line('alpha-subscriber', {}, { displayname: 'Gi', months: 12 }))).toBe(
			'Gi subscribed for 12 months'
		);
		expect(say(line('music_player-switchSong', { value: 'Low Orbit' }, {}))).toBe(
			'Now playing: Low Orbit'
		);
		expect(say(line('alpha-hypetrainStarted', {}, {}))).toBe('Hypetrain started');
		expect(
			say(line('alpha-pollStarted', { value: 'Best snack?' }, { displayname: 'Streamer' }))
		).toBe('Streamer — Poll started: Best snack?');
	});
	it('are filtered by key parts, exclusions and replays', () => {
		const follow = line('alpha-follower', {}, {});
		const replayed = line('alpha-follower', {}, {}, true);
		const changed = line('appstream-variableChanged', {}, {});
		const none = { include: [], exclude: ['variableChanged'], replays: false };
		expect(alertShown(follow, none)).toBe(true);
		expect(alertShown(replayed, none)).toBe(false);
		expect(alertShown(replayed, { ...none, replays: true })).toBe(true);
		expect(alertShown(changed, none)).toBe(false);
		expect(alertShown(follow, { ...none, include: ['BITS', 'donation'] })).toBe(false);
		expect(alertShown(follow, { ...none, include: ['Follow'] })).toBe(true);
	});
	it('keep only bounded scalar details', () => {
		const l = line(
			'alpha-bits',
			{ value: 1, nested: { a: 1 } },
			Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, 'x'.repeat(1000)]))
		);
		expect(Object.keys(l.extra!)).toHaveLength(40);
		expect(l.extra!.k0).toHaveLength(200);
		expect(l.dynamic).toEqual({ value: '1' });
	});
});

describe('one at a time', () => {
	const at = (...times: number[]) => times.map((receivedAt, i) => ({ receivedAt, i }));
	it('gives each alert its slot after the previous one', () => {
		const items = at(0, 100, 200);
		expect(currentSlot(items, 50, 1000)?.i).toBe(0);
		expect(currentSlot(items, 1500, 1000)?.i).toBe(1);
		expect(currentSlot(items, 2500, 1000)?.i).toBe(2);
		expect(currentSlot(items, 3500, 1000)).toBeUndefined();
		expect(currentSlot(at(0, 5000), 3000, 1000)).toBeUndefined();
		expect(currentSlot(items, 99_999, 0)?.i).toBe(2);
	});
});

describe('builder URL on screen', () => {
	it('masks the token as the URL encodes it', () => {
		const url = 'http://x/#/widget/chat?limit=3&token=a+b%2Fc&port=1';
		expect(maskToken(url, 'a b/c')).toBe('http://x/#/widget/chat?limit=3&token=••••••••&port=1');
	});
});

describe('memory by size', () => {
	const huge = 'x'.repeat(100_000);
	it('chat text, usernames and display names are cut where they are parsed', () => {
		const event = parseChatEvent({
			type: 'chat',
			origin: 'alpha',
			data: {
				id: 'i',
				message: huge,
				extraSettings: { messageId: 'm', username: huge, displayname: huge }
			}
		});
		expect(event?.kind).toBe('message');
		const line = event?.kind === 'message' ? event.line : undefined;
		expect(line!.text).toHaveLength(EVENT_TEXT_LIMITS.text);
		expect(line!.text.endsWith('…')).toBe(true);
		expect(line!.username).toHaveLength(EVENT_TEXT_LIMITS.name);
		expect(line!.displayName).toHaveLength(EVENT_TEXT_LIMITS.name);
		// Text at the limit is kept whole; a cut never leaves half an emoji.
		const exact = 'y'.repeat(EVENT_TEXT_LIMITS.text);
		const kept = parseChatEvent({
			type: 'chat',
			data: { id: 'i', message: exact, extraSettings: { username: 'u' } }
		});
		expect(kept?.kind === 'message' && kept.line.text).toBe(exact);
		const emoji = parseChatEvent({
			type: 'chat',
			data: { id: 'i', message: '😀'.repeat(400), extraSettings: { username: 'u' } }
		});
		const cut = emoji?.kind === 'message' ? emoji.line.text : '';
		expect(cut.length).toBeLessThanOrEqual(EVENT_TEXT_LIMITS.text);
		expect(cut).toBe(`${'😀'.repeat((EVENT_TEXT_LIMITS.text - 2) / 2)}…`);
	});
	it('alert usernames and values, and viewer commands, are cut too', () => {
		const alert = parseAlertEvent({
			type: 'alert',
			origin: 'alpha',
			event: 'alpha-follower',
			data: { dynamic: { value: huge, username: huge }, extraSettings: { displayname: huge } }
		})!;
		expect(alert.username).toHaveLength(EVENT_TEXT_LIMITS.name);
		expect(alert.value).toHaveLength(EVENT_TEXT_LIMITS.text);
		const fromDynamic = parseAlertEvent({
			type: 'alert',
			event: 'alpha-follower',
			data: { dynamic: { username: huge } }
		})!;
		expect(fromDynamic.username).toHaveLength(EVENT_TEXT_LIMITS.name);
		expect(
			parseAlertEvent({
				type: 'alert',
				event: 'alpha-follower',
				data: { extraSettings: { displayname: 'Ana' } }
			})!.username
		).toBe('Ana');
		const command = parseCommandEvent({
			type: 'command',
			data: { username: huge, command: huge }
		})!;
		expect([command.username.length, command.command.length]).toEqual([
			EVENT_TEXT_LIMITS.name,
			EVENT_TEXT_LIMITS.text
		]);
	});
});
