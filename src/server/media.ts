/**
 * The streamer's own alert sounds (`npm start -- --media DIR`): audio files of that one folder, served
 * same-origin at /media/<file> so a widget's policy (media-src 'self') lets them play, and listed at
 * /__companion/media for the widget builder. Only audio extensions, only files directly in the folder:
 * no subfolder, no dot file, and nothing a link or `..` would reach outside it.
 */
import { createReadStream } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, sep } from 'node:path';
import { isAudioFileName } from '../lib/widgets/alert-box/look';
import { SECURITY_HEADERS, sendJson } from './http-util';
import { refusalFields } from '../lib/share/refusals';

export const MEDIA_PREFIX = '/media/';
export const MEDIA_LIST_PATH = '/__companion/media';
/** Most files listed: a folder of thousands would only drown the builder's list. */
const MAX_LISTED = 500;

const TYPES: Readonly<Record<string, string>> = {
	mp3: 'audio/mpeg',
	ogg: 'audio/ogg',
	oga: 'audio/ogg',
	opus: 'audio/ogg',
	wav: 'audio/wav',
	m4a: 'audio/mp4',
	aac: 'audio/aac',
	flac: 'audio/flac',
	webm: 'audio/webm'
};

export interface MediaFolder {
	/** Answers /media/… and the listing; false for any other path. */
	handle(req: IncomingMessage, res: ServerResponse, path: string): boolean;
}

/** The file a name stands for, if it is an audio file directly inside the folder (links resolved). */
async function fileIn(dir: string, name: string): Promise<string | undefined> {
	if (!isAudioFileName(name)) return undefined;
	try {
		const root = await realpath(dir);
		const real = await realpath(join(root, name));
		if (!real.startsWith(root + sep) || real.slice(root.length + 1).includes(sep)) return undefined;
		return (await stat(real)).isFile() ? real : undefined;
	} catch {
		return undefined;
	}
}

export function mediaFolder(dir: string | undefined): MediaFolder {
	const notFound = (res: ServerResponse) =>
		sendJson(res, 404, { status: 404, ...refusalFields({ kind: 'no_sound' }) });
	return {
		handle(req, res, path) {
			if (path === MEDIA_LIST_PATH) {
				if (!dir) return (sendJson(res, 200, { files: [] }), true);
				void readdir(dir, { withFileTypes: true }).then(
					async (entries) => {
						const names = entries.map((e) => e.name).filter(isAudioFileName);
						const files: string[] = [];
						for (const name of names.sort())
							if (files.length < MAX_LISTED && (await fileIn(dir, name))) files.push(name);
						sendJson(res, 200, { files });
					},
					() => sendJson(res, 200, { files: [] })
				);
				return true;
			}
			if (!path.startsWith(MEDIA_PREFIX)) return false;
			if (req.method !== 'GET' && req.method !== 'HEAD')
				return (
					sendJson(res, 405, { status: 405, ...refusalFields({ kind: 'media_read_only' }) }),
					true
				);
			let name: string;
			try {
				name = decodeURIComponent(path.slice(MEDIA_PREFIX.length));
			} catch {
				return (notFound(res), true);
			}
			if (!dir) return (notFound(res), true);
			void fileIn(dir, name).then(async (file) => {
				if (!file) return notFound(res);
				const ext = name.split('.').pop()!.toLowerCase();
				const size = (await stat(file)).size;
				res.writeHead(200, {
					...SECURITY_HEADERS,
					'Content-Type': TYPES[ext] ?? 'application/octet-stream',
					'Content-Length': String(size),
					'Cache-Control': 'no-cache'
				});
				if (req.method === 'HEAD') return void res.end();
				createReadStream(file)
					.on('error', () => res.destroy())
					.pipe(res);
			});
			return true;
		}
	};
}
