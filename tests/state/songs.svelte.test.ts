/** SongState (both song widgets and the songs page) as the browser compiles it. */
import { describe, expect, it } from 'vitest';
import { SONG_VARIABLES } from '$lib/protocol';
import { ClientError } from '$lib/client/errors';
import type { ReadOnlyView, VariableRead } from '$lib/client/read-only-view';
import { songVariableNames } from '$lib/client/songs';
import { SongState } from '$lib/client/state/songs.svelte';
import { mounted } from './watch.svelte';

describe('song state', () => {
	/** A read-only view whose variable reads wait until the test answers them. */
	function pendingView() {
		const waiting = new Map<string, (read: VariableRead) => void>();
		let listening = 0;
		const listen = () => {
			listening++;
			return () => void listening--;
		};
		const view = {
			status: 'open',
			readVariable: (name: string) =>
				new Promise<VariableRead>((resolve) => waiting.set(name, resolve)),
			on: listen,
			onStatus: listen,
			onReady: listen,
			onReceipt: listen
		} as unknown as ReadOnlyView;
		const answer = async (name: string, read: VariableRead) => {
			waiting.get(name)!(read);
			waiting.delete(name);
			await Promise.resolve();
		};
		return { view, waiting, answer, listening: () => listening };
	}

	it('is loaded only when the first full read is done (every variable answered), not at the title alone', async () => {
		const { view, waiting, answer, listening } = pendingView();
		const { value: songs, stop } = mounted(
			() => new SongState(view, { intervalMs: 60_000, withQueue: true }),
			(s) => s.loaded
		);
		expect([...waiting.keys()].sort()).toEqual(songVariableNames(true).sort());
		await answer(SONG_VARIABLES.title, { ok: true, value: 'Midnight Arcade' });
		expect(songs.nowPlaying?.title).toBe('Midnight Arcade');
		expect(songs.loaded).toBe(false);
		for (const name of [...waiting.keys()].filter((n) => n !== SONG_VARIABLES.queue))
			await answer(name, { ok: true, value: name === SONG_VARIABLES.artist ? 'Neon Lakes' : '' });
		expect(songs.loaded).toBe(false);
		// A variable that fails still counts as read (its error shows in the debug corner).
		await answer(SONG_VARIABLES.queue, {
			ok: false,
			error: new ClientError({ kind: 'unreachable', message: 'offline' })
		});
		expect(songs.loaded).toBe(true);
		expect(songs.nowPlaying).toMatchObject({ title: 'Midnight Arcade', artist: 'Neon Lakes' });
		expect(listening()).toBeGreaterThan(0);
		await stop();
		expect(listening()).toBe(0);
	});

	it('is not loaded while the title itself could not be read', async () => {
		const { view, waiting, answer } = pendingView();
		const { value: songs, stop } = mounted(
			() => new SongState(view, { intervalMs: 60_000, withQueue: false }),
			(s) => s.loaded
		);
		for (const name of [...waiting.keys()])
			await answer(
				name,
				name === SONG_VARIABLES.title
					? { ok: false, error: new ClientError({ kind: 'unreachable', message: 'offline' }) }
					: { ok: true, value: '' }
			);
		expect(songs.loaded).toBe(false);
		await stop();
	});
});
