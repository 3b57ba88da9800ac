/** The split index.html's finishing touches (kit-pages.js): relative addresses, file:// redirect, the policy's hash. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BOOT_SHELL, DECK_ENTRY, deckEntry, splitPage, STANDALONE_PAGE } from '../../kit-pages.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');
const BOOT = `
	{
		__sveltekit_x = { base: new URL('.', location).pathname.slice(0, -1) };
		const element = document.currentScript.parentElement;
		Promise.all([import("/_app/immutable/entry/start.A.js"), import("/_app/immutable/entry/app.B.js")]).then(([kit, app]) => kit.start(app, element));
	}
`;
const page = (boot = BOOT, hash = sha256(BOOT)) => `<!doctype html><html><head><meta charset="utf-8" />
<meta http-equiv="content-security-policy" content="default-src 'none'; script-src 'self' 'sha256-${hash}'; base-uri 'none'">
<link href="/_app/immutable/entry/start.A.js" rel="modulepreload">
<link href="/_app/immutable/chunks/C.js" rel="modulepreload">
</head><body><div style="display: contents"><script>${boot}</script></div></body></html>`;

const DECK = { script: '_app/immutable/chunks/Deck.js', css: ['_app/immutable/assets/deck.D.css'] };
const scriptOf = (html: string) => /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
const settle = () => new Promise((done) => setTimeout(done, 0));

/**
 * Runs the page's script against a fake page at `hash`: what it paints, links and loads, and which of
 * the deck and SvelteKit it starts. Module loads (`import(…)`) go to a fake loader.
 */
