/**
 * The song-request variables (protocol facts §6.2) read defensively: `songrequest_queue` may come as
 * a JSON string or an array, or empty as "", "[]" or absent; numbers may be numeric strings;
 * anything malformed is skipped rather than shown.
 */
import * as v from 'valibot';
import { SONG_VARIABLES } from '$lib/protocol/vocabulary';
import { listOf, numberOf, safeImageUrl } from './values';

export interface Song {
	title: string;
	artist: string;
	requester: string;
	/** Only inline, http or https images. */
	image?: string;
	/** The request's id, when the entry carries one: the public queue has none (facts §6.4). */
	id?: string;
}

export interface NowPlaying extends Song {
	/** Seconds, 0 when unknown. */
	duration: number;
	/** Where playback stood: seconds at the anchor, the anchor's time (ms epoch), and whether it plays on. */
	progress?: { seconds: number; at: number; playing: boolean };
}

/** Most queue entries ever kept, however long the application's queue is. */
const MAX_QUEUE = 100;
const MAX_TEXT = 300;

const Text = v.pipe(
	v.optional(v.union([v.string(), v.number()]), ''),
	v.transform((x) => String(x).trim().slice(0, MAX_TEXT))
);
const QueueItemSchema = v.looseObject({
	title: Text,
	name: Text,
	artist: Text,
	image: v.optional(v.unknown()),
	requester: Text,
	// Read leniently: an id of an odd shape drops the id, never the song.
	songRequestId: v.optional(v.unknown()),
	id: v.optional(v.unknown())
});

/** The waiting requests, in order, bounded. */
export function parseQueue(raw: unknown, max = MAX_QUEUE): Song[] {
	const list = listOf(raw);
	if (!list) return [];
	const songs: Song[] = [];
	for (const item of list) {
		if (songs.length >= max) break;
		const parsed = v.safeParse(QueueItemSchema, item);
		if (!parsed.success) continue;
		const { title, name, artist, requester, image } = parsed.output;
		const shownTitle = title || name;
		if (!shownTitle) continue;
		const song: Song = { title: shownTitle, artist, requester, image: safeImageUrl(image) };
		const id = text(parsed.output.songRequestId) || text(parsed.output.id);
		if (id) song.id = id;
		songs.push(song);
	}
	return songs;
}

const text = (raw: unknown): string =>
	typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim().slice(0, MAX_TEXT) : '';
const truthy = (raw: unknown): boolean =>
	raw === true || raw === 1 || raw === 'true' || raw === '1';

/** The song playing, or null when nothing plays (no title). */
export function parseNowPlaying(values: Readonly<Record<string, unknown>>): NowPlaying | null {
	const title = text(values[SONG_VARIABLES.title]);
	if (!title) return null;
	const duration = Math.max(0, numberOf(values[SONG_VARIABLES.duration]) ?? 0);
	const song: NowPlaying = {
		title,
		artist: text(values[SONG_VARIABLES.artist]),
		requester: text(values[SONG_VARIABLES.requester]),
		image: safeImageUrl(values[SONG_VARIABLES.image]),
		duration
	};
	// The progress anchor belongs to the music player; another source's song has no known position.
	const source = text(values[SONG_VARIABLES.source]);
	const seconds = numberOf(values[SONG_VARIABLES.progress]);
	const at = numberOf(values[SONG_VARIABLES.progressTs]);
	if (
		duration > 0 &&
		(source === '' || source === 'music_player') &&
		seconds !== undefined &&
		at !== undefined &&
		at > 0
	)
		song.progress = {
			seconds: Math.min(duration, Math.max(0, seconds)),
			at,
			playing: truthy(values[SONG_VARIABLES.isPlaying])
		};
	return song;
}

/** Seconds into the song at `now`, interpolated from the anchor and kept within the song. */
export function positionAt(song: Pick<NowPlaying, 'duration' | 'progress'>, now: number): number {
	if (!song.progress) return 0;
	const { seconds, at, playing } = song.progress;
	const elapsed = playing ? Math.max(0, (now - at) / 1000) : 0;
	return Math.min(song.duration, seconds + elapsed);
}

/** The variables a song widget reads: the queue only when it shows one. */
export function songVariableNames(withQueue: boolean): string[] {
	return Object.values(SONG_VARIABLES).filter(
		(name) => withQueue || (name !== SONG_VARIABLES.queue && name !== SONG_VARIABLES.queueLength)
	);
}
