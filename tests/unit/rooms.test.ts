/**
 * The README's rooms, checked on the source: which folder may import which. A widget page must carry
 * no dashboard code, and the interface and the transport must not lean on the dashboard.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

function filesUnder(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		const path = join(dir, e.name);
		if (e.isDirectory()) return filesUnder(path);
		return /\.(ts|js|svelte)$/.test(e.name) ? [path] : [];
	});
}

/** Every module a file imports (static, dynamic and re-exports), as a path under src/ where it is one of ours. */
function importsOf(file: string): string[] {
	const text = readFileSync(file, 'utf8');
	const specifiers = [
		...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g)
	].map((m) => m[1]!);
	return specifiers.flatMap((s) => {
		if (s.startsWith('$lib/')) return [`lib/${s.slice(5)}`];
		if (s.startsWith('.')) return [relative(SRC, resolve(dirname(file), s))];
		return [];
	});
}

/** Each room (a folder under src/) and the rooms it may import, besides itself. */
const RULES: { room: string; may: string[] }[] = [
	{ room: 'lib/protocol', may: [] },
	{ room: 'lib/client', may: ['lib/protocol', 'lib/sim', 'lib/demo'] },
	// lib/paraglide: the message functions Paraglide compiles from messages/ (build-tools/paraglide.ts).
	{ room: 'lib/widgets', may: ['lib/client', 'lib/protocol', 'lib/paraglide'] },
	// widget-entry/demo.ts is widget-demo.js, the in-page simulator fetched only for demo mode.
	{
		room: 'widget-entry',
		may: ['lib/client', 'lib/widgets', 'lib/protocol', 'lib/demo', 'lib/paraglide']
	}
];

/**
 * The dashboard's pages, under routes/(app). A page's folder (one holding a +page.svelte) imports only
 * lib/ and itself. The deck is the page at the top of (app)/: its files there and the folders without
 * a +page of their own (its edit mode, deck-edit/) are its folder. The layout serves every page, so it
 * imports only lib/. What two pages share lives in lib/app (state) or lib/ui (components).
 */
const APP = 'routes/(app)';
const isPageFolder = (folder: string) => existsSync(join(SRC, APP, folder, '+page.svelte'));

/** The folder a file under routes/(app) belongs to: a page's folder, the deck, or the layout. */
function appRoomOf(path: string): string {
	const [first, ...rest] = relative(APP, path).split('/');
	if (rest.length === 0) return /^\+layout\./.test(first!) ? 'layout' : 'deck';
	return isPageFolder(first!) ? `${APP}/${first}` : 'deck';
}

/** Why `file` (a path under src/) may not import `target`, or undefined when it may. */
function appBreach(file: string, target: string): string | undefined {
	if (target.startsWith('lib/') || !target.startsWith(`${APP}/`)) return undefined;
	const from = appRoomOf(file);
	if (from !== 'layout' && appRoomOf(target) === from) return undefined;
	return `${file} → ${target}`;
}

describe('pages (README: logic one page uses lives beside that page)', () => {
	const files = filesUnder(join(SRC, APP)).map((f) => relative(SRC, f));
	const rooms = [...new Set(files.map(appRoomOf))].sort();

	it('finds the layout, the deck and the other pages', () => {
		expect(rooms).toEqual(
			expect.arrayContaining(['deck', 'layout', `${APP}/routines`, `${APP}/chat`])
		);
	});

	it.each(rooms)('%s imports only lib/ and itself', (room) => {
		const breaches = files
			.filter((file) => appRoomOf(file) === room)
			.flatMap((file) =>
				importsOf(join(SRC, file)).flatMap((target) => appBreach(file, target) ?? [])
			);
		expect(breaches).toEqual([]);
	});

	it('finds a breach when there is one (the check itself)', () => {
		expect(
			appBreach(`${APP}/deck-edit/DeckEdit.svelte`, `${APP}/routines/saved-routines.svelte`)
		).toBeDefined();
		expect(appBreach(`${APP}/chat/+page.svelte`, `${APP}/DeckGrid.svelte`)).toBeDefined();
		expect(appBreach(`${APP}/+layout.svelte`, `${APP}/DeckGrid.svelte`)).toBeDefined();
		expect(appBreach(`${APP}/+page.svelte`, `${APP}/deck-edit/DeckEdit.svelte`)).toBeUndefined();
		expect(appBreach(`${APP}/deck-edit/DeckEdit.svelte`, `${APP}/deck-items`)).toBeUndefined();
		expect(appBreach(`${APP}/routines/+page.svelte`, 'lib/app/press.svelte')).toBeUndefined();
	});
});

describe('rooms (README: how the code is laid out)', () => {
	it.each(RULES)('$room imports only $may and itself', ({ room, may }) => {
		const files = filesUnder(join(SRC, room));
		expect(files.length).toBeGreaterThan(0);
		const allowed = [room, ...may];
		const breaches = files.flatMap((file) =>
			importsOf(file)
				.filter((target) => !allowed.some((a) => target === a || target.startsWith(`${a}/`)))
				.map((target) => `${relative(SRC, file)} → ${target}`)
		);
		expect(breaches).toEqual([]);
	});

	it('finds a breach when there is one (the check itself)', () => {
		expect(
			importsOf(join(SRC, 'lib/app/dashboard.svelte.ts')).some((t) => t.startsWith('lib/client/'))
		).toBe(true);
	});
});