async function run(script: string, hash: string, options: { holdStyles?: boolean } = {}) {
	const seen = {
		inserted: [] as string[],
		links: [] as [string, string][],
		loads: [] as string[],
		started: [] as string[],
		leave: undefined as undefined | (() => Promise<unknown>),
		styled: () => {}
	};
	const held: (() => void)[] = [];
	seen.styled = () => held.splice(0).forEach((done) => done());
	const target = { insertAdjacentHTML: (_where: string, html: string) => seen.inserted.push(html) };
	const document = {
		currentScript: { parentElement: target },
		head: {
			append: (link: { rel: string; href: string; onload?: () => void }) => {
				seen.links.push([link.rel, link.href]);
				if (link.rel !== 'stylesheet') return;
				if (options.holdStyles) held.push(() => link.onload!());
				else queueMicrotask(() => link.onload!());
			}
		},
		createElement: () => ({})
	};
	const modules: Record<string, unknown> = {
		[`./${DECK.script}`]: { start: (on: unknown, kit: () => Promise<unknown>) => (seen.started.push('deck'), expect(on).toBe(target), (seen.leave = kit)) },
		'./_app/immutable/entry/start.A.js': { start: async (_app: unknown, on: unknown) => (seen.started.push('kit'), expect(on).toBe(target)) },
		'./_app/immutable/entry/app.B.js': {}
	};
	const load = async (path: string) => (seen.loads.push(path), modules[path]);
	new Function('location', 'document', 'load', script.replace(/\bimport\(/g, 'load('))({ protocol: 'http:', hash, search: '', toString: () => `http://127.0.0.1/index.html${hash}` }, document, load);
	await settle();
	return seen;
}

describe('splitPage', () => {
	it('makes every address relative, moves the preloads into the script and sends file:// to the standalone page', () => {
		const out = splitPage(page(), DECK);
		expect(out).not.toMatch(/["'(]\/_app\//);
		expect(out).not.toContain('rel="modulepreload"');
		expect(out).toContain('import("./_app/immutable/entry/start.A.js")');
		expect(out).toContain('import("./_app/immutable/chunks/Deck.js")');
		expect(out).toContain('["./_app/immutable/entry/start.A.js","./_app/immutable/chunks/C.js"]');
		expect(out).toContain(`location.replace('./${STANDALONE_PAGE}' + location.search + location.hash)`);
	});

	it('paints the loading line on dashboard routes only, before the modules load', async () => {
		const script = scriptOf(splitPage(page(), DECK));
		expect(script.indexOf('insertAdjacentHTML')).toBeLessThan(script.indexOf('import('));
		expect((await run(script, '#/')).inserted).toEqual([BOOT_SHELL]);
		expect((await run(script, '#/chat?token=x')).inserted).toEqual([BOOT_SHELL]);
		expect((await run(script, '#/widget/chat?token=x')).inserted).toEqual([]);
	});

	it("puts the new script's hash in the policy, in place of the old one", () => {
		const out = splitPage(page(), DECK);
		expect(out).toContain(`script-src 'self' 'sha256-${sha256(scriptOf(out))}'; base-uri 'none'`);
		expect(out).not.toContain(sha256(BOOT));
	});

	it('opens the deck without SvelteKit, and starts SvelteKit when the deck asks (its first other page)', async () => {
		const script = scriptOf(splitPage(page(), DECK));
		for (const hash of ['', '#/', '#/?token=x', '#?token=x']) {
			const deck = await run(script, hash);
			// The deck's styles, then its module; nothing of SvelteKit's yet, not even a preload.
			expect(deck.loads, hash).toEqual(['./_app/immutable/chunks/Deck.js']);
			expect(deck.links, hash).toEqual([['stylesheet', './_app/immutable/assets/deck.D.css']]);
			expect(deck.started, hash).toEqual(['deck']);
			await deck.leave!();
			expect(deck.loads).toEqual(['./_app/immutable/chunks/Deck.js', './_app/immutable/entry/start.A.js', './_app/immutable/entry/app.B.js']);
			expect(deck.started).toEqual(['deck', 'kit']);
			expect(deck.links.map(([rel]) => rel)).toEqual(['stylesheet', 'modulepreload', 'modulepreload']);
		}
		const chat = await run(script, '#/chat');
		expect(chat.loads).toEqual(['./_app/immutable/entry/start.A.js', './_app/immutable/entry/app.B.js']);
		expect(chat.started).toEqual(['kit']);
	});

	it('starts SvelteKit on every route when the build has no deck entry', async () => {
		const deck = await run(scriptOf(splitPage(page())), '#/');
		expect(deck.started).toEqual(['kit']);
	});

	it("starts the app only once the first load's styles are in (no blocking <link>, nothing from file://)", async () => {
		const styled = page().replace('</head>', '<link href="/_app/immutable/assets/kit.K.css" rel="stylesheet">\n</head>');
		const out = splitPage(styled, DECK);
		expect(out).not.toContain('rel="stylesheet"');
		const script = scriptOf(out);
		expect(script.indexOf("location.protocol === 'file:'")).toBeLessThan(script.indexOf('deck.D.css'));
		for (const [hash, sheet, started] of [['#/', './_app/immutable/assets/deck.D.css', 'deck'], ['#/songs', './_app/immutable/assets/kit.K.css', 'kit']] as const) {
			const page = await run(script, hash, { holdStyles: true });
			expect(page.links).toContainEqual(['stylesheet', sheet]);
			expect(page.started).toEqual([]);
			page.styled();
			await settle();
			expect(page.started).toEqual([started]);
		}
	});

	it('finds the deck entry and every stylesheet it needs in Vite\'s manifest', () => {
		const manifest = {
			[DECK_ENTRY]: { file: '_app/immutable/chunks/Deck.js', imports: ['_shared.js'] },
			'_shared.js': { file: '_app/immutable/chunks/shared.js', css: ['_app/immutable/assets/deck.D.css'], imports: ['_more.js'] },
			'_more.js': { file: '_app/immutable/chunks/more.js', css: ['_app/immutable/assets/more.M.css'], imports: ['_shared.js'] },
			'_other.js': { file: '_app/immutable/chunks/other.js', css: ['_app/immutable/assets/other.O.css'] }
		};
		expect(deckEntry(manifest)).toEqual({ script: '_app/immutable/chunks/Deck.js', css: ['_app/immutable/assets/deck.D.css', '_app/immutable/assets/more.M.css'] });
		expect(() => deckEntry({})).toThrow(DECK_ENTRY);
	});

	it('refuses a page it does not understand rather than write one that would not run', () => {
		expect(() => splitPage(page(BOOT, 'not-the-hash'))).toThrow(/hash/);
		expect(() => splitPage(page().replace('</body>', '<script>other()</script></body>'))).toThrow(/one inline script/);
		const changed = BOOT.replace('kit.start(app, element)', 'kit.start(app, element, data)');
		expect(() => splitPage(page(changed, sha256(changed)))).toThrow(/not shaped as expected/);
	});
});
