/**
 * The song request queue and playback, mirrored after every change into the `songrequest_*` and
 * `music_player_now_playing_*` variables a client reads (protocol facts §6.2).
 */
import { MUSIC_PLAYER_VARIABLES as MP, SONG_VARIABLES } from '../../protocol/vocabulary';
import type { Runtime } from '../runtime';
import { hashOf, songFromQuery } from '../song-titles';
import type { SongItem } from '../state';
import { ok, str, type Handler, type HandlerTable } from './shared';

/** Seconds into the song playing now. */
export function progressOf(rt: Runtime): number {
	const s = rt.state.songs;
	if (!s.nowPlaying) return 0;
	const elapsed = s.playing ? (rt.now() - s.anchorTs) / 1000 : 0;
	return Math.min(s.nowPlaying.duration, Math.max(0, s.progressAnchor + elapsed));
}

/** Moves the progress anchor to now, so a client interpolates from a fresh point. */
function reanchor(rt: Runtime, progress: number): void {
	rt.state.songs.progressAnchor = Math.round(progress * 10) / 10;
	rt.state.songs.anchorTs = rt.now();
}

function songAlert(
	rt: Runtime,
	event: 'switchSong' | 'songPlayed' | 'songPaused',
	song: SongItem
): void {
	const source = rt.state.songs.source;
	rt.fireAlert(
		`${source}-${event}`,
		{ value: song.title },
		{
			name: song.title,
			artist: song.artist,
			uri: song.url,
			image: song.image,
			username: song.requester
		}
	);
}

/** The next song from the queue becomes the one playing (or nothing, when the queue is empty). */
export function advance(rt: Runtime): void {
	const s = rt.state.songs;
	const wasPlaying = s.playing || !s.nowPlaying;
	s.nowPlaying = s.queue.shift() ?? null;
	s.playing = Boolean(s.nowPlaying) && wasPlaying;
	reanchor(rt, 0);
	if (s.nowPlaying) songAlert(rt, 'switchSong', s.nowPlaying);
}

/** Songs that finished by now give way to the next ones; called before every request. */
export function tickSongs(rt: Runtime): void {
	const s = rt.state.songs;
	let guard = 0;
	while (s.nowPlaying && s.playing && guard++ < 100) {
		const endsAt = s.anchorTs + (s.nowPlaying.duration - s.progressAnchor) * 1000;
		if (rt.now() < endsAt) break;
		const carry = endsAt;
		advance(rt);
		rt.state.songs.anchorTs = carry;
	}
	syncSongVariables(rt);
}

export function syncSongVariables(rt: Runtime): void {
	const s = rt.state.songs;
	const np = s.nowPlaying;
	const set = (name: string, value: unknown) => rt.setVariable(name, value);
	set(
		SONG_VARIABLES.queue,
		s.queue.map(({ id, title, artist, image, url, requester }) => ({
			title,
			artist,
			image,
			url,
			requester,
			...(s.queueIds ? { songRequestId: id } : {})
		}))
	);
	set(SONG_VARIABLES.queueLength, s.queue.length);
	set(SONG_VARIABLES.title, np?.title ?? '');
	set(SONG_VARIABLES.artist, np?.artist ?? '');
	set(SONG_VARIABLES.image, np?.image ?? '');
	set(SONG_VARIABLES.url, np?.url ?? '');
	set(SONG_VARIABLES.duration, np?.duration ?? 0);
	set(SONG_VARIABLES.requester, np?.requester ?? '');
	set(SONG_VARIABLES.source, np ? s.source : '');
	set(SONG_VARIABLES.progress, np ? s.progressAnchor : 0);
	set(SONG_VARIABLES.progressTs, s.anchorTs);
	set(SONG_VARIABLES.isPlaying, Boolean(np) && s.playing);
	syncMusicPlayerVariables(
		rt,
		s.source === 'music_player' ? np : null,
		s.source === 'music_player' ? s.queue : []
	);
}

