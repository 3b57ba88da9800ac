/**
 * The README's rooms, checked on the source: which folder may import which. A widget page must carry
 * no dashboard code, and the interface and the transport must not lean on the dashboard.
 */
import { readdirSync, readFileSync } from 'node:fs';
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
	const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
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
	{ room: 'lib/widgets', may: ['lib/client', 'lib/protocol'] },
	// widget-entry/demo.ts is widget-demo.js, the in-page simulator fetched only for demo mode.
	{ room: 'widget-entry', may: ['lib/client', 'lib/widgets', 'lib/protocol', 'lib/demo'] }
];

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
		expect(importsOf(join(SRC, 'lib/app/dashboard.svelte.ts')).some((t) => t.startsWith('lib/client/'))).toBe(true);
	});
});
