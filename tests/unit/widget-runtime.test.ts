/**
 * widget.html carries only the Svelte runtime its widgets need (issue 26: ≤ 50 kB gzipped). Four
 * constructs would each bring a piece of it back for nothing a widget needs (bench/README.md, branch
 * wsizeA45): a dynamic `style` attribute or `style:` directive (Svelte's style-attribute runtime,
 * 0.47 kB gzipped: use inline-style.ts's attachment), a prop default (`prop()`, 0.43 kB: read the
 * absent prop where it is used), a class expression (`clsx`, 0.14 kB: use `class:` directives) and an
 * event attribute or `<svelte:window>` (0.23 kB: listen.ts's attachment, or a listener in `$effect`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function componentsUnder(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		const path = join(dir, e.name);
		if (e.isDirectory()) return componentsUnder(path);
		return e.name.endsWith('.svelte') ? [path] : [];
	});
}

const COMPONENTS = ['src/lib/widgets', 'src/widget-entry'].flatMap((dir) =>
	componentsUnder(join(ROOT, dir))
);

/** What a component's file holds: its script, and its markup without the script and the styles. */
function partsOf(file: string): { script: string; markup: string } {
	const text = readFileSync(file, 'utf8');
	const script = [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
		.map((m) => m[1])
		.join('\n');
	const markup = text
		.replace(/<script[^>]*>[\s\S]*?<\/script>/g, '')
		.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
	return { script, markup };
}

describe('widget components use no construct that brings unneeded Svelte runtime into widget.html', () => {
	it('finds the components', () => {
		expect(COMPONENTS.length).toBeGreaterThan(10);
	});

	for (const file of COMPONENTS) {
		const name = relative(ROOT, file);
		it(name, () => {
			const { script, markup } = partsOf(file);
			// A style attribute with a value from the script, or a style: directive.
			expect(markup).not.toMatch(/\sstyle=(\{|"[^"]*\{)|\sstyle:/);
			// A class attribute that is one expression (class="a {b}" is a string and fine).
			expect(markup).not.toMatch(/\sclass=\{/);
			// An event attribute (onerror={…}) or a <svelte:window>/<svelte:document> element.
			expect(markup).not.toMatch(/\son[a-z]+=|<svelte:(window|document|body)/);
			// A default in the props' destructuring: `let { a = 1 } = $props()`.
			const props = /let\s*\{([^}]*)\}[^=]*(?::[\s\S]*?)?=\s*\$props\(\)/.exec(script);
			expect(props?.[1] ?? '').not.toMatch(/=/);
		});
	}
});
