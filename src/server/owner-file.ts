/**
 * The companion's small files that hold keys or the streamer's deck (share links, decks): only their
 * owner may read them. Written atomically with mode 0600, so a crash leaves the old file or the new
 * one, never half of one; read with their schema, so a file this version cannot read is an error,
 * never silently emptied (that would revoke every share link).
 */
import { randomBytes } from 'node:crypto';
import {
	chmodSync,
	closeSync,
	fsyncSync,
	mkdirSync,
	openSync,
	readFileSync,
	renameSync,
	rmSync,
	statSync,
	writeSync
} from 'node:fs';
import { dirname } from 'node:path';
import * as v from 'valibot';
import { m } from '../lib/paraglide/messages.js';
import { CompanionError, unreadable, type OwnerFile } from './start-errors';

/** Writes `text` to a temp file only the owner can read, then renames it over `file`. */
export function writeOwnerOnly(file: string, text: string): void {
	mkdirSync(dirname(file), { recursive: true });
	const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
	try {
		const fd = openSync(temp, 'wx', 0o600);
		try {
			writeSync(fd, text);
			fsyncSync(fd);
		} finally {
			closeSync(fd);
		}
		// The umask may have narrowed the mode further; never wider than 0600.
		chmodSync(temp, 0o600);
		renameSync(temp, file);
	} catch (err) {
		rmSync(temp, { force: true });
		throw err;
	}
}

export interface ReadOptions {
	/** Which file it is, named in the errors and the log line in the start log's language. */
	what: OwnerFile;
	log?: (line: string) => void;
	/** For tests: Windows has no Unix file modes (its ACLs keep a user's files private). */
	platform?: NodeJS.Platform;
}

/**
 * The file's content as its schema reads it, or undefined when there is no file yet. An unreadable
 * file, one that is not JSON or not of the schema's shape throws a CompanionError naming the file
 * (never its content).
 * A file others can read (copied in, or made by an older version) is made owner-only, and the log says so.
 */
export function readOwnerOnlyJson<S extends v.GenericSchema>(
	file: string,
	schema: S,
	{ what, log = () => {}, platform = process.platform }: ReadOptions
): v.InferOutput<S> | undefined {
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch (err) {
		if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
		throw new CompanionError({ kind: 'file_unreadable', what, file, ...unreadable(err) });
	}
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		throw new CompanionError({ kind: 'file_not_json', what, file });
	}
	const parsed = v.safeParse(schema, json);
	if (!parsed.success) throw new CompanionError({ kind: 'file_shape', what, file });
	if (platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) {
		chmodSync(file, 0o600);
		log(m.companion_file_made_private({ what, file }));
	}
	return parsed.output;
}
