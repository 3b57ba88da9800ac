/**
 * The deck's first load carries the English words of the deck and the frame around it, and no other
 * page's: each dashboard message is a module of its own (build-tools/paraglide.ts), put in the chunk of
 * the code that says it (build-tools/first-load-chunk.ts). Read from the built index.html's scripts,
 * which is what a cold `#/` fetches before any lazy chunk.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_DIR } from '../harness';

const ROOT = resolve(import.meta.dirname, '../../..');
const AREAS = resolve(ROOT, 'messages/dashboard');

/** The first load's script, every file index.html names. */
const firstLoad = (): string => {
	const html = readFileSync(join(BUILD_DIR, 'index.html'), 'utf8');
	const files = new Set(html.match(/_app\/immutable\/[^"']+\.js/g) ?? []);
	return [...files].map((file) => readFileSync(join(BUILD_DIR, file), 'utf8')).join('\n');
};

/**
 * A message's plain English start (letters, digits, spaces, commas), long enough to be its own (lib/client
 * says a few short sentences of its own, such as "The token was rejected.").
 */
const probe = (message: unknown, length = 24): string | undefined => {
	const start =
		typeof message === 'string'
			? new RegExp(`^[A-Za-z0-9 ,]{${length},}`).exec(message)?.[0]
			: undefined;
	return start?.trim();
};

/** lib/client's own source: its English sentences (errors, the Connect rules) are in the first load by right. */
const clientSource = (dir = resolve(ROOT, 'src/lib/client')): string =>
	readdirSync(dir, { withFileTypes: true })
		.map((entry) =>
			entry.isDirectory()
				? clientSource(join(dir, entry.name))
				: entry.name.endsWith('.ts')
					? readFileSync(join(dir, entry.name), 'utf8')
					: ''
		)
		.join('\n');

const english = (area: string): Record<string, unknown> =>
	JSON.parse(readFileSync(join(AREAS, area, 'en.json'), 'utf8')) as Record<string, unknown>;

describe("the deck's first load, in words", () => {
	const script = firstLoad();

	// Not the Everything view's "Reading the setup…": that view is a chunk of its own, fetched at the
	// first render (a press's "reading the setup again" matched it here until those left the first load).
	it('carries the words the deck shows first (its tabs, a view that did not load, a failed edit mode)', () => {
		const deck = english('deck');
		for (const key of ['deck_everything', 'deck_view_failed', 'deck_edit_failed'])
			expect([key, script.includes(probe(deck[key], 10) ?? '(no probe)')]).toEqual([key, true]);
	});

	it('leaves out what the connection banner says (fetched at the first trouble) and every other page’s words', () => {
		const shell = english('shell');
		const later = Object.entries(shell).filter(([key]) => key.startsWith('cause_'));
		for (const area of readdirSync(AREAS, { withFileTypes: true }))
			// shell, deck and ui (the shared pieces: confirmations, receipts) are the deck's own.
			if (area.isDirectory() && !['shell', 'deck', 'ui'].includes(area.name))
				later.push(...Object.entries(english(area.name)));
		// A sentence lib/client says too (its error texts and the Connect rules, in English, in the first
		// load) proves nothing: the dashboard's English of these is lib/client's own sentence. So for
		// the protocol's rules, which the deck's schema says (a bad deck file's, which the companion
		// says too): their English sentences are common-rules.ts's (the rest of rule-text.ts's table
		// must stay out of the first load; first-load-size holds that).
		// Likewise a send type's English word (lib/app/send-type-words.ts) is the catalogue's own label.
		const client =
			clientSource() +
			['common-rules.ts', 'send-types.ts', 'read-types.ts']
				.map((file) => readFileSync(resolve(ROOT, 'src/lib/protocol', file), 'utf8'))
				.join('\n');
		const found = later
			.map(([key, message]) => [key, probe(message)] as const)
			.filter(([, text]) => text !== undefined && !client.includes(text) && script.includes(text))
			.map(([key]) => key);
		expect(later.filter(([, message]) => probe(message)).length).toBeGreaterThan(5);
		expect(found).toEqual([]);
	});
});
