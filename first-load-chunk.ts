/**
 * The deck's first load in as few files as can be. The deck opens without SvelteKit's router
 * (src/deck-entry): its entry is added to the client build, and every module it imports statically
 * (the dashboard's layout, the deck page, the client, the runtime) goes in one chunk, so it is fetched
 * at once and gzipped as one (35 files each gzipped came to 8 kB more than the same code in one file).
 * SvelteKit and the other pages stay split and load on demand; what they share with the deck they
 * take from this chunk. kit-pages.js finds the entry's file and styles in Vite's manifest.
 */
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { DECK_ENTRY } from './kit-pages.js';

type ModuleInfo = { importedIds: readonly string[] } | null;
type Context = { getModuleInfo(id: string): ModuleInfo };

/** rolldown's `output.codeSplitting` for the split build: one group, named `deck`. */
function firstLoadSplitting(entry: string) {
	let firstLoad: Set<string> | undefined;
	const collect = (ctx: Context) => {
		const seen = new Set<string>();
		const stack = [entry];
		while (stack.length) {
			const id = stack.pop()!;
			if (seen.has(id)) continue;
			const info = ctx.getModuleInfo(id);
			if (!info) continue;
			seen.add(id);
			stack.push(...info.importedIds);
		}
		return seen;
	};
	return {
		groups: [{ name: (id: string, ctx: Context) => ((firstLoad ??= collect(ctx)).has(id) ? 'deck' : null), debugName: 'deck' }]
	};
}

/** The plugin: the client build of index.html only (SvelteKit's server build and the one-file page have no deck entry). */
export function firstLoadChunk(project: string): Plugin {
	const entry = resolve(project, DECK_ENTRY);
	return {
		name: 'first-load-chunk',
		apply: (_config, env) => env.command === 'build' && env.mode !== 'standalone',
		configEnvironment(name) {
			if (name === 'client') return { build: { rolldownOptions: { output: { codeSplitting: firstLoadSplitting(entry) } } } };
		},
		buildStart() {
			if (this.environment.name === 'client') this.emitFile({ type: 'chunk', id: entry, name: 'deck-entry', preserveSignature: 'strict' });
		}
	};
}
