/** The split index.html's finishing touches (kit-pages.js): relative addresses, file:// redirect, the policy's hash. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BOOT_SHELL, splitPage, STANDALONE_PAGE } from '../../kit-pages.js';

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

describe('splitPage', () => {
	it('makes every address relative, moves the preloads into the script and sends file:// to the standalone page', () => {
		const out = splitPage(page());
		expect(out).not.toMatch(/["'(]\/_app\//);
		expect(out).not.toContain('rel="modulepreload"');
		expect(out).toContain('import("./_app/immutable/entry/start.A.js")');
		expect(out).toContain('["./_app/immutable/entry/start.A.js","./_app/immutable/chunks/C.js"]');
		expect(out).toContain(`location.replace('./${STANDALONE_PAGE}' + location.search + location.hash)`);
	});

	it('paints the loading line on dashboard routes only, before the modules load', () => {
		const script = /<script>([\s\S]*?)<\/script>/.exec(splitPage(page()))![1]!;
		expect(script.indexOf('insertAdjacentHTML')).toBeLessThan(script.indexOf('import('));
		const run = (hash: string) => {
			const inserted: string[] = [];
			const parentElement = { insertAdjacentHTML: (_where: string, html: string) => inserted.push(html) };
			const fake = { location: { protocol: 'http:', hash, search: '' }, document: { currentScript: { parentElement }, head: { append() {} }, createElement: () => ({}) } };
			// Only the line that decides; the module imports are not run here.
			const decide = script.split('\n').find((line) => line.includes('insertAdjacentHTML'))!;
			new Function('location', 'document', decide)(fake.location, fake.document);
			return inserted;
		};
		expect(run('#/')).toEqual([BOOT_SHELL]);
		expect(run('#/chat?token=x')).toEqual([BOOT_SHELL]);
		expect(run('#/widget/chat?token=x')).toEqual([]);
	});

	it("puts the new script's hash in the policy, in place of the old one", () => {
		const out = splitPage(page());
		const script = /<script>([\s\S]*?)<\/script>/.exec(out)![1]!;
		expect(out).toContain(`script-src 'self' 'sha256-${sha256(script)}'; base-uri 'none'`);
		expect(out).not.toContain(sha256(BOOT));
	});

	it('loads the first load\'s styles from the script (no blocking <link>, nothing from file://) and starts the app once they are in', async () => {
		const styled = page().replace('</head>', '<link href="/_app/immutable/assets/deck.D.css" rel="stylesheet">\n</head>');
		const out = splitPage(styled);
		expect(out).not.toContain('rel="stylesheet"');
		const script = /<script>([\s\S]*?)<\/script>/.exec(out)![1]!;
		expect(script.indexOf("location.protocol === 'file:'")).toBeLessThan(script.indexOf('deck.D.css'));
		expect(script).toContain('Promise.all([styled, import("./_app/immutable/entry/start.A.js"), import("./_app/immutable/entry/app.B.js")]).then(([, kit, app]) => kit.start(app, element))');
		// The loader's line, run with a fake document: one stylesheet link, and the promise waits for it.
		const appended: { rel: string; href: string; onload: () => void }[] = [];
		const fakeDocument = { head: { append: (link: (typeof appended)[number]) => appended.push(link) }, createElement: () => ({}) };
		const line = script.split('\n').find((l) => l.includes('const styled'))!;
		const styledPromise = new Function('document', `${line}; return styled;`)(fakeDocument) as Promise<unknown>;
		let done = false;
		void styledPromise.then(() => (done = true));
		await Promise.resolve();
		expect(appended.map((l) => [l.rel, l.href])).toEqual([['stylesheet', './_app/immutable/assets/deck.D.css']]);
		expect(done).toBe(false);
		appended[0]!.onload();
		await styledPromise;
		expect(done).toBe(true);
	});

	it('refuses a page it does not understand rather than write one that would not run', () => {
		expect(() => splitPage(page(BOOT, 'not-the-hash'))).toThrow(/hash/);
		expect(() => splitPage(page().replace('</body>', '<script>other()</script></body>'))).toThrow(/one inline script/);
	});
});
