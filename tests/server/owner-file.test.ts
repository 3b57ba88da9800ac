/**
 * The companion's owner-only JSON files (share links, decks): written atomically with mode 0600, read
 * with their schema; a broken file is an error naming the file (never its content), a file others can
 * read is made owner-only. Both stores go through the one module.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyDeck } from '../../src/lib/app/deck/layout';
import { DeckFile } from '../../src/server/deck-sync';
import { readOwnerOnlyJson, writeOwnerOnly } from '../../src/server/owner-file';
import { ShareStore } from '../../src/server/share-store';
import { tempDir } from './helpers';

const dirs: { remove(): void }[] = [];
afterAll(() => dirs.forEach((d) => d.remove()));
const folder = () => {
	const tmp = tempDir('owner-file-');
	dirs.push(tmp);
	return tmp.dir;
};
const unix = process.platform !== 'win32';
const Schema = v.object({ version: v.literal(1), names: v.array(v.string()) });

describe('writeOwnerOnly', () => {
	it('creates the folder and an owner-only file, replaces it whole, and leaves no temp file', () => {
		const dir = join(folder(), 'nested', 'deeper');
		const file = join(dir, 'data.json');
		writeOwnerOnly(file, '{"version":1,"names":["a"]}\n');
		expect(readFileSync(file, 'utf8')).toBe('{"version":1,"names":["a"]}\n');
		if (unix) expect(statSync(file).mode & 0o777).toBe(0o600);
		writeOwnerOnly(file, '{"version":1,"names":["b"]}\n');
		expect(readFileSync(file, 'utf8')).toBe('{"version":1,"names":["b"]}\n');
		if (unix) expect(statSync(file).mode & 0o777).toBe(0o600);
		expect(readdirSync(dir)).toEqual(['data.json']);
	});

	it('a write that cannot land throws and leaves no temp file behind', () => {
		const dir = folder();
		const file = join(dir, 'taken');
		mkdirSync(join(file, 'inside'), { recursive: true }); // a non-empty folder: rename cannot replace it
		expect(() => writeOwnerOnly(file, 'text')).toThrow();
		expect(readdirSync(dir)).toEqual(['taken']);
	});
});

describe('readOwnerOnlyJson', () => {
	it('reads what was written, with the schema; no file yet is undefined', () => {
		const file = join(folder(), 'data.json');
		expect(readOwnerOnlyJson(file, Schema, { what: 'deck' })).toBeUndefined();
		writeOwnerOnly(file, JSON.stringify({ version: 1, names: ['x', 'y'] }));
		expect(readOwnerOnlyJson(file, Schema, { what: 'deck' })).toEqual({
			version: 1,
			names: ['x', 'y']
		});
	});

	it('throws on a file that is not JSON, not of the shape, or not readable, naming the file but never its content', () => {
		const dir = folder();
		const cases: [string, string | undefined, RegExp][] = [
			['garbled.json', '{"version":1, SECRET-KEY-123', /is not valid JSON: fix or delete it/],
			['shape.json', '{"version":2,"names":["SECRET-KEY-123"]}', /is not one this version reads/],
			['folder.json', undefined, /^Cannot read the deck file .*: it is a folder$/]
		];
		for (const [name, content, message] of cases) {
			const file = join(dir, name);
			if (content === undefined) mkdirSync(file);
			else writeFileSync(file, content, { mode: 0o600 });
			let error: Error | undefined;
			try {
				readOwnerOnlyJson(file, Schema, { what: 'deck' });
			} catch (err) {
				error = err as Error;
			}
			expect(error?.message).toMatch(message);
			expect(error?.message).toContain(file);
			expect(error?.message).not.toContain('SECRET-KEY-123');
		}
	});

	it('makes a file others can read owner-only on Unix and says so; leaves modes alone on Windows', () => {
		const dir = folder();
		const open = (name: string) => {
			const file = join(dir, name);
			writeFileSync(file, JSON.stringify({ version: 1, names: [] }), { mode: 0o644 });
			return file;
		};
		const logs: string[] = [];
		const log = (line: string) => logs.push(line);
		const linux = open('linux.json');
		readOwnerOnlyJson(linux, Schema, { what: 'deck', log, platform: 'linux' });
		expect(logs).toEqual([
			`Deck file ${linux} was readable by others; it is now owner-only (0600).`
		]);
		if (unix) expect(statSync(linux).mode & 0o777).toBe(0o600);

		logs.length = 0;
		const windows = open('windows.json');
		readOwnerOnlyJson(windows, Schema, { what: 'deck', log, platform: 'win32' });
		expect(logs).toEqual([]);
		if (unix) expect(statSync(windows).mode & 0o777).toBe(0o644);
	});
});

describe('both stores use it', () => {
	it('the share-links and deck files are written owner-only and read back; a broken one is refused by name', () => {
		const dir = folder();
		const sharesFile = join(dir, 'links.json');
		const shares = ShareStore.open(sharesFile);
		const link = shares.create({ label: 'mod', profile: 'moderation', types: [], expiresAt: null });
		if (unix) expect(statSync(sharesFile).mode & 0o777).toBe(0o600);
		expect(ShareStore.open(sharesFile).get(link.id)?.label).toBe('mod');

		const deckFile = join(dir, 'decks.json');
		const decks = DeckFile.open(deckFile);
		decks.set('simulator', { rev: 3, doc: emptyDeck(), pages: {} });
		if (unix) expect(statSync(deckFile).mode & 0o777).toBe(0o600);
		expect(DeckFile.open(deckFile).get('simulator')).toMatchObject({ rev: 3, pages: {} });

		writeFileSync(sharesFile, 'not json');
		expect(() => ShareStore.open(sharesFile)).toThrow(/^The share-links file .* is not valid JSON/);
		writeFileSync(deckFile, '{"version":2,"decks":{}}');
		expect(() => DeckFile.open(deckFile)).toThrow(
			/^The deck file .* is not one this version reads/
		);
	});
});
