/** `npm start -- --media DIR`: the streamer's alert sounds, listed and served same-origin, and nothing else. */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompanion, type Companion } from '../../src/server/companion';
import { fakeBuild, http, tempDir } from './helpers';

let companion: Companion;
let base: string;
const tmp = tempDir('companion-media-');
beforeAll(async () => {
	const media = join(tmp.dir, 'sounds');
	mkdirSync(media);
	mkdirSync(join(tmp.dir, 'build'));
	writeFileSync(join(media, 'airhorn.mp3'), 'ID3 not really an mp3');
	writeFileSync(join(media, 'My Chime.ogg'), 'OggS');
	writeFileSync(join(media, 'notes.txt'), 'not audio');
	writeFileSync(join(media, '.hidden.wav'), 'RIFF');
	mkdirSync(join(media, 'folder.wav'));
	mkdirSync(join(media, 'sub'));
	writeFileSync(join(media, 'sub', 'deep.mp3'), 'ID3');
	writeFileSync(join(tmp.dir, 'secret.mp3'), 'outside the folder');
	symlinkSync(join(tmp.dir, 'secret.mp3'), join(media, 'escape.mp3'));
	companion = await startCompanion({
		port: 0,
		host: '127.0.0.1',
		demo: true,
		buildDir: fakeBuild(join(tmp.dir, 'build')),
		sharesFile: join(tmp.dir, 'shares.json'),
		mediaDir: media,
		log: () => {}
	});
	base = companion.url;
});
afterAll(async () => {
	await companion?.close();
	tmp.remove();
});

describe('the media folder', () => {
	it('lists the audio files directly in the folder, and nothing else', async () => {
		const answer = await http('GET', `${base}/__companion/media`);
		expect(answer.status).toBe(200);
		expect(JSON.parse(answer.body)).toEqual({ files: ['My Chime.ogg', 'airhorn.mp3'] });
	});

	it('serves a listed file with its audio type', async () => {
		const answer = await http('GET', `${base}/media/airhorn.mp3`);
		expect(answer.status).toBe(200);
		expect(answer.headers['content-type']).toBe('audio/mpeg');
		expect(answer.body).toBe('ID3 not really an mp3');
		const spaced = await http('GET', `${base}/media/My%20Chime.ogg`);
		expect([spaced.status, spaced.headers['content-type']]).toEqual([200, 'audio/ogg']);
	});

	it.each([
		['/media/notes.txt', 'not an audio extension'],
		['/media/.hidden.wav', 'a dot file'],
		['/media/folder.wav', 'a folder'],
		['/media/sub/deep.mp3', 'a subfolder'],
		['/media/sub%2Fdeep.mp3', 'an encoded slash'],
		['/media/%2e%2e%2Fsecret.mp3', 'an encoded ..'],
		['/media/..%5Csecret.mp3', 'a backslash'],
		['/media/escape.mp3', 'a link leading outside'],
		['/media/%E0%A4%A', 'a broken escape'],
		['/media/nothing.mp3', 'a missing file']
	])('refuses %s (%s) with a 404', async (path) => {
		const answer = await http('GET', base + path);
		expect(answer.status).toBe(404);
		expect(answer.body).not.toContain('outside the folder');
		expect(JSON.parse(answer.body)).toEqual({
			status: 404,
			kind: 'no_sound',
			message: 'no such sound in the media folder'
		});
	});

	it('takes no writes', async () => {
		const answer = await http('PUT', `${base}/media/airhorn.mp3`, { body: 'x' });
		expect(answer.status).toBe(405);
		expect(JSON.parse(answer.body)).toMatchObject({ kind: 'media_read_only' });
	});

	it('without --media, lists nothing and serves nothing', async () => {
		const other = await startCompanion({
			port: 0,
			host: '127.0.0.1',
			demo: true,
			buildDir: join(tmp.dir, 'build'),
			sharesFile: join(tmp.dir, 'shares2.json'),
			log: () => {}
		});
		try {
			expect(JSON.parse((await http('GET', `${other.url}/__companion/media`)).body)).toEqual({
				files: []
			});
			expect((await http('GET', `${other.url}/media/airhorn.mp3`)).status).toBe(404);
		} finally {
			await other.close();
		}
	});
});
