/**
 * Why: a phone's first load of the deck in one file gzips smaller than in thirty.
 *
 * The deck's first load in as few files as can be: every module a cold `index.html#/` runs before any
 * lazy chunk (SvelteKit's client entries, the root and dashboard layouts, the error page and the deck
 * page, with all they import statically) goes in one chunk, so it is fetched at once and gzipped as one
 * (35 files each gzipped came to 8 kB more than the same code in one file). Other pages stay split and
 * load on demand; what they share with the deck they take from this chunk. Public means only: the
 * bundle's entries as the plugin API reports them, our own route files, rolldown's `codeSplitting`.
 * (buildEnd runs before the chunks are made, so the roots are known when rolldown asks for groups.)
 */
import { relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

type ModuleInfo = { importedIds: readonly string[] } | null;
type Context = { getModuleInfo(id: string): ModuleInfo };

/** The routes a cold `#/` renders, besides the bundle's entries. */
const ROUTES = [
	'src/routes/+layout.svelte',
	'src/routes/+error.svelte',
	'src/routes/(app)/+layout.svelte',
	// Its load waits for the dashboard's language (src/lib/app/language.svelte.ts).
	'src/routes/(app)/+layout.ts',
	'src/routes/(app)/+page.svelte'
];

/**
 * Modules the deck loads later, never in its first load: the send validators (every type's params
 * schema), fetched at the first touch, key or press (src/lib/app/send-check.ts); the timer document,
 * fetched at a timer button's press (src/lib/app/deck/timer-request.ts); the alert box control's
 * reading (the deck only writes it: alert-control-actions.ts); the event feed and its chat and alert
 * parsers, fetched when a page first shows the feed (src/lib/app/dashboard-feed.svelte.ts); the upgrade of the deck
 * before layouts, fetched when there is one (src/lib/app/deck/store.svelte.ts); what the connection
 * banner says, fetched at the first trouble (src/lib/ui/ConnectionBanner.svelte); the widgets' language
 * (Paraglide's runtime and messages), which no deck tile needs; the deck's two views, each fetched when
 * shown (the streamer's grid with its tiles and their receipts, and the Everything page); the shared
 * deck, fetched only where the companion serves the page; the screen kept on, fetched at the first tap
 * or key (src/routes/(app)/+page.svelte and +layout.svelte). A static import that
 * would pull one in (often through the `$lib/protocol` index) fails the build, naming the chain.
 */
const LATER = [
	'src/lib/protocol/catalog.ts',
	'src/lib/protocol/send.ts',
	'src/lib/protocol/timer-state.ts',
	'src/lib/protocol/alert-control.ts',
	'src/lib/protocol/event-lines.ts',
	'src/lib/client/state/event-feed.svelte.ts',
	'src/lib/app/deck/migrate.ts',
	'src/lib/client/probable-cause.ts',
	'src/lib/widgets/i18n.ts',
	'src/routes/(app)/DeckTile.svelte',
	'src/routes/(app)/tile-receipt.svelte.ts',
	'src/routes/(app)/DeckEverything.svelte',
	'src/lib/app/deck/sync.svelte.ts',
	'src/lib/app/deck/merge.ts',
	'src/lib/ui/screen-awake.svelte.ts'
];

/**
 * The deck's two views, each fetched when it shows (src/routes/(app)/+page.svelte): each goes in one
 * chunk of its own (a view in eight small files came to twice its bytes in one); what both need goes
 * in the first load, since one of them always shows.
 */
const VIEWS = {
	'deck-everything': 'src/routes/(app)/DeckEverything.svelte',
	'deck-page': 'src/routes/(app)/DeckPageView.svelte'
};

/** Everything the roots import statically, each with the module that first imported it. */
function reachable(
	ctx: Context,
	roots: Iterable<string>,
	skip: (id: string) => boolean = () => false
): Map<string, string | undefined> {
	const seen = new Map<string, string | undefined>();
	const stack: [string, string | undefined][] = [...roots].map((id) => [id, undefined]);
	while (stack.length) {
		const [id, from] = stack.pop()!;
		if (seen.has(id) || skip(id)) continue;
		const info = ctx.getModuleInfo(id);
		if (!info) continue;
		seen.set(id, from);
		stack.push(...info.importedIds.map((imported): [string, string] => [imported, id]));
	}
	return seen;
}

/** Throws when a module meant for later is in the first load. */
function keepOut(firstLoad: Map<string, string | undefined>, project: string): void {
	for (const later of LATER.map((path) => resolve(project, path))) {
		if (!firstLoad.has(later)) continue;
		const chain: string[] = [];
		for (let id: string | undefined = later; id; id = firstLoad.get(id))
			chain.unshift(relative(project, id));
		throw new Error(
			`first load: ${chain.join(' → ')} (import it dynamically where it is needed; a protocol file directly, not through the index)`
		);
	}
}

/** The plugin: the client build of index.html only (SvelteKit's server build and the one-file page keep their chunks). */
export function firstLoadChunk(project: string): Plugin {
	const roots = new Set(ROUTES.map((route) => resolve(project, route)));
	const routes = resolve(project, 'src/routes') + '/';
	// The dashboard's words, one module per message behind an index of them all: left to rolldown, which
	// puts each in the chunk of the code that says it (they are free of side effects), where following
	// the index would put every page's words in the deck's first load.
	const words = resolve(project, 'src/lib/paraglide-ui') + '/';
	const isWords = (id: string) => id.startsWith(words);
	let chunks: Map<string, string> | undefined;
	/** Each module of the first load and of the views, with the chunk it goes in. */
	const plan = (ctx: Context) => {
		const firstLoad = reachable(ctx, roots, isWords);
		keepOut(firstLoad, project);
		const planned = new Map([...firstLoad.keys()].map((id) => [id, 'deck']));
		for (const [name, view] of Object.entries(VIEWS))
			for (const id of reachable(ctx, [resolve(project, view)], isWords).keys())
				if (!firstLoad.has(id)) planned.set(id, planned.has(id) ? 'deck' : name);
		return planned;
	};
	const group = (id: string, ctx: Context) => (chunks ??= plan(ctx)).get(id) ?? null;
	return {
		name: 'first-load-chunk',
		transform(_code, id) {
			if (isWords(id)) return { moduleSideEffects: false };
		},
		apply: (_config, env) => env.command === 'build' && env.mode !== 'standalone',
		configEnvironment(name) {
			if (name === 'client')
				return {
					build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: group }] } } } }
				};
		},
		buildEnd() {
			if (this.environment.name !== 'client') return;
			// The client build's entries that are not a route's node (every node is an entry too, and imports
			// its route's file): SvelteKit's start and app modules, whatever their paths.
			for (const id of this.getModuleIds()) {
				const info = this.getModuleInfo(id);
				if (info?.isEntry && !info.importedIds.some((imported) => imported.startsWith(routes)))
					roots.add(id);
			}
		}
	};
}
