/**
 * The companion's defaults, apart from the server itself: `npm start` prints them in its help before
 * the messages are compiled (a fresh clone), and imports the companion, whose later lines speak the
 * start log's language through those messages, only once they are (start.ts).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_COMPANION_PORT = 39280;
export const DEFAULT_API = 'http://127.0.0.1:39231';
