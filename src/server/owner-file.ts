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
	/** What the file is, in the errors and the log line: "deck file", "share-links file". */
	name: string;
	log?: (line: string) => void;
	/** For tests: Windows has no Unix file modes (its ACLs keep a user's files private). */
	platform?: NodeJS.Platform;
}

/**
 * The file's content as its schema reads it, or undefined when there is no file yet. An unreadable
 * file, one that is not JSON or not of the schema's shape throws, naming the file (never its content).
 * A file others can read (copied in, or made by an older version) is made owner-only, and the log says so.
 */
export function readOwnerOnlyJson<S extends v.GenericSchema>(
	file: string,
	schema: S,
	{ name, log = () => {}, platform = process.platform }: ReadOptions
): v.InferOutput<S> | undefined {
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch (err) {
		if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
		throw new Error(`Cannot read the ${name} ${file}: ${(err as Error).message}`);
	}
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		throw new Error(`The ${name} ${file} is not valid JSON: fix or delete it`);
	}
	const parsed = v.safeParse(schema, json);
	if (!parsed.success)
		throw new Error(`The ${name} ${file} is not one this version reads: fix or delete it`);
	if (platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) {
		chmodSync(file, 0o600);
		log(
			`${name[0]!.toUpperCase()}${name.slice(1)} ${file} was readable by others; it is now owner-only (0600).`
		);
	}
	return parsed.output;
}
