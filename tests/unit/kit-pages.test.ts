/** The split index.html's finishing touches (build-tools/kit-pages.js): relative addresses, file:// redirect, the policy's hash. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { splitPage, STANDALONE_PAGE } from '../../build-tools/kit-pages.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');
const BOOT = `
	{
		__sveltekit_x = { base: new URL('.', location).pathname.slice(0, -1) };
		const element = document.currentScript.parentElement;
		Promise.all([import("/_app/immutable/entry/start.A.js"), import("/_app/immutable/entry/app.B.js")]).then(([kit, app]) => kit.start(app, element));
	}
`;
const page = (
	boot = BOOT,
	hash = sha256(BOOT)
) => `<!doctype html><html><head><meta charset="utf-8" />
<meta http-equiv="content-security-policy" content="default-src 'none'; script-src 'self' 'sha256-${hash}'; base-uri 'none'">
<link href="/_app/immutable/entry/start.A.js" rel="modulepreload">
<link href="/_app/immutable/chunks/C.js" rel="modulepreload">
</head><body><div style="display: contents"><script>${boot}</script></div></body></html>`;

const scriptOf = (html: string) => /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;

describe('splitPage', () => {
	it('makes every address relative, moves the preloads into the script and sends file:// to the standalone page', () => {
		const out = splitPage(page());
		expect(out).not.toMatch(/["'(]\/_app\//);
		expect(out).not.toContain('rel="modulepreload"');
		expect(out).toContain('import("./_app/immutable/entry/start.A.js")');
		expect(out).toContain('["./_app/immutable/entry/start.A.js","./_app/immutable/chunks/C.js"]');
		expect(out).toContain(
			`location.replace('./${STANDALONE_PAGE}' + location.search + location.hash)`
		);
	});

	it("keeps SvelteKit's start as it is, but for its addresses", () => {
		const script = scriptOf(splitPage(page()));
		expect(script).toContain(BOOT.trim().replaceAll('import("/_app/', 'import("./_app/'));
	});

	it("puts the new script's hash in the policy, in place of the old one", () => {
		const out = splitPage(page());
		expect(out).toContain(`script-src 'self' 'sha256-${sha256(scriptOf(out))}'; base-uri 'none'`);
		expect(out).not.toContain(sha256(BOOT));
	});

	it('refuses a page it does not understand rather than write one that would not run', () => {
		expect(() => splitPage(page(BOOT, 'not-the-hash'))).toThrow(/hash/);
		expect(() => splitPage(page().replace('</body>', '<script>other()</script></body>'))).toThrow(
			/one inline script/
		);
	});
});