/** The player's own track id and uri (not public in format; stable per track). */
const trackId = (song: SongItem) =>
	hashOf(`${song.artist}/${song.title}`).toString(36).padStart(7, '0');

/** The music_player_* family (facts §6.2): the track playing from the player, its queue and the next track. */
function syncMusicPlayerVariables(rt: Runtime, np: SongItem | null, queue: SongItem[]): void {
	const set = (name: string, value: unknown) => rt.setVariable(name, value);
	const next = queue[0];
	// The same six variables for the track playing and the next one.
	const setTrack = (
		song: SongItem | null | undefined,
		[title, artist, image, id, url, uri]: readonly [string, string, string, string, string, string]
	) => {
		set(title, song?.title ?? '');
		set(artist, song?.artist ?? '');
		set(image, song?.image ?? '');
		set(id, song ? trackId(song) : '');
		set(url, song?.url ?? '');
		set(uri, song ? `music_player:track:${trackId(song)}` : '');
	};
	setTrack(np, [MP.song, MP.artist, MP.image, MP.id, MP.url, MP.uri]);
	set(MP.album, np?.album ?? '');
	set(MP.duration, np?.duration ?? 0);
	set(
		MP.queue,
		queue.map((song) => ({
			name: song.title,
			artist: song.artist,
			image: song.image,
			uri: `music_player:track:${trackId(song)}`,
			url: song.url
		}))
	);
	setTrack(next, [MP.nextSong, MP.nextArtist, MP.nextImage, MP.nextId, MP.nextUrl, MP.nextUri]);
}

function add(rt: Runtime, query: string, requester: string): string | undefined {
	if (!query.trim()) return 'empty query: the search found nothing, nothing added';
	const meta = songFromQuery(query);
	const item: SongItem = { ...meta, id: rt.newId('sr'), requester, query, createdAt: rt.now() };
	const s = rt.state.songs;
	if (!s.nowPlaying) {
		s.nowPlaying = item;
		s.playing = true;
		reanchor(rt, 0);
		songAlert(rt, 'switchSong', item);
		return `added "${item.title}" (${item.id}) and started playing it`;
	}
	s.queue.push(item);
	return `added "${item.title}" (${item.id}) at position ${s.queue.length}`;
}

function setPlaying(rt: Runtime, play: boolean): string | undefined {
	const s = rt.state.songs;
	if (!s.nowPlaying) {
		if (play && s.queue.length) {
			s.playing = true;
			advance(rt);
			return 'started the next song';
		}
		return 'nothing to play';
	}
	if (s.playing === play) return undefined;
	reanchor(rt, progressOf(rt));
	s.playing = play;
	songAlert(rt, play ? 'songPlayed' : 'songPaused', s.nowPlaying);
	return undefined;
}

const songRequest: Handler = (rt, params) => {
	const s = rt.state.songs;
	const action = str(params.action) ?? 'add';
	let note: string | undefined;
	switch (action) {
		case 'skip':
		case 'next':
			advance(rt);
			break;
		case 'play':
			note = setPlaying(rt, true);
			break;
		case 'pause':
			note = setPlaying(rt, false);
			break;
		case 'playpause':
			note = setPlaying(rt, typeof params.play === 'boolean' ? params.play : !s.playing);
			break;
		case 'remove': {
			const id = str(params.songRequestId);
			const index =
				id === undefined ? s.queue.length - 1 : s.queue.findIndex((item) => item.id === id);
			note = index >= 0 ? `removed ${s.queue.splice(index, 1)[0]?.id}` : 'nothing to remove';
			break;
		}
		case 'clear':
			note = `cleared ${s.queue.splice(0).length} requests`;
			break;
		default:
			// `add`, and any action the application does not recognise.
			note = add(rt, str(params.value) ?? '', str(params.username) ?? rt.state.streamer);
	}
	syncSongVariables(rt);
	return ok(true, { note });
};

export const songHandlers: HandlerTable = { 'song-request': songRequest };
