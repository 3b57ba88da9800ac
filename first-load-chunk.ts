/**
 * The deck's first load in as few files as can be: every module a cold `index.html#/` runs before any
 * lazy chunk (the SvelteKit client, the root and dashboard layouts, the error page and the deck page,
 * with all they import statically) goes in one chunk, so it is fetched at once and gzipped as one
 * (35 files each gzipped came to 8 kB more than the same code in one file). Other pages stay split and
 * load on demand; what they share with the deck they take from this chunk.
 */
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

type ModuleInfo = { importedIds: readonly string[] } | null;
type Context = { getModuleInfo(id: string): ModuleInfo };

/** The modules the first load starts from; the rest is what they import statically. */
const roots = (project: string) => [
	resolve(project, '.svelte-kit/generated/client-optimized/app.js'),
	resolve(project, 'node_modules/@sveltejs/kit/src/runtime/client/entry.js'),
	resolve(project, 'node_modules/@sveltejs/kit/src/runtime/components/svelte-5/error.svelte'),
	resolve(project, 'src/routes/+layout.svelte'),
	resolve(project, 'src/routes/(app)/+layout.svelte'),
	resolve(project, 'src/routes/(app)/+page.svelte')
];

/** rolldown's `output.codeSplitting` for the split build: one group, named `deck`. */
function firstLoadSplitting(project: string) {
	let firstLoad: Set<string> | undefined;
	const collect = (ctx: Context) => {
		const seen = new Set<string>();
		const stack = roots(project);
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
		groups: [{ name: (id: string, ctx: Context) => ((firstLoad ??= collect(ctx)).has(id) ? 'deck' : null) }]
	};
}

/** The plugin: the client build of index.html only (SvelteKit's server build and the one-file page keep their chunks). */
export function firstLoadChunk(project: string): Plugin {
	return {
		name: 'first-load-chunk',
		apply: (_config, env) => env.command === 'build' && env.mode !== 'standalone',
		configEnvironment(name) {
			if (name === 'client') return { build: { rolldownOptions: { output: { codeSplitting: firstLoadSplitting(project) } } } };
		}
	};
}
